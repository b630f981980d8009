import CrashScanIngest
import CrashScanModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a batch's files while the batch before it is parsed, and asks the kernel to read them:
/// the parsers otherwise wait for each file that is not in the page cache, in turn. The reader
/// then reads the open file (`SourceReader.read(_:opened:)`) instead of opening it again.
///
/// Every file is asked for, not only a batch whose first file is out of the page cache (as
/// before): this VM's kernel drops files from the page cache a few at a time, scattered (of the
/// 100,000 files, 10 % a minute after an import, 27 % after two minutes, 55 % after three and a
/// half), so a batch's first file said little about the rest. 100,000 logs with 30 % of them dropped at
/// random before each run: 6.38 and 7.41 s against 7.87 and 9.05 s (alternated); with all of
/// them in the page cache, four ABBA rounds: median 5.46 against 5.77 s. Opening here costs no
/// more than the size looked up by path before: the reader no longer opens the file, so a file
/// is still one path lookup and five system calls (open, fstat, fadvise, read, close).
enum ReadAhead {
    /// What reading `source` will read, as far as that is known before reading (a regular file's
    /// size, `unknown` for standard input, 0 for anything that is not read), and the file opened
    /// and asked of the disk when it is a regular file and `mayOpen` allows one more.
    static func open(_ source: InputSource, unknown: Int, mayOpen: Bool) -> (
        size: Int, file: RegularFile.Opened?
    ) {
        switch source {
        case .file, .rawFile:
            guard mayOpen else { return (source.withFilePath(regularFileSize) ?? 0, nil) }
            guard let file = source.withFilePath(RegularFile.Opened.init) ?? nil else { return (0, nil) }
            // Not a file over the input limit, which the reader refuses unread: asked for, a disk
            // image or a core dump in the folder was read into the page cache for nothing (8 MiB
            // of a sparse 65 MiB file, the kernel's cap on one advice).
            if file.size <= ReportReader.maximumFileSize {
                _ = posix_fadvise(file.descriptor, 0, 0, POSIX_FADV_WILLNEED)
            }
            return (file.size, file)
        case .memory(_, let data): return (data.count, nil)
        case .standardInput: return (unknown, nil)
        case .refused: return (0, nil)
        }
    }

    /// How many files one batch keeps open ahead at most: two batches are open at a time (the one
    /// being parsed and the next), within half the descriptors the process may open (Linux
    /// usually allows 1,024, macOS 256) so that the database, archives and dSYMs keep room. The
    /// files past it are looked up by path and read when their turn comes, as before.
    static let openFilesPerBatch: Int = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        // RLIM_INFINITY is the largest value: clamped to Int.max like any limit past it.
        return Int(clamping: limit.rlim_cur) / 4
    }()

    /// The size of the regular file at `path`, 0 for anything else.
    private static func regularFileSize(_ path: UnsafePointer<CChar>) -> Int {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        return Int(info.st_size)
    }
}
