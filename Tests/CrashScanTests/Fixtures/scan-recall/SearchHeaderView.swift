// Written for crashscan's scanner recall test (see LoginViewController.m).
import UIKit

final class SearchHeaderView: UIView {
    @IBOutlet weak var searchBar: UISearchBar!
    @IBOutlet weak var nameField: UITextField!
    private let notes = UITextView()

    func style() {
        // expect: UITextField _placeholderLabel
        nameField.setValue(UIColor.lightGray, forKeyPath: "_placeholderLabel.textColor")
        // expect: UISearchBar searchField
        if let field = searchBar.value(forKey: "searchField") as? UITextField {
            // expect: UITextField _placeholderLabel
            field.setValue(UIColor.gray, forKeyPath: "_placeholderLabel.textColor")
        }
        // expect: UISearchBar _cancelButton
        let cancel = searchBar.value(forKey: "_cancelButton") as? UIButton
        cancel?.isEnabled = true
        // expect: UITextField _placeholderLabel
        searchField()?.setValue(UIFont.systemFont(ofSize: 12), forKeyPath: "_placeholderLabel.font")
        let label = UILabel()
        // expect: UITextView _placeholderLabel
        notes.setValue(label, forKey: "_placeholderLabel")
        // expect: UISearchBar _searchField; UITextField _placeholderLabel
        (searchBar.value(forKey: "_searchField") as? UITextField)?.setValue(
            UIColor.gray, forKeyPath: "_placeholderLabel.textColor")
    }

    func configure(with dict: [String: Any], controller: UIViewController) {
        // expect: none
        _ = (dict as NSDictionary).value(forKey: "_placeholderLabel")
        // expect: UISearchBar cancelButtonText
        controller.navigationItem.searchController?.searchBar.setValue("Done", forKey: "cancelButtonText")
    }

    func searchField() -> UITextField? {
        // expect: UISearchBar _searchField
        searchBar.value(forKey: "_searchField") as? UITextField
    }
}

final class PlaceholderTextView: UITextView {
    override init(frame: CGRect, textContainer: NSTextContainer?) {
        super.init(frame: frame, textContainer: textContainer)
        let label = UILabel()
        addSubview(label)
        // expect: UITextView _placeholderLabel
        setValue(label, forKey: "_placeholderLabel")
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
