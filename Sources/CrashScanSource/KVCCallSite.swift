import CrashScanModel

/// The languages `crashscan scan` reads.
public enum SourceLanguage: String, Sendable, CaseIterable {
    case objectiveC = "objc"
    case swift
    case interfaceBuilder = "ib"

    /// The language of a file by its extension; nil for files scan does not read.
    public init?(path: String) {
        let name = path.lowercased()
        if name.hasSuffix(".m") || name.hasSuffix(".mm") || name.hasSuffix(".h") {
            self = .objectiveC
        } else if name.hasSuffix(".swift") {
            self = .swift
        } else if name.hasSuffix(".xib") || name.hasSuffix(".storyboard") {
            self = .interfaceBuilder
        } else {
            return nil
        }
    }
}

/// One Key-Value Coding call with a constant key, as a scanner found it in source: where, on
/// what, with which key. Whether it is a finding is for the rules to say.
public struct KVCCallSite: Sendable, Equatable {
    public var path: String
    public var language: SourceLanguage
    /// Where the key is written (1-based; columns in characters), or the attribute for IB.
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
    /// `setValue:forKey:`, `valueForKeyPath:`, `setValue(_:forKey:)`, `value(forKey:)`,
    /// `userDefinedRuntimeAttribute`.
    public var accessor: String
    /// The receiver as written (`self.textView`, `searchBar`, `[UIApplication sharedApplication]`).
    public var receiver: String
    /// The UIKit class the receiver is (a subclass declared in the scanned sources resolves to
    /// its UIKit ancestor), nil when the code does not make it certain.
    public var receiverClass: String?
    /// How the class was decided (`declared UISearchBar *searchBar`), or why it is unknown.
    public var classReason: String
    /// The app's own class the receiver is, when it is one (`LFPTextView : UITextView`).
    public var appClass: String?
    /// The key or key path as the code passes it.
    public var keyPath: String
    /// True when an app class of the receiver declares the key itself (its own
    /// `_placeholderLabel`): KVC then reaches the app's state, not UIKit's.
    public var keyIsAppsOwn: Bool
    /// The source line, for fingerprints and display.
    public var lineText: String

    /// The first component of the key path: the key KVC looks up on the receiver.
    public var key: String { String(keyPath.prefix { $0 != "." }) }

    /// How KVC reaches the first component of the key path: set only when the call sets a plain
    /// key (`setValue:forKey:`, an IB attribute without a dot); a key path's first component is
    /// read (`setValue:forKeyPath:@"_placeholderLabel.textColor"` reads `_placeholderLabel`).
    public var firstComponentAccessor: KVCAccessor {
        let sets = accessor.hasPrefix("setValue") || accessor == "userDefinedRuntimeAttribute"
        return sets && !keyPath.contains(".") ? .set : .get
    }
}
