import CrashScanModel
import CrashScanStore
import Foundation

/// How counts and rates read in the text, Markdown and HTML reports: counts with thousands
/// separators (`763,670`), rates as percentages with enough digits to tell small rates apart
/// (`0.0726%`), an unknown as `-`.
enum ScaleText {
    static func count(_ value: Int?) -> String { value.map(NumberText.grouped) ?? "-" }

    /// A share as a percentage: three significant digits, at least two decimals (`0.0726%`,
    /// `12.50%`).
    static func rate(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        let percent = value * 100
        guard percent != 0 else { return "0%" }
        let decimals = min(6, max(2, 2 - Int(log10(abs(percent)).rounded(.down))))
        return String(format: "%.\(decimals)f%%", percent)
    }

    /// `763,670 occurrences on 762,282 devices`, or what of it Bugly gave.
    static func buglyCounts(occurrences: Int?, devices: Int?) -> String {
        switch (occurrences, devices) {
        case (let occurrences?, let devices?):
            return
                "\(count(occurrences)) \(occurrences == 1 ? "occurrence" : "occurrences") on \(count(devices)) \(devices == 1 ? "device" : "devices")"
        case (let occurrences?, nil): return "\(count(occurrences)) occurrences (devices not given)"
        case (nil, let devices?): return "\(count(devices)) devices (occurrences not given)"
        case (nil, nil): return "no counts given"
        }
    }

    /// `issue 1183`, or what stands for an issue page copied without its id.
    static func issueName(_ issue: BuglyCounts.Issue) -> String {
        issue.issueID.map { "issue \($0)" } ?? "an issue page copied with a log (no issue id)"
    }
}
