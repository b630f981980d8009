import CrashScanCatalogs
import CrashScanModel

/// What the store knows of one crash group that its evidence is computed from (gathered by
/// CrashScanWorkflows' `EvidenceBuilder`); the verdicts are the rules'.
package struct EvidenceFacts: Sendable {
    /// An OS or app version with its reports, and the OS version's sort key where it is one.
    package struct Tally: Sendable {
        package var value: String
        package var reports: Int
        package var osKey: Int?

        package init(value: String, reports: Int, osKey: Int? = nil) {
            self.value = value
            self.reports = reports
            self.osKey = osKey
        }
    }

    package var reports: Int
    package var devices: Int
    package var reportsWithoutOS: Int
    package var exceptionType: String?
    /// The app the group belongs to, when known.
    package var app: String?
    /// The OS versions the group crashes on, in version order.
    package var crashOS: [Tally]
    /// The OS versions the same app (same name, and same bundle id where both reports give one)
    /// ran, crashing or not; empty when the group's reports name no app.
    package var appOS: [Tally]
    /// OS version keys on which the same app crashed at the group's blame frame in another group.
    package var osKeysCrashingOnSameFrame: Set<Int> = []
    package var appVersions: [Tally]
    /// The fix version the user recorded (`crashscan fixed`).
    package var recordedFix: String?
    /// App versions of the same app that ran the rule's failing OS window without this crash
    /// (empty without a window or an app).
    package var cleanAppVersionsOnFailingOS: [String]
    package var affectedDevices: Int?
    package var affectedUsers: Int?
    package var reportsWithDeviceID = 0
    package var reportsWithUserID = 0
    /// Launches per OS version from the stored usage of the group's app versions, with the
    /// group's crashes on the same days and versions.
    package var osUsage: [Evidence.UsageCount] = []

    package init(
        reports: Int, devices: Int, reportsWithoutOS: Int, exceptionType: String?, app: String?,
        crashOS: [Tally], appOS: [Tally], appVersions: [Tally], recordedFix: String?,
        cleanAppVersionsOnFailingOS: [String], affectedDevices: Int?, affectedUsers: Int?
    ) {
        self.reports = reports
        self.devices = devices
        self.reportsWithoutOS = reportsWithoutOS
        self.exceptionType = exceptionType
        self.app = app
        self.crashOS = crashOS
        self.appOS = appOS
        self.appVersions = appVersions
        self.recordedFix = recordedFix
        self.cleanAppVersionsOnFailingOS = cleanAppVersionsOnFailingOS
        self.affectedDevices = affectedDevices
        self.affectedUsers = affectedUsers
    }
}

extension Evidence {
    /// The evidence `facts` give for `rule` on `subject`: where the group crashes and where its
    /// app runs clean, whether that fits the rule's window, regressions, and the confidence.
    package init(facts: EvidenceFacts, rule: Rule, subject: RuleSubject) {
        let crash = facts.crashOS
        let clean = Self.cleanOS(facts)
        let versions = facts.appVersions.map { Count(value: $0.value, reports: $0.reports) }
        self.init(
            reports: facts.reports, devices: facts.devices, app: facts.app,
            crashOSVersions: crash.map { Count(value: $0.value, reports: $0.reports) },
            reportsWithoutOS: facts.reportsWithoutOS,
            cleanOSVersions: clean.map { Count(value: $0.value, reports: $0.reports) },
            affectedOS: crash.isEmpty
                ? nil
                : crash.count == 1
                    ? crash[0].value : "\(crash[0].value) – \(crash[crash.count - 1].value)",
            failingWindow: rule.failsOn?.description, workingWindow: rule.worksOn?.description,
            condition: rule.condition, confinedToFailingOS: nil, outsideFailingOS: [], appVersions: versions,
            confidence: .low, confidenceReason: "", fixedIn: facts.recordedFix ?? rule.fixedIn,
            regressed: false,
            regressedIn: [])
        if let window = rule.failsOn, !crash.isEmpty {
            outsideFailingOS = crash.filter { !(window.lower...window.upper).contains($0.osKey ?? 0) }.map(
                \.value)
            confinedToFailingOS = outsideFailingOS.isEmpty
            counterOSVersions = clean.filter { (window.lower...window.upper).contains($0.osKey ?? -1) }.map {
                Count(value: $0.value, reports: $0.reports)
            }
        }
        if let fixedIn {
            // Fixed in V: V and every later version must not crash.
            regressedIn = versions.map(\.value).filter {
                $0 != "unknown" && AppVersion.isAtLeast($0, fixedIn)
            }.sorted { AppVersion.isNewer($1, than: $0) }
            regressed = !regressedIn.isEmpty
        }
        if let window = rule.failsOn, let app = facts.app {
            noteRebuild(app: app, window: window, clean: facts.cleanAppVersionsOnFailingOS, rule: rule)
        }
        affectedDevices = facts.affectedDevices
        affectedUsers = facts.affectedUsers
        reportsWithDeviceID = facts.reportsWithDeviceID
        reportsWithUserID = facts.reportsWithUserID
        usageOS = facts.osUsage
        inferred = rule.inferred
        measured = rule.measured?.settled ?? []
        headers = Self.headers(subject: subject, crashOS: crashOSVersions)
        (confidence, confidenceReason) = Self.confidence(
            self, rule: rule, subject: subject, exception: facts.exceptionType)
    }

    /// What UIKit's runtime headers say of the group's class and key, and whether the member
    /// exists on the versions it crashes on; nil when the catalogue does not hold the class.
    static func headers(subject: RuleSubject, crashOS: [Count]) -> String? {
        guard let className = subject.receiverClass, let key = subject.key,
            let reach = UIKitMemberCatalog.reach(key: key, accessor: nil, on: className)
        else { return nil }
        return reach.summary(onCrashing: crashOS.map { ($0.value, $0.reports) })
    }

    /// The OS versions the group's app ran without this crash: those of its reports on the
    /// platforms the group crashes on, less the versions the group crashes on and those on which
    /// the app crashed at the same frame in another group.
    static func cleanOS(_ facts: EvidenceFacts) -> [EvidenceFacts.Tally] {
        let crashing = Set(facts.crashOS.map(\.value))
        let platforms = Set(facts.crashOS.compactMap { $0.osKey.map(Platform.of(key:)) })
        return facts.appOS.filter { tally in
            guard let key = tally.osKey else { return false }
            return !crashing.contains(tally.value) && platforms.contains(Platform.of(key: key))
                && !facts.osKeysCrashingOnSameFrame.contains(key)
        }
    }

    /// For an SDK-gated breakage (iOS 13), versions of the app that ran the failing OS without
    /// the crash, all older than the first that crashes, point at the rebuild with the new SDK.
    private mutating func noteRebuild(app: String, window: OSRange, clean: [String], rule: Rule) {
        cleanAppVersionsOnFailingOS = clean.sorted { AppVersion.isNewer($1, than: $0) }
        let crashing = appVersions.map(\.value).filter { $0 != "unknown" }
        firstCrashingAppVersion = crashing.min { AppVersion.isNewer($1, than: $0) }
        if let first = firstCrashingAppVersion, rule.gatedBySDK, !cleanAppVersionsOnFailingOS.isEmpty,
            cleanAppVersionsOnFailingOS.allSatisfy({ AppVersion.isNewer(first, than: $0) })
        {
            rebuildNote =
                "\(app) \(cleanAppVersionsOnFailingOS.joined(separator: ", ")) ran iOS \(window.description) without this crash; it starts with \(first), which points at the rebuild with the new SDK, not at the OS update"
        }
    }
}
