import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore

/// Databases crashscan must not harm: another application's, a text file, a directory, a
/// truncated file, an older crashscan's (read, never changed, until `upgrade`), a read-only
/// folder; and two imports into one new database at once.
final class DatabaseFaultTests: XCTestCase {
    var folder: URL!
    var runner: CommandRunner!

    override func setUpWithError() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        folder = try TestPaths.temporaryFolder(self)
        runner = CommandRunner(folder: folder)
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testAnotherApplicationsDatabaseIsRefusedAndLeftAsItWas() throws {
        let other = folder.appendingPathComponent("other.sqlite")
        let db = try Database(path: other.path)
        try db.execute(
            "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'a')")
        let before = try Data(contentsOf: other)
        for arguments in [
            ["report"], ["report", "--format", "json"], ["explain", "abcd"], ["fixed", "abcd", "2.0"],
            ["regroup"], ["upgrade"], ["import", TestPaths.sampleReports.path],
        ] {
            let run = try runner.run(arguments + ["--db", "other.sqlite"])
            XCTAssertEqual(run.status, 74, arguments.description)
            XCTAssertTrue(
                run.err.contains("other.sqlite is not a crashscan database (it has tables users"),
                "\(arguments): \(run.err)")
        }
        XCTAssertEqual(try Data(contentsOf: other), before, "not one byte changed")
        XCTAssertEqual(try files(), ["other.sqlite"], "no journal, WAL or shared-memory file left")
        XCTAssertEqual(try db.query("PRAGMA journal_mode").first?.string("journal_mode"), "delete")
    }

    func testATextFileADirectoryAndATruncatedFileAreRefusedWithAReason() throws {
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("text.sqlite"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("folder.sqlite"), withIntermediateDirectories: false)
        XCTAssertEqual(
            try runner.run(["import", TestPaths.sampleReports.path, "--db", "good.sqlite"]).status, 0)
        let good = try Data(contentsOf: folder.appendingPathComponent("good.sqlite"))
        try good.prefix(good.count / 4).write(to: folder.appendingPathComponent("cut.sqlite"))
        for (name, reason) in [
            ("text.sqlite", "file is not a database"),
            ("folder.sqlite", "folder.sqlite is a folder, not a database file"),
            ("cut.sqlite", "malformed"),
        ] {
            for command in [["report"], ["import", TestPaths.sampleReports.path]] {
                let run = try runner.run(command + ["--db", name])
                XCTAssertEqual(run.status, 74, "\(name) \(command)")
                XCTAssertTrue(run.err.contains(reason), "\(name) \(command): \(run.err)")
            }
        }
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("text.sqlite"), encoding: .utf8), "hello\n")
    }

    /// `report` and `explain` only read: an older crashscan's database is refused with the command
    /// that upgrades it, unchanged, and reads fine after `upgrade`.
    func testReadingNeverUpgradesAndUpgradeDoes() throws {
        let old = folder.appendingPathComponent("old.sqlite")
        try FileManager.default.copyItem(at: TestPaths.fixture("databases/schema8-samples.sqlite"), to: old)
        let before = try Data(contentsOf: old)
        let report = try runner.run(["report", "--db", "old.sqlite"])
        XCTAssertEqual(report.status, 74)
        XCTAssertTrue(report.err.contains("run 'crashscan upgrade --db old.sqlite' once"), report.err)
        XCTAssertEqual(try runner.run(["explain", "1b4b", "--db", "old.sqlite"]).status, 74)
        XCTAssertEqual(try Data(contentsOf: old), before)
        let upgrade = try runner.run(["upgrade", "--db", "old.sqlite"])
        XCTAssertEqual(upgrade.status, 0, upgrade.err)
        // Its JSON reports were hashed by an older crashscan: hashed again from the files still here.
        // Its derived tables are made (the schema predates them), said first.
        XCTAssertTrue(
            upgrade.out.hasPrefix(
                "upgraded old.sqlite: made its derived tables from the rows\n"
                    + "upgraded old.sqlite: re-hashed 0 of 6 JSON reports"), upgrade.out)
        XCTAssertTrue(upgrade.out.contains("\nupgraded old.sqlite: regrouped 21 reports"), upgrade.out)
        let after = try runner.run(["report", "--db", "old.sqlite"])
        XCTAssertEqual(after.status, 0, after.err)
        XCTAssertTrue(after.out.contains("21 crash reports, 18 KVC failures in 9 groups"), after.out)
        XCTAssertTrue(try runner.run(["upgrade", "--db", "old.sqlite"]).out.contains("is up to date"))
    }

    /// A database one schema version behind whose groups are current: `upgrade` says which
    /// migration it applied rather than that the database was up to date.
    func testUpgradeNamesTheMigrationsItApplied() throws {
        let last = Migration.builtIn.count
        let path = folder.appendingPathComponent("older.sqlite").path
        do {
            let store = try Store(path: path, migrations: Migration.builtIn.filter { $0.version < last })
            try store.db.execute("INSERT INTO crash_group (fingerprint, created_at) VALUES ('f', 'x')")
        }
        XCTAssertEqual(try runner.run(["report", "--db", "older.sqlite"]).status, 74)
        // A copy upgraded by an import instead: the import says so before its own messages.
        try FileManager.default.copyItem(
            atPath: path, toPath: folder.appendingPathComponent("copy.sqlite").path)
        let imported = try runner.run(["import", TestPaths.sampleReports.path, "--db", "copy.sqlite"])
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertTrue(
            imported.err.hasPrefix(
                "crashscan: upgraded the database to schema \(last) (migration \(last)) before importing\n"),
            imported.err)
        let again = try runner.run(["import", TestPaths.sampleReports.path, "--db", "copy.sqlite"])
        XCTAssertFalse(again.err.contains("upgraded"), again.err)
        let upgrade = try runner.run(["upgrade", "--db", "older.sqlite"])
        XCTAssertEqual(upgrade.status, 0, upgrade.err)
        XCTAssertEqual(upgrade.out, "upgraded older.sqlite to schema \(last) (migration \(last))\n")
        XCTAssertEqual(try runner.run(["report", "--db", "older.sqlite"]).status, 0)
        XCTAssertEqual(
            try runner.run(["upgrade", "--db", "older.sqlite"]).out,
            "older.sqlite is up to date (schema \(last))\n")
        // Derived tables declared otherwise (another crashscan's) or made stale by a hand edit are
        // filled again on opening: upgrade says so instead of "up to date".
        for (change, said) in [
            ("digest = 'another'", "made its derived tables from the rows\n"),
            ("stale = 1", "filled its derived tables again from the rows (a hand edit had made them stale)"),
        ] {
            do {
                let store = try Store(path: path)
                try store.db.execute("UPDATE cache_state SET \(change)")
            }
            let remade = try runner.run(["upgrade", "--db", "older.sqlite"])
            XCTAssertEqual(remade.status, 0, remade.err)
            XCTAssertTrue(remade.out.hasPrefix("upgraded older.sqlite: \(said)"), remade.out)
            XCTAssertFalse(remade.out.contains("up to date"), remade.out)
            XCTAssertEqual(try runner.run(["check", "--db", "older.sqlite"]).status, 0)
        }
        // An import that opens such a database says so too, before its own messages.
        do {
            let store = try Store(path: path)
            try store.db.execute("UPDATE cache_state SET stale = 1")
        }
        let refilled = try runner.run(["import", TestPaths.sampleReports.path, "--db", "older.sqlite"])
        XCTAssertEqual(refilled.status, 0, refilled.err)
        XCTAssertTrue(
            refilled.err.hasPrefix(
                "crashscan: filled its derived tables again from the rows (a hand edit had made them stale) "
                    + "before importing\n"), refilled.err)
    }

    /// Rebuilding `report` (schema 23) leaves the old table's pages free in the file: `upgrade`
    /// says how much and how to give it back.
    func testUpgradeSaysWhatSpaceTheRebuildLeftFree() throws {
        let path = folder.appendingPathComponent("big.sqlite").path
        do {
            let store = try Store(path: path, migrations: Migration.builtIn.filter { $0.version <= 22 })
            try store.db.execute(
                """
                INSERT INTO crash_group (id, fingerprint, created_at) VALUES (1, 'f', 'x');
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
                INSERT INTO report (content_hash, source_path, source_format, imported_at, group_id, frames)
                SELECT printf('%064x', i), 'a.txt', 'bugly-console', 'x', 1, hex(randomblob(2000)) FROM n;
                """)
        }
        let upgrade = try runner.run(["upgrade", "--db", "big.sqlite"])
        XCTAssertEqual(upgrade.status, 0, upgrade.err)
        XCTAssertTrue(upgrade.out.contains("MB of the file are free pages left by the upgrade"), upgrade.out)
        XCTAssertTrue(upgrade.out.contains("'sqlite3 big.sqlite VACUUM'"), upgrade.out)
        let store = try Store(path: path, access: .readOnly)
        XCTAssertEqual(try store.db.query("SELECT count(*) AS n FROM report").first?.int("n"), 20000)
        XCTAssertGreaterThanOrEqual(try store.freeBytes() ?? 0, 64 << 20)
    }

    /// A database in a folder the user cannot write: `report` reads it without creating anything
    /// beside it; `import` says why it cannot write.
    func testAReadOnlyFolderCanBeReportedOnAndIsNotWritten() throws {
        XCTAssertEqual(
            try runner.run(["import", TestPaths.sampleReports.path, "--db", "db.sqlite"]).status, 0)
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("db.sqlite"), to: locked.appendingPathComponent("db.sqlite"))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
        }
        // root writes anywhere: run as `nobody` (CommandRunner.runAsUser), as a user would be refused.
        let asUser = runner.runAsUser
        // `nobody` may enter the test folder.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let report = try asUser(["report", "--db", locked.appendingPathComponent("db.sqlite").path])
        if report.err.contains("Permission denied") || report.status == 126 {
            throw XCTSkip("nobody cannot reach the test folder here")
        }
        XCTAssertEqual(report.status, 0, report.err)
        XCTAssertTrue(report.out.contains("21 crash reports"), report.out)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked.path), ["db.sqlite"])
        let write = try asUser([
            "import", TestPaths.sampleReports.path, "--db", locked.appendingPathComponent("db.sqlite").path,
        ])
        XCTAssertEqual(write.status, 74)
        XCTAssertTrue(write.err.contains("read-only"), write.err)
    }

    /// A database file the user may not write (in a folder they may): `report` reads it, `import`
    /// says it is read-only (74), and the database is unchanged.
    func testAReadOnlyDatabaseFileIsReadAndNotWritten() throws {
        XCTAssertEqual(
            try runner.run(["import", TestPaths.sampleReports.path, "--db", "db.sqlite"]).status, 0)
        let database = folder.appendingPathComponent("db.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let before = try Data(contentsOf: database)
        let asUser = runner.runAsUser
        let report = try asUser(["report", "--db", database.path])
        if report.status == 126 || report.err.contains("Permission denied") {
            throw XCTSkip("nobody cannot reach the test folder here")
        }
        XCTAssertEqual(report.status, 0, report.err)
        XCTAssertTrue(report.out.contains("21 crash reports"), report.out)
        let write = try asUser(["import", TestPaths.sampleReports.path, "--db", database.path])
        XCTAssertEqual(write.status, 74, write.err)
        XCTAssertTrue(write.err.contains("the file or its folder is read-only"), write.err)
        XCTAssertEqual(try Data(contentsOf: database), before, "not one byte changed")
    }

    /// Two imports started together into a database that does not exist yet: both finish, every
    /// report is stored once (the second waits for the first's schema set-up and transactions).
    func testTwoImportsAtOnceIntoANewDatabaseBothSucceed() throws {
        for trial in 1...5 {
            let name = "both-\(trial).sqlite"
            let processes = try (0..<2).map { _ -> Process in
                let process = Process()
                process.executableURL = CommandRunner.binary
                process.arguments = ["import", TestPaths.sampleReports.path, "--db", name, "--quiet"]
                process.currentDirectoryURL = folder
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            for process in processes { process.waitUntilExit() }
            XCTAssertEqual(processes.map(\.terminationStatus), [0, 0], "trial \(trial)")
            let db = try Database(path: folder.appendingPathComponent(name).path)
            XCTAssertEqual(
                try db.query("SELECT count(*) AS n FROM reports").first?.int("n"), 21, "trial \(trial)")
            XCTAssertEqual(
                try db.query("SELECT count(*) AS n FROM import_runs").first?.int("n"), 2, "trial \(trial)")
            XCTAssertEqual(try db.query("PRAGMA integrity_check").first?.string("integrity_check"), "ok")
            try CacheAssertions.assertCachesMatchRows(
                try Store(path: folder.appendingPathComponent(name).path, access: .readOnly))
        }
    }
}
