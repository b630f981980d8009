import Foundation
import XCTest

/// `fixed` for every group, rule or not; `report --regressed` and `--fail-on regressed`.
final class RegressionTests: XCTestCase {
    var runner: CommandRunner!

    override func setUpWithError() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        XCTAssertEqual(try runner.run(["import", "-q", TestPaths.sampleReports.path]).status, 0)
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let run = try runner.run(arguments + ["--format", "json"])
        XCTAssertEqual(run.status, 0, run.err)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    func testFixedWorksForEveryGroupAndRegressionsFailTheBuildOnRequest() throws {
        let groups = try XCTUnwrap(try json(["report"])["groups"] as? [[String: Any]])
        // A group no KVC rule knows: the bundled non-KVC crash is not in the report, so take the
        // outlet group without class or key, whose rule has no fix version of its own.
        let outlet = try XCTUnwrap(groups.first { $0["receiver_class"] is NSNull && $0["key"] is NSNull })
        let id = try XCTUnwrap(outlet["id"] as? String)
        XCTAssertTrue(outlet["regression"] is NSNull, "no fix version yet")

        let clean = try runner.run(["report", "--fail-on", "regressed"])
        XCTAssertEqual(clean.status, 0, "nothing regressed yet")

        let fixed = try runner.run(["fixed", id, "7.4.0"])
        XCTAssertEqual(fixed.status, 0, fixed.err)
        XCTAssertTrue(fixed.out.contains("recorded: fixed in 7.4.0"), fixed.out)
        XCTAssertTrue(fixed.out.contains("REGRESSED: seen again in 7.4.2 (1)"), fixed.out)

        let regressed = try XCTUnwrap(try json(["report", "--regressed"])["groups"] as? [[String: Any]])
        XCTAssertEqual(regressed.compactMap { $0["id"] as? String }, [id])
        let regression = try XCTUnwrap(regressed.first?["regression"] as? [String: Any])
        XCTAssertEqual(regression["fixed_in"] as? String, "7.4.0")
        XCTAssertEqual(regression["regressed"] as? Bool, true)
        XCTAssertEqual(regression["source"] as? String, "recorded")

        let failing = try runner.run(["report", "--fail-on", "regressed"])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.err.contains("1 regressed group (\(id))"), failing.err)
        XCTAssertTrue(failing.out.contains("fixed in 7.4.0; REGRESSED: seen again in 7.4.2 (1)"), failing.out)

        let later = try runner.run(["fixed", id, "7.5"])
        XCTAssertTrue(later.out.contains("no report from a later version"), later.out)
        XCTAssertEqual(try runner.run(["report", "--fail-on", "regressed"]).status, 0)
        XCTAssertEqual(try runner.run(["report", "--fail-on", "nothing"]).status, 64)
    }
}
