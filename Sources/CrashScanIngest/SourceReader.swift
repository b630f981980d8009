import CrashScanArchive
import CrashScanClassification
import CrashScanModel
import Foundation

/// One input in, analysed reports or a rejection out: reads the file (within the size limit),
/// opens archives member by member, and parses and analyses each report. No database: whether
/// the same bytes were stored before is asked through `storedBefore`.
package enum SourceReader {
    /// Reads one input and turns it into analysed reports or a rejection; an archive yields one
    /// result per member, named `archive.zip!/member/path`. `inChunks`: a file of many reports
    /// gives its first chunk's, the rest left to read (`AnalyzedInput.rest`), for a caller that
    /// reads them; otherwise every report is read. `opened`: the file, a regular one, opened
    /// already (an import opens a batch's files ahead of their reading).
    package static func read(
        _ source: InputSource, opened: RegularFile.Opened? = nil, settings: ParseSettings = ParseSettings(),
        storedBefore: ((FileFingerprint) -> Int?)? = nil, inChunks: Bool = false
    ) -> [AnalyzedInput] {
        let path = source.displayPath
        let data: Data
        let tooLarge = Rejection(
            "file too large (over \(ReportReader.maximumFileSize) bytes, the limit for one input)")
        switch source {
        case .standardInput:
            // The same limit as for files, read no further than one byte past it.
            guard let contents = RegularFile.readAll(0, sizeHint: nil, limit: ReportReader.maximumFileSize)
            else {
                return [
                    AnalyzedInput(
                        path: path, bytes: nil, outcome: .rejected(Rejection("cannot read standard input")))
                ]
            }
            guard let contents else {
                return [AnalyzedInput(path: path, bytes: nil, outcome: .rejected(tooLarge))]
            }
            data = contents
        case .memory(_, let bytes):
            data = bytes
        case .refused(_, let rejection):
            return [AnalyzedInput(path: path, bytes: nil, outcome: .rejected(rejection))]
        case .file, .rawFile:
            // A file source always has a path (`withFilePath` is nil for the cases above only).
            switch opened.map(readRegularFile) ?? source.withFilePath({ readRegularFile($0) })! {
            case .success(let contents): data = contents
            case .failure(let failure):
                return [AnalyzedInput(path: path, bytes: failure.size, outcome: .rejected(failure.rejection))]
            }
        }
        return read(
            data, path: path, depth: 0, settings: settings, storedBefore: storedBefore, inChunks: inChunks)
    }

    /// Why a file could not be read, with its size when known.
    struct ReadFailure: Error {
        var size: Int?
        var rejection: Rejection
    }

    /// The whole file at `file`, within the size limit (`RegularFile`: only a regular file is
    /// ever opened, and no more than the limit + 1 bytes is read).
    static func readRegularFile(_ file: UnsafePointer<CChar>) -> Result<Data, ReadFailure> {
        readFailure(RegularFile.read(file, limit: ReportReader.maximumFileSize))
    }

    static func readRegularFile(_ file: RegularFile.Opened) -> Result<Data, ReadFailure> {
        readFailure(RegularFile.read(file, limit: ReportReader.maximumFileSize))
    }

    /// The read's failure as the rejection an input gets.
    private static func readFailure(_ read: Result<Data, RegularFile.Failure>) -> Result<Data, ReadFailure> {
        switch read {
        case .success(let data): return .success(data)
        case .failure(let failure):
            switch failure {
            case .tooLarge(_, let size):
                return .failure(ReadFailure(size: size, rejection: Rejection(failure.description)))
            case .notRegular(let kind):
                return .failure(
                    ReadFailure(size: nil, rejection: Rejection("\(kind), not a regular file: not read")))
            case .system(let reason):
                return .failure(
                    ReadFailure(size: nil, rejection: Rejection("cannot read the file: \(reason)")))
            }
        }
    }

    /// Archives inside archives are opened too, to this depth.
    static let maximumArchiveDepth = 3

    /// The reports in `data`, or in each member when it is an archive (to `maximumArchiveDepth`).
    /// `storedBefore` answers how many reports a file with these bytes held when this parser
    /// revision stored it; such a file is not parsed again.
    static func read(
        _ data: Data, path: String, depth: Int, settings: ParseSettings = ParseSettings(),
        storedBefore: ((FileFingerprint) -> Int?)? = nil, inChunks: Bool = false
    ) -> [AnalyzedInput] {
        var budget = ExpansionBudget(limits: settings.archiveLimits, inputBytes: data.count)
        return read(
            data, path: path, depth: depth, settings: settings, storedBefore: storedBefore,
            inChunks: inChunks,
            budget: &budget)
    }

    private static func read(
        _ data: Data, path: String, depth: Int, settings: ParseSettings,
        storedBefore: ((FileFingerprint) -> Int?)?, inChunks: Bool,
        budget: inout ExpansionBudget
    ) -> [AnalyzedInput] {
        // An `.xlsx` workbook is a zip, read as the sheet it is rather than as an archive.
        let isWorkbook = ScaleReader.isWorkbook(data)
        guard isWorkbook || !ArchiveReader.looksLikeArchive(data) else {
            return readArchive(
                data, path: path, depth: depth, settings: settings, storedBefore: storedBefore,
                inChunks: inChunks, budget: &budget)
        }
        let fingerprint = FileFingerprint(of: data)
        if let count = storedBefore?(fingerprint) {
            return [
                AnalyzedInput(
                    path: path, bytes: data.count,
                    outcome: .storedBefore(reports: count, fingerprint: fingerprint),
                    fingerprint: fingerprint)
            ]
        }
        var input = AnalyzedInput(
            path: path, bytes: data.count, outcome: .parsed([]), fingerprint: fingerprint)
        let read =
            isWorkbook
            ? ScaleReader.workbook(data, budget: &budget).flatMap(ReportReader.scaleFile)
            : ReportReader.read(data, chunk: inChunks ? RemainingReports.chunk : nil)
        switch consume read {
        case .success(var file):
            if let scale = file.scale {
                input.outcome = .scale(settings.analyze(scale))
            } else {
                // Handed over, not shared: the reports are moved into their analyses.
                let reports = file.reports
                file.reports = []
                input.outcome = .parsed(settings.analyze(all: reports))
                if let rest = file.rest {
                    input.part = .first
                    input.rest = rest
                }
            }
        case .failure(let rejection): input.outcome = .rejected(rejection)
        }
        return [input]
    }

    /// The members of an archive, each read as a file (archives inside it too, to
    /// `maximumArchiveDepth`).
    private static func readArchive(
        _ data: Data, path: String, depth: Int, settings: ParseSettings,
        storedBefore: ((FileFingerprint) -> Int?)?, inChunks: Bool,
        budget: inout ExpansionBudget
    ) -> [AnalyzedInput] {
        guard depth < maximumArchiveDepth else {
            return [
                AnalyzedInput(
                    path: path, bytes: data.count, outcome: .rejected(Rejection("archive nested too deeply")))
            ]
        }
        var results: [AnalyzedInput] = []
        // One member in memory at a time: the members of a 5 MB zip can expand to gigabytes.
        ArchiveReader.forEachMember(of: data) { member in
            guard !member.path.isEmpty else {
                // The archive itself is damaged: say so under its own name, keep what was read.
                results.append(
                    AnalyzedInput(
                        path: path, bytes: data.count,
                        outcome: .rejected(Rejection(member.problem ?? "damaged archive"))))
                return true
            }
            guard let name = visibleName(member.path) else { return true }
            let memberPath = "\(path)!/\(name)"
            if member.isSpecial {
                results.append(
                    AnalyzedInput(
                        path: memberPath, bytes: nil,
                        outcome: .rejected(.skip(member.problem ?? "special file"))))
                return true
            }
            guard let content = member.data else {
                results.append(
                    AnalyzedInput(
                        path: memberPath, bytes: nil,
                        outcome: .rejected(Rejection(member.problem ?? "unreadable member"))))
                return true
            }
            if let exceeded = budget.spend(content.count) {
                results.append(
                    AnalyzedInput(path: path, bytes: data.count, outcome: .rejected(Rejection(exceeded))))
                return false
            }
            results += read(
                content, path: memberPath, depth: depth + 1, settings: settings, storedBefore: storedBefore,
                inChunks: inChunks, budget: &budget)
            return !budget.isSpent
        }
        if results.isEmpty {
            results.append(
                AnalyzedInput(
                    path: path, bytes: data.count, outcome: .rejected(.skip("archive without files"))))
        }
        return results
    }

    /// The member's name as shown (`a/b.crash`, `./` dropped), or nil for a hidden member or a
    /// macOS resource fork, which are skipped as hidden files are. `..` is no hidden name: such a
    /// member is read like any other (nothing is ever written to disk from an archive).
    static func visibleName(_ path: String) -> String? {
        let components = path.split(separator: "/").filter { $0 != "." }
        if components.contains(where: { ($0.hasPrefix(".") && $0 != "..") || $0 == "__MACOSX" }) {
            return nil
        }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    /// The bytes one input's archives have expanded to so far, against `ArchiveLimits`.
    struct ExpansionBudget {
        let limits: ArchiveLimits
        let inputBytes: Int
        private(set) var expanded = 0
        private(set) var isSpent = false

        init(limits: ArchiveLimits, inputBytes: Int) {
            self.limits = limits
            self.inputBytes = inputBytes
        }

        /// Counts a member's bytes; the reason to stop when they take the input past a limit.
        mutating func spend(_ bytes: Int) -> String? {
            expanded += bytes
            guard let limit = limits.exceeded(expanded: expanded, inputBytes: inputBytes) else { return nil }
            isSpent = true
            return "archive \(limit); the members before were read"
        }
    }
}
