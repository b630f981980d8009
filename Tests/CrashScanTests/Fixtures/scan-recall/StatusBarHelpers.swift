// Written for crashscan's scanner recall test (see LoginViewController.m).
import UIKit

extension UIApplication {
    var statusBarView: UIView? {
        // expect: UIApplication statusBar
        value(forKey: "statusBar") as? UIView
    }
}

final class ThemeController: UIViewController {
    func paintStatusBar() {
        // expect: UIApplication statusBar
        let statusBar: UIView = UIApplication.shared.value(forKey: "statusBar") as! UIView
        statusBar.backgroundColor = .black
        // expect: UIApplication statusBarWindow
        let window = UIApplication.shared.value(forKeyPath: "statusBarWindow.statusBar") as? UIView
        window?.isHidden = true
    }

    func networkType() -> String {
        let app = UIApplication.shared
        // expect: UIApplication statusBar
        guard let bar = app.value(forKey: "statusBar") as? UIView,
            // expect: ? foregroundView
            let foreground = bar.value(forKey: "foregroundView") as? UIView
        else { return "unknown" }
        return "\(foreground.subviews.count)"
    }
}
