import CrashScanClassification
import CrashScanDatabase

/// One crash exported twice (console text and web JSON, an Apple report and Bugly's copy of it)
/// is one incident (`AnalyzedReport.incidentKey`): the store keeps the richer copy.
enum IncidentCopies {
    /// The columns a copy's richness is read from, stored or about to be.
    static let columns = [
        "blame_symbolicated", "device_model", "device_name", "os_version", "app_version", "bundle_id",
        "process_name", "user_id", "exception_reason", "app_build", "blame_frame", "uploaded_at",
    ]

    /// How rich a copy is, from its column values: a symbolicated blame frame first (an
    /// unsymbolicated one last), then how many of the other columns it fills. One definition
    /// for the stored copy and the new one.
    static func richness(_ value: (String) -> SQLValue?) -> (symbols: Int, fields: Int) {
        let symbols: Int
        switch value("blame_symbolicated") {
        case .integer(let flag)?: symbols = flag != 0 ? 2 : 0
        case .text(let flag)?: symbols = ["t", "true", "1"].contains(flag) ? 2 : 0  // PostgreSQL's boolean
        default: symbols = 1
        }
        let fields = columns.dropFirst().filter { name in
            switch value(name) {
            case nil, .null?: return false
            case .text(let text)?: return !text.isEmpty
            default: return true
            }
        }.count
        return (symbols, fields)
    }

    /// Whether `new` is richer than `stored` (a tie keeps the stored copy).
    static func isRicher(_ new: (symbols: Int, fields: Int), than stored: (symbols: Int, fields: Int)) -> Bool
    {
        new.symbols > stored.symbols || (new.symbols == stored.symbols && new.fields > stored.fields)
    }
}

/// A stored copy of an incident a report being written meets.
struct StoredIncident {
    var id: Int64
    var path: String
    var group: Int64
    var richness: (symbols: Int, fields: Int)

    /// The import asks it for every report with an incident key: on SQLite by the key's first
    /// 8 bytes (`report_incident`), then the whole key. `IS NOT NULL` lets SQLite use the
    /// partial index.
    static func findSQL(_ dialect: SQLDialect) -> String {
        "SELECT id, source_path, group_id, \(IncidentCopies.columns.joined(separator: ", ")) FROM report "
            + "WHERE incident_key IS NOT NULL AND \(dialect.hashEquals("incident_key", parameter: 1)) "
            + "ORDER BY id LIMIT 1"
    }

    /// Made once per backend, not once per report.
    private static let findSQLite = findSQL(.sqlite)
    private static let findPostgreSQL = findSQL(.postgresql)

    static func find(_ key: String, db: Database) throws -> StoredIncident? {
        let sql = db.dialect == .sqlite ? findSQLite : findPostgreSQL
        guard let row = try db.query(sql, [db.dialect.digest(key)]).first, let id = try row.int("id"),
            let group = try row.int("group_id")
        else { return nil }
        let values = try Dictionary(
            uniqueKeysWithValues: IncidentCopies.columns.map { ($0, try row.value($0)) })
        return StoredIncident(
            id: Int64(id), path: try row.string("source_path") ?? "?", group: Int64(group),
            richness: IncidentCopies.richness { values[$0] })
    }
}

extension AnalyzedReport {
    /// This copy's richness, from the values it is stored with.
    func incidentRichness(path: String) -> (symbols: Int, fields: Int) {
        let values = Dictionary(
            storedFields(path: path, importedAt: "", groupID: 0, dialect: .sqlite).map {
                ($0.column, $0.value)
            },
            uniquingKeysWith: { a, _ in a })
        return IncidentCopies.richness { values[$0] }
    }
}
