import CrashScanModel

/// What `--device TEXT` means, resolved against the catalogue and the devices a database holds.
public enum DeviceQuery: Sendable, Equatable, CustomStringConvertible {
    /// One model identifier (`iPhone7,1`): the reports that gave it.
    case identifier(String)
    /// A marketing name (`iPhone 7`): every identifier with that name, and the reports that gave
    /// only the name.
    case name(String)
    /// `unknown`: the reports that name no device (the matrix's `unknown` row).
    case unknownDevice
    /// A family (`iPhone`, `iPad`, `iPad mini`, `iPod touch`, `Mac`): every device whose marketing
    /// name begins with it.
    case family(String)

    /// The families `--device` takes, as marketing names begin.
    public static let families = [
        "iPhone", "iPad", "iPad mini", "iPad Air", "iPad Pro", "iPod touch", "iPod", "Mac", "Apple TV",
        "Apple Watch", "Apple Vision",
    ]

    public var description: String {
        switch self {
        case .identifier(let identifier): return identifier
        case .name(let name): return name
        case .unknownDevice: return "unknown"
        case .family(let prefix): return "every \(prefix)"
        }
    }

    /// Why a text is no device, with the closest matches.
    public struct Unresolved: Error, Equatable, Sendable {
        public let text: String
        public let suggestions: [String]
    }

    /// Resolves `text`: an identifier or marketing name of the catalogue in any case and spacing,
    /// the common short forms (`6+`, `6 Plus`, `XS Max` are iPhones; `+` is `Plus`), `unknown`,
    /// or a device the database holds (`knownNames`, `knownModels`: names such as `Simulator`,
    /// identifiers newer than the catalogue). Anything else is unresolved, with suggestions.
    public static func resolve(_ text: String, knownNames: [String] = [], knownModels: [String] = [])
        throws(Unresolved) -> DeviceQuery
    {
        let trimmed = text.trimmingBlanksString()
        let lower = trimmed.lowercased()
        if ["unknown", "none", "-"].contains(lower) { return .unknownDevice }
        // A family before a name: `iPhone` and `iPad` are also the first models' names, but
        // who types them means every iPhone or iPad (the first ones by identifier: iPhone1,1).
        if let family = families.first(where: { searchKey($0) == searchKey(trimmed) }) {
            return .family(family)
        }
        if let identifier = DeviceCatalog.canonicalIdentifier(trimmed) { return .identifier(identifier) }
        if let model = knownModels.first(where: { $0.lowercased() == lower }) { return .identifier(model) }
        let key = searchKey(trimmed)
        for candidate in [key, "iphone" + key, "ipad" + key] {
            if let name = DeviceCatalog.canonicalName(normalized: candidate) { return .name(name) }
        }
        if let name = knownNames.first(where: { searchKey($0) == key }) { return .name(name) }
        throw Unresolved(text: text, suggestions: suggestions(for: trimmed, among: knownNames + knownModels))
    }

    /// Lower case, `+` as `plus`, letters and digits only: `iPhone 6+` → `iphone6plus`.
    static func searchKey(_ text: String) -> String {
        DeviceCatalog.normalizedName(text.replacingOccurrences(of: "+", with: "plus"))
    }

    /// Up to three catalogue names, identifiers or database devices closest to `text`: those it
    /// begins, then the nearest by edit distance (at most a third of its length).
    static func suggestions(for text: String, among extra: [String]) -> [String] {
        let key = searchKey(text)
        guard !key.isEmpty else { return [] }
        let keyBytes = Array(key.utf8)
        let limit = max(2, key.count / 3)
        var scored: [(score: Int, name: String)] = []
        var seen = Set<String>()
        let extraKeys = extra.map { (name: $0, key: Array(searchKey($0).utf8)) }
        for (candidate, other) in catalogueKeys + extraKeys where seen.insert(candidate).inserted {
            let score: Int
            if other.starts(with: keyBytes) || other.starts(with: Array("iphone".utf8) + keyBytes) {
                score = other.count - keyBytes.count - 100  // a completion ranks first, shortest first
            } else {
                guard let distance = Suggestions.editDistance(keyBytes, other, limit: limit) else { continue }
                score = distance
            }
            scored.append((score, candidate))
        }
        return scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(3).map(\.name)
    }

    /// The catalogue's names and identifiers with their search keys, computed once.
    static let catalogueKeys: [(name: String, key: [UInt8])] =
        (DeviceCatalog.names + DeviceCatalog.identifiers)
        .map { (name: $0, key: Array(searchKey($0).utf8)) }
}
