/// How a KVC access failed.
public enum KVCKind: String, Sendable, CaseIterable, Codable {
    /// `setValue:forUndefinedKey:` / `valueForUndefinedKey:`: the key does not exist (here).
    case undefinedKey = "undefined_key"
    /// iOS 13+ `Access to X's _y ivar is prohibited`: UIKit blocks the key on purpose.
    case prohibitedIvar = "prohibited_ivar"
    /// A KVC setter reaching a private method that is gone or refuses (`Call to obsolete private
    /// method`, `App called -statusBar`, a compact date picker's `_setTextColor:`).
    case obsoletePrivateAPI = "obsolete_private_api"
}

public enum KVCAccessor: String, Sendable, Codable {
    case set, get
}

/// Why the app ended up there.
public enum KVCCause: String, Sendable, CaseIterable, Codable {
    /// KVC on a private key or a private class: it breaks when UIKit changes.
    case privateKey = "private_key"
    /// A storyboard/nib outlet or user-defined runtime attribute points at a key the class lacks.
    case outletMismatch = "outlet_mismatch"
    case unknown
}

/// The classification of one report as a KVC failure.
public struct KVCFailure: Sendable, Equatable {
    public var kind: KVCKind
    public var accessor: KVCAccessor?
    public var receiverClass: String?
    /// The key or key path.
    public var key: String?
    public var keyIsPrivate: Bool
    public var cause: KVCCause
    /// Which evidence decided: `reason`, `frames`, `reason+frames` or `exception`; `+group` when the
    /// class or key missing from the report was completed from the one group its call site matched.
    public var evidence: String
    /// Whose class the receiver is, and why crashscan thinks so.
    public var classOrigin: ClassOrigin? = nil
    public var classOriginReason: String? = nil

    public init(
        kind: KVCKind, accessor: KVCAccessor?, receiverClass: String?, key: String?, keyIsPrivate: Bool,
        cause: KVCCause, evidence: String, classOrigin: ClassOrigin? = nil, classOriginReason: String? = nil
    ) {
        self.kind = kind
        self.accessor = accessor
        self.receiverClass = receiverClass
        self.key = key
        self.keyIsPrivate = keyIsPrivate
        self.cause = cause
        self.evidence = evidence
        self.classOrigin = classOrigin
        self.classOriginReason = classOriginReason
    }
}

/// Whose class a KVC receiver is. The raw value is what `kvc_failures.class_origin` stores.
public enum ClassOrigin: String, Sendable, CaseIterable {
    /// A class declared in UIKit's public headers.
    case uikit
    /// A class UIKit exports but no public header declares (`UIStatusBar_Modern`).
    case uikitPrivate = "uikit_private"
    /// Another Apple framework's class (Foundation, WebKit …).
    case system
    /// The app's own class or a library's, whatever its prefix.
    case app
    /// Nothing tells: a `UI…` name that is in no UIKit SDK and no frame of the app's image.
    case unknown
}
