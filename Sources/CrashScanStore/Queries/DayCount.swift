import CrashScanDatabase

/// KVC failures of one group on one UTC day (`Store.scanFailures(_:days:)`).
public struct DayCount: Sendable, Equatable {
    public var group: Int
    /// `YYYY-MM-DD`.
    public var day: String
    public var count: Int
}
