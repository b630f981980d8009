import CrashScanStore

/// How counts and rates read in the text, Markdown and HTML reports: counts with thousands
/// separators (`763,670`), rates as percentages with enough digits to tell small rates apart
/// (`0.0726%`), an unknown as `-`.
enum ScaleText {
    static func count(_ value: Int?) -> String { value.map(HTMLText.number) ?? "-" }

    /// A share as a percentage: three significant digits, at least two decimals.
    static func rate(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        let percent = value * 100
        guard percent != 0 else { return "0%" }
        var decimals = 2
        while decimals < 6, abs(percent) < pow10(2 - decimals) { decimals += 1 }
        return formatted(percent, decimals: decimals) + "%"
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        if exponent >= 0 {
            for _ in 0..<exponent { value *= 10 }
        } else {
            for _ in 0..<(-exponent) { value /= 10 }
        }
        return value
    }

    /// `value` rounded to `decimals` places, without Foundation's locale.
    private static func formatted(_ value: Double, decimals: Int) -> String {
        let scale = pow10(decimals)
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let fractionText = String(fraction)
        let padded = String(repeating: "0", count: max(0, decimals - fractionText.count)) + fractionText
        return (value < 0 ? "-" : "") + "\(whole).\(padded)"
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

    /// `issue 1183` or `the copied issue page`.
    static func issueName(_ issue: BuglyCounts.Issue) -> String {
        issue.issueID.map { "issue \($0)" } ?? "an issue page copied with a log (no issue id)"
    }
}
