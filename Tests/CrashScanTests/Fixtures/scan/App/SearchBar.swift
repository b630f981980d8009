// swift-format-ignore-file
import UIKit

enum Keys {
    static let cancel = "_cancelButton"
}

extension UITextField {
    func applyPlaceholderColor() {
        setValue(UIColor.red, forKeyPath: "_placeholderLabel.textColor")
    }
}

final class MySearchBar: UISearchBar {
    func style() {
        let field = value(forKey: "_searchField") as? UITextField
        self.value(forKey: Keys.cancel)
        _ = field
    }
}

final class FeedbackViewController: UIViewController {
    @IBOutlet weak var textView: UITextView!
    @objc var _ownLabel: UILabel?

    func setup(searchBar: UISearchBar) {
        let field = searchBar.value(forKey: "_searchField")
        let bar = UIApplication.shared.value(forKey: "statusBar")
        textView.setValue(
            UILabel(),
            forKey: "_placeholderLabel"
        )
        _ = (field, bar)
    }

    func notFindings(dict: NSMutableDictionary) {
        // textView.setValue(label, forKey: "_placeholderLabel")
        /* outer /* nested */ textView.setValue(label, forKey: "_placeholderLabel") */
        print("textView.setValue(label, forKey: \"_placeholderLabel\") \(textView.value(forKey: "text") ?? "")")
        let note = """
            searchBar.value(forKey: "_searchField")
            """
        let raw = #"searchBar.value(forKey: "_searchField")"#
        #if false
        textView.setValue(nil, forKey: "_placeholderLabel")
        #endif
        dict.setValue(1, forKey: "name")
        setValue(nil, forKey: "_ownLabel")
        _ = (note, raw)
    }

    override func value(forKey key: String) -> Any? {
        super.value(forKey: key)
    }
}
