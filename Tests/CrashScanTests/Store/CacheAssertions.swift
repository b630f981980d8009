import XCTest

@testable import CrashScanCatalogs
@testable import CrashScanModel
@testable import CrashScanStore

/// What every test that writes the database checks at its end: the caches say what the rows say
/// (`crashscan check`), and `report` reads from them what it would read from the rows.
enum CacheAssertions {
    /// Every cache equals its definition over the rows, and none is stale.
    static func assertCachesMatchRows(_ store: Store, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let check = try store.checkCaches()
        XCTAssertFalse(check.outdated, "the caches were made by this crashscan", file: file, line: line)
        XCTAssertFalse(check.stale, "the caches are not stale", file: file, line: line)
        XCTAssertEqual(check.caches.count, Caches.all.count, file: file, line: line)
        XCTAssertEqual(
            check.differences.map { "\($0.cache): \($0.samples.joined(separator: "; "))" }, [], file: file,
            line: line)
    }

    /// After a killed command: the caches match the rows, unless a hand edit before it had marked
    /// them stale (then they are never read until rebuilt).
    static func assertCachesMatchRowsOrAreStale(
        _ store: Store, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let check = try store.checkCaches()
        XCTAssertFalse(check.outdated, file: file, line: line)
        guard !check.stale else { return }
        XCTAssertEqual(
            check.differences.map { "\($0.cache): \($0.samples.joined(separator: "; "))" }, [], file: file,
            line: line)
    }

    /// Selections of every kind of filter, alone and together.
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
            ("empty app version", selection { $0.appVersions = [""] }),
            ("first group", selection { $0.groupIDs = Array(groups.prefix(1)) }),
            ("two groups", selection { $0.groupIDs = Array(groups.suffix(2)) }),
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

    /// Every selection, and time filters alone and with others: `report`'s scan and count of
    /// reports from the caches equal those from the raw rows; a selection the caches of whole
    /// groups answer also gives the same from `failure_fact`.
    static func assertScansAgree(_ store: Store, file: StaticString = #filePath, line: UInt = #line) throws {
        let groups = try store.db.query("SELECT id FROM crash_group ORDER BY id").compactMap {
            try $0.int("id").map(Int64.init)
        }
        var compared = 0
        var selections = try selections(groups: groups)
        for (since, until) in try timeBounds(store) {
            for (name, other) in selections.prefix(13)
            where ["all", "os <9", "key _placeholderLabel", "iPhone 6 Plus", "first group"].contains(name) {
                var selection = other
                selection.since = since
                selection.until = until
                selections.append(("\(name) since \(since ?? "-") until \(until ?? "-")", selection))
            }
        }
        for (name, selection) in selections {
            if try assertScanMatchesRows(store, selection, name, file: file, line: line) { compared += 1 }
            XCTAssertEqual(
                try store.reportCount(selection), try store.countReportsFromRows(selection),
                "reports of \(name)",
                file: file, line: line)
        }
        XCTAssertGreaterThan(compared, 10, "most selections keep failures", file: file, line: line)
    }

    /// Bounds taken from the stored times: the first, a middle and the last day, times within a
    /// day, a year and a month.
    static func timeBounds(_ store: Store) throws -> [(since: String?, until: String?)] {
        let times = try store.db.query(
            "SELECT DISTINCT \(store.dialect.timestampText("seen_at")) AS t FROM report WHERE seen_at IS NOT NULL ORDER BY 1"
        ).compactMap { try $0.string("t") }
        guard let earliest = times.first, let latest = times.last else { return [] }
        let middle = times[times.count / 2]
        return [
            (String(earliest.prefix(10)), nil), (nil, String(latest.prefix(10))),
            (String(middle.prefix(10)), nil), (nil, String(middle.prefix(10))),
            (String(earliest.prefix(10)), String(middle.prefix(10))), (String(middle.prefix(19)), nil),
            (nil, String(middle.prefix(16))), (String(earliest.prefix(4)), String(latest.prefix(7))),
            ("2999-01-01", nil), (String(earliest.prefix(19)), String(middle.prefix(16))),
            (String(middle.prefix(13)), String(middle.prefix(19))),
        ]
    }

    /// The scan (and the HTML page's) from the caches against the rows: the cells (summed as the
    /// report sums them), the affected devices and users, the days and the latest failures. True
    /// when the selection keeps failures.
    static func assertScanMatchesRows(
        _ store: Store, _ selection: ReportSelection, _ label: String, file: StaticString, line: UInt
    ) throws -> Bool {
        let rows = try store.scanFailuresFromRows(selection, forPage: true)
        var scans = [
            ("cached", try store.scanFailures(selection, forPage: false)),
            ("cached page", try store.scanFailures(selection, forPage: true)),
        ]
        if try store.cachesReadable() {
            scans.append(("facts", try store.scanFailuresFromFacts(selection, forPage: true)))
        }
        for (path, scan) in scans {
            let name = "\(label) (\(path))"
            XCTAssertEqual(summed(scan.cells), summed(rows.cells), name, file: file, line: line)
            XCTAssertEqual(scan.byGroup, rows.byGroup, name, file: file, line: line)
            XCTAssertEqual(scan.total, rows.total, name, file: file, line: line)
            guard path != "cached" else { continue }
            XCTAssertEqual(days(scan), days(rows), name, file: file, line: line)
            XCTAssertEqual(scan.latest, rows.latest, name, file: file, line: line)
        }
        return !rows.cells.isEmpty
    }

    static func days(_ scan: FailureScan) -> [String] {
        scan.days.map { "\($0.group) \($0.day) \($0.count)" }.sorted()
    }

    /// The cells as the report adds them up: cells whose texts are equal as Swift compares them
    /// are one, with the sum of the failures, the earliest and latest time and the smallest OS key.
    static func summed(_ cells: [FailureCell]) -> [String] {
        var sums: [String: (count: Int, osKey: Int?, first: String?, last: String?)] = [:]
        for cell in cells {
            let key = [
                String(cell.group), cell.model ?? "∅", cell.name ?? "∅", cell.os ?? "∅", cell.app ?? "∅",
            ]
            .joined(separator: "|")
            var sum = sums[key] ?? (0, nil, nil, nil)
            sum.count += cell.count
            sum.osKey = [sum.osKey, cell.osKey].compactMap { $0 }.min()
            sum.first = [sum.first, cell.firstSeen].compactMap { $0 }.min(by: SQLOrder.bytewise)
            sum.last = [sum.last, cell.lastSeen].compactMap { $0 }.max(by: SQLOrder.bytewise)
            sums[key] = sum
        }
        return sums.map { key, sum in
            [key, String(sum.count), sum.osKey.map(String.init) ?? "∅", sum.first ?? "∅", sum.last ?? "∅"]
                .joined(separator: "|")
        }.sorted()
    }
}
