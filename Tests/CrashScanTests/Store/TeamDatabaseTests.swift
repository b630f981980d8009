import Foundation
import XCTest

@testable import CrashScanClassification
@testable import CrashScanDatabase
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// The team database (PostgreSQL): the same schema versions as SQLite, every command giving the
/// same answers on both backends, and several importers loading one database at once.
final class TeamDatabaseTests: XCTestCase {
    func testBothMigrationFoldersHaveTheSameVersions() throws {
        let sqlite = Migration.builtIn.map(\.version)
        let postgres = Migration.builtInPostgreSQL.map(\.version)
        XCTAssertEqual(sqlite, Array(1...sqlite.count))
        XCTAssertEqual(postgres, sqlite)
        XCTAssertEqual(Migration.builtInPostgreSQL.map(\.name), Migration.builtIn.map(\.name))
        for folder in ["migrations", "migrations/postgresql"] {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: TestPaths.packageRoot.appendingPathComponent(folder).path
            ).filter { $0.hasSuffix(".sql") && $0.first?.isNumber == true }
            XCTAssertEqual(files.count, sqlite.count, folder)
        }
    }

    func testMigrationsRecordTheirVersionsAndANewerDatabaseIsRefused() throws {
        let url = try TestPostgres.freshDatabase(self)
        // Read-only on an empty database: nothing is created.
        XCTAssertThrowsError(try Store(path: url, access: .readOnly)) { error in
            XCTAssertTrue(
                "\(error)".contains("holds no crashscan data yet: run 'crashscan import"), "\(error)")
        }
        let store = try Store(path: url)
        XCTAssertEqual(store.dialect, .postgresql)
        XCTAssertEqual(try store.schemaVersion(), Migration.builtIn.count)
        // Made from the baseline, recorded under the schema's version.
        let rows = try store.db.query("SELECT version, name FROM schema_migrations ORDER BY version")
        XCTAssertEqual(try rows.map { try $0.int("version") }, [Migration.builtIn.last?.version])
        XCTAssertEqual(try rows.map { try $0.string("name") }, ["baseline"])
        // Opening again applies nothing.
        XCTAssertEqual(
            try Migrator.migrate(
                Store(path: url).db, migrations: Migration.builtInPostgreSQL,
                baseline: Migration.baseline(for: .postgresql)), [])
        _ = try store.db.query(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', now())")
        XCTAssertThrowsError(try Store(path: url)) { error in
            guard case SchemaError.newerDatabase(_, let version, _) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(version, 99)
        }
    }

    func testAnotherApplicationsDatabaseIsRefused() throws {
        let url = try TestPostgres.freshDatabase(self)
        try PostgresConnection(url: url).execute("CREATE TABLE users (id integer)")
        XCTAssertThrowsError(try Store(path: url)) { error in
            XCTAssertTrue("\(error)".contains("is not a crashscan database (it has tables users"), "\(error)")
        }
        XCTAssertEqual(
            try PostgresConnection(url: url).query(
                "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'"
            ).first?.int("n"), 1, "nothing was created")
    }
}

/// The same crash logs imported into SQLite and into PostgreSQL give the same answers: every
/// report format and filter, `explain`, `fixed`, `scan --db`, and the public views row by row.
final class TeamDatabaseParityTests: XCTestCase {
    var runner: CommandRunner!
    var sqlite = ""
    var postgres = ""

    override func setUpWithError() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        postgres = try TestPostgres.freshDatabase(self)
        runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        sqlite = runner.folder.appendingPathComponent("crashes.sqlite").path
    }

    /// Runs `arguments` on both databases: the exit status and output, the database's name
    /// taken out.
    func both(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let onSQLite = try runner.run(arguments + ["--db", sqlite])
        let onPostgres = try runner.run(arguments + ["--db", postgres])
        XCTAssertEqual(
            onPostgres.status, onSQLite.status, "\(arguments): \(onPostgres.err)", file: file, line: line)
        // The database's name (the text report's header cuts a long one short), the time a
        // command took and the time the HTML page was made (footer and header) are what differ.
        func plain(_ text: String, _ names: [String]) -> String {
            var text = text
            if text.hasPrefix("crashscan report: ") { text = String(text.drop { $0 != "\n" }) }
            for name in names {
                text = text.replacingOccurrences(of: name, with: "DB").replacingOccurrences(
                    of: name.replacingOccurrences(of: "&", with: "&amp;"), with: "DB")
            }
            return text.replacingOccurrences(of: #"\d+\.\d\d s"#, with: "T s", options: .regularExpression)
                .replacingOccurrences(
                    of: #"Generated by crashscan \S+ at \S+Z"#, with: "G", options: .regularExpression
                )
                .replacingOccurrences(
                    of: #""seconds" : [0-9.]+"#, with: "seconds", options: .regularExpression
                )
                .replacingOccurrences(
                    of: #"data-fact="generated">[^<]*<"#, with: "data-fact=\"generated\"><",
                    options: .regularExpression)
        }
        XCTAssertEqual(
            plain(onPostgres.out, [postgres, Store.redactedURL(postgres)]), plain(onSQLite.out, [sqlite]),
            "\(arguments)", file: file, line: line)
        return onSQLite.out
    }

    func testEveryCommandAnswersAlikeOnBothBackends() throws {
        var inputs = [TestPaths.sampleReports.path]
        if FileManager.default.fileExists(atPath: TestPaths.corpus.path) {
            inputs.append(TestPaths.corpus.path)
        }
        _ = try both(["import"] + inputs)
        let json = try both(["report", "--format", "json"])
        let groups = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["groups"]
                as? [[String: Any]])
        XCTAssertGreaterThan(groups.count, 5)
        for format in ["text", "csv", "markdown", "html"] { _ = try both(["report", "--format", format]) }
        for filter in [
            ["--os", "8.1"], ["--os", ">=13"], ["--device", "iPhone 6 Plus"], ["--device", "iphone7,2"],
            ["--key", "_placeholder*"], ["--since", "2015-02-01"], ["--until", "2019-12-31T12:00:00"],
            ["--app-version", "2.3.1"], ["--sort", "affected"], ["--sort", "recent"],
        ] {
            _ = try both(["report", "--format", "json"] + filter)
        }
        for group in groups.prefix(8) {
            let id = try XCTUnwrap(group["id"] as? String)
            _ = try both(["explain", id])
            _ = try both(["explain", id, "--format", "json"])
        }
        let first = try XCTUnwrap(groups.first?["id"] as? String)
        _ = try both(["fixed", first, "9.9.9"])
        _ = try both(["report", "--format", "json"])
        let source = TestPaths.fixture("scan/App").path
        _ = try both(["scan", source, "--format", "json"])
        _ = try both(["report", "--format", "json"])
        _ = try both(["regroup"])
        _ = try both(["upgrade"])
        // Again: the same files are known by their bytes (import_files says so) on both.
        let again = try both(["import"] + inputs)
        XCTAssertTrue(again.contains(", 0 reports imported, "), again)
        try assertViewsAlike()
    }

    /// Every public view holds the same rows (the runs' own times and command lines aside).
    func assertViewsAlike() throws {
        let onSQLite = try Database(path: sqlite, readOnly: true)
        let onPostgres = try Database(postgresURL: postgres, name: "team")
        let runTimes: Set<String> = ["imported_at", "started_at", "finished_at", "scanned_at", "arguments"]
        for (view, order) in [
            ("reports", "id"), ("kvc_failures", "report_id"), ("crash_groups", "id"),
            ("recommendations", "group_id"), ("import_files", "path, run_id"),
            ("source_findings", "path, line, \"column\""),
            ("import_runs", "id"),
        ] {
            func rows(_ db: Database) throws -> [[String]] {
                try db.query("SELECT * FROM \(view) ORDER BY \(order)").map { row in
                    zip(row.columns, row.values).filter { !runTimes.contains($0.0) }.map {
                        "\($0.0)=\($0.1.textForm ?? "NULL")"
                    }
                }
            }
            let expected = try rows(onSQLite)
            if view == "reports" { XCTAssertFalse(expected.isEmpty, view) }
            XCTAssertEqual(try rows(onPostgres), expected, view)
        }
    }
}

/// Several `crashscan import` processes load one PostgreSQL database at the same moment, with
/// overlapping inputs in different orders, while `report` reads it: nothing lost, nothing twice,
/// the tallies equal to counting the reports, and every report read during the imports whole.
final class ConcurrentImportTests: XCTestCase {
    func testFourImportersAtOnceLoseNothingAndDuplicateNothing() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let url = try TestPostgres.freshDatabase(self)
        let folder = try TestPaths.temporaryFolder(self)
        let runner = CommandRunner(folder: folder)
        let corpus = folder.appendingPathComponent("corpus")
        let total = 1_000
        try GeneratedCorpus.write(files: total, to: corpus, kinds: 2)
        let files = (0..<total).map {
            corpus.appendingPathComponent(String(format: "crash-%05d.txt", $0)).path
        }
        // Importer i takes 700 files starting at 100 × i, every other one in reverse order: each
        // file is loaded by one to four importers, and two importers meet the same files from
        // opposite ends.
        let shares = (0..<4).map { importer -> [String] in
            let share = Array(files[(100 * importer)..<(100 * importer + 700)])
            return importer % 2 == 0 ? share : share.reversed()
        }
        let offered = shares.map(\.count).reduce(0, +)
        let results = Locked([Int: CommandRunner.Run]())
        let importing = Locked(true)
        let readings = Locked([CommandRunner.Run]())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            // The importers make the schema (one of them; the others wait for it): reading
            // starts once it is there.
            while importing.withLock({ $0 }), (try? Store(path: url, access: .readOnly)) == nil {
                usleep(20_000)
            }
            while importing.withLock({ $0 }) {
                if let run = try? runner.run(["report", "--format", "json", "--db", url]) {
                    readings.withLock { $0.append(run) }
                }
            }
        }
        // A thread per importer (concurrentPerform would run only as many as there are cores).
        let spans = Locked([(start: Date, end: Date)]())
        let finished = DispatchSemaphore(value: 0)
        for importer in 0..<4 {
            Thread {
                let start = Date()
                let run = try? runner.run(["import"] + shares[importer] + ["--db", url])
                results.withLock { $0[importer] = run }
                spans.withLock { $0.append((start, Date())) }
                finished.signal()
            }.start()
        }
        for _ in 0..<4 { finished.wait() }
        importing.withLock { $0 = false }
        group.wait()
        let times = spans.withLock { $0 }
        XCTAssertLessThan(
            try XCTUnwrap(times.map(\.start).max()), try XCTUnwrap(times.map(\.end).min()),
            "the four imports ran at the same time")

        for importer in 0..<4 {
            let run = try XCTUnwrap(results.withLock { $0[importer] })
            XCTAssertEqual(run.status, 0, "importer \(importer): \(run.err)")
        }
        let db = try Database(postgresURL: url, name: "team")
        func count(_ sql: String) throws -> Int? { try db.query(sql).first?.int("n") }
        XCTAssertEqual(try count("SELECT count(*) AS n FROM report"), total)
        XCTAssertEqual(try count("SELECT count(DISTINCT source_path) AS n FROM report"), total)
        XCTAssertEqual(try count("SELECT count(*) AS n FROM crash_group"), 2, "one group per kind of crash")
        XCTAssertEqual(try count("SELECT sum(reports_imported) AS n FROM import_runs"), total)
        XCTAssertEqual(try count("SELECT sum(duplicates) AS n FROM import_runs"), offered - total)
        XCTAssertEqual(try count("SELECT count(*) AS n FROM import_files"), offered)
        XCTAssertEqual(try count("SELECT sum(report_count) AS n FROM crash_groups"), total)
        try CacheAssertions.assertCachesMatchRows(try Store(path: url, access: .readOnly))

        // Each report read during the imports counted one snapshot: its groups add up to its
        // total, and no total is above what was imported.
        let seen = readings.withLock { $0 }
        XCTAssertFalse(seen.isEmpty)
        for run in seen {
            XCTAssertEqual(run.status, 0, run.err)
            let json = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            let summary = try XCTUnwrap(json["summary"] as? [String: Any])
            let groups = try XCTUnwrap(json["groups"] as? [[String: Any]])
            let failures = try XCTUnwrap(summary["kvc_failures"] as? Int)
            XCTAssertEqual(groups.compactMap { $0["report_count"] as? Int }.reduce(0, +), failures, run.out)
            XCTAssertLessThanOrEqual(failures, total)
        }
    }
}

/// A file with a value PostgreSQL refuses (SQLite stores anything) is rejected with the reason,
/// and the other files of its batch are stored.
final class TeamDatabaseRefusalTests: XCTestCase {
    func testAFileWithAValueTheServerRefusesIsRejectedAndTheRestStored() throws {
        let store = try Store(path: try TestPostgres.freshDatabase(self))
        let writer = try ReportWriter(
            store: store, arguments: "test", version: "test", parserRevision: ReportReader.revision)
        func file(_ name: String, occurredAt: String) -> AnalyzedInput {
            var report = AnalyzedReport(
                CrashReport(format: .buglyConsole, normalizedContent: "crash \(name)"))
            report.occurredAt = occurredAt
            return AnalyzedInput(path: name, bytes: 10, outcome: .parsed([report]))
        }
        let transaction = try BatchTransaction(store: store, writer: writer)
        let outcomes = try writer.writeBatch([
            file("good-1.txt", occurredAt: "2015-03-01T00:18:47Z"),
            file("bad.txt", occurredAt: "not a time"),
            file("good-2.txt", occurredAt: "2016-04-11T09:31:59Z"),
        ])
        try transaction.commit()
        XCTAssertEqual(outcomes.map(\.imported), [1, 0, 1])
        XCTAssertNil(outcomes[0].refused)
        XCTAssertTrue(outcomes[1].refused?.contains("not a time") == true, "\(outcomes[1])")
        let files = try store.db.query("SELECT path, outcome, reason FROM import_files ORDER BY path")
        XCTAssertEqual(try files.map { try $0.string("outcome") }, ["rejected", "imported", "imported"])
        XCTAssertTrue(try files[0].string("reason")?.hasPrefix("the database refused a value: ") == true)
        XCTAssertEqual(
            try store.db.query("SELECT source_path FROM reports ORDER BY 1").map {
                try $0.string("source_path")
            },
            ["good-1.txt", "good-2.txt"])
    }

    /// A file stored in parts (a file of many reports read a chunk at a time) whose middle part
    /// holds the refused value: the whole file is rejected, nothing of its first part stays,
    /// its last part is not written, and the file after it is stored.
    func testAFileStoredInPartsIsRejectedWholeForAValueInAnyPart() throws {
        let store = try Store(path: try TestPostgres.freshDatabase(self))
        let writer = try ReportWriter(
            store: store, arguments: "test", version: "test", parserRevision: ReportReader.revision)
        func input(_ name: String, _ part: AnalyzedInput.Part, times: [String]) -> AnalyzedInput {
            let reports = times.map { time in
                var report = AnalyzedReport(
                    CrashReport(format: .buglyConsole, normalizedContent: "crash \(name) \(time)"))
                report.occurredAt = time
                return report
            }
            return AnalyzedInput(path: name, bytes: 10, outcome: .parsed(reports), part: part)
        }
        let transaction = try BatchTransaction(store: store, writer: writer)
        var outcomes = try writer.writeBatch([input("paste.txt", .first, times: ["2015-03-01T00:18:47Z"])])
        outcomes += try writer.writeBatch([
            input("paste.txt", .middle, times: ["2015-03-02T00:18:47Z", "not a time"])
        ])
        outcomes += try writer.writeBatch([
            input("paste.txt", .last, times: ["2015-03-03T00:18:47Z"]),
            input("after.txt", .whole, times: ["2016-04-11T09:31:59Z"]),
        ])
        try transaction.commit()
        XCTAssertEqual(outcomes.map(\.imported), [0, 0, 0, 1])
        XCTAssertEqual(outcomes.map { $0.refused != nil }, [false, false, true, false])
        let files = try store.db.query("SELECT path, outcome FROM import_files ORDER BY path").map {
            "\(try $0.string("path") ?? "") \(try $0.string("outcome") ?? "")"
        }
        XCTAssertEqual(files, ["after.txt imported", "paste.txt rejected"])
        XCTAssertEqual(
            try store.db.query("SELECT source_path FROM reports").map { try $0.string("source_path") },
            ["after.txt"])
        try CacheAssertions.assertCachesMatchRows(store)
    }
}

/// `crashscan prune --before DATE` on both backends: the old reports go with their failures and
/// their counts, emptied groups go unless a fix was recorded, the rest is untouched.
final class PruneTests: XCTestCase {
    func testPruneRemovesTheOldReportsAndTheirCountsOnBothBackends() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        var databases = [runner.folder.appendingPathComponent("crashes.sqlite").path]
        if ProcessInfo.processInfo.environment["CRASHSCAN_TEST_POSTGRES"] != nil {
            databases.append(try TestPostgres.freshDatabase(self))
        }
        for db in databases {
            XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--db", db]).status, 0)
            let before = try groupsJSON(runner, db)
            let dry = try runner.run(["prune", "--before", "2019-01-01", "--dry-run", "--db", db])
            XCTAssertEqual(dry.status, 0, dry.err)
            XCTAssertTrue(dry.out.contains("would remove "), dry.out)
            XCTAssertEqual(try groupsJSON(runner, db), before, "a dry run changes nothing")

            let run = try runner.run(["prune", "--before", "2019-01-01", "--db", db])
            XCTAssertEqual(run.status, 0, run.err)
            let store = try Store(path: db)
            let old = try store.db.query(
                "SELECT count(*) AS n FROM report WHERE \(store.dialect.retentionTime) < ?",
                [.text("2019-01-01T00:00:00Z")]
            )
            XCTAssertEqual(try old.first?.int("n"), 0, db)
            let left = try store.db.query("SELECT count(*) AS n FROM report").first?.int("n") ?? 0
            XCTAssertGreaterThan(left, 0)
            XCTAssertTrue(run.out.contains("; \(left) report"), run.out)
            func removed(_ text: String) -> String? {
                text.range(of: #"remove[d]? [0-9]+ reports?"#, options: .regularExpression).map {
                    String(text[$0].drop { $0 != " " })
                }
            }
            XCTAssertNotNil(removed(run.out), run.out)
            XCTAssertEqual(removed(dry.out), removed(run.out), "the dry run counted what the run removed")
            try CacheAssertions.assertCachesMatchRows(store)
            let groups = try store.db.query(
                "SELECT count(*) AS n FROM crash_group g WHERE NOT EXISTS (SELECT 1 FROM report r WHERE r.group_id = g.id)"
            )
            XCTAssertEqual(try groups.first?.int("n"), 0, "no group is left without reports")
            let report = try groupsJSON(runner, db)
            XCTAssertLessThan(report.count, before.count, "groups left without reports are gone")
            if store.dialect == .postgresql {
                // The months before 2019 are dropped whole; the later ones and the reports' own
                // claims stay.
                XCTAssertTrue(run.out.contains(" monthly partitions dropped"), run.out)
                let months = try store.db.query(
                    """
                    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                    WHERE i.inhparent = 'report'::regclass
                    """
                ).compactMap { try $0.string("name") }
                XCTAssertFalse(months.isEmpty)
                XCTAssertTrue(months.allSatisfy { $0 >= "report_y2019m01" }, "\(months)")
                XCTAssertEqual(
                    try store.db.query("SELECT count(*) AS n FROM report_hash").first?.int("n"), left,
                    "a pruned report's content hash is free again")
            }
            // Of the UITextView group's nine reports (2015), the seed's has no date: its retention
            // time is its import, today, and it stays.
            XCTAssertTrue(before.contains("UITextView._placeholderLabel 9"), "\(before)")
            XCTAssertTrue(report.contains("UITextView._placeholderLabel 1"), "\(report)")
        }
        let bad = try runner.run(["prune", "--before", "last year", "--db", databases[0]])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.err.contains("'last year' is not a date"), bad.err)
        XCTAssertEqual(try runner.run(["prune", "--db", databases[0]]).status, 64)
    }

    /// `CLASS.KEY reports` of each group `report --format json` lists.
    private func groupsJSON(_ runner: CommandRunner, _ db: String) throws -> [String] {
        let run = try runner.run(["report", "--format", "json", "--db", db])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        return try XCTUnwrap(json["groups"] as? [[String: Any]]).map {
            "\($0["receiver_class"] as? String ?? "-").\($0["key"] as? String ?? "-") \($0["report_count"] as? Int ?? 0)"
        }
    }
}

extension TeamDatabaseParityTests {
    /// `import --dsym` and `symbolicate` give the same frames, groups and reports on both.
    func testSymbolicationAnswersAlikeOnBothBackends() throws {
        guard LLVMSymbolizer.locate() != nil else {
            throw XCTSkip("llvm-symbolizer is not installed (Debian package llvm)")
        }
        let folder = runner.folder
        let dsym = try DSYMBuilder.makeDSYM(
            in: folder.appendingPathComponent("dsyms"), uuid: SymbolicationTests.buildOne)
        let object = try DSYMBuilder.compileObject(in: folder)
        let method = try XCTUnwrap(
            DSYMBuilder.address(of: "-[LFPPlaceholderHelper applyPlaceholder:]", in: object))
        let inputs = folder.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        for index in 0..<3 {
            let text = SymbolicationTests.report(
                uuid: SymbolicationTests.buildOne, blameOffset: method + 8, incident: "parity-\(index)")
            try Data(text.utf8).write(to: inputs.appendingPathComponent("r\(index).crash"))
        }
        _ = try both(["import", inputs.path, TestPaths.sampleReports.path])
        let json = try both(["report", "--format", "json"])
        XCTAssertTrue(
            json.contains("missing_dsym") || json.contains("Shopster"), "unsymbolicated frames first")
        _ = try both(["symbolicate", "--all", "--dsym", dsym.path])
        let after = try both(["report", "--format", "json"])
        XCTAssertTrue(after.contains("LFPPlaceholderHelper"), "symbolicated")
        try assertViewsAlike()
    }
}

/// The README's read-only role: a dashboard's role reads the views and nothing else; with SELECT
/// on the tables too, `crashscan report` runs as it and cannot write.
final class ReadOnlyRoleTests: XCTestCase {
    func testTheREADMEsReadOnlyRoleReadsTheViewsOnly() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        let url = try TestPostgres.freshDatabase(self)
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--db", url]).status, 0)
        let role = "crash_reader_\(UInt32.random(in: 0...UInt32.max))"
        let owner = try PostgresConnection(url: url)
        let database = try XCTUnwrap(owner.query("SELECT current_database() AS name").first?.string("name"))
        try owner.execute(
            """
            CREATE ROLE \(role) LOGIN;
            GRANT CONNECT ON DATABASE \(database) TO \(role);
            GRANT USAGE ON SCHEMA public TO \(role);
            GRANT SELECT ON reports, kvc_failures, crash_groups, recommendations, import_runs, import_files,
                source_findings TO \(role);
            """)
        addTeardownBlock {
            try? owner.execute("DROP OWNED BY \(role); DROP ROLE IF EXISTS \(role)")
        }
        let reader = try PostgresConnection(url: url.replacingOccurrences(of: "postgres@", with: "\(role)@"))
        XCTAssertEqual(
            try reader.query("SELECT count(*) AS n FROM crash_groups").first?.int("n"),
            try owner.query("SELECT count(*) AS n FROM crash_groups").first?.int("n"))
        XCTAssertThrowsError(try reader.query("SELECT count(*) FROM report")) { error in
            XCTAssertEqual((error as? DatabaseError)?.sqlState, "42501", "permission denied")
        }
        XCTAssertThrowsError(try reader.execute("DELETE FROM report")) { error in
            XCTAssertEqual((error as? DatabaseError)?.sqlState, "42501")
        }
        // With the tables readable too, crashscan's own reports run as the role.
        try owner.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role)")
        let readerURL = url.replacingOccurrences(of: "postgres@", with: "\(role)@")
        let report = try runner.run(["report", "--format", "json", "--db", readerURL])
        XCTAssertEqual(report.status, 0, report.err)
        XCTAssertEqual(
            report.out,
            try runner.run(["report", "--format", "json", "--db", url]).out
                .replacingOccurrences(of: "postgres@", with: "\(role)@"))
        let write = try runner.run(["fixed", "1b4b", "2.4.0", "--db", readerURL])
        XCTAssertEqual(write.status, 74, write.err)
        let sample = TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt").path
        let load = try runner.run(["import", sample, "--db", readerURL])
        XCTAssertEqual(load.status, 74, load.err)
        XCTAssertTrue(load.err.contains("permission denied"), load.err)
    }
}
