import Foundation
import XCTest

/// The HTML report rendered by a real browser: Debian's `chromium`, headless. Skipped with a
/// message when it is not installed, unless `CRASHSCAN_TEST_CHROMIUM` is set (CI sets it: a
/// missing browser then fails the run).
final class BrowserTests: XCTestCase {
    private var chromium: URL {
        get throws {
            let environment = ProcessInfo.processInfo.environment
            let candidates = [
                environment["CRASHSCAN_CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser",
            ]
            if let path = candidates.compactMap({ $0 }).first(where: FileManager.default.isExecutableFile) {
                return URL(fileURLWithPath: path)
            }
            let message = "chromium is not installed (apt-get install chromium); the browser tests need it"
            if environment["CRASHSCAN_TEST_CHROMIUM"] != nil { XCTFail(message) }
            throw XCTSkip(message)
        }
    }

    /// Runs headless chromium on `page` with `arguments`; its standard output and the console
    /// messages it logged.
    private func browse(_ page: URL, _ arguments: [String], width: Int = 1200, height: Int = 900) throws -> (
        dom: String, console: [String]
    ) {
        let browser = try chromium
        let profile = try TestPaths.temporaryFolder(self).appendingPathComponent("profile")
        let runner = CommandRunner(folder: page.deletingLastPathComponent())
        // --no-sandbox: the tests run as root in CI, where chromium's sandbox refuses to start.
        let run = try runner.run(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--user-data-dir=\(profile.path)",
                "--enable-logging=stderr", "--v=0", "--window-size=\(width),\(height)",
            ] + arguments + [page.absoluteString], binary: browser)
        XCTAssertEqual(run.status, 0, run.err)
        let console = run.err.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (run.out, console)
    }

    private func samplePage(_ name: String = "report.html") throws -> (URL, CommandRunner) {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
        _ = try chromium
        let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
        XCTAssertEqual(try runner.run(["import", TestPaths.sampleReports.path, "--quiet"]).status, 0)
        let page = runner.folder.appendingPathComponent(name)
        XCTAssertEqual(try runner.run(["report", "--format", "html", "--output", page.path]).status, 0)
        return (page, runner)
    }

    /// The console check can see an error: a page that throws shows it.
    func testConsoleErrorsAreSeen() throws {
        let page = try TestPaths.temporaryFolder(self).appendingPathComponent("throws.html")
        try Data("<!DOCTYPE html><p>x</p><script>throw new Error('boom')</script>".utf8).write(to: page)
        let (_, console) = try browse(page, ["--dump-dom"])
        XCTAssertTrue(
            console.contains { $0.contains("Uncaught Error: boom") }, console.joined(separator: "\n"))
    }

    func testTheLoadedPageShowsTheReportsNumbersWithoutErrors() throws {
        let (page, runner) = try samplePage()
        let (dom, console) = try browse(page, ["--dump-dom"])
        XCTAssertEqual(console, [], "no console message: no script error and no blocked request")
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(try runner.run(["report", "--format", "json", "--sort", "affected"]).out.utf8))
                as? [String: Any])
        let groups = try XCTUnwrap(report["groups"] as? [[String: Any]])
        // The groups table, in the page's order, after the script ran.
        let ids = matches(#"<tr data-group="([0-9a-f]+)""#, in: dom)
        XCTAssertEqual(ids, groups.compactMap { $0["id"] as? String })
        // Every heatmap cell the browser built has the JSON matrix's count.
        var cells: [String: Int] = [:]
        for match in matchGroups(
            #"data-scope="all" data-device="([^"]*)" data-os="([^"]*)" data-count="([0-9]+)""#, in: dom)
        {
            if let count = Int(match[2]), count > 0 { cells["\(match[0])|\(match[1])"] = count }
        }
        var expected: [String: Int] = [:]
        for cell in report["matrix"] as? [[String: Any]] ?? [] {
            expected["\(cell["device"] ?? "")|\(cell["os_version"] ?? "")", default: 0] +=
                cell["reports"] as? Int ?? 0
        }
        XCTAssertEqual(cells, expected)
        // The script ran: it shows the copy buttons the page hides for readers without it.
        XCTAssertTrue(dom.contains(">Copy</button>"))
        XCTAssertFalse(dom.contains("hidden=\"hidden\">Copy"), "the script showed the copy buttons")
    }

    /// At 360 px the page itself does not scroll sideways (wide tables scroll in their box). A
    /// headless window is never narrower than about 500 px, so the page is measured in a 360 px
    /// frame, which posts its width to the page around it.
    func testReadableAt360Pixels() throws {
        let (page, _) = try samplePage()
        let folder = page.deletingLastPathComponent()
        let html = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(
            of: "</body>",
            with:
                "<script>parent.postMessage(String(document.documentElement.scrollWidth), '*');</script></body>"
        )
        try Data(html.utf8).write(to: folder.appendingPathComponent("probe.html"))
        let frame = folder.appendingPathComponent("frame.html")
        try Data(
            """
            <!DOCTYPE html><html><body><iframe src="probe.html" style="width:360px;height:800px;border:0"></iframe>
            <script>window.addEventListener("message", function (e) { document.body.setAttribute("data-page-width", e.data); });</script>
            </body></html>
            """.utf8
        ).write(to: frame)
        let (dom, console) = try browse(frame, ["--virtual-time-budget=5000", "--dump-dom"])
        XCTAssertEqual(console, [])
        let width = try XCTUnwrap(Int(matches(#"data-page-width="([0-9]+)""#, in: dom).first ?? ""), dom)
        XCTAssertLessThanOrEqual(width, 360)
    }

    /// The script sorts the groups table by a column heading: descending on the first click,
    /// ascending on the second, and says so in `aria-sort`.
    func testClickingAHeadingSortsTheGroups() throws {
        let (page, _) = try samplePage()
        let probe = page.deletingLastPathComponent().appendingPathComponent("sort.html")
        let script = """
            <script>
            (function () {
              var table = document.getElementById("groups-table");
              var heading = table.tHead.rows[0].cells[4];
              function column() {
                return Array.prototype.map.call(table.tBodies[0].rows, function (row) {
                  return row.cells[4].getAttribute("data-sort");
                }).join(",");
              }
              heading.querySelector("button").click();
              document.body.setAttribute("data-first", column() + "|" + heading.getAttribute("aria-sort"));
              heading.querySelector("button").click();
              document.body.setAttribute("data-second", column() + "|" + heading.getAttribute("aria-sort"));
            })();
            </script></body>
            """
        let html = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(
            of: "</body>", with: script)
        try Data(html.utf8).write(to: probe)
        let (dom, console) = try browse(probe, ["--dump-dom"])
        XCTAssertEqual(console, [])
        func sorted(_ attribute: String) throws -> (values: [Int], order: String) {
            let text = try XCTUnwrap(matches(attribute + #"="([^"]*)""#, in: dom).first, dom)
            let parts = text.split(separator: "|")
            return (parts[0].split(separator: ",").compactMap { Int($0) }, String(parts.last ?? ""))
        }
        let first = try sorted("data-first")
        XCTAssertEqual(first.values.count, 9)
        XCTAssertEqual(first.values, first.values.sorted(by: >))
        XCTAssertEqual(first.order, "descending")
        let second = try sorted("data-second")
        XCTAssertEqual(second.values, second.values.sorted())
        XCTAssertEqual(second.order, "ascending")
    }

    /// Printing opens the folded parts (the trends' tables, the frames): the printed page has more
    /// pages than the same page whose script does not listen for printing.
    func testPrintingOpensTheFoldedTables() throws {
        let (page, _) = try samplePage()
        let folder = page.deletingLastPathComponent()
        let unfolding = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(unfolding.contains(#"addEventListener("beforeprint""#))
        let folded = unfolding.replacingOccurrences(
            of: #"addEventListener("beforeprint""#, with: #"addEventListener("never""#)
        let control = folder.appendingPathComponent("folded.html")
        try Data(folded.utf8).write(to: control)
        var pages: [Int] = []
        for (source, name) in [(page, "open.pdf"), (control, "folded.pdf")] {
            let pdf = folder.appendingPathComponent(name)
            _ = try browse(source, ["--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)"])
            let text = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
            // Each page of the PDF is an object of `/Type /Page` (the tree's nodes are `/Pages`).
            pages.append(matchGroups(#"/Type\s*/(Page)[^s]"#, in: text).count)
        }
        XCTAssertGreaterThan(pages[1], 0)
        XCTAssertGreaterThan(pages[0], pages[1], "pages printed with the parts opened, and folded")
    }

    /// A screenshot of the samples' page is not blank: far larger than one of an empty page.
    func testScreenshotIsNotBlank() throws {
        let (page, _) = try samplePage()
        let folder = page.deletingLastPathComponent()
        let blank = folder.appendingPathComponent("blank.html")
        try Data("<!DOCTYPE html><title>blank</title>".utf8).write(to: blank)
        var sizes: [Int] = []
        for (source, name) in [(page, "page.png"), (blank, "blank.png")] {
            let shot = folder.appendingPathComponent(name)
            _ = try browse(source, ["--screenshot=\(shot.path)"], width: 1200, height: 1600)
            let data = try Data(contentsOf: shot)
            XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
            sizes.append(data.count)
        }
        XCTAssertGreaterThan(sizes[0], sizes[1] * 10, "page \(sizes[0]) bytes, blank \(sizes[1]) bytes")
    }

    private func matches(_ pattern: String, in text: String) -> [String] {
        matchGroups(pattern, in: text).compactMap(\.first)
    }

    private func matchGroups(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}
