import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One input to import: a file on disk, standard input, or bytes already in memory (the
/// benchmark's fast path).
public enum InputSource: Sendable, Equatable {
    case file(String)
    case standardInput
    case memory(path: String, data: Data)

    public var displayPath: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "-"
        case .memory(let path, _): return path
        }
    }
}

/// Expands the paths given to `import` into files, lazily: folders recursively in name order,
/// hidden files and folders skipped, symbolic links followed (a folder reached twice through
/// links is walked once, so loops end), `-` for standard input. Only directories and links are
/// remembered, so memory does not grow with the number of files.
public struct InputWalker {
    public struct Missing: Error, CustomStringConvertible, Sendable {
        public let path: String
        public var description: String { "no such file or folder: \(path)" }
    }

    public init() {}

    /// Every input, in a stable order. Throws, before yielding anything, for a path that does
    /// not exist.
    public func expand(_ paths: [String]) throws(Missing) -> [InputSource] {
        Array(try files(paths))
    }

    /// The inputs as a lazy sequence.
    public func files(_ paths: [String]) throws(Missing) -> Walk {
        for path in paths where path != "-" {
            var info = stat()
            guard stat(path, &info) == 0 else { throw Missing(path: path) }
        }
        return Walk(paths: paths)
    }

    /// Counts the files without keeping them (for progress: files done of total).
    public func count(_ paths: [String]) throws(Missing) -> Int {
        var total = 0
        for _ in try files(paths) { total += 1 }
        return total
    }

    public struct Walk: Sequence {
        let paths: [String]

        public func makeIterator() -> Iterator { Iterator(paths: paths) }

        public struct Iterator: IteratorProtocol {
            /// Paths still to visit, in reverse order (a stack).
            private var pending: [(path: String, isTopLevel: Bool)]
            private var visitedFolders: Set<String> = []
            private var linkedFiles: Set<String> = []

            init(paths: [String]) {
                pending = paths.reversed().map { ($0, true) }
            }

            public mutating func next() -> InputSource? {
                while let (path, isTopLevel) = pending.popLast() {
                    if path == "-" && isTopLevel { return .standardInput }
                    var info = stat()
                    var linkInfo = stat()
                    guard lstat(path, &linkInfo) == 0 else { continue }
                    let isLink = (linkInfo.st_mode & S_IFMT) == S_IFLNK
                    if isLink {
                        // A dangling link does not exist: skip it.
                        guard stat(path, &info) == 0 else { continue }
                    } else {
                        info = linkInfo
                    }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR:
                        // The real path stops link loops (a link to an ancestor) from recursing forever.
                        guard visitedFolders.insert(InputWalker.realPath(path)).inserted else { continue }
                        pending += InputWalker.children(of: path).reversed().map { ($0, false) }
                    case S_IFREG:
                        // The same file reached through a link and directly is imported once.
                        if isLink || isTopLevel {
                            guard linkedFiles.insert(InputWalker.realPath(path)).inserted else { continue }
                        }
                        return .file(path)
                    default:
                        continue
                    }
                }
                return nil
            }
        }
    }

    /// Visible entries of a folder, sorted by name.
    static func children(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted().map { prefix + $0 }
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
