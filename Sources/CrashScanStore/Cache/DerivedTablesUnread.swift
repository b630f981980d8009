/// Why readers cannot read the derived tables (`Caches.all`) and count the rows themselves
/// instead: right, but slow on a large database (on 100,000 reports, `report` 18 s against
/// 0.12 s), so `report` says so.
public enum DerivedTablesUnread: Sendable, Equatable {
    /// Made by another crashscan's declarations (an older or newer version), or never made.
    case otherVersion
    /// A change to the rows outside crashscan marked them stale.
    case stale
    /// An import into this new database is filling them and makes their indexes when it ends,
    /// or it stopped before its end (`Store.deferIndexes`).
    case loading
}

extension Store {
    /// Why readers count the rows themselves, nil when they read the derived tables.
    public func derivedTablesUnread() throws -> DerivedTablesUnread? {
        guard let state = try CacheUpkeep(db: db).state() else { return .otherVersion }
        if state.digest == CacheUpkeep.loadingDigest { return .loading }
        if state.digest != CacheSchema.digest(db.dialect) { return .otherVersion }
        return state.stale ? .stale : nil
    }
}
