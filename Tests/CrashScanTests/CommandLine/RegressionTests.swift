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
        XCTAssertTrue(fixed.out.contains("REGRESSED: crashed in 7.4.2 (1)"), fixed.out)
        XCTAssertTrue(
            fixed.err.contains(
                "warning: 7.4.0 is not newer than every version that crashed (7.4.2 crashed too)"),
            fixed.err)

        let regressed = try XCTUnwrap(try json(["report", "--regressed"])["groups"] as? [[String: Any]])
        XCTAssertEqual(regressed.compactMap { $0["id"] as? String }, [id])
        let regression = try XCTUnwrap(regressed.first?["regression"] as? [String: Any])
        XCTAssertEqual(regression["fixed_in"] as? String, "7.4.0")
        XCTAssertEqual(regression["regressed"] as? Bool, true)
        XCTAssertEqual(regression["source"] as? String, "recorded")

        let failing = try runner.run(["report", "--fail-on", "regressed"])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.err.contains("1 regressed group (\(id))"), failing.err)
        XCTAssertTrue(failing.out.contains("fixed in 7.4.0; REGRESSED: crashed in 7.4.2 (1)"), failing.out)
        // CSV and Markdown carry the fix version, the regression and the confidence.
        let csv = try runner.run(["report", "--format", "csv"]).out.split(separator: "\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false)
        let confidence = try XCTUnwrap(header.firstIndex(of: "confidence"))
        XCTAssertEqual(header[confidence...].prefix(3), ["confidence", "fixed_in", "regressed"])
        let row = try XCTUnwrap(csv.first { $0.hasPrefix(id) }).split(
            separator: ",", omittingEmptySubsequences: false)
        XCTAssertEqual(
            row[confidence...].prefix(3), ["low", "7.4.0", "1"],
            "a group whose reports name no class or key is low")
        let markdown = try runner.run(["report", "--format", "markdown"]).out
        XCTAssertTrue(markdown.contains("| Fix | Confidence | Fixed in | Regressed |"), markdown)
        XCTAssertTrue(markdown.contains("| low | 7.4.0 | **yes** |"), markdown)

        // Fixed in V means V and later must not crash: the version that crashed is no fix
        // version, and saying so is warned about.
        let same = try runner.run(["fixed", id, "7.4.2"])
        XCTAssertEqual(same.status, 0, same.err)
        XCTAssertTrue(same.out.contains("fixed in 7.4.2; REGRESSED: crashed in 7.4.2 (1)"), same.out)
        XCTAssertTrue(
            same.err.contains(
                "warning: 7.4.2 is not newer than every version that crashed (7.4.2 crashed too): fixed in 7.4.2 means 7.4.2 and later must not crash"
            ), same.err)

        let later = try runner.run(["fixed", id, "7.5"])
        XCTAssertTrue(later.out.contains("no report from it or a later version"), later.out)
        XCTAssertEqual(later.err, "")
        XCTAssertEqual(try runner.run(["report", "--fail-on", "regressed"]).status, 0)
        XCTAssertEqual(try runner.run(["report", "--fail-on", "nothing"]).status, 64)
    }
}
