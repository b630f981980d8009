/// UIKit's Objective-C class names by visibility (`catalogs/uikit-classes.tsv`, built into the
/// binary): tells UIKit's own classes from an app's class that merely starts with `UI`
/// (`UIFloatLabelTextField` is a third-party class), and a public class from a private one.
public enum UIKitClassCatalog {
    public enum Visibility: String, Sendable {
        case `public`, `private`
    }

    private struct Tables: Sendable {
        var visibility: [String: Visibility] = [:]
        /// Lower-cased public name → its spelling, for pastes that mangled the case.
        var publicByLowercased: [String: String] = [:]
        var superclass: [String: String] = [:]
    }

    private static let tables: Tables = {
        var tables = Tables()
        for file in EmbeddedCatalogs.files where file.name == "uikit-classes.tsv" {
            for line in file.text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 2, let visibility = Visibility(rawValue: String(fields[1])) else {
                    continue
                }
                let name = String(fields[0])
                tables.visibility[name] = visibility
                if visibility == .public {
                    tables.publicByLowercased[name.lowercased()] = name
                    if fields.count >= 3, !fields[2].isEmpty { tables.superclass[name] = String(fields[2]) }
                }
            }
        }
        return tables
    }()

    /// The visibility of `name` in UIKit, nil when UIKit does not export such a class.
    public static func visibility(of name: String) -> Visibility? { tables.visibility[name] }

    /// The canonical spelling of a public UIKit class written in any case (`UItextView`).
    public static func publicClass(matching name: String) -> String? {
        tables.publicByLowercased[name.lowercased()]
    }

    /// The superclass of a public UIKit class (`UISearchTextField` → `UITextField`).
    public static func superclass(of name: String) -> String? { tables.superclass[name] }

    /// Number of classes known, for tests and `--version` detail.
    public static var count: Int { tables.visibility.count }
}
