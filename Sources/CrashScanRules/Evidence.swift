import CrashScanCatalogs
import CrashScanJSON
import CrashScanModel
import Foundation

/// What the user's own crashes say about a recommendation: where the group crashes, where the
/// same app runs without it, whether that fits the rule's failing OS window, and how sure the
/// recommendation therefore is.
public struct Evidence: Sendable, Codable {
    /// How sure a recommendation is. The raw value is what `recommendations.confidence` and the
    /// JSON store.
    public enum Confidence: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
        case high, medium, low
        public var description: String { rawValue }
    }

    public struct Count: Sendable, Codable, Equatable {
        public var value: String
        public var reports: Int

        public init(value: String, reports: Int) {
            self.value = value
            self.reports = reports
        }

    }

    /// Launches of one OS version per the stored usage, and this group's imported crashes on the
    /// same days, app versions and OS version.
    public struct UsageCount: Sendable, Codable, Equatable {
        public var value: String
        public var launches: Int
        public var crashes: Int

        public init(value: String, launches: Int, crashes: Int) {
            self.value = value
            self.launches = launches
            self.crashes = crashes
        }
    }

    public var reports: Int
    public var devices: Int
    /// Distinct device ids and user ids among the group's reports; nil when none carries one.
    public var affectedDevices: Int? = nil
    public var affectedUsers: Int? = nil
    /// How many of the group's reports carry a device id, a user id (nil in evidence stored
    /// before crashscan counted them): the affected counts are exact only when all do.
    public var reportsWithDeviceID: Int? = nil
    public var reportsWithUserID: Int? = nil
    /// The app the group belongs to (process name, else the app image), when known.
    public var app: String?
    public var crashOSVersions: [Count]
    public var reportsWithoutOS: Int
    /// OS versions the same app ran, in this database, without this crash (on the platforms the
    /// group crashes on; not those where the app crashed at the same frame in another group).
    public var cleanOSVersions: [Count]
    /// The clean versions inside the rule's failing window: counter-evidence, which lowers the
    /// confidence (unless the rule is gated by the SDK and older app builds explain it).
    public var counterOSVersions: [Count] = []
    /// `8.1 – 8.1.3`.
    public var affectedOS: String?
    public var failingWindow: String?
    public var workingWindow: String?
    public var condition: String?
    /// Every crash inside the failing window (nil: no window, or no OS known).
    public var confinedToFailingOS: Bool?
    public var outsideFailingOS: [String]
    public var appVersions: [Count]
    public var confidence: Confidence
    public var confidenceReason: String
    public var fixedIn: String?
    public var regressed: Bool
    public var regressedIn: [String]
    /// App versions of the same app that ran an OS inside the failing window without this crash,
    /// and the first version that crashes: for SDK-gated breakages (iOS 13) that points at the
    /// rebuild with the new SDK, not at the OS update.
    public var cleanAppVersionsOnFailingOS: [String] = []
    public var firstCrashingAppVersion: String?
    public var rebuildNote: String?
    /// The rule's facts that are inferred, not seen in a crash report (`failsOn`, `exceptions` …).
    public var inferred: [String] = []
    /// The rule's facts UIKit's runtime headers settle (`failsOn`, `worksOn`, `exceptions`).
    public var measured: [String] = []
    /// What the runtime headers say of the group's class and key, and of its crashing versions.
    public var headers: String? = nil
    /// The OS versions of the stored usage of the group's app (its app versions), with launches
    /// and this group's crashes: runs counted, not only reports (empty without such usage).
    public var usageOS: [UsageCount] = []

    enum CodingKeys: String, CodingKey {
        case reports, devices, app, confidence, regressed, condition, inferred, measured, headers
        case affectedDevices = "affected_devices"
        case affectedUsers = "affected_users"
        case reportsWithDeviceID = "reports_with_device_id"
        case reportsWithUserID = "reports_with_user_id"
        case crashOSVersions = "crash_os_versions"
        case reportsWithoutOS = "reports_without_os"
        case cleanOSVersions = "clean_os_versions"
        case counterOSVersions = "counter_os_versions"
        case affectedOS = "affected_os"
        case failingWindow = "failing_os"
        case workingWindow = "working_os"
        case confinedToFailingOS = "confined_to_failing_os"
        case outsideFailingOS = "outside_failing_os"
        case appVersions = "app_versions"
        case confidenceReason = "confidence_reason"
        case fixedIn = "fixed_in"
        case regressedIn = "regressed_in"
        case cleanAppVersionsOnFailingOS = "clean_app_versions_on_failing_os"
        case firstCrashingAppVersion = "first_crashing_app_version"
        case rebuildNote = "rebuild_note"
        case usageOS = "usage_os"
    }

    /// The evidence as stored in `recommendation.evidence_json`.
    package var json: String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    package static func decode(_ json: String?) -> Evidence? {
        guard let json, let parsed = try? JSONValue.parse(json, .strict) else { return nil }
        return Evidence(stored: parsed)
    }

    /// `8.1:1;8.1.2:1` for the views.
    package static func joined(_ counts: [Count]) -> String {
        counts.map { "\($0.value):\($0.reports)" }.joined(separator: ";")
    }
}

extension Evidence {
    /// How evidence is weighed, in the rules digest: raise it when `confidence` or what the
    /// evidence holds changes, so that stored recommendations are made again. 2: UIKit's
    /// runtime headers (measured facts, `headers`), groups that name neither class nor key.
    /// 3: launches per OS version from stored usage (`usageOS`).
    public static let logicVersion = 3

    /// `high` when the data fit the rule's OS window and exception, lower for each thing that
    /// does not; a generic rule is never more than `low`.
    static func confidence(_ evidence: Evidence, rule: Rule, subject: RuleSubject, exception: String?) -> (
        Evidence.Confidence, String
    ) {
        if rule.generic {
            return (
                .low,
                "generic rule: the key is private, but the catalogue has no entry for this class and key"
            )
        }
        if subject.namesNeitherClassNorKey {
            return (
                .low,
                "the reports name neither the class nor the key (no reason text): the rule matched on the exception and the call site only, so its fix is a guess"
            )
        }
        var fits: [String] = []
        var problems: [String] = []
        if !rule.exceptions.isEmpty {
            if let exception, rule.exceptions.contains(exception) {
                fits.append("the exception is \(exception), as the rule expects")
            } else {
                problems.append(
                    "the exception is \(exception ?? "unknown"), the rule expects \(rule.exceptions.joined(separator: " or "))"
                )
            }
        }
        let measuredFailure = rule.measured?.settled.contains("failsOn") == true
        if let window = rule.failsOn {
            let verdict = windowVerdict(evidence, window: window)
            if verdict.fits { fits.append(verdict.text) } else { problems.append(verdict.text) }
            if let counter = counterEvidence(evidence, window: window) {
                // Where the headers show the member missing, a run without the crash only says the
                // code that crashes did not run there: a note, not counter-evidence.
                if measuredFailure {
                    fits.append(
                        counter
                            + " (the runtime headers show the member missing there, so the crashing code did not run)"
                    )
                } else {
                    problems.append(counter)
                }
            }
        }
        if let window = rule.failsOn {
            let usage = usageVerdict(evidence, window: window)
            fits += usage.fits
            if measuredFailure {
                fits += usage.problems.map {
                    $0
                        + " (the runtime headers show the member missing there, so the crashing code did not run)"
                }
            } else {
                problems += usage.problems
            }
        }
        if measuredFailure, let className = subject.receiverClass, let key = subject.key,
            UIKitMemberCatalog.reach(key: key, accessor: nil, on: className)?.missingOnEvery(
                evidence.crashOSVersions.map(\.value)) == true
        {
            fits.append("UIKit's runtime headers lack the member on the crashing versions")
        }
        if subject.key == nil && rule.match.statesKey {
            problems.append("the reports do not name the key")
        }
        if fits.isEmpty && problems.isEmpty {
            return (
                .medium,
                "the class and key match the rule; it states no OS window or exception to check them against"
            )
        }
        var level: Evidence.Confidence =
            problems.isEmpty ? .high : problems.count == 1 && !fits.isEmpty ? .medium : .low
        var text = (fits + problems.map { "but " + $0 }).joined(separator: "; ")
        // A fit against a fact nobody has seen in a crash report is weaker evidence.
        let leanedOn = rule.inferred.filter { fact in
            (fact == "failsOn" && rule.failsOn != nil) || (fact == "exceptions" && !rule.exceptions.isEmpty)
        }
        if level == .high, !leanedOn.isEmpty {
            level = .medium
            text +=
                "; at most medium: the rule's \(leanedOn.map(Self.describe).joined(separator: " and ")) \(leanedOn.count == 1 ? "is" : "are") inferred, not seen in a crash report"
        }
        return (level, text)
    }

    /// Whether the crashes fit the rule's failing OS window, in words.
    static func windowVerdict(_ evidence: Evidence, window: OSRange) -> (fits: Bool, text: String) {
        let crashing = evidence.crashOSVersions.reduce(0) { $0 + $1.reports }
        switch evidence.confinedToFailingOS {
        case true?:
            let who =
                crashing == 1
                ? "the one report with an OS version" : "all \(crashing) reports with an OS version"
            return (true, "\(who) ran iOS \(window.description), where the rule says the access fails")
        case false?:
            return (
                false,
                "crashes also ran iOS \(evidence.outsideFailingOS.joined(separator: ", ")), outside the failing window \(window.description)"
            )
        case nil:
            return (
                false,
                "no report states its OS version, so the failing window \(window.description) cannot be checked"
            )
        }
    }

    /// The OS versions inside the failing window that the app ran without this crash, in words;
    /// nil when there are none, or when the rule is gated by the SDK and every clean run came
    /// from an app build older than the first that crashes (the rebuild note says so).
    static func counterEvidence(_ evidence: Evidence, window: OSRange) -> String? {
        guard !evidence.counterOSVersions.isEmpty, evidence.rebuildNote == nil else { return nil }
        let versions = evidence.counterOSVersions.map { "\($0.value) (\($0.reports))" }.joined(
            separator: ", ")
        return
            "\(evidence.app ?? "the app") also ran \(osNamed(versions)), inside the failing window \(window.description), without this crash"
    }

    /// `iOS 8.1 (2), 8.2 (1)`: a list of OS versions with their platform, which iOS versions do
    /// not carry in their text (`macOS 10.15.7` does).
    package static func osNamed(_ list: String) -> String {
        guard let first = list.unicodeScalars.first, CharacterSetASCII.isDigit(first) else { return list }
        return "iOS " + list
    }

    /// What launches per OS version say against the failing window: OS versions outside it that
    /// ran without this crash fit the rule; one inside it that ran at least as many launches as
    /// a crashing one, without this crash, does not.
    static func usageVerdict(_ evidence: Evidence, window: OSRange) -> (fits: [String], problems: [String]) {
        let inWindow = { (text: String) in
            OSVersion.parse(text).map { (window.lower...window.upper).contains($0.sortKey) } ?? false
        }
        let crashing = evidence.usageOS.filter { $0.crashes > 0 }
        let clean = evidence.usageOS.filter { $0.crashes == 0 && $0.launches > 0 }
        let describe = { (counts: [UsageCount]) in
            osNamed(
                counts.map {
                    "\($0.value): \(NumberText.grouped($0.launches)) launches, \($0.crashes) \($0.crashes == 1 ? "crash" : "crashes")"
                }.joined(separator: "; "))
        }
        var fits: [String] = []
        var problems: [String] = []
        let outside = clean.filter { !inWindow($0.value) }
        if !crashing.isEmpty, !outside.isEmpty {
            fits.append(
                "usage shows \(describe(crashing + outside)) (outside the failing window without this crash)")
        }
        let fewestCrashing = crashing.map(\.launches).min() ?? Int.max
        let inside = clean.filter { inWindow($0.value) && $0.launches >= fewestCrashing }
        if !inside.isEmpty {
            problems.append(
                "usage shows \(describe(inside)), inside the failing window \(window.description), without this crash"
            )
        }
        return (fits, problems)
    }

    /// `failsOn` → `failing OS window`, for sentences.
    static func describe(_ fact: String) -> String {
        switch fact {
        case "failsOn": return "failing OS window"
        case "worksOn": return "working OS window"
        case "exceptions": return "exception"
        default: return "fix"
        }
    }
}
