// Written for crashscan's scanner recall test (see LoginViewController.m).
import UIKit

final class OnboardingController: UIViewController {
    let pageControl = UIPageControl()
    let datePicker = UIDatePicker()

    func decorate() {
        // expect: UIPageControl _pageImage
        pageControl.setValue(UIImage(named: "dot"), forKey: "_pageImage")
        // expect: UIPageControl currentPageImage
        pageControl.setValue(UIImage(named: "dot-on"), forKey: "currentPageImage")
        // expect: UIDatePicker textColor
        datePicker.setValue(UIColor.white, forKeyPath: "textColor")
        // expect: UIDatePicker highlightsToday
        datePicker.setValue(false, forKey: "highlightsToday")
        // expect: UINavigationBar hidesShadow
        navigationController?.navigationBar.setValue(true, forKey: "hidesShadow")
    }

    func alert(color: UIColor) -> UIAlertController {
        let alert = UIAlertController(title: "Hi", message: nil, preferredStyle: .alert)
        let ok = UIAlertAction(title: "OK", style: .default)
        // expect: UIAlertAction titleTextColor
        ok.setValue(color, forKey: "titleTextColor")
        // expect: UIAlertController attributedMessage
        alert.setValue(NSAttributedString(string: "Hi"), forKey: "attributedMessage")
        alert.addAction(ok)
        return alert
    }

    func save(name: String) {
        let defaults = UserDefaults.standard
        // expect: none
        defaults.setValue(name, forKey: "lastName")
        let json: NSDictionary = ["_id": 1]
        // expect: none
        _ = json.value(forKey: "_id")
        let item = Item()
        // expect: none
        item.setValue(name, forKey: "name")
        // expect: none
        setValue(name, forKey: "title")
    }
}

final class Item: NSObject {
    @objc var name = ""
    @objc var _secret = 0

    func reset() {
        // expect: none
        setValue(0, forKey: "_secret")
    }
}
