/// Why readers cannot read the derived tables (`Caches.all`) and count the rows themselves
/// instead: right, but slow on a large database (on 100,000 reports, `report` 18 s against
/// 0.12 s), so `report` and `explain` say so.
public enum DerivedTablesUnread: Sendable, Equatable {
    /// Made by another crashscan's declarations (an older or newer version), or never made.
    case otherVersion
    /// A change to the rows outside crashscan marked them stale.
    case stale
    /// An import into this new database is filling them and makes their indexes when it ends,
    /// or it stopped before its end (`Store.deferIndexes`).
    case loading
}

extension CacheUpkeep {
    /// What `cache_state` says of the caches, each reason on its own (a database can be both
    /// stale and made by another crashscan): `check` prints each, a reader names one.
    func condition() throws -> (stale: Bool, loading: Bool, otherVersion: Bool) {
        let state = try state()
        let loading = state?.digest == Self.loadingDigest
        let otherVersion = state?.digest != CacheSchema.digest(db.dialect) && !loading
        return (state?.stale ?? false, loading, otherVersion)
    }
}

extension Store {
    /// Why readers count the rows themselves, nil when they read the derived tables.
    public func derivedTablesUnread() throws -> DerivedTablesUnread? {
        let condition = try CacheUpkeep(db: db).condition()
        if condition.loading { return .loading }
        if condition.otherVersion { return .otherVersion }
        return condition.stale ? .stale : nil
    }
}
