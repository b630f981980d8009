import Foundation

/// Generates an app's source tree for the scan benchmark: Objective-C (`.h`/`.m`), Swift and
/// `.xib` files of realistic sizes (4–16 KB of classes, properties, methods, comments, string
/// literals and ordinary KVC on the app's own objects), with a KVC call on a private UIKit key
/// planted in three files of 250 (an Objective-C, a Swift and an Interface Builder file), so
/// that the count of findings can be checked.
struct SourceTreeGenerator {
    var random: SplitMix64
    /// Findings planted so far.
    private(set) var planted = 0

    init(seed: UInt64) { random = SplitMix64(state: seed) }

    /// The file's name and content for index `index`.
    mutating func file(_ index: Int) -> (name: String, text: String) {
        let plant = [17, 101, 209].contains(index % 250)
        if plant { planted += 1 }
        switch index % 10 {
        case 0...4: return ("Feature\(index)/Controller\(index).m", objectiveC(index, plant: plant))
        case 5: return ("Feature\(index)/Controller\(index).h", header(index))
        case 6...8: return ("Feature\(index)/View\(index).swift", swift(index, plant: plant))
        default: return ("Feature\(index)/View\(index).xib", xib(index, plant: plant))
        }
    }

    mutating func header(_ index: Int) -> String {
        var text = "//\n//  Controller\(index).h\n//\n\n#import <UIKit/UIKit.h>\n\n"
        text += "@interface Controller\(index) : UIViewController\n"
        for property in 0..<random.int(5...20) {
            text += "@property (nonatomic, strong) IBOutlet UILabel *label\(property);\n"
        }
        return text + "- (void)reload;\n@end\n"
    }

    mutating func objectiveC(_ index: Int, plant: Bool) -> String {
        var text = "//\n//  Controller\(index).m\n//  Copyright © 2026 Example. All rights reserved.\n//\n\n"
        text += "#import \"Controller\(index).h\"\n#define kTitleKey @\"title\"\n\n"
        text +=
            "@interface Controller\(index) ()\n@property (nonatomic, strong) NSMutableDictionary *state;\n"
        text +=
            "@property (nonatomic, strong) UITextView *textView;\n@end\n\n@implementation Controller\(index)\n\n"
        for method in 0..<random.int(8...30) {
            text += "/// Loads section \(method) of the screen; see the design notes for the layout.\n"
            text += "- (void)loadSection\(method):(NSDictionary *)info {\n"
            text += "    // Values come from the server: keep the keys in step with the API.\n"
            text +=
                "    NSString *title = info[@\"title\"] ?: NSLocalizedString(@\"Untitled \(method)\", nil);\n"
            text += "    [self.state setValue:title forKey:kTitleKey];\n"
            text +=
                "    self.label\(method % 5).text = [NSString stringWithFormat:@\"%@ (%ld)\", title, (long)\(method)];\n"
            text +=
                "    /* The count below is what the old design showed; [x setValue:y forKey:@\"_placeholderLabel\"] */\n"
            text +=
                "    NSLog(@\"section %d loaded: %@\", \(method), [info valueForKey:@\"identifier\"]);\n}\n\n"
        }
        if plant {
            text +=
                "- (void)setUpPlaceholder {\n    [self.textView setValue:[UILabel new] forKey:@\"_placeholderLabel\"];\n}\n\n"
        }
        return text + "- (void)reload {\n    [self loadSection0:@{}];\n}\n\n@end\n"
    }

    mutating func swift(_ index: Int, plant: Bool) -> String {
        var text = "//\n//  View\(index).swift\n//\n\nimport UIKit\n\nfinal class View\(index): UIView {\n"
        text += "    private let titleLabel = UILabel()\n    private var values: [String: Any] = [:]\n"
        text += "    private let searchBar = UISearchBar()\n\n"
        for method in 0..<random.int(8...30) {
            text += "    /// Shows item \(method); the text comes from `Item.title`.\n"
            text += "    func show\(method)(_ item: NSObject) {\n"
            text += "        let title = item.value(forKey: \"title\") as? String ?? \"Item \\(\(method))\"\n"
            text += "        titleLabel.text = \"\"\"\n            \\(title)\n            \"\"\"\n"
            text +=
                "        values[\"item\(method)\"] = title // was: searchBar.value(forKey: \"_searchField\")\n"
            text += "        setNeedsLayout()\n    }\n\n"
        }
        if plant {
            text += "    func styleSearch() {\n        _ = searchBar.value(forKey: \"_searchField\")\n    }\n"
        }
        return text + "}\n"
    }

    mutating func xib(_ index: Int, plant: Bool) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text +=
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\" toolsVersion=\"21701\">\n"
        text +=
            "    <objects>\n        <view contentMode=\"scaleToFill\" id=\"v\(index)\">\n            <subviews>\n"
        for view in 0..<random.int(10...40) {
            text += "                <label opaque=\"NO\" text=\"Label \(view)\" id=\"l\(index)-\(view)\">\n"
            text +=
                "                    <rect key=\"frame\" x=\"16\" y=\"\(view * 24)\" width=\"200\" height=\"21\"/>\n"
            text += "                    <userDefinedRuntimeAttributes>\n"
            text +=
                "                        <userDefinedRuntimeAttribute type=\"number\" keyPath=\"layer.cornerRadius\">\n"
            text += "                            <integer key=\"value\" value=\"4\"/>\n"
            text +=
                "                        </userDefinedRuntimeAttribute>\n                    </userDefinedRuntimeAttributes>\n"
            text += "                </label>\n"
        }
        if plant {
            text +=
                "                <textField id=\"t\(index)\">\n                    <userDefinedRuntimeAttributes>\n"
            text +=
                "                        <userDefinedRuntimeAttribute type=\"color\" keyPath=\"_placeholderLabel.textColor\"/>\n"
            text += "                    </userDefinedRuntimeAttributes>\n                </textField>\n"
        }
        return text + "            </subviews>\n        </view>\n    </objects>\n</document>\n"
    }
}
