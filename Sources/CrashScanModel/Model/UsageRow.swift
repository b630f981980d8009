/// How much an app ran, the denominator of crash rates: one row of a usage file (Bugly's crash
/// trend, or a team's own usage figures), for a day, an app version and an OS version, each of
/// which a row may leave out (nil: the row counts all of it).
public struct UsageRow: Equatable, Sendable {
    /// `YYYY-MM-DD`.
    public var day: String?
    public var appVersion: String?
    public var osVersion: String?
    /// App launches (Bugly's `accessNum`, 联网次数): the denominator of the crash rate per launch.
    public var launches: Int?
    /// Devices that ran the app (Bugly's `accessUser`, 联网设备数).
    public var activeDevices: Int?
    /// Crashes counted by the source itself (Bugly's `crashNum`), not the logs imported.
    public var crashes: Int?
    /// Devices that crashed, counted by the source (Bugly's `crashUser`).
    public var crashDevices: Int?

    public init(
        day: String? = nil, appVersion: String? = nil, osVersion: String? = nil, launches: Int? = nil,
        activeDevices: Int? = nil, crashes: Int? = nil, crashDevices: Int? = nil
    ) {
        self.day = day
        self.appVersion = appVersion
        self.osVersion = osVersion
        self.launches = launches
        self.activeDevices = activeDevices
        self.crashes = crashes
        self.crashDevices = crashDevices
    }
}
