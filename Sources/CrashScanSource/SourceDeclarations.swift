import CrashScanCatalogs

/// What the scanned sources declare about their own classes, gathered from every file before
/// any call is judged (a subclass may be declared in another file than the call).
public struct SourceDeclarations: Sendable {
    /// App classes: name → superclass (nil for a class declared without one, or only extended).
    public var superclasses: [String: String?] = [:]
    /// Keys each app class declares itself: properties (with their `_` instance variables in
    /// Objective-C), instance variables, Swift stored properties.
    public var members: [String: Set<String>] = [:]
    /// Declared types of each app class's properties (class → property → type), and of the
    /// properties that UIKit categories or extensions in the sources add.
    public var propertyTypes: [String: [String: String]] = [:]
    /// Declared return types of the sources' methods (class → method → type; "" for Swift's
    /// global functions): `func searchField() -> UITextField?`, `- (UITextField *)searchField`.
    public var methodTypes: [String: [String: String]] = [:]

    public init() {}

    mutating func declareClass(_ name: String, superclass: String?) {
        if let existing = superclasses[name], existing != nil { return }
        superclasses[name] = superclass
    }

    mutating func declareMember(_ name: String, type: String?, in owner: String, objectiveC: Bool) {
        members[owner, default: []].insert(name)
        if objectiveC, !name.hasPrefix("_") { members[owner, default: []].insert("_" + name) }
        if let type { propertyTypes[owner, default: [:]][name] = type }
    }

    public mutating func merge(_ other: SourceDeclarations) {
        for (name, superclass) in other.superclasses { declareClass(name, superclass: superclass ?? nil) }
        for (name, keys) in other.members { members[name, default: []].formUnion(keys) }
        for (name, types) in other.propertyTypes { propertyTypes[name, default: [:]].merge(types) { $1 } }
        for (name, types) in other.methodTypes { methodTypes[name, default: [:]].merge(types) { $1 } }
    }

    /// True for a class declared (not only extended) in the scanned sources.
    public func isAppClass(_ name: String) -> Bool { superclasses.index(forKey: name) != nil }

    static func isUIKitClass(_ name: String) -> Bool {
        UIKitClassCatalog.visibility(of: name) != nil || KnownClasses.canonicalPublicClass(name) == name
            || KnownClasses.isPrivateClass(name)
    }

    /// The class a receiver of type `type` is for the rules: a UIKit class itself, the UIKit
    /// ancestor of an app class, or the type when it is neither (`NSMutableDictionary`, an app
    /// class of its own). `app` is the app class, when it is one.
    public func resolve(_ type: String) -> (receiverClass: String, app: String?) {
        guard isAppClass(type) else { return (type, nil) }
        var current = type
        var seen: Set<String> = []
        while isAppClass(current), seen.insert(current).inserted,
            let superclass = superclasses[current] ?? nil
        {
            current = superclass
        }
        return (isAppClass(current) ? type : current, type)
    }

    /// True when `app` or one of its app superclasses declares `key` itself.
    public func declares(_ key: String, inClassChainOf app: String) -> Bool {
        var current: String? = app
        var seen: Set<String> = []
        while let name = current, isAppClass(name), seen.insert(name).inserted {
            if members[name]?.contains(key) == true { return true }
            current = superclasses[name] ?? nil
        }
        return false
    }

    /// The declared type of `property` on `owner` or its app superclasses, or of a UIKit
    /// property every iOS developer knows (`searchBar` of a search controller).
    public func type(ofProperty property: String, on owner: String?) -> String? {
        inClassChain(of: owner) { propertyTypes[$0]?[property] } ?? Self.wellKnownProperties[property]
    }

    /// The declared return type of `method` on `owner` or its app superclasses, else of a global
    /// function of that name.
    public func type(ofMethod method: String, on owner: String?) -> String? {
        inClassChain(of: owner) { methodTypes[$0]?[method] } ?? methodTypes[""]?[method]
    }

    /// The first answer `lookup` gives for `owner` or one of its superclasses, nearest first.
    private func inClassChain(of owner: String?, _ lookup: (String) -> String?) -> String? {
        var current = owner
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted {
            if let found = lookup(name) { return found }
            current = superclasses[name] ?? nil
        }
        return nil
    }

    /// One step of a receiver chain: a property read, or a method called (`field()`, `[x field]`).
    public struct ChainStep: Sendable, Equatable {
        public var name: String
        public var isCall: Bool
    }

    /// The type a chain of steps reaches from `type` (`searchBar` → `.searchTextField` is a
    /// UISearchTextField): each step's declared type in the sources, else a UIKit member's type
    /// from the runtime headers; nil where a step's type is not known. An Objective-C message
    /// (`[bar searchTextField]`) may be a property's getter.
    public func type(of steps: [ChainStep], from type: String, objectiveC: Bool) -> String? {
        var current = type
        for step in steps {
            var next: String?
            if step.isCall { next = self.type(ofMethod: step.name, on: current) }
            if next == nil, !step.isCall || objectiveC {
                next = inClassChain(of: current) { propertyTypes[$0]?[step.name] }
                if next == nil {
                    let uikit = resolve(current).receiverClass
                    next =
                        UIKitMemberCatalog.memberType(key: step.name, on: uikit)
                        ?? Self.wellKnownProperties[step.name]
                }
            }
            guard let found = next else { return nil }
            current = found
        }
        return current
    }

    /// UIKit properties whose type their name settles, wherever they are read.
    static let wellKnownProperties: [String: String] = [
        "searchBar": "UISearchBar", "searchTextField": "UISearchTextField",
        "navigationBar": "UINavigationBar",
        "tabBar": "UITabBar", "textLabel": "UILabel", "detailTextLabel": "UILabel", "titleLabel": "UILabel",
        "keyWindow": "UIWindow", "statusBarManager": "UIStatusBarManager",
    ]
}

extension SourceDeclarations {
    /// A UIKit (or WebKit) class, public or private: the only receivers whose private keys the
    /// generic rule reports.
    public static func isUIKitClassName(_ name: String) -> Bool { isUIKitClass(name) || name.hasPrefix("WK") }
}
