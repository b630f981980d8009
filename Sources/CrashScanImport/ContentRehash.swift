import CrashScanIngest
import CrashScanModel
import CrashScanStore
import Foundation

/// Brings the content hashes of stored JSON reports from Foundation's serialisation (content
/// hash form 1, before crashscan 2026.12) to crashscan's canonical form (form 2, `CanonicalJSON`),
/// so that a report imported before is recognised when it is imported again.
///
/// The two forms are the same bytes wherever Foundation read a document alike (every JSON
/// report of the test corpus), so most hashes do not change; where they may differ (a member name
/// outside printable ASCII, a name given twice, a number no Double holds whole) only the document
/// can tell, and the database keeps no document. So each report's file is read again where it
/// still is, with the bytes that were imported (the file's fingerprint in `import_file`); a
/// report whose file is gone, changed, or a member of an archive keeps its hash, and is named
/// in the summary. Run by `crashscan upgrade` and by the first import into such a database.
package enum ContentRehash {
    package struct Summary: Equatable, Sendable {
        /// Stored JSON reports.
        package var reports = 0
        /// Reports whose hash changed.
        package var rehashed = 0
        /// Reports whose file could not be read again as it was imported (their hash is kept).
        package var unread = 0
        /// Reports whose new hash another stored report holds (kept under their old hash).
        package var clashes = 0
    }

    /// True when the stored hashes follow an older form.
    package static func isNeeded(_ store: Store) throws -> Bool {
        try store.contentHashForm() < Store.currentContentHashForm
    }

    package static func run(_ store: Store) throws -> Summary {
        let stored = try store.storedJSONReports()
        var summary = Summary(reports: stored.count)
        var changes: [(report: Int64, hash: String)] = []
        for (path, reports) in Dictionary(grouping: stored, by: \.sourcePath) {
            guard let hashes = currentHashes(of: path, importedAs: reports.first?.fileHash) else {
                summary.unread += reports.count
                continue
            }
            for report in reports {
                guard let hash = hashes[report.positionInFile] else {
                    summary.unread += 1
                    continue
                }
                if hash != report.contentHash { changes.append((report.id, hash)) }
            }
        }
        let clashes = try store.replaceContentHashes(changes.sorted { $0.report < $1.report })
        summary.clashes = clashes.count
        summary.rehashed = changes.count - clashes.count
        return summary
    }

    /// The content hash of each report of the file at `path`, by position, when its bytes are
    /// still those imported (`fingerprint`, 32 hex digits); nil otherwise.
    private static func currentHashes(of path: String, importedAs fingerprint: String?) -> [Int: String]? {
        guard !path.contains("!/"), let fingerprint,
            case .success(let data) = RegularFile.read(path, limit: ReportReader.maximumFileSize),
            FileFingerprint(of: data).hex == fingerprint,
            case .success(let reports) = ReportReader.read(data)
        else { return nil }
        var hashes: [Int: String] = [:]
        for report in reports { hashes[report.positionInFile] = SHA256.hex(report.normalizedContent) }
        return hashes
    }
}

extension ContentRehash.Summary {
    /// `re-hashed 2 of 40 JSON reports (3 not read again: their files are gone or changed)`.
    package var description: String {
        let text = "re-hashed \(rehashed) of \(reports) JSON \(reports == 1 ? "report" : "reports")"
        var notes: [String] = []
        if unread > 0 {
            notes.append(
                "\(unread) whose files are gone, changed or in archives keep their hash, which is the same in "
                    + "both forms unless the report has a member name outside ASCII, a name given twice or a "
                    + "number beyond 2^53")
        }
        if clashes > 0 { notes.append("\(clashes) already stored under the new hash, kept apart") }
        return notes.isEmpty ? text : text + " (" + notes.joined(separator: "; ") + ")"
    }
}
