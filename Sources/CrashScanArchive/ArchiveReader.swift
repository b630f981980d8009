import CArchive
import CrashScanModel
import Foundation

/// Opens zip, tar, tar.gz, tgz and gz files with libarchive (Bugly's bulk download is a zip)
/// and hands their members to the importer as if they were files.
public enum ArchiveReader {
    /// One member: its path inside the archive and its bytes, or why it could not be read.
    public struct Member: Sendable {
        public var path: String
        public var data: Data?
        public var problem: String?
        /// A symbolic link, a device or the like: never followed or read (`problem` says what).
        public var isSpecial = false
    }

    /// Members larger than this are reported instead of read (the same limit as for files).
    static let maximumMemberSize = InputLimits.maximumFileSize

    /// True when the bytes start like an archive or a compressed file: zip, gzip, bzip2, xz, or
    /// a tar header (`ustar` at offset 257). Decided from content, never from the name.
    public static func looksLikeArchive(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(262))
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return true
        }
        if bytes.starts(with: [0x1F, 0x8B]) || bytes.starts(with: [0x42, 0x5A, 0x68]) { return true }
        if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return true }
        return bytes.count >= 262 && Array(bytes[257..<262]) == Array("ustar".utf8)
    }

    /// Every member of the archive in `data`, in memory at once (for tests and small archives;
    /// the importer reads them one by one with `forEachMember`).
    public static func members(of data: Data) -> [Member] {
        var members: [Member] = []
        forEachMember(of: data) { member in
            members.append(member)
            return true
        }
        return members
    }

    /// Hands the members of the archive in `data` to `body` one at a time, so that only one
    /// member's bytes are in memory; `body` returns false to stop. Folders are left out; symbolic
    /// links and other special members come with `isSpecial` and no bytes. A member that cannot
    /// be read carries a problem; when the archive itself is damaged, a last member with an
    /// empty path describes the damage.
    public static func forEachMember(of data: Data, _ body: (Member) -> Bool) {
        guard let archive = archive_read_new() else {
            _ = body(Member(path: "", data: nil, problem: "libarchive failed"))
            return
        }
        defer { archive_read_free(archive) }
        archive_read_support_filter_all(archive)
        archive_read_support_format_all(archive)
        // A lone .gz (not a tar) is a "raw" archive of one member.
        archive_read_support_format_raw(archive)
        // libarchive keeps pointing into the buffer it was opened on while it reads: open and
        // read inside one scope, where the pointer stays valid (a second withUnsafeBytes may
        // hand out another address, a stack copy for small Data).
        data.withUnsafeBytes { buffer in
            guard archive_read_open_memory(archive, buffer.baseAddress, buffer.count) == ARCHIVE_OK else {
                _ = body(Member(path: "", data: nil, problem: "damaged archive: \(errorText(archive))"))
                return
            }
            var entry: OpaquePointer?
            while true {
                let status = archive_read_next_header(archive, &entry)
                if status == ARCHIVE_EOF { return }
                guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                    _ = body(Member(path: "", data: nil, problem: "damaged archive: \(errorText(archive))"))
                    return
                }
                let name = archive_entry_pathname(entry).map { String(cString: $0) } ?? "data"
                let type = archive_entry_filetype(entry)
                if type == carchive_directory_type() && !isRaw(archive) { continue }
                guard type == carchive_regular_file_type() || isRaw(archive) else {
                    let what = type == carchive_symlink_type() ? "a symbolic link" : "not a regular file"
                    let special = Member(
                        path: name, data: nil, problem: "\(what) in the archive, not followed",
                        isSpecial: true)
                    if !body(special) { return }
                    continue
                }
                let read = readMember(archive, entry: entry, name: name)
                // A damaged stream cannot be read past this point.
                if !body(read.member) || read.damaged { return }
            }
        }
    }

    /// The current member's bytes, or why they cannot be had (too large, unreadable); `damaged`
    /// when the stream cannot be read past it.
    private static func readMember(_ archive: OpaquePointer, entry: OpaquePointer, name: String) -> (
        member: Member, damaged: Bool
    ) {
        let size = archive_entry_size_is_set(entry) != 0 ? Int(archive_entry_size(entry)) : nil
        if let size, size > maximumMemberSize {
            archive_read_data_skip(archive)
            let problem = "member too large (\(size) bytes; the limit is \(maximumMemberSize))"
            return (Member(path: name, data: nil, problem: problem), false)
        }
        var content = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                let problem = "cannot read the member: \(errorText(archive))"
                return (Member(path: name, data: nil, problem: problem), true)
            }
            content.append(contentsOf: chunk[0..<count])
            if content.count > maximumMemberSize {
                archive_read_data_skip(archive)
                let problem = "member too large (over \(maximumMemberSize) bytes)"
                return (Member(path: name, data: nil, problem: problem), false)
            }
        }
        return (Member(path: name, data: content, problem: nil), false)
    }

    private static func errorText(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }

    /// The raw reader's format: a lone compressed file such as `report.crash.gz`.
    private static func isRaw(_ archive: OpaquePointer) -> Bool {
        archive_format(archive) == ARCHIVE_FORMAT_RAW
    }
}
