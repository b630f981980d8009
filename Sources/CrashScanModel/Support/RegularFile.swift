import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way crashscan opens a file it reads (an input, a dSYM, a source file): only a regular
/// file. A FIFO's open waits for a writer (the command hung), a device reads forever while
/// `stat` says it holds 0 bytes (`scan` of a link to `/dev/zero` grew to 14 GB), a socket cannot
/// be opened at all. Links are followed, and the file is judged by what the open descriptor is,
/// so that nothing can be swapped in between a check and the open.
package enum RegularFile {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// Not a regular file: what it is ("a FIFO", "a character device" …).
        case notRegular(String)
        /// Over `limit` bytes (its size when `stat` gave one).
        case tooLarge(limit: Int, size: Int?)
        /// The system's reason (`strerror`).
        case system(String)

        package var description: String {
            switch self {
            case .notRegular(let kind): return "\(kind), not a regular file"
            case .tooLarge(let limit, let size?):
                return "file too large (\(size) bytes; the limit is \(limit))"
            case .tooLarge(let limit, nil):
                return "file too large (over \(limit) bytes, the limit for one input)"
            case .system(let reason): return reason
            }
        }
    }

    /// What a file of `mode` is, for a message; nil for a regular file.
    package static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "a special file"
        }
    }

    /// What `path` is (links followed) when it is not a regular file; nil for a regular file
    /// or one that cannot be looked at (the open that follows gives the reason).
    package static func notRegular(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kind(info.st_mode)
    }

    /// An open descriptor of the regular file at `path`, and its size. Opened without blocking
    /// (a FIFO's open returns at once, and is then refused); the flag stays set, since it has no
    /// effect on a regular file's reads (open(2): "this flag has no effect for regular files and
    /// block devices"). Clearing it took two `fcntl` calls a file, of the seven an imported file
    /// cost.
    package static func open(_ path: UnsafePointer<CChar>) -> Result<(descriptor: Int32, size: Int), Failure>
    {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.system(String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(.system(reason))
        }
        if let kind = kind(info.st_mode) {
            close(descriptor)
            return .failure(.notRegular(kind))
        }
        return .success((descriptor, Int(info.st_size)))
    }

    package static func open(_ path: String) -> Result<(descriptor: Int32, size: Int), Failure> {
        path.withCString { open($0) }
    }

    /// The whole regular file at `path`, refused over `limit` bytes (by its size, and by reading
    /// no more than `limit` + 1 bytes whatever the size said).
    package static func read(_ path: UnsafePointer<CChar>, limit: Int) -> Result<Data, Failure> {
        switch open(path) {
        case .success(let file):
            defer { close(file.descriptor) }
            return read(file.descriptor, size: file.size, limit: limit)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The whole of `file`, opened earlier (`Opened`), with the same limit as `read(_:limit:)`.
    package static func read(_ file: Opened, limit: Int) -> Result<Data, Failure> {
        read(file.descriptor, size: file.size, limit: limit)
    }

    private static func read(_ descriptor: Int32, size: Int, limit: Int) -> Result<Data, Failure> {
        if size > limit { return .failure(.tooLarge(limit: limit, size: size)) }
        guard let read = readAll(descriptor, sizeHint: size, limit: limit) else {
            return .failure(.system(String(cString: strerror(errno))))
        }
        guard let data = read else { return .failure(.tooLarge(limit: limit, size: nil)) }
        return .success(data)
    }

    /// A regular file opened ahead of its reading (`open`), closed when the last reference to it
    /// goes: whoever drops it unread (an import stopped half-way) cannot leak its descriptor.
    package final class Opened: Sendable {
        package let descriptor: Int32
        /// Its size when it was opened.
        package let size: Int

        package init?(_ path: UnsafePointer<CChar>) {
            guard case .success(let file) = RegularFile.open(path) else { return nil }
            descriptor = file.descriptor
            size = file.size
        }

        deinit { close(descriptor) }
    }

    package static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        path.withCString { read($0, limit: limit) }
    }

    /// Reads `descriptor` to its end, but never more than `limit` + 1 bytes: nil when it cannot
    /// be read, `.some(nil)` when it holds more than `limit` (not held in memory whole; standard
    /// input has no size to check first). With a `sizeHint` (the size `fstat` gave), the read
    /// stops once it has that many bytes, without the further read that would find the end: the
    /// file as it was when it was looked at (one system call less a file).
    package static func readAll(_ descriptor: Int32, sizeHint: Int?, limit: Int) -> Data?? {
        var data = Data(count: min(max(sizeHint ?? 0, 0), limit) + 1)
        var length = 0
        while true {
            if length == data.count {
                guard length <= limit else { return .some(nil) }
                data.count = min(data.count * 2, limit + 1)
            }
            let count = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Glibc.read(descriptor, base + length, buffer.count - length)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            length += count
            if let sizeHint, sizeHint > 0, length == sizeHint { break }
        }
        guard length <= limit else { return .some(nil) }
        data.count = length
        return .some(data)
    }
}
