import CrashScanCatalogs
import CrashScanDatabase
import CrashScanModel
import Foundation

/// Which reports a `report` counts, as typed values; the store turns them into SQL conditions
/// with every value bound. Each list's values are OR-ed, the lists AND-ed; an empty list does
/// not filter.
public struct ReportSelection: Sendable {
    public var osRanges: [OSRange] = []
    public var devices: [DeviceQuery] = []
    public var appVersions: [String] = []
    /// Also the reports without an app version (`--app-version unknown`).
    public var appVersionUnknown = false
    /// A filter resolved to no value at all (`--app-version '>=9'` when no version is that
    /// new): the selection keeps nothing.
    public var matchesNothing = false
    /// UTC `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`, compared with the report's time to that length.
    public var since: String?
    public var until: String?
    /// Only these groups (nil: every group).
    public var groupIDs: [Int64]?
    public var kinds: [KVCKind] = []
    /// Keys; `*` is a wildcard.
    public var keys: [String] = []
    /// Also the failures whose key is unknown (`--key '?'`, the `?.?` group).
    public var keyUnknown = false

    public init() {}

    /// What the selection filters the KVC failures on.
    var failureDimensions: Set<Dimension> {
        var dimensions = reportDimensions
        if !kinds.isEmpty { dimensions.insert(.kind) }
        if !keys.isEmpty || keyUnknown { dimensions.insert(.key) }
        return dimensions
    }

    /// What the selection filters the reports on (kinds and keys are the failures').
    var reportDimensions: Set<Dimension> {
        var dimensions: Set<Dimension> = []
        if !osRanges.isEmpty { dimensions.insert(.os) }
        if !devices.isEmpty { dimensions.formUnion([.deviceModel, .deviceName]) }
        if !appVersions.isEmpty || appVersionUnknown || matchesNothing { dimensions.insert(.appVersion) }
        if groupIDs != nil { dimensions.insert(.group) }
        if since != nil || until != nil {
            // A bound of ten characters or fewer is a whole UTC day (`YYYY-MM-DD`).
            let wholeDays = [since, until].allSatisfy { ($0?.count ?? 0) <= 10 }
            dimensions.insert(wholeDays ? .day : .time)
        }
        return dimensions
    }

    /// The selection's filter on `dimension` alone (a device's model and name are one filter).
    func only(_ dimension: Dimension) -> ReportSelection {
        var alone = ReportSelection()
        switch dimension {
        case .group: alone.groupIDs = groupIDs
        case .os: alone.osRanges = osRanges
        case .deviceModel, .deviceName: alone.devices = devices
        case .appVersion:
            (alone.appVersions, alone.appVersionUnknown, alone.matchesNothing) = (
                appVersions, appVersionUnknown, matchesNothing
            )
        case .day, .time: (alone.since, alone.until) = (since, until)
        case .kind: alone.kinds = kinds
        case .key: (alone.keys, alone.keyUnknown) = (keys, keyUnknown)
        }
        return alone
    }

    /// The selection as conditions on `target`'s rows, with every value bound.
    func conditions(on target: FilterTarget, _ dialect: SQLDialect, failures: Bool = true) -> SQLConditions {
        var conditions = SQLConditions()
        var values: [SQLValue] = []
        var clauses: [String] = []
        func anyOf(_ parts: [String]) {
            if !parts.isEmpty { clauses.append("(" + parts.joined(separator: " OR ") + ")") }
        }
        let os = target.column(.os)
        anyOf(
            osRanges.map { range in
                values += [.int(range.lower), .int(range.upper)]
                return target.known(os, and: "\(os.name) BETWEEN ? AND ?")
            })
        let model = target.column(.deviceModel)
        let name = target.column(.deviceName)
        anyOf(
            devices.map { query in
                switch query {
                case .identifier(let identifier):
                    values.append(.text(identifier))
                    let byModel = target.known(model, and: dialect.equalsIgnoringCase(model.name))
                    // A report that gave only the marketing name (`iPhone XS Max`) may be this
                    // identifier (iPhone11,6, or iPhone11,4 of the same name): it is kept too.
                    guard let marketing = DeviceCatalog.name(forIdentifier: identifier) else {
                        return byModel
                    }
                    values.append(.text(marketing))
                    return "(\(byModel) OR (\(target.missing(model)) AND \(name.name) = ?))"
                case .name(let text):
                    values.append(.text(text))
                    return target.known(name, and: dialect.equalsIgnoringCase(name.name))
                case .family(let prefix):
                    // Every marketing name that begins with the family's (`iPad mini` → `iPad
                    // mini 2`, `iPad mini 4`): a range of the name column.
                    values += [.text(prefix), .text(Self.justAfterPrefix(prefix) ?? prefix + "\u{10FFFF}")]
                    return target.known(name, and: "\(name.name) >= ? AND \(name.name) < ?")
                case .unknownDevice:
                    return "(\(target.missing(model)) AND \(target.missing(name)))"
                }
            })
        let app = target.column(.appVersion)
        anyOf(
            appVersions.map { version in
                values.append(.text(version))
                return "\(app.name) = ?"
            } + (appVersionUnknown ? [target.missing(app)] : []))
        if matchesNothing { clauses.append("1 = 0") }
        if let groupIDs {
            clauses.append(dialect.inIDList(target.column(.group).name, parameter: values.count + 1))
            values.append(dialect.idListValue(groupIDs))
        }
        clauses += timeClauses(on: target, &values, dialect)
        if failures {
            let kind = target.column(.kind)
            anyOf(
                kinds.map { value in
                    values.append(.text(value.rawValue))
                    return "\(kind.name) = ?"
                })
            let key = target.column(.key)
            anyOf(
                (keyUnknown ? [target.missing(key)] : [])
                    + keys.map { value in
                        guard value.contains("*") else {
                            values.append(.text(value))
                            return "\(key.name) = ?"
                        }
                        let match = dialect.wildcardMatch(key.name, pattern: value)
                        values.append(.text(match.value))
                        return match.sql
                    })
        }
        conditions.clauses = clauses
        conditions.values = values
        return conditions
    }

    /// The time conditions on `target`'s time column (a whole day's column compares days).
    ///
    /// Stored times are UTC `YYYY-MM-DDTHH:MM:SS[.mmm]Z` (PostgreSQL's rendered so), days
    /// `YYYY-MM-DD`: the filter compares the bound's length of them (the day, or the whole
    /// seconds, so that `.117Z` and `Z` endings sort the same). On SQLite, with text and an ASCII
    /// bound, `substr(t, 1, n) >= since` is `t >= since`, and `substr(t, 1, n) <= until` is
    /// `t <` until with its last character one higher: the plain comparisons are used alone, which
    /// an index on the time answers, and which cost a fold of 300,000 failures no function call
    /// each (the substr beside them was a fifth of `report --since 2024-01-01` on a million).
    private func timeClauses(on target: FilterTarget, _ values: inout [SQLValue], _ dialect: SQLDialect)
        -> [String]
    {
        guard since != nil || until != nil else { return [] }
        let column = target.column(.time, orDay: true)
        let text = column.dimension == .time ? dialect.timestampText(column.name) : column.name
        var clauses: [String] = []
        if let since {
            if dialect == .sqlite, since.utf8.allSatisfy({ $0 < 0x80 }) {
                clauses.append("\(text) >= ?")
            } else {
                clauses.append("substr(\(text), 1, \(since.count)) >= ?")
            }
            values.append(.text(since))
        }
        if let until {
            if dialect == .sqlite, let bound = Self.justAfterPrefix(until) {
                clauses.append("\(text) < ?")
                values.append(.text(bound))
            } else {
                clauses.append("substr(\(text), 1, \(until.count)) <= ?")
                values.append(.text(until))
            }
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

/// Where a selection's conditions are written: the raw rows (`report r` joined to
/// `kvc_failure k`) or a cache (`alias.column`), whose key columns keep a missing value as ''
/// or -1 (`CacheColumn.missing`).
struct FilterTarget {
    /// A filtered column: its SQL, how it keeps a missing value (nil: NULL), what it answers.
    struct Column {
        var name: String
        var missing: String?
        var dimension: Dimension
    }

    private var columns: [Dimension: Column]

    /// The reports, `report r` (their failures' kind and key are not theirs).
    static let rows = rows(alias: "r")

    /// The raw rows under `alias`: the reports, or their failures with the report's columns and
    /// the failure's kind and key (`Store.rawFailures`).
    static func rows(alias: String) -> FilterTarget {
        func column(_ name: String, _ dimension: Dimension) -> (Dimension, Column) {
            (dimension, Column(name: "\(alias).\(name)", missing: nil, dimension: dimension))
        }
        return FilterTarget(
            columns: Dictionary(
                uniqueKeysWithValues: [
                    column("group_id", .group), column("os_key", .os), column("device_model", .deviceModel),
                    column("device_name", .deviceName), column("app_version", .appVersion),
                    column("seen_at", .time), column("kind", .kind), column("key", .key),
                ]))
    }

    /// A cache read as `alias`.
    init(_ cache: CacheTable, alias: String) {
        columns = [:]
        for column in cache.columns {
            guard let dimension = column.dimension else { continue }
            columns[dimension] = Column(
                name: "\(alias).\(column.name)", missing: column.missing, dimension: dimension)
        }
    }

    private init(columns: [Dimension: Column]) { self.columns = columns }

    /// The column answering `dimension` (a time filter on whole days also takes a day column).
    /// Asked only for what `answers` said the target holds, or for a filter left empty.
    func column(_ dimension: Dimension, orDay: Bool = false) -> Column {
        if let column = columns[dimension] { return column }
        if orDay, let day = columns[.day] { return day }
        return Column(name: "NULL", missing: nil, dimension: dimension)
    }

    /// Whether every filter of `selection` can be written on these columns: the dimensions are
    /// held, and no value is one the cache keeps for "missing" (an empty app version).
    func answers(_ selection: ReportSelection, failures: Bool = true) -> Bool {
        let wanted = failures ? selection.failureDimensions : selection.reportDimensions
        for dimension in wanted {
            switch dimension {
            case .day: if columns[.day] == nil && columns[.time] == nil { return false }
            default: if columns[dimension] == nil { return false }
            }
        }
        if selection.appVersions.contains(""), columns[.appVersion]?.missing != nil { return false }
        return true
    }

    /// `condition`, on a row whose `column` holds a value.
    func known(_ column: Column, and condition: String) -> String {
        guard let missing = column.missing else { return condition }
        return "(\(column.name) <> \(missing) AND \(condition))"
    }

    /// `column` holds no value.
    func missing(_ column: Column) -> String {
        guard let missing = column.missing else { return "\(column.name) IS NULL" }
        return "\(column.name) = \(missing)"
    }
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

/// How many distinct devices and users (by the ids the reports carry) a set of reports hit; nil
/// when none of them carries such an id ("no id" is not "nobody"), and how many of them carry
/// each id: a count is exact only when all of them do, else a lower bound.
public struct AffectedCounts: Sendable, Equatable {
    public var devices: Int?
    public var users: Int?
    /// How many of the failures (or reports) counted carry a device id, a user id.
    public var withDeviceID: Int
    public var withUserID: Int

    public init(devices: Int?, users: Int?, withDeviceID: Int = 0, withUserID: Int = 0) {
        self.devices = devices
        self.users = users
        self.withDeviceID = withDeviceID
        self.withUserID = withUserID
    }
}

extension Store {
    /// The affected devices and users of group `id` (the rules' evidence, `explain`): those of its
    /// KVC failures, from the rows of the group's ids (a KVC group's reports are its failures);
    /// a group without KVC failures has no such rows, and its reports are counted.
    public func affectedCounts(group id: Int64) throws -> AffectedCounts {
        let readable = try cachesReadable()
        let devices = Caches.failureGroupDevice.from("d", current: readable, db.dialect)
        let users = Caches.failureGroupUser.from("u", current: readable, db.dialect)
        let groups = Caches.failureGroup.from("c", current: readable, db.dialect)
        let row = try db.query(
            """
            SELECT (SELECT nullif(count(*), 0) FROM \(devices) WHERE d.group_id = ?1) AS devices,
                   (SELECT nullif(count(*), 0) FROM \(users) WHERE u.group_id = ?1) AS users,
                   (SELECT coalesce(sum(c.with_device_id), 0) FROM \(groups) WHERE c.group_id = ?1) AS with_device,
                   (SELECT coalesce(sum(c.with_user_id), 0) FROM \(groups) WHERE c.group_id = ?1) AS with_user,
                   EXISTS (SELECT 1 FROM report r JOIN kvc_failure k ON k.report_id = r.id WHERE r.group_id = ?1)
                       AS has_failures
            """, [.integer(id)]
        ).first
        if try row?.bool("has_failures") == false {
            let counted = try db.query(
                """
                SELECT (SELECT nullif(count(*), 0) FROM (
                            SELECT DISTINCT r.device_id, \(Caches.deviceHardware.expression(db.dialect))
                            FROM report r WHERE r.group_id = ?1 AND r.device_id IS NOT NULL) AS d) AS devices,
                       nullif(count(DISTINCT user_id), 0) AS users,
                       count(device_id) AS with_device, count(user_id) AS with_user
                FROM report WHERE group_id = ?1
                """, [.integer(id)]
            ).first
            return try Self.affected(counted)
        }
        return try Self.affected(row)
    }

    /// Per group of `groups`, how many of its device ids were seen on more than one hardware model
    /// (each such id is one device per model among the affected devices), over all the group's
    /// KVC failures; groups without such an id are absent. It reads every device row of the
    /// groups (on a million reports, 621 M instructions for the 8 groups of `report --os 8.1`),
    /// so `explain` asks it for its one group and `report` does not.
    public func deviceIDsOnSeveralModels(groups: [Int]) throws -> [Int: Int] {
        guard !groups.isEmpty else { return [:] }
        let devices = Caches.failureGroupDevice.from("d", current: try cachesReadable(), db.dialect)
        var counts: [Int: Int] = [:]
        for row in try db.query(
            """
            SELECT s.group_id AS id, count(*) AS n
            FROM (SELECT d.group_id, d.device_id FROM \(devices) WHERE \(db.dialect.inIDList("d.group_id", parameter: 1))
                  GROUP BY d.group_id, d.device_id HAVING count(*) > 1) AS s
            GROUP BY s.group_id
            """, [db.dialect.idListValue(groups.map(Int64.init))])
        {
            if let id = try row.int("id"), let count = try row.int("n") { counts[id] = count }
        }
        return counts
    }

    private static func affected(_ row: Row?) throws -> AffectedCounts {
        AffectedCounts(
            devices: try row?.int("devices"), users: try row?.int("users"),
            withDeviceID: try row?.int("with_device") ?? 0, withUserID: try row?.int("with_user") ?? 0)
    }
}
