import CrashScanDatabase
import CrashScanImport
import CrashScanModel
import CrashScanRules
import CrashScanStore
import Foundation

/// The team database's figures (`--postgres URL`, or `$CRASHSCAN_BENCH_POSTGRES`): the same
/// corpus imported into a fresh PostgreSQL database, and `report` on a database of `--report-db`
/// reports there. The benchmark makes and drops its own databases on that server
/// (`crashscan_bench_import`, `crashscan_bench_report_N_SEED`), never the one the URL names.
extension Benchmark {
    var importDatabaseName: String { "crashscan_bench_import" }
    var reportDatabaseName: String { "crashscan_bench_report_\(options.reportDB)_\(options.seed)" }
    /// Says which server the kept report database was completed on.
    var postgresReportMarker: String { "\(options.work)/\(reportDatabaseName).complete" }

    func postgresLines(corpus: Corpus, sqliteImports: [Measure.ChildRun]) throws -> [String] {
        guard let server = options.postgres else { return [] }
        var firsts: [Measure.ChildRun] = []
        var agains: [Measure.ChildRun] = []
        for round in 1...options.importRuns {
            let url = try PostgresAdmin.recreateDatabase(server: server, name: importDatabaseName)
            say("crashscan import into PostgreSQL (fresh database), run \(round) of \(options.importRuns) …")
            firsts.append(try importOrFail(corpus.path, url))
            say("crashscan import into PostgreSQL again (all duplicates) …")
            agains.append(try importOrFail(corpus.path, url))
        }
        let first = Measure.medianRun(firsts)
        let again = Measure.medianRun(agains)
        let sqlite = Measure.medianRun(sqliteImports)
        let rate = Double(options.reports) / first.seconds
        let sqliteRate = Double(options.reports) / sqlite.seconds
        var lines = [
            "", "PostgreSQL (\(Store.redactedURL(server))):",
            String(
                format:
                    "  import into a fresh database: %.2f s = %.0f reports/s, %.2f of SQLite's %.0f reports/s in this run; peak RSS %.0f MB",
                first.seconds, rate, rate / sqliteRate, sqliteRate, Double(first.peakRSS) / 1_048_576),
            String(format: "  import again (all duplicates): %.2f s", again.seconds),
        ]
        let (reportURL, build) = try buildPostgresReportDatabase(server)
        lines += reportLines(build: build, times: try timeReports(reportURL)).map { "  " + $0 }
        return lines
    }

    private func importOrFail(_ corpus: String, _ url: String) throws -> Measure.ChildRun {
        let run = try Measure.run(binary, ["import", corpus, "--db", url, "--quiet"])
        guard run.status == 0 || run.status == 65 else { throw BenchError("import failed: \(run.output)") }
        return run
    }

    /// The report database on the server: kept between runs (building a million reports takes
    /// minutes), rebuilt when the marker does not name this server.
    private func buildPostgresReportDatabase(_ server: String) throws -> (String, Build?) {
        let url = PostgresAdmin.url(server, database: reportDatabaseName)
        if (try? String(contentsOfFile: postgresReportMarker, encoding: .utf8)) == server,
            try PostgresAdmin.databaseExists(server: server, name: reportDatabaseName)
        {
            say("reusing \(reportDatabaseName)")
            return (url, nil)
        }
        say("building a PostgreSQL database of \(options.reportDB) reports (importer in a child process) …")
        let child = try Measure.run(
            CommandLine.arguments[0],
            [
                "--build-report-db-only", "--report-db", String(options.reportDB), "--work", options.work,
                "--postgres", server,
            ])
        guard child.status == 0 else {
            throw BenchError("building the report database failed: \(child.output)")
        }
        try server.write(toFile: postgresReportMarker, atomically: true, encoding: .utf8)
        return (url, Build(child))
    }

    /// The child's work for `buildPostgresReportDatabase`.
    func storeGeneratedReportsInPostgres(_ server: String) throws {
        unlink(postgresReportMarker)
        let url = try PostgresAdmin.recreateDatabase(server: server, name: reportDatabaseName)
        let store = try Store(path: url)
        let sources = GeneratedSources(count: options.reportDB, seed: options.seed &+ 1)
        _ = try Importer(store: store, rules: RuleSet.builtIn(), batchSize: 1024).run(
            sources, arguments: "crashscan-bench", version: CrashScanVersion.current)
        sources.clock.printForParent()
    }
}
