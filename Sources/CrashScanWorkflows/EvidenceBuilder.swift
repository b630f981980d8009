import CrashScanCatalogs
import CrashScanRules
import CrashScanStore

/// Gathers a group's evidence facts from the store's caches; the rules judge them
/// (`Evidence(facts:rule:subject:)`).
package final class EvidenceBuilder {
    private let store: Store
    /// OS versions per app, read once per builder: every group of an app shares them, and
    /// reading them scans the app's tallies.
    private var osCountsByApp: [GroupApp: [EvidenceFacts.Tally]] = [:]
    /// Per app and blame frame, the groups crashing there by OS version key: read once per
    /// builder (`Store.groupsByOSKey`).
    private var groupsAtFrame: [FrameOfApp: [Int: [Int64]]] = [:]
    /// The stored usage rows, read once per builder (nil until read).
    private var usage: [StoredUsage]?

    private struct FrameOfApp: Hashable {
        var app: GroupApp
        var frame: String
    }

    package init(store: Store) {
        self.store = store
    }

    package func evidence(group id: Int64, subject: RuleSubject, rule: Rule) throws -> Evidence {
        Evidence(facts: try facts(group: id, rule: rule), rule: rule, subject: subject)
    }

    private func facts(group id: Int64, rule: Rule) throws -> EvidenceFacts {
        let totals = try store.totals(group: id)
        // A group whose reports name no app has no app to compare with: no "ran without" claim.
        let app = try store.mainApp(group: id)
        if let app, osCountsByApp[app] == nil {
            osCountsByApp[app] = try store.osVersionCounts(app: app).map(EvidenceFacts.Tally.init)
        }
        var cleanAppVersions: [String] = []
        if let window = rule.failsOn, let app {
            cleanAppVersions = try store.appVersions(
                of: app, onOS: window.lower...window.upper, withoutGroup: id)
        }
        let affected = try store.affectedCounts(group: id)
        var facts = EvidenceFacts(
            reports: totals.reports, devices: totals.devices, reportsWithoutOS: totals.reportsWithoutOS,
            exceptionType: totals.exceptionType, app: app?.name,
            crashOS: try store.osVersionCounts(group: id).map(EvidenceFacts.Tally.init),
            appOS: app.flatMap { osCountsByApp[$0] } ?? [],
            appVersions: try store.appVersionCounts(group: id).map(EvidenceFacts.Tally.init),
            recordedFix: try store.recordedFix(group: id), cleanAppVersionsOnFailingOS: cleanAppVersions,
            affectedDevices: affected.devices, affectedUsers: affected.users)
        if let app, let frame = try store.mainBlameFrame(group: id) {
            facts.osKeysCrashingOnSameFrame = try osKeysCrashingInAnotherGroup(than: id, at: frame, app: app)
        }
        facts.reportsWithDeviceID = affected.withDeviceID
        facts.reportsWithUserID = affected.withUserID
        if let app { facts.osUsage = try osUsage(group: id, app: app) }
        return facts
    }

    /// Launches per OS version from the usage of the app's own versions (usage names no app:
    /// its app versions tie it to the group's app), with the group's crashes on the same days,
    /// versions and OS versions; empty when the usage has no OS versions.
    private func osUsage(group id: Int64, app: GroupApp) throws -> [Evidence.UsageCount] {
        if usage == nil { usage = try store.usageRows() }
        guard let usage, usage.contains(where: { !$0.osVersion.isEmpty }) else { return [] }
        let versions = Set(try store.appVersions(of: app))
        var selection = ReportSelection()
        selection.groupIDs = [id]
        let cube = UsageCube(
            rows: usage.filter { versions.contains($0.appVersion) },
            failures: try store.failuresByDayVersionAndOS(selection), appVersions: versions)
        return cube.osVersions.sorted {
            (OSVersion.parse($0)?.sortKey ?? 0) < (OSVersion.parse($1)?.sortKey ?? 0)
        }.compactMap { os in
            guard let figures = cube.figures(osVersion: os), let launches = figures.launches else {
                return nil
            }
            return Evidence.UsageCount(value: os, launches: launches, crashes: figures.kvcFailures)
        }
    }
}

extension EvidenceBuilder {
    /// The OS version keys on which `app` crashed in another group than `id` at `frame`, the
    /// frame most of group `id`'s reports blame: the same line crashing there is no sign that
    /// the OS ran without this crash.
    private func osKeysCrashingInAnotherGroup(than id: Int64, at frame: String, app: GroupApp) throws -> Set<
        Int
    > {
        let key = FrameOfApp(app: app, frame: frame)
        if groupsAtFrame[key] == nil {
            groupsAtFrame[key] = try store.groupsByOSKey(crashingAt: frame, app: app)
        }
        return Set(
            (groupsAtFrame[key] ?? [:]).compactMap { osKey, groups in
                groups.contains { $0 != id } ? osKey : nil
            })
    }
}

extension EvidenceFacts.Tally {
    init(_ count: VersionCount) {
        self.init(value: count.value, reports: count.reports, osKey: count.osKey)
    }
}

extension Evidence.Count {
    package init(_ count: VersionCount) {
        self.init(value: count.value, reports: count.reports)
    }
}
