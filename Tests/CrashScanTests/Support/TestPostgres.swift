import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore

/// The PostgreSQL server the team-database tests run against: `CRASHSCAN_TEST_POSTGRES` names it
/// (`eval "$(scripts/postgres-test-server.sh start)"` makes one; `.ci/run` does, so there a
/// missing server fails the run instead of skipping).
enum TestPostgres {
    static func serverURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["CRASHSCAN_TEST_POSTGRES"], !url.isEmpty else {
            throw XCTSkip(
                "set CRASHSCAN_TEST_POSTGRES to a PostgreSQL URL (eval \"$(scripts/postgres-test-server.sh start)\" makes a server)"
            )
        }
        return url
    }

    /// A new empty database on the server for one test, dropped when the test ends; its URL.
    static func freshDatabase(_ test: XCTestCase) throws -> String {
        let server = try serverURL()
        let name = "crashscan_t\(UInt32.random(in: 0...UInt32.max))"
        let url = try PostgresAdmin.recreateDatabase(server: server, name: name)
        test.addTeardownBlock {
            // Connections of the test's processes are gone by now; FORCE ends any left over.
            try? PostgresConnection(url: server).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
        return url
    }
}
