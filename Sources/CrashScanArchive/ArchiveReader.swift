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

    /// Every regular member of the archive in `data`. A member that cannot be read carries a
    /// problem; when the archive itself is damaged, the members read so far are returned with a
    /// final member describing the damage (path: the archive itself, empty string).
    public static func members(of data: Data) -> [Member] {
        guard let archive = archive_read_new() else {
            return [Member(path: "", data: nil, problem: "libarchive failed")]
        }
        defer { archive_read_free(archive) }
        archive_read_support_filter_all(archive)
        archive_read_support_format_all(archive)
        // A lone .gz (not a tar) is a "raw" archive of one member.
        archive_read_support_format_raw(archive)
        var members: [Member] = []
        // libarchive keeps pointing into the buffer it was opened on while it reads: open and
        // read inside one scope, where the pointer stays valid (a second withUnsafeBytes may
        // hand out another address, a stack copy for small Data).
        return data.withUnsafeBytes { buffer -> [Member] in
            let opened = archive_read_open_memory(archive, buffer.baseAddress, buffer.count)
            guard opened == ARCHIVE_OK else {
                return [Member(path: "", data: nil, problem: "damaged archive: \(errorText(archive))")]
            }
            var entry: OpaquePointer?
            while true {
                let status = archive_read_next_header(archive, &entry)
                if status == ARCHIVE_EOF { break }
                guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                    members.append(
                        Member(path: "", data: nil, problem: "damaged archive: \(errorText(archive))"))
                    break
                }
                let name = archive_entry_pathname(entry).map { String(cString: $0) } ?? "data"
                // Directories, links and the like carry no report.
                guard archive_entry_filetype(entry) == carchive_regular_file_type() || isRaw(archive) else {
                    continue
                }
                let read = readMember(archive, entry: entry, name: name)
                members.append(read.member)
                // A damaged stream cannot be read past this point.
                if read.damaged { break }
            }
            return members
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
