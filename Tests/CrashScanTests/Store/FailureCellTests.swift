import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanRules
@testable import CrashScanStore

/// The failure cells (migration 14) that `report` sums instead of reading every failure: what a
/// GROUP BY over the failures says, after imports, hand edits and deletes (every tally test calls
/// `assertCellsMatchFailures`), and the same report counts for every selection they answer.
final class FailureCellTests: XCTestCase {
    /// The cells and their ids as the failures give them (missing values '' and -1, as stored).
    static let keyFromReports = """
        r.group_id, coalesce(r.device_model, ''), coalesce(r.device_name, ''), coalesce(r.os_version, ''),
        coalesce(r.os_key, -1), coalesce(r.app_version, '')
        """
    static let cellsFromFailures = """
        SELECT \(keyFromReports), count(*) FROM report r JOIN kvc_failure k ON k.report_id = r.id
        GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
        """
    static let cellsFromTally = """
        SELECT group_id, device_model, device_name, os_version, os_key, app_version, failures
        FROM failure_cell ORDER BY 1, 2, 3, 4, 5, 6
        """
    static func idsFromFailures(_ column: String) -> String {
        """
        SELECT \(keyFromReports), r.\(column), count(*) FROM report r JOIN kvc_failure k ON k.report_id = r.id
        WHERE r.\(column) IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
        """
    }
    /// The cells' ids as stored: texts by cell on PostgreSQL, numbers by OS key and cell on SQLite
    /// (migration 20), read back as texts.
    static func idsFromTally(_ id: String, _ dialect: SQLDialect) -> String {
        let (join, value) =
            dialect == .sqlite
            ? (
                "t.os_key = c.os_key AND t.cell_id = c.id JOIN \(id)_number n ON n.id = t.\(id)_no",
                "n.\(id)_id"
            )
            : ("t.cell_id = c.id", "t.\(id)_id")
        return """
            SELECT c.group_id, c.device_model, c.device_name, c.os_version, c.os_key, c.app_version, \(value),
                   t.failures
            FROM failure_cell c JOIN failure_cell_\(id) t ON \(join) ORDER BY 1, 2, 3, 4, 5, 6, 7
            """
    }
    static func dump(_ db: Database, _ sql: String) throws -> [String] {
        try db.query(sql).map { row in row.values.map { $0.textForm ?? "∅" }.joined(separator: "|") }
    }

    static func assertCellsMatchFailures(_ db: Database, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        XCTAssertEqual(
            try dump(db, cellsFromTally), try dump(db, cellsFromFailures), "cells", file: file, line: line)
        XCTAssertEqual(
            try dump(db, idsFromTally("device", db.dialect)),
            try dump(db, idsFromFailures("device_id")), "device ids", file: file, line: line)
        XCTAssertEqual(
            try dump(db, idsFromTally("user", db.dialect)),
            try dump(db, idsFromFailures("user_id")), "user ids", file: file, line: line)
        for id in ["device", "user"] {
            XCTAssertEqual(
                try dump(db, "SELECT group_id, \(id)_id, failures FROM failure_group_\(id) ORDER BY 1, 2"),
                try dump(
                    db,
                    """
                    SELECT r.group_id, r.\(id)_id, count(*) FROM report r JOIN kvc_failure k ON k.report_id = r.id
                    WHERE r.\(id)_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
                    """), "\(id) ids per group", file: file, line: line)
            XCTAssertEqual(
                try dump(db, "SELECT \(id)_id, failures FROM failure_\(id) ORDER BY 1"),
                try dump(
                    db,
                    """
                    SELECT r.\(id)_id, count(*) FROM report r JOIN kvc_failure k ON k.report_id = r.id
                    WHERE r.\(id)_id IS NOT NULL GROUP BY 1 ORDER BY 1
                    """), "\(id) ids", file: file, line: line)
        }
        XCTAssertEqual(
            try dump(
                db, "SELECT group_id, kind, has_key, key, failures FROM failure_group_key ORDER BY 1, 2, 3, 4"
            ),
            try dump(
                db,
                """
                SELECT r.group_id, k.kind, k.key IS NOT NULL, coalesce(k.key, ''), count(*)
                FROM report r JOIN kvc_failure k ON k.report_id = r.id GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
                """), "kinds and keys", file: file, line: line)
        try assertTimesMatchFailures(db, file: file, line: line)
        if db.dialect == .sqlite {
            try assertTimedFailuresMatch(db, file: file, line: line)
            // The reports per OS key, device and app version (migration 22).
            XCTAssertEqual(
                try dump(
                    db,
                    "SELECT os_key, device_model, device_name, app_version, reports FROM report_count ORDER BY 1, 2, 3, 4"
                ),
                try dump(
                    db,
                    """
                    SELECT coalesce(os_key, -1), coalesce(device_model, ''), coalesce(device_name, ''),
                           coalesce(app_version, ''), count(*) FROM report GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
                    """), "report cells", file: file, line: line)
        }
        let day = db.dialect == .postgresql ? "to_char(day, 'YYYY-MM-DD')" : "day"
        XCTAssertEqual(
            try dump(db, "SELECT group_id, \(day), failures FROM failure_day ORDER BY 1, 2"),
            try dump(
                db,
                """
                SELECT r.group_id, substr(\(db.dialect.timestampText(seen)), 1, 10) AS day, count(*)
                FROM report r JOIN kvc_failure k ON k.report_id = r.id WHERE \(seen) IS NOT NULL
                GROUP BY 1, 2 ORDER BY 1, 2
                """), "days", file: file, line: line)
    }

    private static let seen = "coalesce(r.occurred_at, r.uploaded_at)"

    /// A cell's first and last times are its failures'; a stale cell's are bounds of them.
    static func assertTimesMatchFailures(_ db: Database, file: StaticString, line: UInt) throws {
        let seen = "coalesce(r.occurred_at, r.uploaded_at)"
        var failures: [String: (first: String?, last: String?)] = [:]
        for row in try db.query(
            """
            SELECT \(keyFromReports), min(\(seen)) AS first, max(\(seen)) AS last
            FROM report r JOIN kvc_failure k ON k.report_id = r.id GROUP BY 1, 2, 3, 4, 5, 6
            """)
        {
            let key = row.values.prefix(6).map { $0.textForm ?? "∅" }.joined(separator: "|")
            failures[key] = (try row.string("first"), try row.string("last"))
        }
        let cells = try db.query(
            """
            SELECT group_id, device_model, device_name, os_version, os_key, app_version, first_seen AS first,
                   last_seen AS last, seen_stale AS stale
            FROM failure_cell
            """)
        for row in cells {
            let key = row.values.prefix(6).map { $0.textForm ?? "∅" }.joined(separator: "|")
            let stored = (first: try row.string("first"), last: try row.string("last"))
            guard let actual = failures[key] else { continue }  // the counts' comparison names it
            if try row.int("stale") == 1 {
                XCTAssertLessThanOrEqual(stored.first ?? "", actual.first ?? "", key, file: file, line: line)
                XCTAssertGreaterThanOrEqual(stored.last ?? "", actual.last ?? "", key, file: file, line: line)
            } else {
                XCTAssertEqual(stored.first, actual.first, key, file: file, line: line)
                XCTAssertEqual(stored.last, actual.last, key, file: file, line: line)
            }
        }
    }

    /// Each failure's time, cell and id numbers and the reports per day (migration 19, SQLite) as
    /// the failures and reports give them; every id of a failure has its number (migration 20).
    static func assertTimedFailuresMatch(_ db: Database, file: StaticString, line: UInt) throws {
        XCTAssertEqual(
            try dump(
                db, "SELECT seen, cell_id, device_no, user_no, failures FROM failure_seen ORDER BY 1, 2, 3, 4"
            ),
            try dump(
                db,
                """
                SELECT \(seen), c.id, coalesce(d.id, 0), coalesce(u.id, 0), count(*)
                FROM report r JOIN kvc_failure k ON k.report_id = r.id
                JOIN failure_cell c ON c.group_id = r.group_id AND c.device_model = coalesce(r.device_model, '')
                     AND c.device_name = coalesce(r.device_name, '') AND c.os_version = coalesce(r.os_version, '')
                     AND c.os_key = coalesce(r.os_key, -1) AND c.app_version = coalesce(r.app_version, '')
                LEFT JOIN device_number d ON d.device_id = r.device_id
                LEFT JOIN user_number u ON u.user_id = r.user_id
                WHERE \(seen) IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
                """), "failures' times", file: file, line: line)
        for id in ["device", "user"] {
            XCTAssertEqual(
                try dump(
                    db,
                    """
                    SELECT DISTINCT r.\(id)_id FROM report r JOIN kvc_failure k ON k.report_id = r.id
                    WHERE r.\(id)_id IS NOT NULL AND r.\(id)_id NOT IN (SELECT \(id)_id FROM \(id)_number)
                    """), [], "\(id) ids without a number", file: file, line: line)
        }
        XCTAssertEqual(
            try dump(db, "SELECT day, reports FROM report_day ORDER BY 1"),
            try dump(
                db,
                """
                SELECT substr(\(seen), 1, 10), count(*) FROM report r WHERE \(seen) IS NOT NULL
                GROUP BY 1 ORDER BY 1
                """), "reports per day", file: file, line: line)
    }

    /// Selections the cells answer, each compared with the failures read one by one.
    static func selections(groups: [Int64]) throws -> [(String, ReportSelection)] {
        func selection(_ change: (inout ReportSelection) throws -> Void) rethrows -> ReportSelection {
            var selection = ReportSelection()
            try change(&selection)
            return selection
        }
        return [
            ("all", ReportSelection()),
            ("os 8.1", try selection { $0.osRanges = [try OSRange.parse("8.1")] }),
            (
                "os >=13 or 8.1.3",
                try selection { $0.osRanges = [try OSRange.parse(">=13"), try OSRange.parse("8.1.3")] }
            ),
            ("os <9", try selection { $0.osRanges = [try OSRange.parse("<9")] }),
            ("iPhone 6 Plus", selection { $0.devices = [.name("iPhone 6 Plus")] }),
            ("iphone7,1", selection { $0.devices = [.identifier("iphone7,1")] }),
            ("unknown device", selection { $0.devices = [.unknownDevice] }),
            ("app 2.3.1", selection { $0.appVersions = ["2.3.1"] }),
            ("first group", selection { $0.groupIDs = Array(groups.prefix(1)) }),
            ("no group", selection { $0.groupIDs = [] }),
            ("key _placeholderLabel", selection { $0.keys = ["_placeholderLabel"] }),
            ("key _*Field or _placeholderLabel", selection { $0.keys = ["_*Field", "_placeholderLabel"] }),
            ("kind undefined_key", selection { $0.kinds = [.undefinedKey] }),
            ("every key", selection { $0.keys = ["*"] }),
            (
                "kind prohibited_ivar on iOS 13 and later",
                try selection {
                    $0.kinds = [.prohibitedIvar]
                    $0.osRanges = [try OSRange.parse(">=13")]
                }
            ),
            (
                "os 8 on iPhone 6 app 2.3.1",
                try selection {
                    $0.osRanges = [try OSRange.parse("8")]
                    $0.devices = [.name("iPhone 6")]
                    $0.appVersions = ["2.3.1"]
                }
            ),
        ]
    }

    /// `edited`: hand edits may have moved failures between groups, so that a kind or key filter
    /// splits a group (and reads the failures).
    static func assertScansAgree(
        _ store: Store, edited: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let groups = try store.db.query("SELECT id FROM crash_group ORDER BY id").compactMap {
            try $0.int("id").map(Int64.init)
        }
        var compared = 0
        for (name, selection) in try selections(groups: groups) {
            if !edited {
                XCTAssertTrue(try store.kindsAndKeysKeepWholeGroups(selection), name, file: file, line: line)
            }
            XCTAssertNotNil(
                selection.cellConditions(in: store.db.dialect, wholeGroups: true), name, file: file,
                line: line)
            if try assertScanMatchesFailures(store, selection, name, file: file, line: line) { compared += 1 }
            // The count of reports: from `report_count` on SQLite unless a group is chosen.
            let conditions = selection.reportConditions(in: store.db.dialect)
            XCTAssertEqual(
                try store.reportCount(selection),
                try store.db.query(
                    "SELECT count(*) AS n FROM report r\(conditions.whereClause)", conditions.values
                )
                .first?.int("n"), "reports of \(name)", file: file, line: line)
            XCTAssertEqual(
                try store.reportCountByKey(selection) != nil,
                store.db.dialect == .sqlite && selection.groupIDs == nil, name, file: file, line: line)
            if store.db.dialect == .sqlite,
                let cells = selection.cellConditions(in: .sqlite, wholeGroups: true), !cells.isEmpty
            {
                try assertIDReadsAgree(store, cells, name, file: file, line: line)
            }
        }
        XCTAssertGreaterThan(compared, 3, "most selections keep failures", file: file, line: line)
        try assertTimeScansAgree(store, file: file, line: line)
    }

    /// The cells' ids (migration 20) read as the range of OS keys the cells span and through the
    /// join to each cell: the same distinct devices and users per group and overall.
    static func assertIDReadsAgree(
        _ store: Store, _ cells: SQLConditions, _ name: String, file: StaticString, line: UInt
    ) throws {
        let span = try store.foldFailureCells(cells, idRead: .span)
        let join = try store.foldFailureCells(cells, idRead: .join)
        XCTAssertEqual(span.byGroup, join.byGroup, name, file: file, line: line)
        XCTAssertEqual(span.total, join.total, name, file: file, line: line)
    }

    /// Time filters, alone and with the others (on SQLite from the failures' times, migration 19):
    /// the same scan as the failures read one by one, and the same count of reports as counting
    /// them. The bounds are taken from the stored times: the first, a middle and the last day,
    /// and a time within a day.
    static func assertTimeScansAgree(_ store: Store, file: StaticString, line: UInt) throws {
        let times = try store.db.query(
            "SELECT DISTINCT \(seen) AS t FROM report r WHERE \(seen) IS NOT NULL ORDER BY 1"
        ).compactMap { try $0.string("t") }
        guard let earliest = times.first, let latest = times.last else { return }
        let middle = times[times.count / 2]
        let bounds: [(since: String?, until: String?)] = [
            (String(earliest.prefix(10)), nil), (nil, String(latest.prefix(10))),
            (String(middle.prefix(10)), nil), (nil, String(middle.prefix(10))),
            (String(earliest.prefix(10)), String(middle.prefix(10))), (String(middle.prefix(19)), nil),
            (nil, String(middle.prefix(16))), (String(earliest.prefix(4)), String(latest.prefix(7))),
            ("2999-01-01", nil),
            // Times of day on both bounds: in two days, and within one (`reportCountByDay`).
            (String(earliest.prefix(19)), String(middle.prefix(16))),
            (String(middle.prefix(13)), String(middle.prefix(19))),
        ]
        var compared = 0
        for (since, until) in bounds {
            for (name, other) in try selections(groups: [])
            where ["all", "os <9", "key _placeholderLabel", "iPhone 6 Plus"].contains(name) {
                var selection = other
                selection.since = since
                selection.until = until
                let label = "\(name) since \(since ?? "-") until \(until ?? "-")"
                if try assertScanMatchesFailures(store, selection, label, file: file, line: line) {
                    compared += 1
                }
                let conditions = selection.reportConditions(in: store.db.dialect)
                XCTAssertEqual(
                    try store.reportCount(selection),
                    try store.db.query(
                        "SELECT count(*) AS n FROM report r\(conditions.whereClause)", conditions.values
                    ).first?.int("n"), label, file: file, line: line)
            }
        }
        XCTAssertGreaterThan(compared, 8, "most time selections keep failures", file: file, line: line)
    }

    /// `scanFailures` against the failures read one by one (`readFailures`): the cells, the
    /// affected devices and users, and the HTML page's days and latest failures. True when the
    /// selection keeps failures.
    static func assertScanMatchesFailures(
        _ store: Store, _ selection: ReportSelection, _ label: String, file: StaticString, line: UInt
    ) throws -> Bool {
        let scan = try store.scanFailures(selection, forPage: false)
        let fromFailures = try store.readFailures(selection, forPage: false)
        XCTAssertEqual(sorted(scan.cells), sorted(fromFailures.cells), label, file: file, line: line)
        XCTAssertEqual(scan.byGroup, fromFailures.byGroup, label, file: file, line: line)
        XCTAssertEqual(scan.total, fromFailures.total, label, file: file, line: line)
        let page = try store.scanFailures(selection, forPage: true)
        let pageFromFailures = try store.readFailures(selection, forPage: true)
        XCTAssertEqual(sorted(page.cells), sorted(fromFailures.cells), label, file: file, line: line)
        XCTAssertEqual(
            page.days.map { "\($0.group) \($0.day) \($0.count)" }.sorted(),
            pageFromFailures.days.map { "\($0.group) \($0.day) \($0.count)" }.sorted(), label, file: file,
            line: line)
        XCTAssertEqual(page.latest, pageFromFailures.latest, label, file: file, line: line)
        return !fromFailures.cells.isEmpty
    }

    static func sorted(_ cells: [FailureCell]) -> [String] {
        cells.map { cell in
            [
                String(cell.group), cell.model ?? "∅", cell.name ?? "∅", cell.os ?? "∅",
                cell.osKey.map(String.init) ?? "∅", cell.app ?? "∅", String(cell.count),
                cell.firstSeen ?? "∅",
                cell.lastSeen ?? "∅",
            ].joined(separator: "|")
        }.sorted()
    }

    func testCellsAnswerAsTheFailuresDoOnTheSamples() throws {
        try checkCellsAfterEdits(try SampleStore.make(self))
    }

    func testCellsAnswerAsTheFailuresDoOnPostgreSQL() throws {
        try checkCellsAfterEdits(try SampleStore.make(self, postgres: true))
    }

    /// Every selection, then again after edits that leave cells with stale times: the failure
    /// seen first in a cell deleted, the one seen last moved to another group, a failure's
    /// classification removed.
    private func checkCellsAfterEdits(_ store: Store) throws {
        let db = store.db
        try Self.assertCellsMatchFailures(db)
        try Self.assertScansAgree(store)
        let seen = "coalesce(r.occurred_at, r.uploaded_at)"
        let busiest = """
            SELECT r.group_id AS g, coalesce(r.device_name, '') AS d, coalesce(r.os_version, '') AS o
            FROM report r JOIN kvc_failure k ON k.report_id = r.id WHERE \(seen) IS NOT NULL
            GROUP BY 1, 2, 3 HAVING count(*) >= 3 ORDER BY count(*) DESC, 1, 2, 3 LIMIT 1
            """
        let cell = try XCTUnwrap(db.query(busiest).first, "a cell with three timed failures")
        let inCell = """
            FROM report r JOIN kvc_failure k ON k.report_id = r.id
            WHERE r.group_id = ? AND coalesce(r.device_name, '') = ? AND coalesce(r.os_version, '') = ?
              AND \(seen) IS NOT NULL
            """
        let key: [SQLValue] = [try cell.value("g"), try cell.value("d"), try cell.value("o")]
        let first = try XCTUnwrap(
            db.query("SELECT r.id AS id \(inCell) ORDER BY \(seen), r.id LIMIT 1", key).first?.int("id"))
        try db.run("DELETE FROM report WHERE id = ?", [.int(first)])
        let last = try XCTUnwrap(
            db.query("SELECT r.id AS id \(inCell) ORDER BY \(seen) DESC, r.id LIMIT 1", key).first?.int("id"))
        try db.run(
            "UPDATE report SET group_id = (SELECT min(id) FROM crash_group WHERE id <> ?) WHERE id = ?",
            [key[0], .int(last)])
        XCTAssertGreaterThan(
            try XCTUnwrap(
                db.query("SELECT count(*) AS n FROM failure_cell WHERE seen_stale = 1").first?.int("n")),
            0, "the edits left stale times")
        try Self.assertCellsMatchFailures(db)
        try Self.assertScansAgree(store, edited: true)

        let classified = try XCTUnwrap(
            db.query("SELECT max(report_id) AS id FROM kvc_failure").first?.int("id"))
        try db.run("DELETE FROM kvc_failure WHERE report_id = ?", [.int(classified)])
        // A hand edit that changes nothing a cell holds leaves the cells as they are.
        try db.run("UPDATE report SET signal = 'SIGABRT' WHERE id = (SELECT min(report_id) FROM kvc_failure)")
        try Self.assertCellsMatchFailures(db)
        try Self.assertScansAgree(store, edited: true)

        // Times and ids edited by hand: a failure moved to another day with a new device id, one
        // left without a time, and ids spelled in canonically equivalent ways (an id is a token:
        // two ids on every path; the Kelvin sign is canonically K).
        let failing = try db.query("SELECT report_id AS id FROM kvc_failure ORDER BY report_id").compactMap {
            try $0.int("id")
        }
        XCTAssertGreaterThan(failing.count, 6)
        try db.run(
            "UPDATE report SET occurred_at = ?, device_id = ? WHERE id = ?",
            [.text("2001-02-03T04:05:06Z"), .text("edited-device"), .int(failing[0])])
        try db.run(
            "UPDATE report SET occurred_at = NULL, uploaded_at = NULL WHERE id = ?", [.int(failing[1])])
        for (index, id) in ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"].enumerated() {
            try db.run(
                "UPDATE report SET device_id = ?, user_id = ? WHERE id = ?",
                [.text(id), .text(id), .int(failing[index + 2])])
        }
        try Self.assertCellsMatchFailures(db)
        try Self.assertScansAgree(store, edited: true)
    }

    func testCellsAnswerAsTheFailuresDoOnTheCorpus() throws {
        let corpus = TestPaths.corpus
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            throw XCTSkip("../shared/corpus is not beside the checkout")
        }
        let store = try Store(
            path: try TestPaths.temporaryFolder(self).appendingPathComponent("c.sqlite").path)
        let sources = try InputWalker().expand([corpus.path, TestPaths.sampleReports.path])
        _ = try Importer(store: store, rules: RuleSet.builtIn(), batchSize: 7, filesPerTransaction: 5).run(
            sources, arguments: "test", version: "test")
        try Self.assertCellsMatchFailures(store.db)
        try Self.assertScansAgree(store)
    }

    /// A team database made before schema 14 gets its cells from the stored failures, its blame
    /// frames counted (schema 15), its failures' days (schema 16) and kinds and keys (schema 18).
    func testUpgradeFillsTheCellsOnPostgreSQL() throws {
        let url = try TestPostgres.freshDatabase(self)
        do {
            let store = try Store(path: url)
            let sources = try InputWalker().expand([TestPaths.sampleReports.path])
            _ = try Importer(store: store, rules: RuleSet.builtIn()).run(
                sources, arguments: "t", version: "t")
            try store.db.execute(
                """
                DROP TRIGGER kvc_failure_cell_insert ON kvc_failure; DROP TRIGGER kvc_failure_cell_delete ON kvc_failure;
                DROP TRIGGER report_cell_update ON report; DROP TRIGGER report_cell_delete ON report;
                DROP FUNCTION kvc_failure_cell_change(); DROP FUNCTION report_cell_change();
                DROP FUNCTION failure_cells_change(integer, failure_change[]);
                DROP FUNCTION failure_cells_change_v14(integer, failure_change[]); DROP FUNCTION failure_cell_of(failure_change);
                DROP TABLE IF EXISTS pg_temp.pending_failure; DROP TYPE failure_change;
                DROP TABLE failure_cell_device; DROP TABLE failure_cell_user; DROP TABLE failure_cell;
                DROP TABLE failure_group_device; DROP TABLE failure_group_user; DROP TABLE failure_device;
                DROP TABLE failure_user;
                DROP TRIGGER report_blame_insert ON report; DROP TRIGGER report_blame_update ON report;
                DROP TRIGGER report_blame_delete ON report; DROP FUNCTION report_blame_change();
                DROP TABLE IF EXISTS pg_temp.pending_blame; DROP TABLE group_blame_tally;
                DROP TABLE failure_day; DROP INDEX report_group_seen; CREATE INDEX report_occurred ON report (occurred_at);
                DROP TRIGGER kvc_failure_key_insert ON kvc_failure; DROP TRIGGER kvc_failure_key_update ON kvc_failure;
                DROP TRIGGER kvc_failure_key_delete ON kvc_failure; DROP TRIGGER report_key_update ON report;
                DROP TRIGGER report_key_delete ON report; DROP FUNCTION kvc_failure_key_change();
                DROP FUNCTION report_key_change(); DROP FUNCTION failure_keys_change(integer, failure_key[]);
                DROP TABLE IF EXISTS pg_temp.pending_failure_key; DROP TYPE failure_key; DROP TABLE failure_group_key;
                DELETE FROM schema_migrations WHERE version >= 14;
                """)
        }
        let store = try Store(path: url)
        XCTAssertEqual(try Migrator.currentVersion(store.db), Migration.builtIn.last?.version)
        XCTAssertGreaterThan(
            try XCTUnwrap(store.db.query("SELECT count(*) AS n FROM failure_cell").first?.int("n")), 0)
        try GroupTallyTests.assertTalliesMatchReports(store.db)
        try Self.assertScansAgree(store)
    }

    /// Times are not in the cells: those selections read the failures.
    func testSelectionsTheCellsCannotAnswerReadTheFailures() throws {
        var selection = ReportSelection()
        selection.since = "2015-01-01"
        XCTAssertNil(selection.cellConditions(in: .sqlite))
        XCTAssertNil(selection.cellConditions(in: .sqlite, wholeGroups: true))
        // Kinds and keys only once the store has seen that they keep whole groups.
        selection = ReportSelection()
        selection.keys = ["_placeholderLabel"]
        XCTAssertNil(selection.cellConditions(in: .sqlite))
        XCTAssertEqual(selection.cellConditions(in: .sqlite, wholeGroups: true)?.values.count, 1)
        selection = ReportSelection()
        selection.kinds = [.undefinedKey]
        XCTAssertNil(selection.cellConditions(in: .postgresql))
        XCTAssertNotNil(selection.dayConditions(in: .postgresql, wholeGroups: true))
        selection = ReportSelection()
        selection.appVersions = [""]
        XCTAssertNil(selection.cellConditions(in: .sqlite), "'' is how a cell stores no version")
    }

    /// A hand edit that gives some failures of a group another key, none, or the empty one splits
    /// the group: kind and key filters then read the failures, and `failure_group_key` follows the
    /// edits (a missing key is not the empty one).
    func testKeysThatSplitAGroupReadTheFailures() throws {
        try checkSplitGroup(try SampleStore.make(self))
    }

    func testKeysThatSplitAGroupReadTheFailuresOnPostgreSQL() throws {
        try checkSplitGroup(try SampleStore.make(self, postgres: true))
    }

    private func checkSplitGroup(_ store: Store) throws {
        let db = store.db
        let busiest = try XCTUnwrap(
            db.query(
                """
                SELECT r.group_id AS g, k.key AS key FROM report r JOIN kvc_failure k ON k.report_id = r.id
                WHERE k.key IS NOT NULL GROUP BY 1, 2 HAVING count(*) >= 4 ORDER BY count(*) DESC, 1 LIMIT 1
                """
            ).first, "a group with four failures")
        let key = try XCTUnwrap(busiest.string("key"))
        let failures = try db.query(
            "SELECT k.report_id AS id FROM report r JOIN kvc_failure k ON k.report_id = r.id WHERE r.group_id = ? ORDER BY 1",
            [try busiest.value("g")]
        ).compactMap { try $0.int("id") }
        var selection = ReportSelection()
        selection.keys = [key]
        XCTAssertTrue(try store.kindsAndKeysKeepWholeGroups(selection))
        try db.run("UPDATE kvc_failure SET key = 'otherKey' WHERE report_id = ?", [.int(failures[0])])
        try db.run("UPDATE kvc_failure SET key = NULL WHERE report_id = ?", [.int(failures[1])])
        try db.run(
            "UPDATE kvc_failure SET key = '', kind = 'undefined_key' WHERE report_id = ?", [.int(failures[2])]
        )
        try Self.assertCellsMatchFailures(db)
        for keys in [[key], ["*"], [""], ["otherKey"], [key, "otherKey", ""]] {
            selection.keys = keys
            XCTAssertFalse(try store.kindsAndKeysKeepWholeGroups(selection), "\(keys)")
            let scan = try store.scanFailures(selection, forPage: true)
            let read = try store.readFailures(selection, forPage: true)
            XCTAssertEqual(Self.sorted(scan.cells), Self.sorted(read.cells), "\(keys)")
            XCTAssertEqual(scan.byGroup, read.byGroup, "\(keys)")
            XCTAssertEqual(scan.total, read.total, "\(keys)")
            XCTAssertFalse(read.cells.isEmpty, "\(keys)")
        }
        // Moving the failures back mends the group.
        try db.run(
            "UPDATE kvc_failure SET key = ? WHERE report_id IN (?, ?, ?)",
            [.text(key), .int(failures[0]), .int(failures[1]), .int(failures[2])])
        selection.keys = [key]
        try Self.assertCellsMatchFailures(db)
        XCTAssertTrue(try store.kindsAndKeysKeepWholeGroups(selection))
    }

    /// Times crashscan never writes (a hand edit): the page's days and latest failures read from
    /// the failures are what `failure_day` and `report_group_seen` say (a day is the time's first
    /// ten characters as SQL cuts them, times order by their bytes).
    func testTheStoredDaysAndTheFailuresAgreeOnAwkwardTimes() throws {
        let store = try SampleStore.make(self)
        let failures = try store.db.query("SELECT report_id AS id FROM kvc_failure ORDER BY report_id")
            .compactMap { try $0.int("id") }
        let times = [
            "2015-03-0\u{0301}2T00:00:00Z", "2015-03-02\r\nT", "2015-03-02\u{0301}", "\u{212B}015-03-02",
            "\u{00C5}015-03-02", "2015-03-02\0hidden", "2015-03", "", "Kelvin\u{212A}",
        ]
        XCTAssertGreaterThan(failures.count, times.count)
        for (id, time) in zip(failures, times) {
            try store.db.run("UPDATE report SET occurred_at = ? WHERE id = ?", [.text(time), .int(id)])
        }
        try Self.assertCellsMatchFailures(store.db)
        let stored = try store.scanFailures(ReportSelection(), forPage: true)
        let read = try store.readFailures(ReportSelection(), forPage: true)
        XCTAssertEqual(
            stored.days.map { "\($0.group) \($0.day.unicodeScalars.map(\.value)) \($0.count)" }.sorted(),
            read.days.map { "\($0.group) \($0.day.unicodeScalars.map(\.value)) \($0.count)" }.sorted())
        XCTAssertEqual(stored.latest, read.latest)
    }

    /// `--since` and `--until` on SQLite add bounds an index answers (`t >= since`, `t <` the text
    /// just after every one that starts with until): with the prefix comparisons they keep exactly
    /// what those keep, on times crashscan writes and on awkward ones, walking every report or
    /// each group's times.
    func testTimeBoundsKeepWhatThePrefixComparisonKeeps() throws {
        let store = try SampleStore.make(self)
        let db = store.db
        let ids = try db.query("SELECT id FROM report ORDER BY id").compactMap { try $0.int("id") }
        let times = [
            "2015-03-02", "2015-03-02T00:00:00Z", "2015-03-01T23:59:59.999Z", "2015-03-02\u{0301}",
            "2015-03-0\u{0301}2", "2015-03-02\0x", "2015-03", "", "2015-03-02T10:00:00Z",
            "2015-03-02T10:00:00.5Z",
            "2015-03-03", "\u{212B}015-03-02", "2015-03-02T09:59:59Z", "2015-03-02T10:00:01Z", "2015-03-02T1",
            "2015-03-02\u{10FFFF}", "2015-03-02:",
        ]
        XCTAssertGreaterThan(ids.count, times.count)
        for (id, time) in zip(ids, times) {
            try db.run("UPDATE report SET occurred_at = ? WHERE id = ?", [.text(time), .int(id)])
        }
        let bounds: [String?] = [
            nil, "2015-03-02", "2015-03-01", "2015-03-02T10:00:00", "2015-03-02T09:59:59", "2016-01-01",
        ]
        let seen = "coalesce(r.occurred_at, r.uploaded_at)"
        var compared = 0
        for since in bounds {
            for until in bounds where since != nil || until != nil {
                var selection = ReportSelection()
                selection.since = since
                selection.until = until
                var prefix: [String] = []
                var values: [SQLValue] = []
                if let since {
                    prefix.append("substr(\(seen), 1, \(since.count)) >= ?")
                    values.append(.text(since))
                }
                if let until {
                    prefix.append("substr(\(seen), 1, \(until.count)) <= ?")
                    values.append(.text(until))
                }
                let name = "since \(since ?? "-") until \(until ?? "-")"
                let condition = prefix.joined(separator: " AND ")
                let reports = try db.query("SELECT count(*) AS n FROM report r WHERE \(condition)", values)
                    .first?.int("n")
                XCTAssertEqual(try store.reportCount(selection), reports, name)
                let failures = try db.query(
                    "SELECT count(*) AS n FROM report r JOIN kvc_failure k ON k.report_id = r.id WHERE \(condition)",
                    values
                ).first?.int("n")
                for byGroupTime in [false, true] {
                    let rows = selection.failureRows(in: .sqlite, byGroupTime: byGroupTime)
                    XCTAssertEqual(
                        try db.query("SELECT count(*) AS n \(rows.sql)", rows.values).first?.int("n"),
                        failures,
                        "\(name), by group time: \(byGroupTime)")
                }
                if (failures ?? 0) > 0 { compared += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 10)
        XCTAssertEqual(ReportSelection.justAfterPrefix("2015-03-02"), "2015-03-03")
        XCTAssertEqual(ReportSelection.justAfterPrefix("2015-03-09"), "2015-03-0:")
        XCTAssertNil(ReportSelection.justAfterPrefix("2015-03-0\u{0301}"))
        XCTAssertNil(ReportSelection.justAfterPrefix(""))
        XCTAssertEqual(ReportSelection.justAfterPrefix("a~"), "a\u{7F}")
        XCTAssertNil(ReportSelection.justAfterPrefix("a\u{7F}"))
    }

    /// The page's stored days and latest failures (migration 16) answer whole groups only.
    func testOnlyWholeGroupsReadTheStoredDays() throws {
        var selection = ReportSelection()
        XCTAssertNotNil(selection.dayConditions(in: .sqlite))
        selection.groupIDs = [1, 2]
        XCTAssertEqual(selection.dayConditions(in: .postgresql)?.values.count, 2)
        selection.osRanges = [try OSRange.parse("8.1")]
        XCTAssertNil(selection.dayConditions(in: .sqlite))
        selection = ReportSelection()
        selection.devices = [.name("iPhone 6 Plus")]
        XCTAssertNil(selection.dayConditions(in: .sqlite))
        selection = ReportSelection()
        selection.appVersions = ["2.3.1"]
        XCTAssertNil(selection.dayConditions(in: .sqlite))
        selection = ReportSelection()
        selection.until = "2024-01-01"
        XCTAssertNil(selection.dayConditions(in: .sqlite))
    }
}
