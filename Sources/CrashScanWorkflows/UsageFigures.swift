/// Usage of one slice (an app version, an OS version, a day, or all of the filter) with the
/// crashes counted against it. The rates are computed here only: crashes per launch and crashed
/// devices per active device as the usage's source counted them (Bugly's crash trend; a usage
/// sheet gives no crashes), and the imported KVC failures per launch.
public struct UsageFigures: Sendable, Equatable, Encodable {
    public var launches: Int?
    /// Devices that ran the app; nil over several days (a device counts on every day it ran, so
    /// days cannot be added up) or when the usage does not give it.
    public var activeDevices: Int?
    /// Crashes and crashed devices as the usage's source counted them (all crashes, not only KVC).
    public var crashes: Int?
    public var crashDevices: Int?
    /// The imported KVC failures of the same days, app versions and OS versions.
    public var kvcFailures = 0
    /// The days the usage covers (0: rows without a day, a period the usage sheet did not date).
    public var days = 0
    /// Whether some of the usage is of no one day (a usage sheet's row without a date).
    public var includesUndated = false

    public init(
        launches: Int? = nil, activeDevices: Int? = nil, crashes: Int? = nil, crashDevices: Int? = nil,
        kvcFailures: Int = 0, days: Int = 0
    ) {
        self.launches = launches
        self.activeDevices = activeDevices
        self.crashes = crashes
        self.crashDevices = crashDevices
        self.kvcFailures = kvcFailures
        self.days = days
    }

    /// Crashes per launch (次数崩溃率), from the source's counts.
    public var crashRate: Double? { Self.ratio(crashes, launches) }
    /// Crashed devices per active device (设备崩溃率).
    public var deviceCrashRate: Double? { Self.ratio(crashDevices, activeDevices) }
    /// The share of active devices that did not crash.
    public var crashFreeDevices: Double? { deviceCrashRate.map { 1 - $0 } }
    /// Imported KVC failures per launch: the rate itself when every crash was imported, a floor
    /// when the logs are a sample (a Bugly download).
    public var kvcRate: Double? { Self.ratio(kvcFailures, launches) }

    public static func ratio(_ part: Int?, _ whole: Int?) -> Double? {
        guard let part, let whole, whole > 0 else { return nil }
        return Double(part) / Double(whole)
    }

    enum CodingKeys: String, CodingKey {
        case launches, crashes, days
        case includesUndated = "includes_undated_usage"
        case activeDevices = "active_devices"
        case crashDevices = "crash_devices"
        case kvcFailures = "kvc_failures_imported"
        case crashRate = "crash_rate"
        case deviceCrashRate = "device_crash_rate"
        case crashFreeDevices = "crash_free_devices"
        case kvcRate = "kvc_rate_from_logs"
    }

    /// Every key written, `null` when unknown.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(launches, forKey: .launches)
        try container.encode(activeDevices, forKey: .activeDevices)
        try container.encode(crashes, forKey: .crashes)
        try container.encode(crashDevices, forKey: .crashDevices)
        try container.encode(kvcFailures, forKey: .kvcFailures)
        try container.encode(days, forKey: .days)
        try container.encode(includesUndated, forKey: .includesUndated)
        try container.encode(crashRate, forKey: .crashRate)
        try container.encode(deviceCrashRate, forKey: .deviceCrashRate)
        try container.encode(crashFreeDevices, forKey: .crashFreeDevices)
        try container.encode(kvcRate, forKey: .kvcRate)
    }
}
