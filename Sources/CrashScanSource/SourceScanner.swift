import CrashScanModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Scans source files for Key-Value Coding calls with constant keys: declarations of every file
/// first (a subclass may live in another file than its use), then the calls.
public enum SourceScanner {
    public struct Result: Sendable {
        public var sites: [KVCCallSite]
        public var files: Int
        public var bytes: Int
        /// Files that could not be read, with the reason.
        public var unreadable: [(path: String, reason: String)]
    }

    /// Byte patterns without which a file has no call to find (checked before lexing it twice).
    static let callMarkers: [[UInt8]] = [
        "setValue", "valueForKey", "value(forKey", "userDefinedRuntimeAttribute",
    ]
    .map { Array($0.utf8) }

    /// What the first pass learns of one file.
    struct FirstPass: Sendable {
        var declarations = SourceDeclarations()
        var bytes = 0
        var mayHoldCalls = false
        var unreadable: String?
    }

    /// Two passes over the files, each on every core: the declarations of every file (a subclass
    /// may be declared in another file than its use), then the calls of the files that may hold
    /// one (read again rather than kept: memory holds one file per core, whatever the tree). On
    /// 10,000 generated files (90.6 MB) one pass on one core took 4.5 s (20 MB/s).
    /// `keep` decides which call sites are returned (the rules', run on every core): a generated
    /// app of 10,000 files makes 150,000 calls, nearly all on the app's own objects.
    public static func scan(
        _ files: [SourceTree.File], keep: @escaping @Sendable (KVCCallSite) -> Bool = { _ in true }
    ) -> Result {
        let first = ParallelMap.map(Array(files.indices)) { index -> FirstPass in
            let file = files[index]
            let bytes: [UInt8]
            switch read(file.path) {
            case .success(let read): bytes = read
            case .failure(let failure):
                return FirstPass(unreadable: "cannot read the file: \(failure.reason)")
            }
            return FirstPass(
                declarations: Self.declarations(file, bytes: bytes), bytes: bytes.count,
                mayHoldCalls: callMarkers.contains { contains(bytes, $0) })
        }
        var declarations = SourceDeclarations()
        for pass in first { declarations.merge(pass.declarations) }
        let candidates = first.indices.filter { first[$0].mayHoldCalls }
        let frozen = declarations
        let sites = ParallelMap.map(candidates) { candidate -> [KVCCallSite] in
            let file = files[candidate]
            guard case .success(let bytes) = read(file.path) else { return [] }
            return Self.callSites(file, bytes: bytes, declarations: frozen).filter(keep)
        }
        let unreadable = zip(files, first).compactMap { file, pass in pass.unreadable.map { (file.path, $0) }
        }
        return Result(
            sites: sites.flatMap { $0 }, files: files.count, bytes: first.reduce(0) { $0 + $1.bytes },
            unreadable: unreadable)
    }

    /// The file's bytes, or why it cannot be read. Files over 64 MiB (`InputLimits`) are not
    /// read: no source file is that large, and one would take that much memory per core. Only a
    /// regular file is opened (`RegularFile`): a FIFO in the tree hung `scan`, and a link to
    /// `/dev/zero` (whose size `stat` gives as 0) grew it to 14 GB.
    static func read(_ path: String) -> Swift.Result<[UInt8], ReadFailure> {
        switch RegularFile.read(path, limit: InputLimits.maximumFileSize) {
        case .success(let data): return .success([UInt8](data))
        case .failure(.tooLarge(_, let size)):
            let bytes = size.map { "\($0) bytes" } ?? "more"
            return .failure(ReadFailure(reason: "larger than 64 MiB (\(bytes)): not scanned"))
        case .failure(.notRegular(let kind)):
            return .failure(ReadFailure(reason: "\(kind), not a regular file"))
        case .failure(.system(let reason)): return .failure(ReadFailure(reason: reason))
        }
    }

    struct ReadFailure: Error {
        var reason: String
    }

    /// The calls of one file, given the declarations of all.
    public static func callSites(_ file: SourceTree.File, bytes: [UInt8], declarations: SourceDeclarations)
        -> [KVCCallSite]
    {
        let lines = LineIndex(bytes)
        switch file.language {
        case .objectiveC:
            return ObjCScanner(bytes: bytes).callSites(
                path: file.path, declarations: declarations, lines: lines)
        case .swift:
            return SwiftScanner(bytes: bytes).callSites(
                path: file.path, declarations: declarations, lines: lines)
        case .interfaceBuilder:
            return InterfaceBuilderScanner(bytes: bytes).callSites(
                path: file.path, declarations: declarations, lines: lines)
        }
    }

    /// The declarations one file makes.
    public static func declarations(_ file: SourceTree.File, bytes: [UInt8]) -> SourceDeclarations {
        switch file.language {
        case .objectiveC: return ObjCScanner(bytes: bytes).declarations()
        case .swift: return SwiftScanner(bytes: bytes).declarations()
        case .interfaceBuilder: return SourceDeclarations()
        }
    }

    static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            haystack.firstOffset(of: pattern[0], from: 0, to: haystack.count) {
                haystack.has(pattern, at: $0)
            } != nil
        }
    }
}
