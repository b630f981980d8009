import Foundation

/// Finds `userDefinedRuntimeAttribute` key paths in a `.xib` or `.storyboard`: UIKit sets each
/// one with `setValue:forKeyPath:` when it loads the view, so `_placeholderLabel.textColor` on a
/// text field is the same KVC as in code. The receiver is the element the attribute belongs to:
/// its `customClass`, else the UIKit class of its element name.
struct InterfaceBuilderScanner {
    let bytes: [UInt8]

    /// Interface Builder element names → UIKit classes.
    static let elementClasses: [String: String] = [
        "textField": "UITextField", "textView": "UITextView", "searchBar": "UISearchBar", "label": "UILabel",
        "button": "UIButton", "view": "UIView", "imageView": "UIImageView", "tableView": "UITableView",
        "tableViewCell": "UITableViewCell", "collectionView": "UICollectionView",
        "scrollView": "UIScrollView",
        "pageControl": "UIPageControl", "datePicker": "UIDatePicker", "pickerView": "UIPickerView",
        "navigationBar": "UINavigationBar", "tabBar": "UITabBar", "toolbar": "UIToolbar",
        "segmentedControl": "UISegmentedControl", "slider": "UISlider", "switch": "UISwitch",
        "stepper": "UIStepper", "progressView": "UIProgressView",
        "activityIndicatorView": "UIActivityIndicatorView",
        "stackView": "UIStackView", "barButtonItem": "UIBarButtonItem", "tabBarItem": "UITabBarItem",
        "navigationItem": "UINavigationItem", "wkWebView": "WKWebView", "webView": "UIWebView",
        "visualEffectView": "UIVisualEffectView", "window": "UIWindow", "viewController": "UIViewController",
        "tableViewController": "UITableViewController", "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController",
    ]

    struct Element {
        var name: String
        var receiverClass: String?
        var customClass: String?
    }

    func callSites(path: String, declarations: SourceDeclarations, lines: LineIndex) -> [KVCCallSite] {
        var sites: [KVCCallSite] = []
        var stack: [Element] = []
        var index = 0
        while let open = firstIndex(of: 60, from: index) {  // <
            if starts(with: "<!--", at: open) {
                index = end(of: "-->", from: open + 4)
                continue
            }
            if starts(with: "<![CDATA[", at: open) {
                index = end(of: "]]>", from: open + 9)
                continue
            }
            if starts(with: "<?", at: open) || starts(with: "<!", at: open) {
                index = end(of: ">", from: open + 2)
                continue
            }
            let (name, attributes, close, selfClosing) = tag(at: open)
            index = close
            if name.hasPrefix("/") {
                if let last = stack.lastIndex(where: { "/" + $0.name == name }) {
                    stack.removeSubrange(last...)
                }
                continue
            }
            if name == "userDefinedRuntimeAttribute", let keyPath = attributes["keyPath"] {
                let owner = stack.last { $0.name != "userDefinedRuntimeAttributes" }
                sites.append(
                    site(keyPath, owner: owner, path: path, declarations: declarations, lines: lines))
            }
            if !selfClosing {
                let custom = attributes["customClass"]?.value
                stack.append(
                    Element(
                        name: name, receiverClass: custom ?? Self.elementClasses[name], customClass: custom))
            }
        }
        return sites
    }

    private func site(
        _ keyPath: (value: String, start: Int, end: Int), owner: Element?, path: String,
        declarations: SourceDeclarations, lines: LineIndex
    ) -> KVCCallSite {
        let resolved = owner?.receiverClass.map(declarations.resolve)
        let reason: String
        if let custom = owner?.customClass {
            reason = "customClass \(custom) of a <\(owner!.name)>"
        } else if let owner, let type = owner.receiverClass {
            reason = "a <\(owner.name)> is a \(type)"
        } else {
            reason = "<\(owner?.name ?? "?")> has no known class"
        }
        let start = lines.location(of: keyPath.start)
        let end = lines.location(of: keyPath.end)
        return KVCCallSite(
            path: path, language: .interfaceBuilder, line: start.line, column: start.column,
            endLine: end.line,
            endColumn: end.column, accessor: "userDefinedRuntimeAttribute",
            receiver: owner.map { "<\($0.name)>" } ?? "?", receiverClass: resolved?.receiverClass,
            classReason: reason, appClass: resolved?.app, keyPath: keyPath.value,
            keyIsAppsOwn: resolved?.app.map {
                declarations.declares(String(keyPath.value.prefix { $0 != "." }), inClassChainOf: $0)
            } ?? false,
            lineText: lines.text(ofLine: start.line))
    }

    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Whether `text` stands at `offset` (compared in place: this runs at every byte of a comment).
    private func starts(with text: String, at offset: Int) -> Bool {
        let count = text.utf8.count
        return offset + count <= bytes.count && bytes[offset..<(offset + count)].elementsEqual(text.utf8)
    }

    /// The offset after `terminator` found from `start` (or the file's end).
    private func end(of terminator: String, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if starts(with: terminator, at: index) { return index + terminator.utf8.count }
            index += 1
        }
        return bytes.count
    }

    /// The tag at `open`: its name (`/name` for a closing tag), its attributes with where each
    /// value lies, the offset after `>`, and whether it closes itself.
    private func tag(at open: Int) -> (String, [String: (value: String, start: Int, end: Int)], Int, Bool) {
        var index = open + 1
        let nameStart = index
        while index < bytes.count, !SourceBytes.isBlank(bytes[index]), bytes[index] != 10, bytes[index] != 62,
            bytes[index] != 47 || index == nameStart
        {
            index += 1
        }
        let name = SourceBytes.text(bytes, nameStart..<index)
        var attributes: [String: (value: String, start: Int, end: Int)] = [:]
        while index < bytes.count, bytes[index] != 62 {
            let byte = bytes[index]
            if SourceBytes.isIdentifierStart(byte) {
                let attributeStart = index
                while index < bytes.count,
                    SourceBytes.isIdentifierByte(bytes[index]) || bytes[index] == 58
                        || bytes[index] == 45
                {
                    index += 1
                }
                let attribute = SourceBytes.text(bytes, attributeStart..<index)
                while index < bytes.count, SourceBytes.isBlank(bytes[index]) || bytes[index] == 10 {
                    index += 1
                }
                guard index < bytes.count, bytes[index] == 61 else { continue }  // =
                index += 1
                while index < bytes.count, SourceBytes.isBlank(bytes[index]) || bytes[index] == 10 {
                    index += 1
                }
                guard index < bytes.count, bytes[index] == 34 || bytes[index] == 39 else { continue }
                let quote = bytes[index]
                let valueStart = index + 1
                index = valueStart
                while index < bytes.count, bytes[index] != quote { index += 1 }
                attributes[attribute] = (
                    Self.unescapeXML(SourceBytes.text(bytes, valueStart..<index)), valueStart, index
                )
                // Past the closing quote; an unterminated value ends at the file's end.
                index = min(index + 1, bytes.count)
                continue
            }
            index += 1
        }
        let selfClosing = index - 1 > open && index - 1 < bytes.count && bytes[index - 1] == 47
        return (name, attributes, min(index + 1, bytes.count), selfClosing)
    }

    static func unescapeXML(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
            of: "&apos;", with: "'"
        )
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&")
    }
}
