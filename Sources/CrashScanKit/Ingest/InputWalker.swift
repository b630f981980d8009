import Foundation

/// One input to import: a file on disk or standard input.
public enum InputSource: Sendable, Equatable {
    case file(String)
    case standardInput

    public var displayPath: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "-"
        }
    }
}

/// Expands the paths given to `import` into files: folders recursively (sorted, hidden files
/// and folders skipped), symbolic links followed once (a loop is detected through the real
/// path and skipped), `-` for standard input.
public struct InputWalker {
    public struct Missing: Error, CustomStringConvertible, Sendable {
        public let path: String
        public var description: String { "no such file or folder: \(path)" }
    }

    public init() {}

    /// Every input, in a stable order. Throws for a path that does not exist.
    public func expand(_ paths: [String]) throws(Missing) -> [InputSource] {
        var sources: [InputSource] = []
        var visitedFolders: Set<String> = []
        var seenFiles: Set<String> = []
        for path in paths {
            if path == "-" {
                sources.append(.standardInput)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Missing(path: path)
            }
            if isDirectory.boolValue {
                walk(path, into: &sources, visited: &visitedFolders, seen: &seenFiles)
            } else if seenFiles.insert(realPath(path)).inserted {
                sources.append(.file(path))
            }
        }
        return sources
    }

    private func walk(
        _ folder: String, into sources: inout [InputSource], visited: inout Set<String>,
        seen: inout Set<String>
    ) {
        // The real path stops symlink loops (a link to an ancestor) from recursing forever.
        guard visited.insert(realPath(folder)).inserted else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var isDirectory: ObjCBool = false
            // A dangling link does not exist: skip it.
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(path, into: &sources, visited: &visited, seen: &seen)
            } else if seen.insert(realPath(path)).inserted {
                sources.append(.file(path))
            }
        }
    }

    private func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
