import CrashScanIngest
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the kernel to read a batch's files while the batch before it is parsed: from a cold page
/// cache, the parsers otherwise wait for each file in turn. Asking costs an open, an advice and a
/// close a file, which for files already in the page cache (a folder imported again, a corpus
/// just written) was 7 % of the parsers' time for nothing; so the batch's first file is looked
/// up in the page cache first, and a batch whose first file is there is not asked for.
enum ReadAhead {
    /// What reading `source` will read, as far as that is known before reading: a regular file's
    /// size, `unknown` for standard input (of unknown size up to the input limit), 0 for anything
    /// that is not read.
    static func size(of source: InputSource, unknown: Int) -> Int {
        switch source {
        case .file(let path): return regularFileSize(path)
        case .rawFile(let name, _): return withPath(name, regularFileSize)
        case .memory(_, let data): return data.count
        case .standardInput: return unknown
        case .refused: return 0
        }
    }

    /// Asks for the regular files of `batch` to be read ahead (those of `sizes` above 0, the
    /// sizes `size(of:)` gave: nothing else is opened), unless the first of them is in the page
    /// cache already. A cached batch costs one probe, not a path copy a file.
    static func ask(for batch: [InputSource], sizes: [Int]) {
        let files = zip(batch, sizes).lazy.filter { $0.1 > 0 }.map(\.0).filter(isOnDisk)
        var iterator = files.makeIterator()
        guard let first = iterator.next(), withPath(first, isCached) == false else { return }
        for source in files { _ = withPath(source, willNeed) }
    }

    private static func isOnDisk(_ source: InputSource) -> Bool {
        switch source {
        case .file, .rawFile: return true
        case .memory, .standardInput, .refused: return false
        }
    }

    /// `body` given the source's path as `open` takes it; nil for what is not a file on disk.
    private static func withPath<T>(_ source: InputSource, _ body: (UnsafePointer<CChar>) -> T) -> T? {
        switch source {
        case .file(let path): return path.withCString(body)
        case .rawFile(let name, _): return withPath(name, body)
        case .memory, .standardInput, .refused: return nil
        }
    }

    private static func withPath<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    private static func regularFileSize(_ path: String) -> Int {
        path.withCString { regularFileSize($0) }
    }

    /// The size of the regular file at `path`, 0 for anything else.
    private static func regularFileSize(_ path: UnsafePointer<CChar>) -> Int {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        return Int(info.st_size)
    }

    /// Opens a file `size(of:)` found regular (without blocking, closed at once) to advise the
    /// kernel it will be read; the reader opens it again, and checks it again, when its turn
    /// comes.
    private static func willNeed(_ path: UnsafePointer<CChar>) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED)
        close(descriptor)
    }

    /// Whether the first page of the file at `path` (regular, not empty: `size(of:)`) is in the
    /// page cache (`mincore` on a mapping of it). Anything that cannot be opened or mapped counts
    /// as cached: there is nothing to read ahead.
    private static func isCached(_ path: UnsafePointer<CChar>) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let mapping = mmap(nil, page, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED
        else { return true }
        defer { munmap(mapping, page) }
        var resident: UInt8 = 0
        guard mincore(mapping, page, &resident) == 0 else { return true }
        return resident & 1 == 1
    }
}
