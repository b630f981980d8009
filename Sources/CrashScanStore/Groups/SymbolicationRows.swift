import CrashScanClassification
import CrashScanDatabase
import CrashScanModel

/// A stored report whose app frames are kept as offsets with their images (`report.frames`,
/// `report.images`): what `crashscan symbolicate` resolves.
package struct StoredFramesReport: Sendable {
    package var id: Int64
    package var sourcePath: String
    /// The report as far as symbolication and classification need it, from its stored columns.
    package var report: CrashReport
}

/// What `crashscan symbolicate` reads and writes; the workflow (symbolicate, reclassify,
/// regroup) is above the store (CrashScanWorkflows' `StoredSymbolication`).
extension Store {
    /// The reports that keep their frames for symbols, of `group` (nil: every group).
    package func reportsWithStoredFrames(group: Int64?) throws -> [StoredFramesReport] {
        var sql = """
            SELECT r.id, r.frames, r.images, r.exception_type, r.exception_reason, r.process_name, r.app_image,
                   r.source_format, r.source_path
            FROM report r WHERE r.frames IS NOT NULL AND r.images IS NOT NULL
            """
        var arguments: [SQLValue] = []
        if let group {
            sql += " AND r.group_id = ?"
            arguments.append(.integer(group))
        }
        return try db.query(sql, arguments).compactMap { row in
            guard let id = try row.int("id"), let report = try Self.reconstruct(row) else { return nil }
            return StoredFramesReport(
                id: Int64(id), sourcePath: try row.string("source_path") ?? "", report: report)
        }
    }

    static func reconstruct(_ row: Row) throws -> CrashReport? {
        guard let framesText = try row.string("frames"), let imagesText = try row.string("images"),
            let format = try row.string("source_format").flatMap(SourceFormat.init)
        else { return nil }
        var report = CrashReport(format: format, normalizedContent: "")
        report.exceptionType = try row.string("exception_type")
        report.exceptionReason = try row.string("exception_reason")
        report.processName = try row.string("process_name")
        report.appImageHint = try row.string("app_image")
        report.frames = FrameList(
            framesText.split(separator: "\n").enumerated().map { index, line in
                StoredFrames.frame(line, index: index)
            })
        report.binaryImages = imagesText.split(separator: "\n").compactMap(StoredFrames.image)
        return report
    }

    /// Stores the symbolicated classification and blame frame of each report in one transaction,
    /// and brings the caches of their groups up to date.
    package func saveSymbolicated(_ reports: [(id: Int64, analyzed: AnalyzedReport)]) throws {
        guard !reports.isEmpty else { return }
        try CacheUpkeep.transaction(db) { upkeep in
            for item in reports { try saveSymbolicated(item.analyzed, report: item.id) }
            let groups = try db.query(
                "SELECT DISTINCT group_id FROM report WHERE \(db.dialect.inIDList("id", parameter: 1))",
                [db.dialect.idListValue(reports.map(\.id))]
            ).compactMap { try $0.int("group_id").map(Int64.init) }
            try upkeep.refresh(groups: Set(groups), changing: Self.symbolicationChanges)
        }
    }

    /// What symbolication changes: the reports' blame frames and symbols, their failures (a
    /// report may gain one).
    static let symbolicationChanges: Set<RawColumn> = [
        .report("blame_frame"), .report("blame_symbolicated"), .report("symbolication"),
        .failure("report_id"),
        .failure("receiver_class"), .failure("key"), .failure("accessor"),
    ]

    private func saveSymbolicated(_ analyzed: AnalyzedReport, report id: Int64) throws {
        try db.run(
            """
            UPDATE report SET blame_frame = ?, blame_symbolicated = ?, symbolication = ?, frames = ?, images = ?
            WHERE id = ?
            """,
            [
                .optional(analyzed.blameFrame), analyzed.blameSymbolicated.map(SQLValue.bool) ?? .null,
                .optional(analyzed.symbolication?.rawValue),
                .optional(analyzed.keepsFramesForSymbols ? analyzed.framesText : nil),
                .optional(analyzed.keepsFramesForSymbols ? analyzed.imagesText : nil), .integer(id),
            ])
        guard let failure = analyzed.failure else { return }
        // The stored class and key win when the symbols tell nothing new (a merged report keeps
        // what its group gave it).
        try db.run(
            """
            INSERT INTO kvc_failure (
                report_id, kind, accessor, receiver_class, key, key_is_private, cause, evidence, class_origin,
                class_origin_reason
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (report_id) DO UPDATE SET
                accessor = coalesce(kvc_failure.accessor, excluded.accessor),
                receiver_class = coalesce(kvc_failure.receiver_class, excluded.receiver_class),
                key = coalesce(kvc_failure.key, excluded.key),
                cause = CASE WHEN kvc_failure.evidence LIKE '%+group' THEN kvc_failure.cause ELSE excluded.cause END,
                class_origin = excluded.class_origin, class_origin_reason = excluded.class_origin_reason
            """,
            [
                .integer(id), .text(failure.kind.rawValue), .optional(failure.accessor?.rawValue),
                .optional(failure.receiverClass), .optional(failure.key), .bool(failure.keyIsPrivate),
                .text(failure.cause.rawValue), .text(failure.evidence),
                .optional(failure.classOrigin?.rawValue),
                .optional(failure.classOriginReason),
            ])
    }

    /// A group whose sample frames are still offsets shows the symbolicated report's frames;
    /// then every group's blame frame and sample are brought up to date.
    package func refreshSamples(symbolicated reports: [(id: Int64, analyzed: AnalyzedReport, path: String)])
        throws
    {
        let sample = try db.prepare(
            """
            UPDATE crash_group SET sample_frames = ?, sample_report_path = ?
            WHERE id = (SELECT group_id FROM report WHERE id = ?)
              AND (sample_frames IS NULL OR \(db.dialect.holdsOffsetFrame("sample_frames")))
            """)
        try db.transaction {
            for item in reports {
                try sample.bind([.text(item.analyzed.framesText), .text(item.path), .integer(item.id)])
                try sample.runToCompletion()
            }
        }
        try GroupRows.refreshDisplay(try db.allGroupIDs(), samples: [:], db: db)
    }
}

/// Reads back the frames and images text that `AnalyzedReport` stores.
enum StoredFrames {
    /// The columns of a stored frame line; the location is nil when empty.
    static func columns(_ line: Substring) -> (
        image: String, symbol: String, location: String?, inlined: Bool
    ) {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return (
            parts.first ?? "", parts.count > 1 ? parts[1] : "",
            parts.count > 2 && !parts[2].isEmpty ? parts[2] : nil, parts.count > 3 && parts[3] == "inlined"
        )
    }

    /// `image<TAB>symbol<TAB>file:line[<TAB>inlined]`; `symbol + N` with a `0x` symbol is an
    /// offset N into the image.
    static func frame(_ line: Substring, index: Int) -> Frame {
        let columns = self.columns(line)
        let image = columns.image
        let symbol = columns.symbol
        var location: (file: String?, line: Int?) = (nil, nil)
        if let text = columns.location {
            let pieces = text.split(separator: ":")
            if pieces.count >= 2, let number = Int(pieces[pieces.count - 1]) {
                location = (pieces.dropLast().joined(separator: ":"), number)
            } else {
                location = (text, nil)
            }
        }
        if symbol.hasPrefix("0x"), let plus = symbol.range(of: " + "),
            let offset = UInt64(symbol[plus.upperBound...])
        {
            return Frame(
                index: index, image: image, symbol: String(symbol[..<plus.lowerBound]), offset: offset,
                isUnsymbolicated: true)
        }
        return Frame(
            index: index, image: image, symbol: symbol, file: location.file, line: location.line,
            isInlined: columns.inlined)
    }

    /// `name uuid 0xload arch` (name with no-break spaces for spaces; `-` for unknown).
    static func image(_ line: Substring) -> BinaryImage? {
        let parts = line.split(separator: " ").map(String.init)
        guard parts.count >= 4 else { return nil }
        func known(_ text: String) -> String? { text == "-" ? nil : text }
        return BinaryImage(
            name: parts[0].replacingOccurrences(of: "\u{A0}", with: " "), uuid: known(parts[1]),
            loadAddress: known(parts[2]).flatMap { UInt64($0.dropFirst(2), radix: 16) }, arch: known(parts[3])
        )
    }
}

/// An app image whose frames a group's reports keep as offsets for want of its dSYM.
public struct MissingDSYMImage: Sendable, Equatable, Encodable {
    public var image: String
    /// Upper-case hex without dashes: what `dwarfdump --uuid` prints, less the dashes.
    public var uuid: String
    /// The group's reports that need it.
    public var reports: Int
}

extension Store {
    /// The images with a UUID whose frames the group's `missing_dsym` reports keep as offsets,
    /// most reports first: the dSYMs `crashscan symbolicate` needs.
    public func missingDSYMImages(group id: Int64) throws -> [MissingDSYMImage] {
        let rows = try db.query(
            """
            SELECT frames, images FROM report
            WHERE group_id = ? AND symbolication = ? AND frames IS NOT NULL AND images IS NOT NULL
            """, [.integer(id), .text(SymbolicationState.missingDSYM.rawValue)])
        var counts: [String: MissingDSYMImage] = [:]
        for row in rows {
            guard let framesText = try row.string("frames"), let imagesText = try row.string("images") else {
                continue
            }
            let offsetImages = Set(
                framesText.split(separator: "\n").map { StoredFrames.frame($0, index: 0) }
                    .filter(\.isUnsymbolicated).map(\.image))
            var seen: Set<String> = []
            for image in imagesText.split(separator: "\n").compactMap(StoredFrames.image)
            where offsetImages.contains(image.name) {
                guard let uuid = image.uuid, seen.insert(uuid).inserted else { continue }
                counts[uuid, default: MissingDSYMImage(image: image.name, uuid: uuid, reports: 0)].reports +=
                    1
            }
        }
        return counts.values.sorted { ($0.reports, $1.uuid) > ($1.reports, $0.uuid) }
    }
}
