import CrashScanArchive
import CrashScanClassification
import CrashScanModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One input in, analysed reports or a rejection out: reads the file (within the size limit),
/// opens archives member by member, and parses and analyses each report. No database: whether
/// the same bytes were stored before is asked through `storedBefore`.
package enum SourceReader {
    /// What reading one input came to, computed off the writer.
    package enum Outcome: Sendable {
        case parsed([AnalyzedReport])
        case rejected(Rejection)
        /// These exact bytes were stored before by this parser revision and held this many
        /// reports: the file was not parsed again.
        case storedBefore(reports: Int, fingerprint: FileFingerprint)

        init(_ result: Result<[AnalyzedReport], Rejection>) {
            switch result {
            case .success(let reports): self = .parsed(reports)
            case .failure(let rejection): self = .rejected(rejection)
            }
        }
    }

    /// One input (a file or an archive member) after reading and parsing.
    package struct Parsed: Sendable {
        package var path: String
        package var bytes: Int?
        package var outcome: Outcome
        /// The fingerprint of the bytes (nil for a rejection before reading).
        package var fingerprint: FileFingerprint? = nil
    }

    /// Reads one input and turns it into analysed reports or a rejection; an archive yields one
    /// result per member, named `archive.zip!/member/path`.
    package static func read(
        _ source: InputSource, settings: ParseSettings = ParseSettings(),
        storedBefore: ((FileFingerprint) -> Int?)? = nil
    ) -> [Parsed] {
        let path = source.displayPath
        let data: Data
        let tooLarge = Rejection(
            "file too large (over \(ReportReader.maximumFileSize) bytes, the limit for one input)")
        switch source {
        case .standardInput:
            // The same limit as for files, read no further than one byte past it.
            guard let contents = readDescriptor(0, size: nil) else {
                return [
                    Parsed(
                        path: path, bytes: nil, outcome: .rejected(Rejection("cannot read standard input")))
                ]
            }
            guard let contents = contents.data else {
                return [Parsed(path: path, bytes: nil, outcome: .rejected(tooLarge))]
            }
            data = contents
        case .memory(_, let bytes):
            data = bytes
        case .file(let file):
            var info = stat()
            let size = stat(file, &info) == 0 ? Int(info.st_size) : nil
            if let size, size > ReportReader.maximumFileSize {
                return [
                    Parsed(
                        path: path, bytes: size,
                        outcome: .rejected(
                            Rejection(
                                "file too large (\(size) bytes; the limit is \(ReportReader.maximumFileSize))"
                            )))
                ]
            }
            guard let read = readFile(file, size: size) else {
                return [
                    Parsed(
                        path: path, bytes: size,
                        outcome: .rejected(Rejection("cannot read the file (permission denied?)")))
                ]
            }
            // A file that grew past the limit after `stat` (or a device without a size).
            guard let contents = read.data else {
                return [Parsed(path: path, bytes: size, outcome: .rejected(tooLarge))]
            }
            data = contents
        }
        return read(data, path: path, depth: 0, settings: settings, storedBefore: storedBefore)
    }

    /// What reading an input came to: its bytes, or nil bytes when it is over the size limit.
    struct ReadBytes {
        var data: Data?
    }

    /// The whole file with `open`/`read` (FileManager's attribute and content calls were a
    /// visible share of import time); nil when it cannot be opened or read.
    static func readFile(_ path: String, size: Int?, limit: Int = ReportReader.maximumFileSize) -> ReadBytes?
    {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readDescriptor(descriptor, size: size, limit: limit)
    }

    /// Reads `descriptor` to its end, but never more than `limit` + 1 bytes: past the limit the
    /// input is refused without being held in memory whole (standard input has no size to check
    /// first).
    static func readDescriptor(_ descriptor: Int32, size: Int?, limit: Int = ReportReader.maximumFileSize)
        -> ReadBytes?
    {
        var data = Data(count: min(max(size ?? 0, 0), limit) + 1)
        var length = 0
        while true {
            if length == data.count {
                guard length <= limit else { return ReadBytes(data: nil) }
                data.count = min(data.count * 2, limit + 1)
            }
            let count = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return systemRead(descriptor, base + length, buffer.count - length)
            }
            if count < 0 { return nil }
            if count == 0 { break }
            length += count
        }
        guard length <= limit else { return ReadBytes(data: nil) }
        data.count = length
        return ReadBytes(data: data)
    }

    /// Archives inside archives are opened too, to this depth.
    static let maximumArchiveDepth = 3

    /// The reports in `data`, or in each member when it is an archive (to `maximumArchiveDepth`).
    /// `storedBefore` answers how many reports a file with these bytes held when this parser
    /// revision stored it; such a file is not parsed again.
    static func read(
        _ data: Data, path: String, depth: Int, settings: ParseSettings = ParseSettings(),
        storedBefore: ((FileFingerprint) -> Int?)? = nil
    ) -> [Parsed] {
        guard ArchiveReader.looksLikeArchive(data) else {
            let fingerprint = FileFingerprint(of: data)
            if let count = storedBefore?(fingerprint) {
                return [
                    Parsed(
                        path: path, bytes: data.count,
                        outcome: .storedBefore(reports: count, fingerprint: fingerprint),
                        fingerprint: fingerprint)
                ]
            }
            let result = ReportReader.read(data).map { reports in reports.map(settings.analyze) }
            return [Parsed(path: path, bytes: data.count, outcome: Outcome(result), fingerprint: fingerprint)]
        }
        guard depth < maximumArchiveDepth else {
            return [
                Parsed(
                    path: path, bytes: data.count, outcome: .rejected(Rejection("archive nested too deeply")))
            ]
        }
        var results: [Parsed] = []
        for member in ArchiveReader.members(of: data) {
            guard !member.path.isEmpty else {
                // The archive itself is damaged: say so under its own name, keep what was read.
                results.append(
                    Parsed(
                        path: path, bytes: data.count,
                        outcome: .rejected(Rejection(member.problem ?? "damaged archive"))))
                continue
            }
            // Hidden members and macOS resource forks are skipped, as hidden files are (`./x` is not hidden).
            let components = member.path.split(separator: "/").filter { $0 != "." }
            if components.contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) { continue }
            let name = components.joined(separator: "/")
            let memberPath = "\(path)!/\(name)"
            guard let content = member.data else {
                results.append(
                    Parsed(
                        path: memberPath, bytes: nil,
                        outcome: .rejected(Rejection(member.problem ?? "unreadable member"))))
                continue
            }
            results += read(
                content, path: memberPath, depth: depth + 1, settings: settings, storedBefore: storedBefore)
        }
        if results.isEmpty {
            results.append(
                Parsed(path: path, bytes: data.count, outcome: .rejected(.skip("archive without files"))))
        }
        return results
    }
}

/// `read(2)`, named apart from `SourceReader.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
