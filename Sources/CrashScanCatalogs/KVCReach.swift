import CrashScanModel

/// What a KVC key reaches on one of UIKit's classes, dump version by dump version
/// (`UIKitMemberCatalog.reach`): the member that answers it, none, or unknown where a dump did
/// not hold the class or one of its superclasses.
public struct KVCReach: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// The member KVC's search finds first, the class (the receiver's or a superclass) that
        /// declares it, and the class its type names (nil for any other type).
        case member(name: String, kind: UIKitMemberCatalog.Kind, declaredBy: String, type: String?)
        case none
        case unknown
    }

    public var className: String
    public var key: String
    /// The accessor searched for (nil: either).
    public var accessor: KVCAccessor?
    /// One state per dump version, in `UIKitMemberCatalog.versions` order.
    public var states: [State]

    public var presentVersions: DumpVersions { versions { if case .member = $0 { true } else { false } } }
    public var absentVersions: DumpVersions { versions { $0 == .none } }
    public var unknownVersions: DumpVersions { versions { $0 == .unknown } }

    private func versions(where test: (State) -> Bool) -> DumpVersions {
        var set = DumpVersions()
        for (index, state) in states.enumerated() where test(state) { set.insert(index) }
        return set
    }

    /// The state on an OS version: its own dump's (same major and minor version: 8.1.3 is read
    /// from the 8.1 dump), else the state of the dumps before and after it when they agree
    /// (9.2 from 9.0 and 9.3), else unknown (and outside the dumps read).
    public func state(on os: OSVersion) -> State {
        let dumps = UIKitMemberCatalog.osVersions
        guard dumps.count == states.count, (os.platform ?? "iOS") == "iOS" else { return .unknown }
        if let same = dumps.firstIndex(where: { $0.major == os.major && ($0.minor ?? 0) == (os.minor ?? 0) })
        {
            return states[same]
        }
        let key = os.sortKey
        guard let after = dumps.firstIndex(where: { $0.sortKey > key }), after > 0 else { return .unknown }
        return states[after - 1] == states[after] ? states[after] : .unknown
    }

    /// The member's name on the dumps that have one (the first such dump's, which later ones
    /// keep in practice).
    public var member: (name: String, kind: UIKitMemberCatalog.Kind, declaredBy: String)? {
        for state in states {
            if case .member(let name, let kind, let declaredBy, _) = state { return (name, kind, declaredBy) }
        }
        return nil
    }

    /// `UITextView has no member for the key _placeholderLabel in iOS 4.3–8.2; instance variable
    /// _placeholderLabel in 8.3–18`: what the runtime headers say, as measured.
    public var summary: String {
        var parts: [String] = []
        let absent = absentVersions
        if !absent.isEmpty {
            parts.append(
                "\(className) declares no instance variable or property KVC finds for the key \(key) in iOS \(Self.ranges(absent))"
            )
        }
        if let member {
            let owner = member.declaredBy == className ? "" : " (declared by \(member.declaredBy))"
            let lead = parts.isEmpty ? "\(className) has the" : "the"
            parts.append(
                "\(lead) \(member.kind.rawValue) \(member.name)\(owner) in iOS \(Self.ranges(presentVersions))"
            )
        }
        let unknown = unknownVersions
        if !unknown.isEmpty { parts.append("not known for \(Self.ranges(unknown)) (no dump of the class)") }
        return parts.joined(separator: "; ")
    }

    /// `4.3–8.2, 13.2.2`: runs of consecutive dump versions, by their labels.
    public static func ranges(_ set: DumpVersions) -> String {
        let labels = UIKitMemberCatalog.versions
        var runs: [String] = []
        var start: Int?
        for index in 0...labels.count {
            if index < labels.count, set.contains(index) {
                if start == nil { start = index }
            } else if let first = start {
                let last = index - 1
                runs.append(first == last ? labels[first] : "\(labels[first])–\(labels[last])")
                start = nil
            }
        }
        return runs.joined(separator: ", ")
    }
}

extension UIKitMemberCatalog {
    /// The member names KVC's search tries for `key`, in its order (Apple's Key-Value Coding
    /// Programming Guide, "Accessor Search Patterns"): for `valueForKey:` the accessor methods
    /// `get<Key>`, `<key>`, `is<Key>`, `_<key>` (seen here as properties of those names, and a
    /// property `x` for the key `isX`, whose getter is conventionally `isX`), then the instance
    /// variables `_<key>`, `_is<Key>`, `<key>`, `is<Key>`; for `setValue:forKey:` the setter
    /// `set<Key>:` (a property named `<key>`), then the same instance variables; with no accessor,
    /// either's. Properties without a setter cannot be told from others in the dumps read.
    static func searchedNames(key: String, accessor: KVCAccessor?) -> (properties: [String], ivars: [String])
    {
        let capitalized = key.prefix(1).uppercased() + key.dropFirst()
        let ivars = ["_" + key, "_is" + capitalized, key, "is" + capitalized]
        var getters = [key, "is" + capitalized, "_" + key]
        let rest = key.dropFirst(2)
        if key.hasPrefix("is"), let first = rest.first, first.isUppercase {
            getters.append(first.lowercased() + rest.dropFirst())
        }
        switch accessor {
        case .get?: return (getters, ivars)
        case .set?: return ([key], ivars)
        case nil: return (getters, ivars)
        }
    }

    /// What `key` (its first component, for a key path) reaches on `className` and its
    /// superclasses in each dump; nil when the catalogue does not hold the class.
    public static func reach(key: String, accessor: KVCAccessor?, on className: String) -> KVCReach? {
        guard holds(className) else { return nil }
        return reaches(ReachQuestion(className: className, key: key, accessor: accessor))
    }

    /// Remembered: a scan asks the same class and key of thousands of calls.
    private static let reaches = Remembered(limit: 16_384) { (question: ReachQuestion) in
        computeReach(key: question.key, accessor: question.accessor, on: question.className)
    }

    private struct ReachQuestion: Hashable, Sendable {
        var className: String
        var key: String
        var accessor: KVCAccessor?
    }

    private static func computeReach(key: String, accessor: KVCAccessor?, on className: String) -> KVCReach {
        let first = String(key.prefix { $0 != "." })
        let names = searchedNames(key: first, accessor: accessor)
        var classes = ReachClasses(names: names)
        let states = versions.indices.map { index in
            state(on: className, at: index, classes: &classes)
        }
        return KVCReach(className: className, key: first, accessor: accessor, states: states)
    }

    /// The classes a reach meets, each read once, with its members of the searched names in
    /// KVC's order (28 versions ask the same classes and names: asking the catalogue each time was
    /// 11 M of the 77 M instructions of a `report` on the samples).
    struct ReachClasses {
        let names: (properties: [String], ivars: [String])
        var seen: [String: Found?] = [:]

        /// A class (by reference: each of 28 versions' chains holds it, and copying the entry's
        /// arrays into every chain was most of the search's own time).
        final class Found {
            let covered: DumpVersions
            let superclasses: [(name: String, versions: DumpVersions)]
            /// The members of each searched name (the properties' names, then the instance
            /// variables'), of the kind searched under that name.
            let named: [[Member]]

            init(entry: ClassEntry, named: [[Member]]) {
                covered = entry.covered
                superclasses = entry.superclasses
                self.named = named
            }
        }

        init(names: (properties: [String], ivars: [String])) { self.names = names }

        mutating func found(_ className: String) -> Found? {
            if let known = seen[className] { return known }
            let found = UIKitMemberCatalog.entry(className, names: names.properties + names.ivars).map {
                entry in
                let properties = names.properties.map { name in
                    (entry.byName[name] ?? []).filter { $0.kind == .property || $0.kind == .categoryProperty }
                }
                let ivars = names.ivars.map { name in (entry.byName[name] ?? []).filter { $0.kind == .ivar } }
                return Found(entry: entry, named: properties + ivars)
            }
            seen[className] = found
            return found
        }
    }

    /// The first searched name declared by the class or a superclass in dump `index`: methods
    /// (properties) first through the whole chain, then instance variables, as KVC searches. A
    /// chain that reaches a class the dump did not hold is unknown unless a class before it
    /// declares a searched name (the key is found then, whatever the rest of the chain holds).
    private static func state(on className: String, at index: Int, classes: inout ReachClasses)
        -> KVCReach.State
    {
        var chain: [(name: String, found: ReachClasses.Found)] = []
        var complete = true
        var current: String? = className
        while let name = current, let found = classes.found(name), chain.count < 32 {
            guard found.covered.contains(index) else {
                complete = false
                break
            }
            chain.append((name, found))
            current = found.superclasses.first { $0.versions.contains(index) }?.name
        }
        // Name by name (properties' names first), each through the whole chain.
        for position in 0..<(classes.names.properties.count + classes.names.ivars.count) {
            for owner in chain {
                if let member = owner.found.named[position].first(where: { $0.versions.contains(index) }) {
                    return .member(
                        name: member.name, kind: member.kind, declaredBy: owner.name, type: member.typeClass)
                }
            }
        }
        return complete ? .none : .unknown
    }
}

extension UIKitMemberCatalog {
    /// The class of the member `key` reaches on `className` (`searchTextField` on UISearchBar is a
    /// UISearchTextField), from the newest dump that declares it; nil when the member's type is
    /// no class or the catalogue does not know the key.
    public static func memberType(key: String, on className: String) -> String? {
        guard let reach = reach(key: key, accessor: .get, on: className) else { return nil }
        for state in reach.states.reversed() {
            if case .member(_, _, _, let type) = state { return type }
        }
        return nil
    }
}

extension KVCReach {
    /// Whether the member exists on each crashing OS version (`8.1.3` with its report count), in
    /// words: `missing on the crashing iOS 8.1 (1), 8.1.2 (4); present on 13.4 (2)`; nil when no
    /// version is known.
    public func verdict(onCrashing versions: [(version: String, reports: Int)]) -> String? {
        var missing: [String] = []
        var present: [String] = []
        var unknown: [String] = []
        for (text, reports) in versions {
            let entry = "\(text) (\(reports))"
            guard let os = OSVersion.parse("iOS \(text)") else { continue }
            switch state(on: os) {
            case .none: missing.append(entry)
            case .member: present.append(entry)
            case .unknown: unknown.append(entry)
            }
        }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing on the crashing iOS \(missing.joined(separator: ", "))") }
        if !present.isEmpty { parts.append("present on the crashing iOS \(present.joined(separator: ", "))") }
        if !unknown.isEmpty {
            parts.append(
                "not known for the crashing iOS \(unknown.joined(separator: ", ")) (no dump of that version)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// `summary`, then the verdict on the crashing versions: what `explain` and the evidence show.
    public func summary(onCrashing versions: [(version: String, reports: Int)]) -> String {
        summary + (verdict(onCrashing: versions).map { "; " + $0 } ?? "")
    }

    /// Whether every crashing version with a known state lacks the member (and one is known).
    public func missingOnEvery(_ versions: [String]) -> Bool {
        let states = versions.compactMap { OSVersion.parse("iOS \($0)") }.map(state(on:)).filter {
            $0 != .unknown
        }
        return !states.isEmpty && states.allSatisfy { $0 == .none }
    }
}
