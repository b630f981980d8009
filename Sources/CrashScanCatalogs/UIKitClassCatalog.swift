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

    /// Built on first use from the embedded file, by bytes: splitting the 230 KB text into
    /// Substrings took 200 M instructions (~50 ms); this takes a few.
    private static let tables: Tables = {
        var tables = Tables()
        for file in EmbeddedCatalogs.files where file.name == "uikit-classes.tsv" {
            var text = file.text
            text.withUTF8 { bytes in
                var lineStart = 0
                while lineStart < bytes.count {
                    var lineEnd = lineStart
                    while lineEnd < bytes.count, bytes[lineEnd] != 10 { lineEnd += 1 }
                    add(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), to: &tables)
                    lineStart = lineEnd + 1
                }
            }
        }
        return tables
    }()

    /// One line: `name<TAB>visibility<TAB>superclass`; comment lines start with `#`.
    private static func add(_ line: UnsafeBufferPointer<UInt8>, to tables: inout Tables) {
        guard let first = line.first, first != 35 else { return }
        var fields: [Range<Int>] = []
        var start = 0
        for index in 0...line.count where index == line.count || line[index] == 9 {
            fields.append(start..<index)
            start = index + 1
        }
        guard fields.count >= 2 else { return }
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        }
        let isPublic = line[fields[1]].elementsEqual("public".utf8)
        guard isPublic || line[fields[1]].elementsEqual("private".utf8) else { return }
        let name = text(fields[0])
        tables.visibility[name] = isPublic ? .public : .private
        if isPublic {
            tables.publicByLowercased[name.lowercased()] = name
            if fields.count >= 3, !fields[2].isEmpty { tables.superclass[name] = text(fields[2]) }
        }
    }

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
