import CrashScanModel
import Foundation

/// What kind of machine a report came from.
public enum DeviceKind: String, Sendable {
    case iPhone, iPad, iPod, watch, appleTV, vision, simulator, mac, unknown
}

/// A device as resolved from a report's model text.
public struct Device: Sendable, Equatable {
    /// Model identifier (`iPhone7,1`), nil when the report gave a name shared by several.
    public var identifier: String?
    /// Marketing name (`iPhone 6 Plus`), nil when unknown.
    public var name: String?
    public var kind: DeviceKind

    public init(identifier: String?, name: String?, kind: DeviceKind) {
        self.identifier = identifier
        self.name = name
        self.kind = kind
    }
}

/// Model identifier ⇄ marketing name, both ways and case-insensitively.
///
/// Started from zqqf16/SYM `models.txt` (MIT), extended through the iPhone 17 family and the
/// 2024–2025 iPads. A name that several identifiers share resolves to the name alone.
public enum DeviceCatalog {
    /// `identifier:name` pairs, one per line.
    static let table = """
        iPhone1,1:iPhone
        iPhone1,2:iPhone 3G
        iPhone2,1:iPhone 3GS
        iPhone3,1:iPhone 4
        iPhone3,2:iPhone 4
        iPhone3,3:iPhone 4
        iPhone4,1:iPhone 4S
        iPhone5,1:iPhone 5
        iPhone5,2:iPhone 5
        iPhone5,3:iPhone 5c
        iPhone5,4:iPhone 5c
        iPhone6,1:iPhone 5s
        iPhone6,2:iPhone 5s
        iPhone7,2:iPhone 6
        iPhone7,1:iPhone 6 Plus
        iPhone8,1:iPhone 6s
        iPhone8,2:iPhone 6s Plus
        iPhone8,4:iPhone SE (1st generation)
        iPhone9,1:iPhone 7
        iPhone9,3:iPhone 7
        iPhone9,2:iPhone 7 Plus
        iPhone9,4:iPhone 7 Plus
        iPhone10,1:iPhone 8
        iPhone10,4:iPhone 8
        iPhone10,2:iPhone 8 Plus
        iPhone10,5:iPhone 8 Plus
        iPhone10,3:iPhone X
        iPhone10,6:iPhone X
        iPhone11,8:iPhone XR
        iPhone11,2:iPhone XS
        iPhone11,4:iPhone XS Max
        iPhone11,6:iPhone XS Max
        iPhone12,1:iPhone 11
        iPhone12,3:iPhone 11 Pro
        iPhone12,5:iPhone 11 Pro Max
        iPhone12,8:iPhone SE (2nd generation)
        iPhone13,1:iPhone 12 mini
        iPhone13,2:iPhone 12
        iPhone13,3:iPhone 12 Pro
        iPhone13,4:iPhone 12 Pro Max
        iPhone14,4:iPhone 13 mini
        iPhone14,5:iPhone 13
        iPhone14,2:iPhone 13 Pro
        iPhone14,3:iPhone 13 Pro Max
        iPhone14,6:iPhone SE (3rd generation)
        iPhone14,7:iPhone 14
        iPhone14,8:iPhone 14 Plus
        iPhone15,2:iPhone 14 Pro
        iPhone15,3:iPhone 14 Pro Max
        iPhone15,4:iPhone 15
        iPhone15,5:iPhone 15 Plus
        iPhone16,1:iPhone 15 Pro
        iPhone16,2:iPhone 15 Pro Max
        iPhone17,3:iPhone 16
        iPhone17,4:iPhone 16 Plus
        iPhone17,1:iPhone 16 Pro
        iPhone17,2:iPhone 16 Pro Max
        iPhone17,5:iPhone 16e
        iPhone18,3:iPhone 17
        iPhone18,4:iPhone Air
        iPhone18,1:iPhone 17 Pro
        iPhone18,2:iPhone 17 Pro Max
        iPad1,1:iPad
        iPad2,1:iPad 2
        iPad2,2:iPad 2
        iPad2,3:iPad 2
        iPad2,4:iPad 2
        iPad3,1:iPad (3rd generation)
        iPad3,2:iPad (3rd generation)
        iPad3,3:iPad (3rd generation)
        iPad3,4:iPad (4th generation)
        iPad3,5:iPad (4th generation)
        iPad3,6:iPad (4th generation)
        iPad6,11:iPad (5th generation)
        iPad6,12:iPad (5th generation)
        iPad7,5:iPad (6th generation)
        iPad7,6:iPad (6th generation)
        iPad7,11:iPad (7th generation)
        iPad7,12:iPad (7th generation)
        iPad11,6:iPad (8th generation)
        iPad11,7:iPad (8th generation)
        iPad12,1:iPad (9th generation)
        iPad12,2:iPad (9th generation)
        iPad13,18:iPad (10th generation)
        iPad13,19:iPad (10th generation)
        iPad15,7:iPad (A16)
        iPad15,8:iPad (A16)
        iPad4,1:iPad Air
        iPad4,2:iPad Air
        iPad4,3:iPad Air
        iPad5,3:iPad Air 2
        iPad5,4:iPad Air 2
        iPad11,3:iPad Air (3rd generation)
        iPad11,4:iPad Air (3rd generation)
        iPad13,1:iPad Air (4th generation)
        iPad13,2:iPad Air (4th generation)
        iPad13,16:iPad Air (5th generation)
        iPad13,17:iPad Air (5th generation)
        iPad14,8:iPad Air 11-inch (M2)
        iPad14,9:iPad Air 11-inch (M2)
        iPad14,10:iPad Air 13-inch (M2)
        iPad14,11:iPad Air 13-inch (M2)
        iPad15,3:iPad Air 11-inch (M3)
        iPad15,4:iPad Air 11-inch (M3)
        iPad15,5:iPad Air 13-inch (M3)
        iPad15,6:iPad Air 13-inch (M3)
        iPad6,7:iPad Pro (12.9-inch)
        iPad6,8:iPad Pro (12.9-inch)
        iPad6,3:iPad Pro (9.7-inch)
        iPad6,4:iPad Pro (9.7-inch)
        iPad7,1:iPad Pro (12.9-inch) (2nd generation)
        iPad7,2:iPad Pro (12.9-inch) (2nd generation)
        iPad7,3:iPad Pro (10.5-inch)
        iPad7,4:iPad Pro (10.5-inch)
        iPad8,1:iPad Pro (11-inch)
        iPad8,2:iPad Pro (11-inch)
        iPad8,3:iPad Pro (11-inch)
        iPad8,4:iPad Pro (11-inch)
        iPad8,5:iPad Pro (12.9-inch) (3rd generation)
        iPad8,6:iPad Pro (12.9-inch) (3rd generation)
        iPad8,7:iPad Pro (12.9-inch) (3rd generation)
        iPad8,8:iPad Pro (12.9-inch) (3rd generation)
        iPad8,9:iPad Pro (11-inch) (2nd generation)
        iPad8,10:iPad Pro (11-inch) (2nd generation)
        iPad8,11:iPad Pro (12.9-inch) (4th generation)
        iPad8,12:iPad Pro (12.9-inch) (4th generation)
        iPad13,4:iPad Pro (11-inch) (3rd generation)
        iPad13,5:iPad Pro (11-inch) (3rd generation)
        iPad13,6:iPad Pro (11-inch) (3rd generation)
        iPad13,7:iPad Pro (11-inch) (3rd generation)
        iPad13,8:iPad Pro (12.9-inch) (5th generation)
        iPad13,9:iPad Pro (12.9-inch) (5th generation)
        iPad13,10:iPad Pro (12.9-inch) (5th generation)
        iPad13,11:iPad Pro (12.9-inch) (5th generation)
        iPad14,3:iPad Pro (11-inch) (4th generation)
        iPad14,4:iPad Pro (11-inch) (4th generation)
        iPad14,5:iPad Pro (12.9-inch) (6th generation)
        iPad14,6:iPad Pro (12.9-inch) (6th generation)
        iPad16,3:iPad Pro 11-inch (M4)
        iPad16,4:iPad Pro 11-inch (M4)
        iPad16,5:iPad Pro 13-inch (M4)
        iPad16,6:iPad Pro 13-inch (M4)
        iPad2,5:iPad mini
        iPad2,6:iPad mini
        iPad2,7:iPad mini
        iPad4,4:iPad mini 2
        iPad4,5:iPad mini 2
        iPad4,6:iPad mini 2
        iPad4,7:iPad mini 3
        iPad4,8:iPad mini 3
        iPad4,9:iPad mini 3
        iPad5,1:iPad mini 4
        iPad5,2:iPad mini 4
        iPad11,1:iPad mini (5th generation)
        iPad11,2:iPad mini (5th generation)
        iPad14,1:iPad mini (6th generation)
        iPad14,2:iPad mini (6th generation)
        iPad16,1:iPad mini (A17 Pro)
        iPad16,2:iPad mini (A17 Pro)
        iPod1,1:iPod touch
        iPod2,1:iPod touch (2nd generation)
        iPod3,1:iPod touch (3rd generation)
        iPod4,1:iPod touch (4th generation)
        iPod5,1:iPod touch (5th generation)
        iPod7,1:iPod touch (6th generation)
        iPod9,1:iPod touch (7th generation)
        Watch1,1:Apple Watch (1st generation)
        Watch1,2:Apple Watch (1st generation)
        Watch2,6:Apple Watch Series 1
        Watch2,7:Apple Watch Series 1
        Watch2,3:Apple Watch Series 2
        Watch2,4:Apple Watch Series 2
        Watch3,1:Apple Watch Series 3
        Watch3,2:Apple Watch Series 3
        Watch3,3:Apple Watch Series 3
        Watch3,4:Apple Watch Series 3
        Watch4,1:Apple Watch Series 4
        Watch4,2:Apple Watch Series 4
        Watch4,3:Apple Watch Series 4
        Watch4,4:Apple Watch Series 4
        Watch5,1:Apple Watch Series 5
        Watch5,2:Apple Watch Series 5
        Watch5,3:Apple Watch Series 5
        Watch5,4:Apple Watch Series 5
        Watch6,1:Apple Watch Series 6
        Watch6,2:Apple Watch Series 6
        Watch6,3:Apple Watch Series 6
        Watch6,4:Apple Watch Series 6
        AppleTV5,3:Apple TV (4th generation)
        AppleTV6,2:Apple TV 4K
        AppleTV11,1:Apple TV 4K (2nd generation)
        RealityDevice14,1:Apple Vision Pro
        """

    private struct Tables: Sendable {
        var nameByIdentifier: [String: String] = [:]
        var identifierByLowercased: [String: String] = [:]
        /// Normalised name → every identifier with that name.
        var identifiersByName: [String: [String]] = [:]
        var nameByNormalizedName: [String: String] = [:]
    }

    private static let tables: Tables = {
        var tables = Tables()
        for line in table.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let identifier = String(line[..<colon])
            let name = String(line[line.index(after: colon)...])
            tables.nameByIdentifier[identifier] = name
            tables.identifierByLowercased[identifier.lowercased()] = identifier
            let key = normalizedName(name)
            tables.identifiersByName[key, default: []].append(identifier)
            tables.nameByNormalizedName[key] = name
        }
        return tables
    }()

    /// Lower case, with spaces and punctuation other than digits and letters removed, so that
    /// `iPhone6 Plus`, `iphone 6 plus` and `iPhone 6 Plus` meet.
    static func normalizedName(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.filter { CharacterSetASCII.isAlphanumeric($0) }.map(
                Character.init))
    }

    /// Every identifier the catalog knows.
    public static var identifiers: [String] { Array(tables.nameByIdentifier.keys) }

    /// The marketing name of an identifier (`iPhone7,1` → `iPhone 6 Plus`), any case.
    public static func name(forIdentifier identifier: String) -> String? {
        guard let canonical = tables.identifierByLowercased[identifier.lowercased()] else { return nil }
        return tables.nameByIdentifier[canonical]
    }

    /// The catalogue's spelling of an identifier written in any case (`iphone7,1` → `iPhone7,1`).
    public static func canonicalIdentifier(_ text: String) -> String? {
        tables.identifierByLowercased[text.lowercased()]
    }

    /// The marketing name whose normalised form is `normalized` (`iphone6plus` → `iPhone 6 Plus`).
    public static func canonicalName(normalized: String) -> String? {
        tables.nameByNormalizedName[normalized]
    }

    /// Every marketing name the catalogue knows.
    public static var names: [String] { Array(Set(tables.nameByIdentifier.values)) }

    /// Every identifier that carries a marketing name, any case and spacing.
    public static func identifiers(forName name: String) -> [String] {
        tables.identifiersByName[normalizedName(name)] ?? []
    }

    /// `resolve`, remembered for the texts met before (`Remembered`, at most 4,096): an
    /// import meets a few hundred model texts again and again. Importing 100,000 logs (perf),
    /// resolving them was 0.8 % of all samples, looking them up 0.4 %.
    public static func resolveRemembered(_ raw: String) -> Device? { remembered(raw) }
    private static let remembered = Remembered(limit: 4_096) { resolve($0) }

    /// Resolves whatever a report put in its model field: an identifier, a marketing name,
    /// a simulator architecture or a Mac model.
    public static func resolve(_ raw: String) -> Device? {
        let text = raw.trimmingWhitespace().string
        guard !text.isEmpty, text != "-", text.lowercased() != "unknown" else { return nil }
        let lower = text.lowercased()
        if ["i386", "x86_64", "arm64", "simulator"].contains(lower) || lower.fastContains("simulator") {
            return Device(identifier: nil, name: "Simulator", kind: .simulator)
        }
        if let canonical = tables.identifierByLowercased[lower], let name = tables.nameByIdentifier[canonical]
        {
            return Device(identifier: canonical, name: name, kind: kind(ofIdentifier: canonical))
        }
        if isIdentifierShaped(text) {
            if isMacFamily(text) { return Device(identifier: text, name: "Mac", kind: .mac) }
            // A device newer than the catalog: keep the identifier, the name is unknown.
            return Device(identifier: text, name: nil, kind: kind(ofIdentifier: text))
        }
        let key = normalizedName(text)
        if let identifiers = tables.identifiersByName[key], let name = tables.nameByNormalizedName[key] {
            let identifier = identifiers.count == 1 ? identifiers[0] : nil
            return Device(identifier: identifier, name: name, kind: kind(ofIdentifier: identifiers[0]))
        }
        if lower.hasPrefix("mac") || lower.hasPrefix("imac") {
            return Device(identifier: nil, name: text, kind: .mac)
        }
        // An unknown marketing text: keep it as the name rather than inventing an identifier.
        let kind: DeviceKind =
            lower.hasPrefix("iphone")
            ? .iPhone : lower.hasPrefix("ipad") ? .iPad : lower.hasPrefix("ipod") ? .iPod : .unknown
        return Device(identifier: nil, name: text, kind: kind)
    }

    /// `^[A-Za-z]+\d+,\d+$`
    package static func isIdentifierShaped(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, CharacterSetASCII.isLetter(scalars[index]) { index += 1 }
        guard index > 0 else { return false }
        let digitsStart = index
        while index < scalars.count, CharacterSetASCII.isDigit(scalars[index]) { index += 1 }
        guard index > digitsStart, index < scalars.count, scalars[index] == "," else { return false }
        index += 1
        let minorStart = index
        while index < scalars.count, CharacterSetASCII.isDigit(scalars[index]) { index += 1 }
        return index > minorStart && index == scalars.count
    }

    static func isMacFamily(_ identifier: String) -> Bool {
        let lower = identifier.lowercased()
        return ["mac", "imac", "macbook", "macmini", "macpro"].contains { lower.hasPrefix($0) }
    }

    static func kind(ofIdentifier identifier: String) -> DeviceKind {
        let lower = identifier.lowercased()
        if lower.hasPrefix("iphone") { return .iPhone }
        if lower.hasPrefix("ipad") { return .iPad }
        if lower.hasPrefix("ipod") { return .iPod }
        if lower.hasPrefix("watch") { return .watch }
        if lower.hasPrefix("appletv") { return .appleTV }
        if lower.hasPrefix("realitydevice") { return .vision }
        if isMacFamily(identifier) { return .mac }
        return .unknown
    }
}
