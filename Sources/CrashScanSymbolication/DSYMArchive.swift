import CArchive
import Foundation

/// Unpacks the dSYMs inside an archive (the zip Xcode's Organizer or Bugly's symbol tool hands
/// out) into a folder, streaming each member to disk: a dSYM's DWARF file can be hundreds of
/// megabytes, so it is never held in memory.
enum DSYMArchive {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Extracts every member whose path runs through a `.dSYM` folder into `folder`; returns how
    /// many files were written.
    static func extract(_ archivePath: String, into folder: String) throws -> Int {
        guard let archive = archive_read_new() else { throw Failure(description: "libarchive failed") }
        defer { archive_read_free(archive) }
        archive_read_support_filter_all(archive)
        archive_read_support_format_all(archive)
        guard archive_read_open_filename(archive, archivePath, 1 << 16) == ARCHIVE_OK else {
            throw Failure(description: "\(archivePath): not a readable archive: \(errorText(archive))")
        }
        var written = 0
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                throw Failure(description: "\(archivePath): damaged archive: \(errorText(archive))")
            }
            let name = archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
            let components = name.split(separator: "/").map(String.init)
            // Only dSYM content, and never a path that climbs out of the folder.
            guard archive_entry_filetype(entry) == carchive_regular_file_type(),
                components.contains(where: { $0.hasSuffix(".dSYM") }),
                !components.contains(".."), !components.contains(where: { $0.hasPrefix("__MACOSX") })
            else {
                archive_read_data_skip(archive)
                continue
            }
            let target = folder + "/" + components.joined(separator: "/")
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { throw Failure(description: "cannot write \(target)") }
            let copied = archive_read_data_into_fd(archive, descriptor)
            close(descriptor)
            guard copied == ARCHIVE_OK || copied == ARCHIVE_WARN else {
                throw Failure(description: "\(archivePath)!/\(name): \(errorText(archive))")
            }
            written += 1
        }
        return written
    }

    private static func errorText(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }
}
