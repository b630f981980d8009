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
    public static func holds(_ className: String) -> Bool { tables.blocks[className] != nil }

    /// Every class the catalogue holds.
    public static var classNames: [String] { Array(tables.blocks.keys) }

    /// The versions whose dump holds the class.
    public static func coverage(of className: String) -> DumpVersions {
        entry(className)?.covered ?? DumpVersions()
    }

    /// The members the class itself declares (not its superclasses').
    public static func members(of className: String) -> [Member] {
        entry(className)?.members ?? []
    }

    /// A class's lines read on first use: the file is 585 KB and a command asks of a few classes
    /// (reading all 14,800 lines on every rules load took 0.9 s of a debug build).
    static func entry(_ className: String) -> ClassEntry? {
        if let parsed = parsed.withLock({ $0[className] }) { return parsed }
        guard let block = tables.blocks[className] else { return nil }
        let entry = UIKitMemberFile.entry(tables.bytes[block], place: tables.place)
        parsed.withLock { $0[className] = entry }
        return entry
    }

    private static let parsed = Locked<[String: ClassEntry]>([:])

    /// A class's coverage, superclasses and the members with one of `names` (KVC's search for a
    /// key asks for a handful): the class as read before when it was, else only those lines
    /// decoded (reading every member of UIView and its kin was most of a rules load).
    static func entry(_ className: String, names: [String]) -> ClassEntry? {
        if let parsed = parsed.withLock({ $0[className] }) { return parsed }
        guard let block = tables.blocks[className] else { return nil }
        return UIKitMemberFile.entry(
            tables.bytes[block], place: tables.place, names: names.map { Array($0.utf8) })
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
        var members: [Member] = [] {
            didSet { byName = Dictionary(grouping: members, by: \.name) }
        }
        /// The members by name: KVC's search asks for a handful of names on each class of a chain
        /// in each of 28 versions (looking through the list took 0.7 s of a debug build's rules load).
        var byName: [String: [Member]] = [:]
    }

    struct Tables: Sendable {
        var versions: [String] = []
        var osVersions: [OSVersion] = []
        /// A dump label's place in `versions`, by its number (`UIKitMemberFile.number`).
        var place: [Int: Int] = [:]
        /// The file, and each class's block in it (its `C` line to the next class's).
        var bytes: [UInt8] = []
        var blocks: [String: Range<Int>] = [:]
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

    public func intersection(_ other: DumpVersions) -> DumpVersions { DumpVersions(bits: bits & other.bits) }
    public func subtracting(_ other: DumpVersions) -> DumpVersions { DumpVersions(bits: bits & ~other.bits) }
}
