import CrashScanStore

extension CLI {
    /// A reader (`report`, `explain`) says on stderr when it counts the reports themselves: the
    /// numbers are right, but on a large database it takes long (on 100,000 reports, `report`
    /// 18 s against 0.12 s), and a command that writes makes the derived tables again.
    static func noteUnreadDerivedTables(_ store: Store, dbPath: String, console: Console) throws {
        guard let unread = try store.derivedTablesUnread() else { return }
        console.err("crashscan: note: \(note(unread, dbPath: dbPath))\n")
    }

    /// Why, and what makes them again.
    static func note(_ unread: DerivedTablesUnread, dbPath: String) -> String {
        let slower = "crashscan counts the reports themselves meanwhile, which takes long on a large database"
        let repair = "'crashscan check --repair --db \(dbPath)'"
        switch unread {
        case .otherVersion:
            return "the derived tables were made by another version of crashscan: \(slower); "
                + "\(repair) (or the next import) makes them again"
        case .stale:
            return "the reports were changed outside crashscan since the derived tables were built: "
                + "\(slower); \(repair) (or the next import) builds them again"
        case .loading:
            return "an import into this database has not finished (or stopped before its end): \(slower); "
                + "the next command that writes, such as \(repair), finishes the derived tables"
        }
    }
}
