import CrashScanModel
import Foundation

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

    public static func scan(_ files: [SourceTree.File]) -> Result {
        var contents = [[UInt8]?](repeating: nil, count: files.count)
        var unreadable: [(String, String)] = []
        for (index, file) in files.enumerated() {
            do {
                contents[index] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path)))
            } catch {
                unreadable.append((file.path, (error as NSError).localizedDescription))
            }
        }
        var declarations = SourceDeclarations()
        for (file, bytes) in zip(files, contents) {
            guard let bytes else { continue }
            switch file.language {
            case .objectiveC: declarations.merge(ObjCScanner(bytes: bytes).declarations())
            case .swift: declarations.merge(SwiftScanner(bytes: bytes).declarations())
            case .interfaceBuilder: break
            }
        }
        var sites: [KVCCallSite] = []
        for (file, bytes) in zip(files, contents) {
            guard let bytes, callMarkers.contains(where: { contains(bytes, $0) }) else { continue }
            sites += callSites(file, bytes: bytes, declarations: declarations)
        }
        let total = contents.reduce(0) { $0 + ($1?.count ?? 0) }
        return Result(sites: sites, files: files.count, bytes: total, unreadable: unreadable)
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
