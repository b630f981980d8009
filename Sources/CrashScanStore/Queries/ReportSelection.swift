import CrashScanCatalogs
import CrashScanModel
import Foundation

/// Which reports a `report` counts, as typed values; the store turns them into SQL conditions
/// with every value bound. Each list's values are OR-ed, the lists AND-ed; an empty list does
/// not filter.
public struct ReportSelection: Sendable {
    public var osRanges: [OSRange] = []
    public var devices: [DeviceQuery] = []
    public var appVersions: [String] = []
    /// UTC `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`, compared with the report's time to that length.
    public var since: String?
    public var until: String?
    /// Only these groups (nil: every group).
    public var groupIDs: [Int64]?
    public var kinds: [KVCKind] = []
    /// Keys; `*` is a wildcard.
    public var keys: [String] = []

    public init() {}

    /// Only `since` and `until` filter the reports: counting them by each group's times
    /// (`report_group_seen`, index only) took 0.2 s for all of a million reports, against 0.35 s
    /// walking the reports.
    var filtersOnlyByTime: Bool {
        (since != nil || until != nil) && osRanges.isEmpty && devices.isEmpty && appVersions.isEmpty
            && groupIDs == nil
    }

    /// One OS range and no other condition: the cells kept are every cell between the smallest
    /// and the largest OS key among them, so the id tables' rows of that span are theirs alone
    /// (`countCellIDs` then need not count the span's cells to choose how to read them:
    /// `report --os 8.1` on a million reports, 218.1 M instructions to 213.9 M).
    var keepsEveryCellOfItsOSSpan: Bool {
        osRanges.count == 1 && devices.isEmpty && appVersions.isEmpty && since == nil && until == nil
            && groupIDs == nil && kinds.isEmpty && keys.isEmpty
    }

    /// When a report was seen: its crash time, else its upload time (SQL over `report r`).
    static let seen = "coalesce(r.occurred_at, r.uploaded_at)"

    /// The conditions on `report r` (`report`'s count of every report the selection keeps).
    /// `byGroupTime`: as in `failureRows`, over the groups of every report (`group_tally`).
    func reportConditions(in dialect: SQLDialect, byGroupTime: Bool = false) -> SQLConditions {
        var conditions = SQLConditions()
        conditions.clauses = reportClauses(&conditions.values, dialect)
        if byGroupTime {
            conditions.clauses.append("r.group_id IN (SELECT DISTINCT t.group_id FROM group_tally t)")
        }
        return conditions
    }

    /// The selection's reports as conditions on `report_count c` (migration 22), when it can be
    /// one: the table knows OS key, device and app version, not times or groups (nil then), and
    /// stores a missing app version as '', which an empty version in the filter would match.
    func reportCountConditions(in dialect: SQLDialect) -> SQLConditions? {
        guard since == nil, until == nil, groupIDs == nil, !appVersions.contains("") else { return nil }
        var conditions = SQLConditions()
        conditions.clauses = sharedClauses(on: .failureCell, &conditions.values, dialect)
        return conditions
    }

    /// `FROM … WHERE …` of the KVC failures the selection keeps, as `report r` rows. With a
    /// condition on the report the join starts from the index that answers it (`--os`: 0.15 s on
    /// a million reports); without one it walks the reports in row order and keeps those with a
    /// failure: the planner's own choice, the reports in `report_group_os` order, looked each row
    /// up at random and took 2.2 s for the 300,000 failures of the benchmark's million reports
    /// (0.9 s in row order).
    ///
    /// `byGroupTime` (SQLite, a time filter that keeps few failures: `Store.timeWindowIsNarrow`)
    /// walks each failing group's reports in the time range instead (`report_group_seen`).
    func failureRows(in dialect: SQLDialect, byGroupTime: Bool = false) -> (sql: String, values: [SQLValue]) {
        var values: [SQLValue] = []
        var onReport = reportClauses(&values, dialect)
        if byGroupTime { onReport.append("r.group_id IN (SELECT t.group_id FROM failure_group_key t)") }
        let onFailure = kvcClauses(&values, dialect)
        if onReport.isEmpty {
            let inner = onFailure.isEmpty ? "" : " WHERE " + onFailure.joined(separator: " AND ")
            return ("FROM report r WHERE r.id IN (SELECT k.report_id FROM kvc_failure k\(inner))", values)
        }
        return (
            "FROM kvc_failure k JOIN report r ON r.id = k.report_id WHERE "
                + (onReport + onFailure).joined(separator: " AND "), values
        )
    }

    /// The same selection as conditions on `failure_cell c` (migration 14), when it can be one:
    /// the cells know group, device, OS and app version, not times (nil then). Kinds and keys
    /// select the groups whose failures `failure_group_key` (migration 18) counts with a kind and
    /// key that match, which is the selection only when the filter keeps or drops each group
    /// whole: `wholeGroups` says the store checked that (`Store.kindsAndKeysKeepWholeGroups`);
    /// without it a kind or key filter gives nil.
    func cellConditions(in dialect: SQLDialect, wholeGroups: Bool = false) -> SQLConditions? {
        guard since == nil, until == nil, !appVersions.contains("") else { return nil }
        var conditions = SQLConditions()
        conditions.clauses = sharedClauses(on: .failureCell, &conditions.values, dialect)
        if let test = groupKeyTest(&conditions.values, dialect) {
            guard wholeGroups else { return nil }
            conditions.clauses.append(
                "c.group_id IN (SELECT t.group_id FROM failure_group_key t WHERE \(test))")
        }
        return conditions
    }

    /// The kind and key conditions as one test on `failure_group_key t` (none: nil), for the
    /// check that they keep or drop each group whole; its values are appended to `values`.
    func groupKeyTest(_ values: inout [SQLValue], _ dialect: SQLDialect) -> String? {
        let clauses = kvcClauses(&values, dialect, on: .groupKeys)
        return clauses.isEmpty ? nil : clauses.joined(separator: " AND ")
    }

    /// One value of a list matches: its conditions OR-ed, as one clause (none when empty).
    private static func anyOf(_ parts: [String], into clauses: inout [String]) {
        if !parts.isEmpty { clauses.append("(" + parts.joined(separator: " OR ") + ")") }
    }

    /// The conditions on `report r`: OS, device, app version, group, time.
    private func reportClauses(_ values: inout [SQLValue], _ dialect: SQLDialect) -> [String] {
        let shared = sharedClauses(on: .report, &values, dialect)
        return shared + timeClauses(on: dialect.timestampText(Self.seen), &values, dialect)
    }

    /// The time conditions on the time `seen` (SQL). `alwaysText`: `seen` is a column of TEXT
    /// affinity (SQLite), which holds no number.
    func timeClauses(
        on seen: String, _ values: inout [SQLValue], _ dialect: SQLDialect, alwaysText: Bool = false
    ) -> [String] {
        // Stored times are UTC `YYYY-MM-DDTHH:MM:SS[.mmm]Z`: the filter compares the day or the
        // whole seconds, so `.117Z` and `Z` endings sort the same.
        var clauses: [String] = []
        // On SQLite, the same bounds on the time itself, which an index on it can answer: for
        // text times and ASCII bounds `substr(t, 1, n) >= since` is `t >= since`, and
        // `substr(t, 1, n) <= until` is `t <` until with its last character one higher. The
        // prefix comparison stays unless the time is always text (a number hand-written into a
        // report's time compares below every text); left out, the 299,286 rows of a million
        // reports' failures read in 0.09 s instead of 0.12–0.16 s (sqlite3 shell).
        let sinceBound = since.flatMap { dialect == .sqlite && $0.utf8.allSatisfy({ $0 < 0x80 }) ? $0 : nil }
        let untilBound = until.flatMap { dialect == .sqlite ? Self.justAfterPrefix($0) : nil }
        if let since, !(alwaysText && sinceBound != nil) {
            clauses.append("substr(\(seen), 1, \(since.count)) >= ?")
            values.append(.text(since))
        }
        if let until, !(alwaysText && untilBound != nil) {
            clauses.append("substr(\(seen), 1, \(until.count)) <= ?")
            values.append(.text(until))
        }
        if let sinceBound {
            clauses.append("\(seen) >= ?")
            values.append(.text(sinceBound))
        }
        if let untilBound {
            clauses.append("\(seen) < ?")
            values.append(.text(untilBound))
        }
        return clauses
    }

    /// The smallest text above every text that starts with `prefix` (ASCII, its last character
    /// below DEL), else nil.
    static func justAfterPrefix(_ prefix: String) -> String? {
        var bytes = Array(prefix.utf8)
        guard let last = bytes.last, bytes.allSatisfy({ $0 < 0x80 }), last < 0x7F else { return nil }
        bytes[bytes.count - 1] = last + 1
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The conditions both `report r` and `failure_cell c` answer: OS, device, app version, group.
    private func sharedClauses(on table: FilteredTable, _ values: inout [SQLValue], _ dialect: SQLDialect)
        -> [String]
    {
        var clauses: [String] = []
        func anyOf(_ parts: [String]) { Self.anyOf(parts, into: &clauses) }
        let osKey = table.column("os_key")
        anyOf(
            osRanges.map { range in
                values += [.int(range.lower), .int(range.upper)]
                return table.known("os_key", and: "\(osKey) BETWEEN ? AND ?")
            })
        anyOf(
            devices.map { query in
                switch query {
                case .identifier(let identifier):
                    values.append(.text(identifier))
                    return table.known(
                        "device_model", and: dialect.equalsIgnoringCase(table.column("device_model")))
                case .name(let name):
                    values.append(.text(name))
                    return table.known(
                        "device_name", and: dialect.equalsIgnoringCase(table.column("device_name")))
                case .unknownDevice:
                    return "(\(table.missing("device_model")) AND \(table.missing("device_name")))"
                }
            })
        anyOf(
            appVersions.map { version in
                values.append(.text(version))
                return "\(table.column("app_version")) = ?"
            })
        if let groupIDs {
            anyOf(
                groupIDs.isEmpty
                    ? ["FALSE"]
                    : groupIDs.map { id in
                        values.append(.integer(id))
                        return "\(table.column("group_id")) = ?"
                    })
        }
        return clauses
    }

    /// The conditions on `kvc_failure k`: kind and key.
    private func kvcClauses(
        _ values: inout [SQLValue], _ dialect: SQLDialect, on table: KindKeyTable = .failures
    )
        -> [String]
    {
        var clauses: [String] = []
        func anyOf(_ parts: [String]) { Self.anyOf(parts, into: &clauses) }
        anyOf(
            kinds.map { kind in
                values.append(.text(kind.rawValue))
                return "\(table.kind) = ?"
            })
        anyOf(
            keys.map { key in
                guard key.contains("*") else {
                    values.append(.text(key))
                    return "\(table.key) = ?"
                }
                let match = dialect.wildcardMatch(table.key, pattern: key)
                values.append(.text(match.value))
                return match.sql
            })
        return clauses
    }
}

/// SQL conditions ANDed, with their values in order.
struct SQLConditions {
    var clauses: [String] = []
    var values: [SQLValue] = []

    var isEmpty: Bool { clauses.isEmpty }
    /// ` WHERE …`, or nothing when there is no condition (a count without WHERE is SQLite's
    /// page count: 7 ms on a million reports against 20–28 ms stepping through an index).
    var whereClause: String { isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND ") }
}

/// Where a selection's kind and key conditions are.
enum KindKeyTable {
    /// `kvc_failure k`.
    case failures
    /// `failure_group_key t` (migration 18): a missing key is '' with `has_key` false; the key
    /// is then NULL here, which no comparison matches, as in `kvc_failure`.
    case groupKeys

    var kind: String { self == .failures ? "k.kind" : "t.kind" }
    var key: String { self == .failures ? "k.key" : "(CASE WHEN t.has_key THEN t.key END)" }
}

/// The table a selection's OS, device, app version and group conditions are on.
enum FilteredTable {
    /// `report r`: a missing value is NULL, which no comparison matches.
    case report
    /// `failure_cell c` (migration 14): a missing value is '' (-1 for `os_key`), excluded by hand.
    case failureCell

    func column(_ name: String) -> String { (self == .report ? "r." : "c.") + name }

    /// `condition`, on a row whose `name` holds a value.
    func known(_ name: String, and condition: String) -> String {
        self == .report ? condition : "(\(column(name)) <> \(Self.stored(name)) AND \(condition))"
    }

    /// `name` holds no value.
    func missing(_ name: String) -> String {
        self == .report ? "\(column(name)) IS NULL" : "\(column(name)) = \(Self.stored(name))"
    }

    /// How `failure_cell` stores a missing value of `name`.
    private static func stored(_ name: String) -> String { name == "os_key" ? "-1" : "''" }
}

/// KVC failures with the same group, device, OS version and app version, and when they were seen.
public struct FailureCell: Sendable {
    public var group: Int
    public var model: String?
    public var name: String?
    public var os: String?
    public var osKey: Int?
    public var app: String?
    public var count: Int
    public var firstSeen: String?
    public var lastSeen: String?
    /// The four texts as numbers, -1 for none: equal texts (as Swift compares them) have equal
    /// numbers among the cells of one scan, so a report sums cells by these instead of hashing
    /// the texts.
    public var textNumbers = TextNumbers()

    public struct TextNumbers: Sendable {
        public var model: Int32 = -1
        public var name: Int32 = -1
        public var os: Int32 = -1
        public var app: Int32 = -1
    }
}

/// The queries behind `report`.
extension Store {
    /// How many reports `selection` keeps.
    public func reportCount(_ selection: ReportSelection) throws -> Int {
        if let count = try reportCountByKey(selection) { return count }
        if let count = try reportCountByDay(selection) { return count }
        let conditions = selection.reportConditions(
            in: db.dialect,
            byGroupTime: try (db.dialect == .sqlite && selection.filtersOnlyByTime)
                || timeWindowIsNarrow(selection))
        return try db.query("SELECT count(*) AS n FROM report r\(conditions.whereClause)", conditions.values)
            .first?.int("n") ?? 0
    }

    /// The device marketing names and identifiers the reports carry.
    public func knownDevices() throws -> (names: [String], models: [String]) {
        let names = try db.query("SELECT DISTINCT device_name AS v FROM report WHERE device_name IS NOT NULL")
        let models = try db.query(
            "SELECT DISTINCT device_model AS v FROM report WHERE device_model IS NOT NULL")
        return (try names.compactMap { try $0.string("v") }, try models.compactMap { try $0.string("v") })
    }

    /// The stored device models equal to one of `texts` (blanks trimmed) in any case.
    public func deviceModels(equalToAnyOf texts: [String]) throws -> [String] {
        var models: [String] = []
        for text in texts {
            let rows = try db.query(
                "SELECT DISTINCT device_model AS v FROM report WHERE \(db.dialect.equalsIgnoringCase("device_model"))",
                [.text(text.trimmingBlanksString())])
            models += try rows.compactMap { try $0.string("v") }
        }
        return models
    }

    /// Whether any report has app version `version`.
    public func hasReport(appVersion version: String) throws -> Bool {
        try !db.query("SELECT 1 FROM report WHERE app_version = ? LIMIT 1", [.text(version)]).isEmpty
    }

    /// The `limit` app versions with the most reports.
    public func frequentAppVersions(limit: Int) throws -> [String] {
        try db.query(
            """
            SELECT app_version AS v, count(*) AS n FROM report WHERE app_version IS NOT NULL
            GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ?
            """, [.int(limit)]
        ).compactMap { try $0.string("v") }
    }

    /// Whether a KVC failure has `key` (`*` a wildcard).
    public func hasKVCFailure(key: String) throws -> Bool {
        let match =
            key.contains("*") ? db.dialect.wildcardMatch("key", pattern: key) : (sql: "key = ?", value: key)
        return try !db.query("SELECT 1 FROM kvc_failure WHERE \(match.sql) LIMIT 1", [.text(match.value)])
            .isEmpty
    }

    /// Keys of KVC failures that contain `key` (without its leading and trailing underscores,
    /// `*` a wildcard) in any case, the most frequent first.
    public func keys(resembling key: String, limit: Int) throws -> [String] {
        let pattern =
            "%" + key.lowercased().replacingOccurrences(of: "*", with: "%").trimmingCharacters(in: ["_"])
            + "%"
        return try db.query(
            """
            SELECT key AS v, count(*) AS n FROM kvc_failure WHERE key IS NOT NULL AND lower(key) LIKE ?
            GROUP BY 1 ORDER BY 2 DESC LIMIT ?
            """, [.text(pattern), .int(limit)]
        ).compactMap { try $0.string("v") }
    }
}

/// How many distinct devices and users (by the ids the reports carry) a set of reports hit; nil
/// when none of them carries such an id ("no id" is not "nobody").
public struct AffectedCounts: Sendable, Equatable {
    public var devices: Int?
    public var users: Int?

    public init(devices: Int?, users: Int?) {
        self.devices = devices
        self.users = users
    }
}

extension Store {
    /// The affected devices and users of group `id` over all its reports (the rules' evidence),
    /// from the id tallies.
    public func affectedCounts(group id: Int64) throws -> AffectedCounts {
        let row = try db.query(
            """
            SELECT (SELECT nullif(count(*), 0) FROM group_device_id_tally WHERE group_id = ?1) AS devices,
                   (SELECT nullif(count(*), 0) FROM group_user_id_tally WHERE group_id = ?1) AS users
            """, [.integer(id)]
        ).first
        return AffectedCounts(devices: try row?.int("devices"), users: try row?.int("users"))
    }
}
