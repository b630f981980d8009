import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The source files under the paths given to `scan`: Objective-C, Swift and Interface Builder
/// files, folders in name order; dependency and build folders (`Pods`, `Carthage`, `.build`,
/// `DerivedData`) and hidden folders skipped unless named on the command line; `--exclude`
/// globs matched against the path relative to the folder named.
public struct SourceTree {
    public struct File: Sendable, Equatable {
        /// As shown and stored: relative to the folder named, prefixed by it as the user wrote it.
        public var path: String
        public var language: SourceLanguage
    }

    public struct Missing: Error, CustomStringConvertible, Sendable {
        public let path: String
        public var description: String { "no such file or folder: \(path)" }
    }

    static let skippedFolders: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "node_modules"]

    public let excludes: [String]

    public init(excludes: [String] = []) { self.excludes = excludes }

    /// Every source file under `paths`, in order; throws for a path that does not exist.
    public func files(_ paths: [String]) throws -> [File] {
        var files: [File] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw Missing(path: path)
            }
            if isFolder.boolValue {
                walk(path, relative: "", into: &files)
            } else if let language = SourceLanguage(path: path) {
                files.append(File(path: path, language: language))
            }
        }
        return files
    }

    private func walk(_ root: String, relative: String, into files: inout [File]) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let child = relative.isEmpty ? name : relative + "/" + name
            let full = root.hasSuffix("/") ? root + child : root + "/" + child
            if excluded(child, asGiven: full) { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                guard !name.hasPrefix("."), !Self.skippedFolders.contains(name), !name.hasSuffix(".xcassets")
                else {
                    continue
                }
                // A symbolic link to a folder is not followed: a loop would never end.
                if let attributes = try? FileManager.default.attributesOfItem(atPath: full),
                    attributes[.type] as? FileAttributeType == .typeSymbolicLink
                {
                    continue
                }
                walk(root, relative: child, into: &files)
            } else if let language = SourceLanguage(path: name) {
                files.append(File(path: full, language: language))
            }
        }
    }

    /// True when a glob of `--exclude` matches the path or one of its folders (`Vendor/**`,
    /// `*.generated.swift`, `Tests`): relative to the folder named, as the command line reaches it
    /// (`scan App --exclude 'App/Vendor/**'`), or absolute.
    func excluded(_ relative: String, asGiven path: String? = nil) -> Bool {
        let given = path.map(Self.withoutDotSlash)
        let absolute = path.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return excludes.contains { pattern in
            var glob = pattern.hasSuffix("/**") ? String(pattern.dropLast(3)) : pattern
            glob = Self.withoutDotSlash(glob)
            if glob.hasSuffix("/") { glob.removeLast() }
            return fnmatch(glob, relative, 0) == 0
                || fnmatch(glob, (relative as NSString).lastPathComponent, 0) == 0
                || given.map { fnmatch(glob, $0, 0) == 0 } == true
                || absolute.map { fnmatch(glob, $0, 0) == 0 } == true
        }
    }

    /// `./App/Vendor` → `App/Vendor`.
    static func withoutDotSlash(_ path: String) -> String {
        var text = path
        while text.hasPrefix("./") { text.removeFirst(2) }
        return text
    }
}
