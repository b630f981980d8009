import CrashScanModel

extension KVCReach {
    /// Why the runtime headers make this key private state, or nil when they do not: the key
    /// reaches an instance variable (`searchField` finds UISearchBar's `_searchField`), a member
    /// whose name starts with an underscore, or a property whose type is a private class
    /// (UIActivityIndicatorView's `messageLabel`, an `_UIActivityIndicatorMessageLabel`), and
    /// no dump has a property of a public type answering it (that could be public API: the dumps
    /// do not tell public properties from private ones). A crash of `setValue:forUndefinedKey:`
    /// on a version where the member is gone is still private state the app relied on.
    public var privateStateReason: String? {
        guard let (member, versions) = privateMember() else { return nil }
        let owner = member.declaredBy == className ? "" : " (declared by \(member.declaredBy))"
        let what: String
        if member.kind == .ivar {
            what = "the instance variable \(member.name)\(owner)"
        } else if let type = member.type, KnownClasses.isPrivateClass(type) {
            what = "the \(member.kind.rawValue) \(member.name)\(owner) of the private class \(type)"
        } else {
            what = "the \(member.kind.rawValue) \(member.name)\(owner)"
        }
        return "\(className).\(key) reaches \(what) in the runtime headers of iOS \(Self.ranges(versions))"
    }

    /// Whether the headers make the key private state (`privateStateReason`), without its words.
    public var reachesPrivateState: Bool { privateMember() != nil }

    /// The first private member the key reaches and the versions it reaches private state on;
    /// nil when it reaches none, or a property of a public type on some version.
    private func privateMember() -> (
        member: (name: String, kind: UIKitMemberCatalog.Kind, declaredBy: String, type: String?),
        versions: DumpVersions
    )? {
        var first: (name: String, kind: UIKitMemberCatalog.Kind, declaredBy: String, type: String?)?
        var versions = DumpVersions()
        for (index, state) in states.enumerated() {
            guard case .member(let name, let kind, let owner, let type) = state else { continue }
            let isPrivate =
                kind == .ivar || name.hasPrefix("_") || type.map(KnownClasses.isPrivateClass) == true
            guard isPrivate else { return nil }
            if first == nil { first = (name, kind, owner, type) }
            versions.insert(index)
        }
        return first.map { ($0, versions) }
    }
}

extension UIKitMemberCatalog {
    /// The class each component of a key path is looked up on, from `className`: the first on the
    /// class itself, each later one on the type of the member the one before reaches
    /// (`statusBar.foregroundView` on UIApplication: `foregroundView` on UIStatusBar); the list
    /// stops where a member's type is not known.
    public static func lookupClasses(keyPath: String, from className: String) -> [(
        component: String, onClass: String
    )] {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = components.first else { return [] }
        var classes = [(component: first, onClass: className)]
        var owner = className
        for (previous, component) in zip(components, components.dropFirst()) {
            guard let type = memberType(key: previous, on: owner) else { break }
            classes.append((component, type))
            owner = type
        }
        return classes
    }
}

extension UIKitMemberCatalog {
    /// The class of the value a key path reads from `className` (`statusBar` on UIApplication is a
    /// UIStatusBar): the type of the member its last component reaches; nil when not known.
    public static func valueType(keyPath: String, from className: String) -> String? {
        let classes = lookupClasses(keyPath: keyPath, from: className)
        guard let last = classes.last, classes.count == keyPath.split(separator: ".").count else {
            return nil
        }
        return memberType(key: last.component, on: last.onClass)
    }
}

extension KnownClasses {
    /// Whether a crash's receiver class is `type` or a private variant UIKit names after it
    /// (`UIStatusBar_Modern` for UIStatusBar): the object a member declared as `type` holds.
    public static func isVariant(_ receiver: String, of type: String) -> Bool {
        receiver == type || receiver.hasPrefix(type + "_")
    }
}
