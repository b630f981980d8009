import CrashScanDatabase

/// Every derived table crashscan keeps, each declared once here (`CacheTable`). They are caches
/// of the raw rows (`report`, `kvc_failure`): the store makes them, keeps them through its own
/// writes, rebuilds them when a hand edit made them stale, and `crashscan check` compares them
/// with the rows. Nothing else writes them, and no view reads them.
///
/// Each exists because a measured read needed it (the benchmark's million reports, 299,780
/// failures in 8 KVC groups; the sqlite3 shell): the figures are in each `purpose`.
enum Caches {
    /// In the order they are made, filled and kept: a cache after those whose numbers it reads.
    static let all: [CacheTable] = [
        failureDevice, failureUser, failureCell, failureFact, failureGroup, failureGroupDevice,
        failureGroupUser, failureDay,
        groupTally, groupDeviceTally, groupBlameTally, reportCount, reportDay,
    ]

    /// Every raw column some cache reads: what a deleted row changes.
    static var allReportColumns: Set<RawColumn> {
        all.reduce(into: Set<RawColumn>()) { $0.formUnion($1.rawColumns) }
    }

    // MARK: Columns shared by several caches

    static let groupID = CacheColumn(
        name: "group_id", type: .integer, expression: { _ in "r.group_id" }, reads: [.report("group_id")],
        missing: nil, dimension: .group)
    static let osKey = CacheColumn.reportKey("os_key", .integer, missing: "-1", dimension: .os)
    static let osVersion = CacheColumn.reportKey("os_version", .text, missing: "''")
    static let deviceModel = CacheColumn.reportKey(
        "device_model", .text, missing: "''", dimension: .deviceModel)
    static let deviceName = CacheColumn.reportKey("device_name", .text, missing: "''", dimension: .deviceName)
    static let appVersion = CacheColumn.reportKey("app_version", .text, missing: "''", dimension: .appVersion)
    /// When the report was seen: its crash time, else its upload time (a generated column).
    static let seenAt = CacheColumn.report("seen_at", .time)
    /// The UTC day of `seenAt` (`YYYY-MM-DD`).
    static let day = CacheColumn(
        name: "day", type: .text, expression: { $0.utcDay("r.seen_at") },
        reads: [.report("occurred_at"), .report("uploaded_at")], missing: nil, dimension: .day)

    static func id(_ name: String) -> CacheColumn {
        CacheColumn(
            name: name, type: .text, expression: { _ in "r.\(name)" }, reads: [.report(name)], missing: nil,
            dimension: nil)
    }

    // MARK: The caches

    /// One row per KVC failure with what `report` filters and counts on: the narrow table any
    /// filter reads instead of joining 1,000,000 reports to their failures.
    static let failureFact = CacheTable(
        name: "failure_fact",
        purpose: """
            One row per KVC failure: its report's group, OS, device, app version and time, the numbers of \
            its cell and ids (`failure_cell`, `failure_device`, `failure_user`), and the failure's kind and \
            key. A filtered report reads its rows by the index of its first filter \
            (`--os 8.1`: 19,897 of 299,780 rows, 15 ms) and counts them in one pass.
            """,
        source: .failures,
        columns: [
            CacheColumn(
                name: "report_id", type: .integer, expression: { _ in "r.id" }, reads: [.report("id")],
                missing: nil, dimension: nil),
            .report("group_id", .integer, dimension: .group),
            CacheColumn(
                name: "kind", type: .text, expression: { _ in "k.kind" }, reads: [.failure("kind")],
                missing: nil,
                dimension: .kind),
            CacheColumn(
                name: "key", type: .text, expression: { _ in "k.key" }, reads: [.failure("key")],
                missing: nil,
                dimension: .key),
            osKey, .report("os_version", .text),
            .report("device_model", .text, dimension: .deviceModel),
            .report("device_name", .text, dimension: .deviceName),
            .report("app_version", .text, dimension: .appVersion),
            CacheColumn(
                name: "seen_at", type: .time, expression: { _ in "r.seen_at" },
                reads: [.report("occurred_at"), .report("uploaded_at")], missing: nil, dimension: .time),
            number(in: failureCell, as: "cell_no"), number(in: failureDevice, as: "device_no"),
            number(in: failureUser, as: "user_no"),
        ],
        // A device's indexes hold what a fold reads (and, as every index of the table, its key:
        // the OS key and the report), so that `--device` reads one range of its index and no
        // row of the table: "iPhone 6 Plus", 14,806 failures, took 48 M instructions to look up.
        indexes: [
            ["device_model COLLATE NOCASE", "device_name"] + foldedColumns,
            ["device_name COLLATE NOCASE", "device_model"] + foldedColumns,
            ["seen_at"], ["group_id", "seen_at"], ["key"],
        ],
        readsNumbersOf: ["failure_cell", "failure_device", "failure_user"],
        // Kept in the order of the OS version: an OS filter reads one range of the table (the
        // 19,897 failures of iOS 8.1: 7 ms, against 19 ms through an index and the table).
        clusteredBy: ["os_key"])

    /// The columns of `failure_fact` a fold reads besides its key (the cell's texts are read
    /// once per cell met).
    static let foldedColumns = [
        "group_id", "cell_no", "seen_at", "device_no", "user_no", "os_version", "app_version",
    ]

    /// The number the numbered cache `table` gives the failure's key there (its cell, its
    /// device id, its user id): a fold sums a failure into its cell by the cell's number and
    /// counts distinct ids as bits of their numbers, instead of hashing four texts and two ids a
    /// failure (on the million reports, 5,300 instructions a failure of `--os 8.1`).
    private static func number(in table: CacheTable, as name: String) -> CacheColumn {
        CacheColumn(
            name: name, type: .integer,
            expression: { dialect in
                let match = table.columns.map { "n.\($0.name) = \($0.expression(dialect))" }
                return "(SELECT n.number FROM \(table.name) n WHERE \(match.joined(separator: " AND ")))"
            },
            reads: table.columns.flatMap(\.reads), missing: nil, dimension: nil)
    }

    /// KVC failures per group, device, OS version and app version: an unfiltered report's table.
    static let failureCell = CacheTable(
        name: "failure_cell",
        purpose: """
            KVC failures per group, device model and name, OS version and app version, with the first and \
            last time: an unfiltered report reads its 83,501 rows in 40 ms, where grouping the 299,780 \
            failures took 267 ms.
            """,
        source: .failures,
        columns: [groupID, deviceModel, deviceName, osVersion, osKey, appVersion],
        measures: [
            .count("failures"), .earliest("first_seen", of: seenAt), .latest("last_seen", of: seenAt),
        ],
        numbered: true)

    /// KVC failures per group, and how many of them carry a device id, a user id: whether the
    /// affected counts are exact or lower bounds.
    static let failureGroup = CacheTable(
        name: "failure_group",
        purpose: """
            KVC failures per group and how many carry a device id, a user id: whether the group's affected \
            counts are exact (one row per group; summing `failure_group_device`'s rows for it cost 164 M \
            instructions of an unfiltered report on a million reports, reading two more columns of \
            `failure_cell` 57 M).
            """,
        source: .failures, columns: [groupID],
        measures: [
            .count("failures"), .countOf("with_device_id", .report("device_id")),
            .countOf("with_user_id", .report("user_id")),
        ])

    /// The distinct devices and user ids of each group's failures, and of all failures. A device
    /// is its id on one hardware model: an id seen on two models (a CrashReporter Key restored
    /// from a backup onto another phone) is two devices.
    static let failureGroupDevice = idsPerGroup(
        "device_id", hardware: true, table: "failure_group_device")
    static let failureGroupUser = idsPerGroup("user_id", hardware: false, table: "failure_group_user")
    static let failureDevice = idsOverall("device_id", hardware: true, table: "failure_device")
    static let failureUser = idsOverall("user_id", hardware: false, table: "failure_user")

    /// The hardware a report ran on: its marketing name, else its model identifier, '' for none.
    static let deviceHardware = CacheColumn(
        name: "device_hardware", type: .text,
        expression: { _ in "coalesce(r.device_name, r.device_model, '')" },
        reads: [.report("device_name"), .report("device_model")], missing: nil, dimension: nil)

    private static func idsPerGroup(_ column: String, hardware: Bool, table: String) -> CacheTable {
        CacheTable(
            name: table,
            purpose: """
                KVC failures per group and \(hardware ? "device (\(column) and the hardware it ran on)" : column): \
                the distinct ids of each group are its rows (counted in 20 ms for all groups, against 50 ms by \
                count(DISTINCT) over the failures).
                """,
            source: .failures, columns: [groupID, keyed(id(column))] + (hardware ? [deviceHardware] : []),
            measures: [.count("failures")],
            condition: "r.\(column) IS NOT NULL", conditionReads: [.report(column)])
    }

    private static func idsOverall(_ column: String, hardware: Bool, table: String) -> CacheTable {
        CacheTable(
            name: table,
            purpose: """
                KVC failures per \(hardware ? "device (\(column) and the hardware it ran on)" : column), each \
                numbered: the distinct ids of all failures are its rows (5 ms, against 24–32 ms by \
                count(DISTINCT) over an index of the failures), and `failure_fact` keeps the numbers instead of \
                the texts.
                """,
            source: .failures, columns: [keyed(id(column))] + (hardware ? [deviceHardware] : []),
            measures: [.count("failures")],
            condition: "r.\(column) IS NOT NULL", conditionReads: [.report(column)], numbered: true)
    }

    /// A column the cache's condition keeps from being NULL, as a key.
    private static func keyed(_ column: CacheColumn) -> CacheColumn {
        var keyed = column
        keyed.missing = nil
        return keyed
    }

    /// KVC failures per group and UTC day: the HTML page's days.
    static let failureDay = CacheTable(
        name: "failure_day",
        purpose: """
            KVC failures per group and UTC day: the HTML page's chart of days (2,760 rows; 147 ms grouping \
            the failures).
            """,
        source: .failures, columns: [groupID, keyed(day)], measures: [.count("failures")],
        condition: "r.seen_at IS NOT NULL", conditionReads: [.report("occurred_at"), .report("uploaded_at")])

    /// The app a report belongs to: its process name, else its app image.
    static let app = CacheColumn(
        name: "app", type: .text, expression: { _ in "coalesce(r.process_name, r.app_image, '')" },
        reads: [.report("process_name"), .report("app_image")], missing: "''", dimension: nil)

    /// The bundle id a report gave ('' when none): with the app's name, which app it is.
    static let bundleID = CacheColumn(
        name: "bundle_id", type: .text, expression: { _ in "coalesce(r.bundle_id, '')" },
        reads: [.report("bundle_id")], missing: "''", dimension: nil)

    /// Reports per group, app, OS version and app version: the rules' evidence.
    static let groupTally = CacheTable(
        name: "group_tally",
        purpose: """
            Reports (every report, not only KVC failures) per group, app, OS version and app version: the \
            evidence of a recommendation (where the group crashes, which OS versions the same app ran \
            without it), and when each app version was first seen. Asked of the reports, each group's \
            questions took about 1 s on a million reports. By app and app version, the app's versions \
            (the newest a group's app has, for every report) are read from the index alone: through the \
            rows they were 132 M of the 429 M instructions of `report --os 8.1` on a million reports.
            """,
        source: .reports, columns: [groupID, app, bundleID, osVersion, osKey, appVersion],
        measures: [.count("reports"), .earliest("first_seen", of: seenAt)],
        indexes: [["app", "os_key"], ["app", "app_version"]])

    /// The device a report ran on, by marketing name, else identifier.
    static let device = CacheColumn(
        name: "device", type: .text, expression: { _ in "coalesce(r.device_name, r.device_model, '')" },
        reads: [.report("device_name"), .report("device_model")], missing: "''", dimension: nil)

    static let groupDeviceTally = CacheTable(
        name: "group_device_tally",
        purpose: "Reports per group and device: the devices of a recommendation's evidence.",
        source: .reports, columns: [groupID, device], measures: [.count("reports")])

    static let groupBlameTally = CacheTable(
        name: "group_blame_tally",
        purpose: """
            Reports per group and blame frame: the frame most of a group's reports blame, refreshed after \
            each import for the groups it touched (counted from the reports, that took 3.7 s on a million).
            """,
        source: .reports, columns: [groupID, keyed(id("blame_frame"))], measures: [.count("reports")],
        condition: "r.blame_frame IS NOT NULL", conditionReads: [.report("blame_frame")])

    static let reportCount = CacheTable(
        name: "report_count",
        purpose: """
            Reports per OS version key, device and app version: how many reports an OS, device or app version \
            filter keeps (14,279 rows to sum instead of an index entry a report).
            """,
        source: .reports, columns: [osKey, deviceModel, deviceName, appVersion],
        measures: [.count("reports")],
        // The models a typed device names are looked up by it (`report --device`).
        indexes: [["device_model COLLATE NOCASE"]])

    static let reportDay = CacheTable(
        name: "report_day",
        purpose: "Reports per UTC day: how many reports a filter on whole days keeps.",
        source: .reports, columns: [keyed(day)], measures: [.count("reports")],
        condition: "r.seen_at IS NOT NULL", conditionReads: [.report("occurred_at"), .report("uploaded_at")])
}
