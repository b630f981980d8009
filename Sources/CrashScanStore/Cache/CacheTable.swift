import CrashScanDatabase

/// A derived table declared once: which raw rows it reads, what it keeps of them, and how it is
/// kept. Everything SQL does with it comes from this declaration: the table and its indexes
/// (`createSQL`), its definition over the raw rows (`definitionSQL`), the rebuild, the upkeep
/// after an import (`addSQL`) or a change to some groups (`refreshSQL`), and the check against
/// the rows (`CacheCheck`). `Caches.all` lists every one.
///
/// A cache is either an aggregate (`measures` not empty: one row per distinct key, the measures
/// counted over the rows with that key) or a projection (no measures: one row per source row,
/// keyed by the row's id).
struct CacheTable: Sendable {
    /// The table's name.
    var name: String
    /// What it is for, and what it saves (the measured reason it exists).
    var purpose: String
    var source: CacheSource
    /// The key columns (an aggregate's GROUP BY, a projection's primary key first) and, for a
    /// projection, the columns it copies.
    var columns: [CacheColumn]
    var measures: [CacheMeasure] = []
    /// Only rows meeting this condition (SQL over the source) are counted.
    var condition: String?
    /// The raw columns `condition` reads (declared with it, as SQL does not say).
    var conditionReads: [RawColumn] = []
    /// Indexes beyond the primary key: each a list of column names (a column name with
    /// ` COLLATE NOCASE` as SQLite writes it, mapped to `lower()` on PostgreSQL).
    var indexes: [[String]] = []
    /// An aggregate whose rows each get a `number`: an integer the row keeps while it exists
    /// (its key's id for other caches, which store the number instead of the text), given anew
    /// when the cache is rebuilt. The check compares everything but the number.
    var numbered = false
    /// The caches whose `number` this one's definition reads: rebuilt, they renumber, and this
    /// one is rebuilt after them.
    var readsNumbersOf: [String] = []

    var isProjection: Bool { measures.isEmpty }

    /// A projection's rows kept in the order of these columns and then its first (the row's
    /// id), so that a range of them is read in one pass (empty: in the order of the id).
    var clusteredBy: [String] = []

    /// The primary key's columns: every column of an aggregate; a projection's clustering
    /// columns and its first.
    var keyColumns: [CacheColumn] {
        guard isProjection else { return columns }
        return clusteredBy.compactMap { name in columns.first { $0.name == name } } + [columns[0]]
    }

    /// The filter dimensions a read of this cache can answer: those of its columns.
    var dimensions: Set<Dimension> { Set(columns.compactMap(\.dimension)) }

    /// Whether the cache has a column holding each row's crash group (refreshed by group).
    var hasGroupColumn: Bool { columns.contains { $0.name == "group_id" } }

    /// The raw columns the cache reads (a hand edit of any of them changes it).
    var rawColumns: Set<RawColumn> {
        var read = Set(columns.flatMap(\.reads))
        for measure in measures { read.formUnion(measure.reads) }
        read.formUnion(conditionReads)
        read.formUnion(source.joinReads)
        return Set(read.flatMap(\.stored))
    }
}

/// Where a cache's rows come from.
enum CacheSource: Sendable {
    /// Every report: `report r`.
    case reports
    /// Every KVC failure with its report: `kvc_failure k JOIN report r`.
    case failures

    var fromSQL: String {
        switch self {
        case .reports: return "report r"
        case .failures: return "kvc_failure k JOIN report r ON r.id = k.report_id"
        }
    }

    /// The rows an addition reads (`CacheTable.addSQL`), and the id of the new reports named on
    /// the table it reads first. On SQLite, the failures of the new reports, each report looked
    /// up by its id (`CROSS JOIN` fixes SQLite's join order; a failure shares its report's id):
    /// joined as `fromSQL` joins them, SQLite read every new report and looked for its failure,
    /// and most reports are not KVC failures (30,069 of the benchmark's 100,000 logs are). The
    /// `failure_device` addition of those 100,000 in Python's `sqlite3`, three runs each: 91–120
    /// ms against 125–163 ms; callgrind importing 3,000 logs: the writer 822.2 → 800.8 M
    /// instructions (the eight failure caches).
    func addition(_ dialect: SQLDialect) -> (from: String, rowID: String) {
        switch (self, dialect) {
        case (.failures, .sqlite):
            return ("kvc_failure k CROSS JOIN report r ON r.id = k.report_id", "k.report_id")
        default: return (fromSQL, "r.id")
        }
    }

    /// The columns the join itself reads.
    var joinReads: [RawColumn] {
        switch self {
        case .reports: return []
        case .failures: return [.failure("report_id")]
        }
    }
}

/// A column of a raw table a cache reads: `report.x` or `kvc_failure.x`.
enum RawColumn: Hashable, Sendable, Comparable {
    case report(String)
    case failure(String)

    var table: String {
        switch self {
        case .report: return "report"
        case .failure: return "kvc_failure"
        }
    }

    var column: String {
        switch self {
        case .report(let name), .failure(let name): return name
        }
    }

    /// The stored columns behind this one: a generated column of `report` is made from others,
    /// which are what an UPDATE names (`os_key` from the OS version's platform and numbers, `seen_at` from the
    /// crash and upload times).
    var stored: [RawColumn] {
        switch self {
        case .report("os_key"):
            return [.report("os_platform"), .report("os_major"), .report("os_minor"), .report("os_patch")]
        case .report("seen_at"): return [.report("occurred_at"), .report("uploaded_at")]
        default: return [self]
        }
    }
}

/// What a report filter can ask of a cache (`ReportSelection.dimensions`).
enum Dimension: Hashable, Sendable {
    case group
    case os
    case deviceModel
    case deviceName
    case appVersion
    /// A time bound on whole UTC days.
    case day
    /// A time bound with a time of day.
    case time
    case kind
    case key
}

/// A column's type on each backend.
enum CacheType: Sendable {
    case integer
    case text
    /// A time: ISO 8601 text on SQLite, `timestamptz` on PostgreSQL.
    case time

    func sql(_ dialect: SQLDialect) -> String {
        switch (self, dialect) {
        case (.integer, .sqlite): return "INTEGER"
        case (.text, .sqlite), (.time, .sqlite): return "TEXT"
        case (.integer, .postgresql): return "bigint"
        case (.text, .postgresql): return "text COLLATE \"C\""
        case (.time, .postgresql): return "timestamptz"
        }
    }
}

/// One column of a cache.
struct CacheColumn: Sendable {
    var name: String
    var type: CacheType
    /// The column's value, as SQL over the source (`r.`, `k.`), on each backend.
    var expression: @Sendable (SQLDialect) -> String
    /// The raw columns the expression reads.
    var reads: [RawColumn]
    /// How a missing value is kept in a key column, which cannot be NULL ('' or -1); nil: the
    /// column may be NULL (a projection's copied columns).
    var missing: String?
    /// The filter this column answers.
    var dimension: Dimension?

    /// A copied report column, NULL kept.
    static func report(_ name: String, _ type: CacheType, dimension: Dimension? = nil) -> CacheColumn {
        CacheColumn(
            name: name, type: type, expression: { _ in "r.\(name)" }, reads: [.report(name)], missing: nil,
            dimension: dimension)
    }

    /// A report column as a key: a missing value kept as `missing`.
    static func reportKey(_ name: String, _ type: CacheType, missing: String, dimension: Dimension? = nil)
        -> CacheColumn
    {
        CacheColumn(
            name: name, type: type, expression: { _ in "coalesce(r.\(name), \(missing))" },
            reads: [.report(name)], missing: missing, dimension: dimension)
    }

    /// The SQL that declares the column (key columns are NOT NULL).
    func declaration(_ dialect: SQLDialect, isKey: Bool) -> String {
        "\(name) \(type.sql(dialect))" + (isKey || missing != nil ? " NOT NULL" : "")
    }
}

/// What an aggregate counts for each key.
enum CacheMeasure: Sendable {
    /// The rows with the key.
    case count(String)
    /// The rows with the key whose report column holds a value (`count(r.device_id)`).
    case countOf(String, RawColumn)
    /// The smallest and largest value of a time (nil when no row has one).
    case earliest(String, of: CacheColumn)
    case latest(String, of: CacheColumn)

    var name: String {
        switch self {
        case .count(let name), .countOf(let name, _), .earliest(let name, _), .latest(let name, _):
            return name
        }
    }

    var reads: [RawColumn] {
        switch self {
        case .count: return []
        case .countOf(_, let column): return [column]
        case .earliest(_, let column), .latest(_, let column): return column.reads
        }
    }

    func declaration(_ dialect: SQLDialect) -> String {
        switch self {
        case .count(let name), .countOf(let name, _):
            return "\(name) \(CacheType.integer.sql(dialect)) NOT NULL"
        case .earliest(let name, let column), .latest(let name, let column):
            return "\(name) \(column.type.sql(dialect))"
        }
    }

    /// The measure over a group of source rows.
    func aggregate(_ dialect: SQLDialect) -> String {
        switch self {
        case .count: return "count(*)"
        case .countOf(_, .report(let name)): return "count(r.\(name))"
        case .countOf(_, .failure(let name)): return "count(k.\(name))"
        case .earliest(_, let column): return "min(\(column.expression(dialect)))"
        case .latest(_, let column): return "max(\(column.expression(dialect)))"
        }
    }

    /// The measure of one source row, what an upsert of single rows adds (`addSQL`, SQLite only:
    /// there a test is the integer 0 or 1).
    func ofOneRow(_ dialect: SQLDialect) -> String {
        switch self {
        case .count: return "1"
        case .countOf(_, .report(let name)): return "(r.\(name) IS NOT NULL)"
        case .countOf(_, .failure(let name)): return "(k.\(name) IS NOT NULL)"
        case .earliest(_, let column), .latest(_, let column): return column.expression(dialect)
        }
    }

    /// The stored value combined with `excluded`'s (an upsert of new rows into table `table`).
    func combined(in table: String, _ dialect: SQLDialect) -> String {
        let stored = "\(table).\(name)"
        let new = "excluded.\(name)"
        switch (self, dialect) {
        case (.count, _), (.countOf, _): return "\(stored) + \(new)"
        // PostgreSQL's least and greatest skip NULLs; SQLite's min and max return NULL.
        case (.earliest, .postgresql): return "least(\(stored), \(new))"
        case (.latest, .postgresql): return "greatest(\(stored), \(new))"
        case (.earliest, .sqlite):
            return "CASE WHEN \(stored) IS NULL OR \(new) < \(stored) THEN \(new) ELSE \(stored) END"
        case (.latest, .sqlite):
            return "CASE WHEN \(stored) IS NULL OR \(new) > \(stored) THEN \(new) ELSE \(stored) END"
        }
    }
}
