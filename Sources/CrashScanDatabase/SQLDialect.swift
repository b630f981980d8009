/// The two databases crashscan stores reports in, and every place their SQL differs: the store's
/// queries are written once in the SQL both understand and ask here for the rest.
public enum SQLDialect: String, Sendable {
    case sqlite
    case postgresql

    /// `sql` as this database takes it. Queries are written with SQLite's `?` and `?NNN`
    /// parameters; PostgreSQL numbers them `$1`, `$2` … (a bare `?` takes the next number, as
    /// in SQLite). Quoted text, quoted names and comments are copied as they are.
    package func translate(_ sql: String) -> String {
        guard self == .postgresql, sql.utf8.contains(UInt8(ascii: "?")) else { return sql }
        var output: [UInt8] = []
        output.reserveCapacity(sql.utf8.count + 8)
        var next = 1
        var quote: UInt8?
        var lineComment = false
        let bytes = Array(sql.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if lineComment {
                if byte == UInt8(ascii: "\n") { lineComment = false }
            } else if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "-"), index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                lineComment = true
            } else if byte == UInt8(ascii: "?") {
                var digits: [UInt8] = []
                while index < bytes.count, (48...57).contains(bytes[index]) {
                    digits.append(bytes[index])
                    index += 1
                }
                let number = digits.isEmpty ? next : Int(String(decoding: digits, as: UTF8.self)) ?? next
                next = number + 1
                output += Array("$\(number)".utf8)
                continue
            }
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `column = ?` ignoring the case of ASCII letters (SQLite's NOCASE; PostgreSQL's text
    /// columns are in the "C" collation, where `lower` folds ASCII only, the same).
    package func equalsIgnoringCase(_ column: String) -> String {
        switch self {
        case .sqlite: return "\(column) = ? COLLATE NOCASE"
        case .postgresql: return "lower(\(column)) = lower(?)"
        }
    }

    /// `column` matching a pattern where only `*` is a wildcard, with the pattern to bind
    /// (GLOB in SQLite, LIKE in PostgreSQL; both case-sensitive).
    package func wildcardMatch(_ column: String, pattern key: String) -> (sql: String, value: String) {
        switch self {
        case .sqlite:
            var pattern = ""
            for character in key {
                switch character {
                case "[": pattern += "[[]"
                case "]": pattern += "[]]"
                case "?": pattern += "[?]"
                default: pattern.append(character)
                }
            }
            return ("\(column) GLOB ?", pattern)
        case .postgresql:
            var pattern = ""
            for character in key {
                switch character {
                case "\\", "%", "_": pattern += "\\" + String(character)
                case "*": pattern += "%"
                default: pattern.append(character)
                }
            }
            return ("\(column) LIKE ?", pattern)
        }
    }

    /// `expression` is one of the ids bound as parameter `parameter` (`idListValue`): a JSON
    /// array read by `json_each` on SQLite, an array on PostgreSQL. One bound value however many
    /// ids, and no statement text that changes with their number.
    package func inIDList(_ expression: String, parameter: Int) -> String {
        switch self {
        case .sqlite: return "\(expression) IN (SELECT value FROM json_each(?\(parameter)))"
        case .postgresql: return "\(expression) = ANY (?\(parameter)::bigint[])"
        }
    }

    /// The ids bound as parameter `parameter` (`idListValue`) as a table `ids` of one column,
    /// `value`.
    package func idListTable(parameter: Int) -> String {
        switch self {
        case .sqlite: return "json_each(?\(parameter)) AS ids"
        case .postgresql: return "unnest(?\(parameter)::bigint[]) AS ids (value)"
        }
    }

    /// The value `inIDList` binds for `ids`.
    package func idListValue<IDs: Sequence>(_ ids: IDs) -> SQLValue where IDs.Element == Int64 {
        let digits = ids.map(String.init).joined(separator: ",")
        switch self {
        case .sqlite: return .text("[" + digits + "]")
        case .postgresql: return .text("{" + digits + "}")
        }
    }

    /// A timestamp column as the text SQLite stores (`2015-03-01T00:18:47Z`), for comparing
    /// prefixes: PostgreSQL holds a `timestamptz`, rendered in UTC.
    package func timestampText(_ expression: String) -> String {
        switch self {
        case .sqlite: return expression
        case .postgresql:
            return "to_char((\(expression)) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
        }
    }

    /// The UTC day (`YYYY-MM-DD`) of a time.
    package func utcDay(_ expression: String) -> String {
        switch self {
        case .sqlite: return "substr(\(expression), 1, 10)"
        case .postgresql: return "to_char((\(expression)) AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        }
    }

    /// The values of `expression` joined with `separator` (an aggregate) in the order of
    /// `order`. SQLite (before 3.44) takes no order inside the aggregate: it joins in the order
    /// the rows come, which the caller's subquery sets with the same ORDER BY.
    package func joined(_ expression: String, separator: String, orderedBy order: String) -> String {
        switch self {
        case .sqlite: return "group_concat(\(expression), '\(separator)')"
        case .postgresql: return "string_agg(\(expression), '\(separator)' ORDER BY \(order))"
        }
    }

    /// The 1-based position of `needle` in `text`, 0 when absent.
    package func position(of needle: String, in text: String) -> String {
        switch self {
        case .sqlite: return "instr(\(text), \(needle))"
        case .postgresql: return "strpos(\(text), \(needle))"
        }
    }

    /// The statement that opens a write transaction: SQLite takes the write lock at once (a
    /// second writer waits here, not halfway); PostgreSQL locks rows as it writes them.
    package var beginWrite: String {
        switch self {
        case .sqlite: return "BEGIN IMMEDIATE"
        case .postgresql: return "BEGIN"
        }
    }

    /// The statement that opens a transaction reading one snapshot of the database.
    package var beginSnapshot: String {
        switch self {
        case .sqlite: return "BEGIN DEFERRED"
        case .postgresql: return "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        }
    }

    /// The user's tables and views (for telling a foreign database from crashscan's).
    package var tableNamesSQL: String {
        switch self {
        case .sqlite:
            return
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
        case .postgresql:
            return """
                SELECT table_name AS name FROM information_schema.tables
                WHERE table_schema = current_schema() ORDER BY 1
                """
        }
    }

    /// Creates `schema_migrations` when missing, inside a migration's transaction. PostgreSQL
    /// first takes a lock for the transaction (held until it ends): a second process migrating
    /// the same new database waits there and then finds the work done, as SQLite's `BEGIN
    /// IMMEDIATE` makes it wait.
    package var migrationLedgerSQL: String {
        switch self {
        case .sqlite:
            return """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version    INTEGER PRIMARY KEY,
                    name       TEXT NOT NULL,
                    applied_at TEXT NOT NULL
                )
                """
        case .postgresql:
            return """
                SELECT pg_advisory_xact_lock(\(Self.migrationLockKey));
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version    integer PRIMARY KEY,
                    name       text COLLATE "C" NOT NULL,
                    applied_at timestamptz NOT NULL
                )
                """
        }
    }

    /// The advisory lock migrations take on PostgreSQL ("crashsca" in ASCII).
    package static let migrationLockKey: Int64 = 0x6372_6173_6873_6361
}
