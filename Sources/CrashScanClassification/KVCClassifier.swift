import CrashScanCatalogs
import CrashScanModel

/// Decides whether a report is a KVC failure, of which kind, on which class and key, and why
/// (kvc-catalog.md section 2). The reason text decides first; when it is missing or cut short
/// the frames do (section 2.4).
public enum KVCClassifier {
    public static func classify(_ report: CrashReport) -> KVCFailure? {
        var match = report.exceptionReason.flatMap(KVCReasonMatcher.match)
        var evidence = "reason"
        let frameMatch = matchFrames(report.frames)
        if match == nil {
            match = frameMatch
            evidence = "frames"
        } else if var reasonMatch = match, let frameMatch {
            // A reason cut short (no class, no key) is completed from the frames.
            reasonMatch.receiverClass = reasonMatch.receiverClass ?? frameMatch.receiverClass
            reasonMatch.key = reasonMatch.key ?? frameMatch.key
            reasonMatch.accessor = reasonMatch.accessor ?? frameMatch.accessor
            match = reasonMatch
            evidence = "reason+frames"
        }
        if match == nil, report.exceptionType == "NSUnknownKeyException" {
            // The exception name alone still says what happened.
            match = KVCReasonMatcher.Match(kind: .undefinedKey)
            evidence = "exception"
        }
        guard var found = match else { return nil }

        if found.accessor == nil { found.accessor = accessorFromFrames(report.frames) }
        if let receiver = found.receiverClass {
            found.receiverClass = KnownClasses.canonicalPublicClass(receiver) ?? receiver
        } else {
            found.receiverClass = categoryClass(in: report.frames)
        }
        let origin = found.receiverClass.map { KnownClasses.origin(of: $0, frames: report.frames) }
        let keyIsPrivate =
            found.kind != .undefinedKey
            || KnownClasses.isPrivateKey(found.key, receiver: found.receiverClass, accessor: found.accessor)
        let cause = cause(
            kind: found.kind, accessor: found.accessor, origin: origin?.origin,
            keyIsPrivate: keyIsPrivate,
            frames: report.frames)
        return KVCFailure(
            kind: found.kind, accessor: found.accessor, receiverClass: found.receiverClass, key: found.key,
            keyIsPrivate: keyIsPrivate, cause: cause, evidence: evidence, classOrigin: origin?.origin,
            classOriginReason: origin?.reason)
    }

    /// The exception name a KVC failure raises, for reports that did not say.
    public static func impliedException(for failure: KVCFailure) -> String {
        switch failure.kind {
        case .undefinedKey: return "NSUnknownKeyException"
        case .prohibitedIvar: return "NSGenericException"
        case .obsoletePrivateAPI:
            return failure.receiverClass == "UIDatePicker"
                ? "NSInvalidArgumentException" : "NSInternalInconsistencyException"
        }
    }

    // MARK: - Frames

    static func matchFrames(_ frames: FrameList) -> KVCReasonMatcher.Match? {
        // Cheap gate on the frames' bytes: only a few symbols can say anything about KVC, and
        // most reports have none.
        guard frames.textMayHold(mayNameKVC) else { return nil }
        for position in frames.positions(whereSymbol: mayNameKVC) {
            let frame = frames[position]
            let symbol = frame.matchKey
            if symbol.hasPrefix("UIKVCAccessProhibited") {
                // The caller names the class: `-[UITextField valueForKey:]`.
                let caller = frames.dropFirst(position + 1).first { $0.symbolHasPrefix("-[") }
                var match = KVCReasonMatcher.Match(kind: .prohibitedIvar)
                if let caller,
                    let (receiver, selector) = KVCReasonMatcher.methodParts(Substring(caller.symbol))
                {
                    match.receiverClass = receiver
                    match.accessor = selector.hasPrefix("set") ? .set : .get
                    // UITextField's override of valueForKey: checks one literal key.
                    if receiver == "UITextField" { match.key = "_placeholderLabel" }
                }
                return match
            }
            if symbol.hasPrefix("-[UISearchBar _searchField]") {
                return .init(
                    kind: .prohibitedIvar, accessor: .get, receiverClass: "UISearchBar", key: "_searchField")
            }
            if symbol.hasPrefix("-[UISearchBar set_cancelButtonText:]") {
                return .init(
                    kind: .prohibitedIvar, accessor: .set, receiverClass: "UISearchBar",
                    key: "_cancelButtonText")
            }
            if symbol.hasSuffix(" setValue:forUndefinedKey:]") || symbol.hasSuffix(" valueForUndefinedKey:]")
            {
                let accessor: KVCAccessor = symbol.hasSuffix(" setValue:forUndefinedKey:]") ? .set : .get
                var match = KVCReasonMatcher.Match(kind: .undefinedKey, accessor: accessor)
                // An override in a real class (not the NSObject default) names the receiver.
                if let (receiver, _) = KVCReasonMatcher.methodParts(Substring(frame.symbol)),
                    !receiver.hasPrefix("NSObject")
                {
                    match.receiverClass = receiver
                }
                return match
            }
        }
        return nil
    }

    /// Whether `symbol` contains `KVCAccessProhibited`, `UndefinedKey:]` or `[UISearchBar `,
    /// in one pass over its bytes: three searches per frame were 4 % of import time, and almost
    /// no frame has any of them.
    static func mayNameKVC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most symbols have no `K` at all, and `[` only where an Objective-C method starts.
        bytes.firstOffset(of: 75, from: 0, to: bytes.count) {
            bytes.has("KVCAccessProhibited", at: $0) || bytes.has("UndefinedKey:]", at: $0 - 9)
        } != nil
            || bytes.firstOffset(of: 91, from: 0, to: bytes.count) { bytes.has("[UISearchBar ", at: $0) }
                != nil
    }

    /// `setValue:forKey(Path):` on the stack means a set; `valueForKey(Path):` a get.
    static func accessorFromFrames(_ frames: FrameList) -> KVCAccessor? {
        for frame in frames {
            let accessor = frame.withSymbolBytes { symbol -> KVCAccessor? in
                if symbol.contains(" setValue:forKey") || symbol.contains("_NSSetUsingKeyValueSetter") {
                    return .set
                }
                if symbol.contains(" valueForKey") || symbol.contains("_NSGetUsingKeyValueGetter") {
                    return .get
                }
                return nil
            }
            if let accessor { return accessor }
        }
        return nil
    }

    /// The class of an app's category method on a UIKit class (`-[UItextView(Extension)
    /// was_setPlaceholderWithText:Color:]` → `UITextView`): when the reason does not name the
    /// receiver, the category the app added to it usually does.
    static func categoryClass(in frames: FrameList) -> String? {
        for frame in frames where !KnownClasses.isSystemImage(frame.image) {
            let symbol = frame.symbol.drop(while: { $0 == "_" || $0.isNumber })
            guard symbol.hasPrefix("-[") || symbol.hasPrefix("+["), let paren = symbol.firstIndex(of: "(")
            else {
                continue
            }
            let name = symbol[symbol.index(symbol.startIndex, offsetBy: 2)..<paren]
            if let canonical = KnownClasses.canonicalPublicClass(String(name)) { return canonical }
        }
        return nil
    }

    /// The frames of a nib being loaded (outlets and runtime attributes set by KVC), as static
    /// strings: searched for in the frames' bytes, they cost no retain per search.
    static let nibFrames: [StaticString] = [
        "UIRuntimeOutletConnection", "-[UINib instantiateWithOwner:options:]",
        "NSIBUserDefinedRuntimeAttributesConnector",
        "nibInstantiateWithOwner", "loadNibNamed:owner:options:", "UIRuntimeEventConnection",
        "_loadViewFromNibNamed",
    ]

    /// True when the frame right below the outermost `setValue:forKey(Path):` is in an app image.
    static func kvcCalledFromAppCode(_ frames: FrameList) -> Bool {
        guard
            let last = frames.lastIndex(where: { frame in
                frame.withSymbolBytes {
                    $0.contains(" setValue:forKey") || $0.contains("_NSSetUsingKeyValueSetter")
                }
            }), last + 1 < frames.count
        else { return false }
        return !KnownClasses.isSystemImage(frames[last + 1].image)
    }

    static func cause(
        kind: KVCKind, accessor: KVCAccessor?, origin: ClassOrigin?, keyIsPrivate: Bool, frames: FrameList
    ) -> KVCCause {
        // Every nib marker contains `ib` (Nib, nib, NSIB…) or `Runtime`: two searches per frame
        // before the seven.
        let fromNib = frames.contains { frame in
            frame.withSymbolBytes { symbol in
                (symbol.contains("ib") || symbol.contains("Runtime"))
                    && nibFrames.contains { symbol.contains($0) }
            }
        }
        if kind == .undefinedKey && fromNib { return .outletMismatch }
        if keyIsPrivate { return .privateKey }
        if kind == .undefinedKey, accessor == .set, origin == .app || origin == .unknown {
            // `setValue:forUndefinedKey:` on the app's own class with an ordinary key: an outlet or
            // runtime attribute left behind in Interface Builder, unless the frames show the app's
            // own code making the KVC call (then it is a plain bug in that code).
            return kvcCalledFromAppCode(frames) ? .unknown : .outletMismatch
        }
        return .unknown
    }
}
