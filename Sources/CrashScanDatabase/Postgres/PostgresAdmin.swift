/// Databases on a PostgreSQL server, for the benchmark (and a team's set-up scripts): made and
/// dropped through a connection to the server's URL.
package enum PostgresAdmin {
    /// Drops database `name` if it exists and makes it again, empty; returns its URL (`server`
    /// with the database name replaced). `name` is a plain identifier (letters, digits, `_`).
    package static func recreateDatabase(server: String, name: String) throws -> String {
        try checkName(name)
        let admin = try PostgresConnection(url: server)
        try admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        try admin.execute("CREATE DATABASE \(name)")
        return url(server, database: name)
    }

    /// Whether database `name` exists on the server.
    package static func databaseExists(server: String, name: String) throws -> Bool {
        try !PostgresConnection(url: server).query(
            "SELECT 1 FROM pg_database WHERE datname = $1", [.text(name)]
        ).isEmpty
    }

    /// `server` with its database name replaced by `name`.
    package static func url(_ server: String, database name: String) -> String {
        guard let scheme = server.range(of: "://"),
            let slash = server[scheme.upperBound...].firstIndex(of: "/")
        else { return server }
        let end = server[slash...].firstIndex(of: "?") ?? server.endIndex
        return String(server[...slash]) + name + String(server[end...])
    }

    /// Names go into the statement's text (CREATE DATABASE takes no parameter): only plain ones.
    private static func checkName(_ name: String) throws {
        guard !name.isEmpty,
            name.utf8.allSatisfy({ $0 == 95 || (48...57).contains($0) || (97...122).contains($0) })
        else {
            throw DatabaseError(misuse: "not a plain database name: \(name)", engine: .postgresql)
        }
    }
}
