import CrashScanModel

/// UIKit's instance variables and properties per iOS version (`catalogs/uikit-members.tsv`, built
/// into the binary), as public runtime-header dumps of iOS 4.3–18 declare them: which member a
/// KVC key reaches on a class and on which versions it exists. Methods are not in the dumps read,
/// so a key that only a method answers is not seen; a version whose dump did not hold the class
/// (the 18 dump was read for 11 classes, the 11.4 dump lacks 25) is unknown, never absent.
public enum UIKitMemberCatalog {
    /// The dumps' version labels, oldest first (`4.3` … `18`).
    public static var versions: [String] { tables.versions }

    /// The dumps' versions as OS versions, in the same order.
    public static var osVersions: [OSVersion] { tables.osVersions }

    /// Whether the catalogue holds `className` (one of UIKit's public classes).
    public static func holds(_ className: String) -> Bool { tables.classes[className] != nil }

    /// The versions whose dump holds the class.
    public static func coverage(of className: String) -> DumpVersions {
        tables.classes[className]?.covered ?? DumpVersions()
    }

    /// The class's superclass in the dump of version `index`, nil when that dump does not hold it.
    public static func superclass(of className: String, at index: Int) -> String? {
        tables.classes[className]?.superclasses.first { $0.versions.contains(index) }?.name
    }

    /// The members the class itself declares (not its superclasses').
    public static func members(of className: String) -> [Member] {
        tables.classes[className]?.members ?? []
    }

    /// One instance variable or property of a class.
    public struct Member: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        /// The class its type names (`UILabel` for `UILabel *`), nil for any other type.
        public var typeClass: String?
        /// The versions whose dump declares it.
        public var versions: DumpVersions
    }

    public enum Kind: String, Sendable {
        case ivar = "instance variable"
        case property
        /// A property another framework adds by a category: it exists only when that framework
        /// is loaded.
        case categoryProperty = "property added by a category"
    }

    struct ClassEntry: Sendable {
        var covered = DumpVersions()
        var superclasses: [(name: String, versions: DumpVersions)] = []
        var members: [Member] = []
    }

    struct Tables: Sendable {
        var versions: [String] = []
        var osVersions: [OSVersion] = []
        var classes: [String: ClassEntry] = [:]
    }

    static let tables: Tables = {
        var tables = Tables()
        for file in EmbeddedCatalogs.files where file.name == "uikit-members.tsv" {
            tables = UIKitMemberFile.read(file.text)
        }
        return tables
    }()
}

/// A set of the catalogue's dump versions, by their place in `UIKitMemberCatalog.versions`.
public struct DumpVersions: Sendable, Equatable {
    public var bits: UInt64 = 0

    public init(bits: UInt64 = 0) { self.bits = bits }

    public init(indices: [Int]) {
        for index in indices { insert(index) }
    }

    public func contains(_ index: Int) -> Bool {
        index >= 0 && index < 64 && bits & (1 << UInt64(index)) != 0
    }

    public mutating func insert(_ index: Int) { bits |= 1 << UInt64(index) }

    public var isEmpty: Bool { bits == 0 }

    /// The places in version order.
    public var indices: [Int] { (0..<64).filter(contains) }

    public func union(_ other: DumpVersions) -> DumpVersions { DumpVersions(bits: bits | other.bits) }
    public func intersection(_ other: DumpVersions) -> DumpVersions { DumpVersions(bits: bits & other.bits) }
    public func subtracting(_ other: DumpVersions) -> DumpVersions { DumpVersions(bits: bits & ~other.bits) }
}
