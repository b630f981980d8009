import CrashScanModel
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
    /// A file whose name is not valid UTF-8: opened by its bytes, shown with the bytes escaped.
    case rawFile(name: [UInt8], display: String)
    /// Something met on the walk that is not read, with the reason (a FIFO, a device, a folder
    /// that cannot be listed, a broken link): it gets an outcome like any file.
    case refused(path: String, rejection: Rejection)

    /// `body` given the path of a file source as `open` takes it (the bytes themselves, with a
    /// NUL, for a name that is not UTF-8); nil for the sources that are not a file on disk.
    package func withFilePath<T>(_ body: (UnsafePointer<CChar>) -> T) -> T? {
        switch self {
        case .file(let path): return path.withCString(body)
        case .rawFile(let name, _):
            return (name + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
            }
        case .standardInput, .memory, .refused: return nil
        }
    }

    public var displayPath: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "-"
        case .memory(let path, _): return path
        case .rawFile(_, let display): return display
        case .refused(let path, _): return path
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
        public var description: String {
            // The shell passed bytes that are not UTF-8; Swift's arguments replaced them.
            guard path.contains("\u{FFFD}") else { return "no such file or folder: \(path)" }
            return
                "no such file or folder: \(path) (its name is not UTF-8 as given; name the folder that holds it, whose walk reads such names)"
        }
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
            private var pending: [(path: EntryPath, isTopLevel: Bool)]
            private var visitedFolders: Set<String> = []
            private var linkedFiles: Set<String> = []

            init(paths: [String]) {
                pending = paths.reversed().map { (EntryPath($0), true) }
            }

            public mutating func next() -> InputSource? {
                while let (path, isTopLevel) = pending.popLast() {
                    if path.name == "-" && isTopLevel { return .standardInput }
                    if let source = visit(path, isTopLevel: isTopLevel) { return source }
                }
                return nil
            }

            /// The input at `path`, or nil when there is nothing to yield (a folder, whose entries
            /// are now pending; a file reached a second time through a link).
            private mutating func visit(_ path: EntryPath, isTopLevel: Bool) -> InputSource? {
                // A folder's entry that its listing says is a regular file (not a link) needs no
                // `lstat`: the walk runs ahead of the parsers, one call a file (100,000 a
                // benchmark import) that bought nothing the listing had not said.
                if !isTopLevel, path.listedType == UInt8(DT_REG) { return path.source }
                var info = stat()
                var linkInfo = stat()
                guard path.withCString({ lstat($0, &linkInfo) }) == 0 else {
                    return .refused(
                        path: path.display, rejection: Rejection(InputWalker.errnoText("cannot read it")))
                }
                let isLink = (linkInfo.st_mode & S_IFMT) == S_IFLNK
                if isLink {
                    guard path.withCString({ stat($0, &info) }) == 0 else {
                        return .refused(
                            path: path.display, rejection: .skip("broken symbolic link, nothing to read"))
                    }
                } else {
                    info = linkInfo
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    // The real path stops link loops (a link to an ancestor) from recursing forever.
                    guard visitedFolders.insert(path.realPath).inserted else { return nil }
                    switch InputWalker.children(of: path) {
                    case .success(let children): pending += children.reversed().map { ($0, false) }
                    case .failure(let rejection): return .refused(path: path.display, rejection: rejection)
                    }
                    return nil
                case S_IFREG:
                    // The same file reached through a link and directly is imported once.
                    if isLink || isTopLevel {
                        guard linkedFiles.insert(path.realPath).inserted else { return nil }
                    }
                    return path.source
                default:
                    // Never opened: a FIFO would block the import, a device would never end.
                    let kind = RegularFile.kind(info.st_mode) ?? "a regular file"
                    let reason = "\(kind), not a regular file: not read"
                    return .refused(
                        path: path.display, rejection: isTopLevel ? Rejection(reason) : .skip(reason))
                }
            }
        }
    }

    /// A path on the walk: text when it is valid UTF-8, else the bytes the system gave.
    struct EntryPath {
        var name: String
        var bytes: [UInt8]?
        /// The entry's type as its folder's listing gave it (`d_type`; `DT_UNKNOWN` where the file
        /// system does not say, and for the paths given).
        var listedType = UInt8(DT_UNKNOWN)

        init(_ name: String) { self.name = name }

        init(bytes: [UInt8]) {
            if let text = String(validating: bytes, as: UTF8.self) {
                name = text
            } else {
                name = InputWalker.escaped(bytes)
                self.bytes = bytes
            }
        }

        var display: String { name }
        var source: InputSource { bytes.map { .rawFile(name: $0, display: name) } ?? .file(name) }
        var realPath: String { withCString { InputWalker.realPath($0) } }

        func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
            guard let bytes else { return name.withCString(body) }
            return (bytes + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
            }
        }

        func appending(_ child: [UInt8], listedType: UInt8) -> EntryPath {
            var path: EntryPath
            if bytes == nil, child.allSatisfy({ $0 < 0x80 }) {
                // A text path and an ASCII name (most): written into one string, without
                // validating the folder's path again for each of its entries (the walk runs
                // ahead of the parsers, one entry a file: five arrays and a validation of the
                // whole path were 2,000 instructions an entry).
                let separator = name.utf8.last == 47 ? 0 : 1
                var folder = name
                path = EntryPath(
                    folder.withUTF8 { prefix in
                        String(unsafeUninitializedCapacity: prefix.count + separator + child.count) { out in
                            _ = out.initialize(from: prefix)
                            if separator == 1 { out[prefix.count] = 47 }
                            _ = UnsafeMutableBufferPointer(rebasing: out[(prefix.count + separator)...])
                                .initialize(from: child)
                            return prefix.count + separator + child.count
                        }
                    })
            } else {
                let base = bytes ?? Array(name.utf8)
                path = EntryPath(bytes: base + (base.last == 47 ? [] : [47]) + child)
            }
            path.listedType = listedType
            return path
        }
    }

    /// `caf\xE9.crash`: the bytes that are not UTF-8 shown as escapes (each byte of every invalid
    /// sequence, as the standard library's UTF-8 parser delimits them).
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                out.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] {
                    out += "\\x" + String(byte, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                return out
            }
        }
    }

    static func errnoText(_ what: String) -> String {
        "\(what): \(String(cString: strerror(errno)))"
    }

    /// Visible entries of a folder, sorted by name; why not when it cannot be listed.
    static func children(of folder: EntryPath) -> Result<[EntryPath], Rejection> {
        guard let directory = folder.withCString({ opendir($0) }) else {
            return .failure(Rejection(errnoText("cannot list the folder")))
        }
        defer { closedir(directory) }
        var names: [(name: [UInt8], type: UInt8)] = []
        // The name read where it lies: `entry.pointee.d_name` copies the declared 256 bytes, past
        // the end of the listing's buffer for an entry near its end (AddressSanitizer found it, a
        // heap-buffer-overflow, in the import tests).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(directory) {
            let start = UnsafeRawPointer(entry) + nameOffset
            let name = Array(
                UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self)))
            )
            if name.first == 46 { continue }  // `.`: hidden, and `.` and `..`
            names.append((name, entry.pointee.d_type))
        }
        return .success(
            names.sorted { InputWalker.precedes($0.name, $1.name) }.map {
                folder.appending($0.name, listedType: $0.type)
            })
    }

    /// Byte order, as `lexicographicallyPrecedes` gives it, through memcmp: a folder's entries
    /// are sorted by name (a thousand names took about 95 instructions a comparison).
    static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        let common = min(left.count, right.count)
        let order = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                common == 0 ? 0 : memcmp(l.baseAddress!, r.baseAddress!, common)
            }
        }
        return order != 0 ? order < 0 : left.count < right.count
    }

    static func realPath(_ path: UnsafePointer<CChar>) -> String {
        guard let resolved = realpath(path, nil) else { return String(cString: path) }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
