import CArchive
import Foundation
import XCTest

/// Zips written with libarchive, member by member, for the hostile-archive tests.
enum ArchiveBuilder {
    enum Member {
        case file(String, Data)
        case symlink(String, target: String)
    }

    static func zip(_ members: [Member], to url: URL) throws {
        guard let archive = archive_write_new() else { throw XCTSkip("libarchive") }
        defer { archive_write_free(archive) }
        archive_write_set_format_zip(archive)
        XCTAssertEqual(archive_write_open_filename(archive, url.path), ARCHIVE_OK)
        for member in members {
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            switch member {
            case .file(let name, let data):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_size(entry, la_int64_t(data.count))
                archive_entry_set_filetype(entry, carchive_regular_file_type())
                archive_entry_set_perm(entry, 0o644)
                archive_write_header(archive, entry)
                _ = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
            case .symlink(let name, let target):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, carchive_symlink_type())
                archive_entry_set_symlink(entry, target)
                archive_entry_set_perm(entry, 0o777)
                archive_write_header(archive, entry)
            }
        }
        archive_write_close(archive)
    }
}
