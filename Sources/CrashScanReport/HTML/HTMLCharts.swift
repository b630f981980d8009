import CrashScanCatalogs
import CrashScanWorkflows
import Foundation

/// The page's charts, drawn by crashscan as inline SVG (trends, OS bars) and as a shaded table
/// (the heatmap). Each has a title and a text or table alternative; colour is never the only
/// signal (every cell shows its number, marks carry a label).
enum HTMLCharts {
    /// A coordinate to a tenth of a unit (`12`, `12.5`): shorter SVG than Swift's full digits.
    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : String(format: "%.1f", Double(tenths) / 10)
    }

    // MARK: - Trend

    /// Bars per period, the app versions' first crash as lines (the fix version solid, a
    /// regression bold and labelled), and the data as a table in `<details>`.
    static func trend(
        _ points: [ReportPage.TrendPoint], unit: TrendUnit, marks: [ReportPage.VersionMark], id: String,
        title: String, width: Double = 720
    ) -> String {
        guard !points.isEmpty else { return "<p class=\"muted\">No dated reports to draw a trend.</p>" }
        let height = 170.0
        let left = 40.0
        let top = 26.0
        let bottom = 22.0
        let plot = height - top - bottom
        let maxCount = max(points.map(\.reports).max() ?? 1, 1)
        let step = (width - left - 8) / Double(points.count)
        var svg =
            "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-t\"><title id=\"\(id)-t\">\(HTMLText.escape(title))</title>"
        svg +=
            "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top + plot)\" x2=\"\(width - 4)\" y2=\"\(top + plot)\"/>"
        svg += "<text x=\"\(left - 4)\" y=\"\(top + 4)\" text-anchor=\"end\">\(maxCount)</text>"
        svg += "<text x=\"\(left - 4)\" y=\"\(top + plot)\" text-anchor=\"end\">0</text>"
        for (index, point) in points.enumerated() where point.reports > 0 {
            let barHeight = max(plot * Double(point.reports) / Double(maxCount), 1)
            let x = left + Double(index) * step
            svg +=
                "<rect class=\"bar\" x=\"\(format(x))\" y=\"\(format(top + plot - barHeight))\" width=\"\(format(max(step - 1, 0.6)))\" height=\"\(format(barHeight))\"><title>\(point.start): \(point.reports)</title></rect>"
        }
        svg += "<text x=\"\(left)\" y=\"\(height - 6)\">\(points[0].start)</text>"
        svg +=
            "<text x=\"\(width - 4)\" y=\"\(height - 6)\" text-anchor=\"end\">\(points[points.count - 1].start)</text>"
        let index = Dictionary(uniqueKeysWithValues: points.enumerated().map { ($1.start, $0) })
        var labelRow = 0
        for mark in shownMarks(marks) {
            guard let position = index[unit.start(of: mark.firstSeen)] else { continue }
            let x = left + (Double(position) + 0.5) * step
            let kind = mark.isRegression ? "reg" : mark.isFixVersion ? "fix" : ""
            // The fix version itself may crash (fixed in V: V and later must not).
            let label =
                mark.isRegression && mark.isFixVersion
                ? "fixed in \(mark.version), crashed"
                : mark.isRegression
                    ? "regressed \(mark.version)"
                    : mark.isFixVersion ? "fixed in \(mark.version)" : mark.version
            svg +=
                "<line class=\"mark \(kind)\" x1=\"\(format(x))\" y1=\"\(top - 4)\" x2=\"\(format(x))\" y2=\"\(top + plot)\"/>"
            let y = 10 + Double(labelRow % 2) * 11
            let anchor = x > width * 0.8 ? "end" : "start"
            svg +=
                "<text class=\"\(kind)\" x=\"\(format(x + (anchor == "end" ? -2 : 2)))\" y=\"\(y)\" text-anchor=\"\(anchor)\">\(HTMLText.escape(label))</text>"
            labelRow += 1
        }
        svg += "</svg>"
        var table =
            "<details><summary>The trend as a table (\(points.count) \(unit.rawValue)s)</summary><div class=\"scroll\"><table><thead><tr><th scope=\"col\">\(unit.rawValue.capitalized) from</th><th scope=\"col\" class=\"n\">KVC failures</th></tr></thead><tbody>"
        for point in points where point.reports > 0 {
            table += "<tr><td>\(point.start)</td><td class=\"n\">\(point.reports)</td></tr>"
        }
        table += "</tbody></table></div>"
        if !marks.isEmpty {
            table += "<p>App versions, first crash: "
            table += marks.map { mark in
                let note =
                    mark.isRegression
                    ? " <strong class=\"regressed\">(\(mark.isFixVersion ? "fix version, crashed" : "regressed"))</strong>"
                    : mark.isFixVersion ? " (fix version)" : ""
                return "\(HTMLText.escape(mark.version)) on \(mark.firstSeen)\(note)"
            }.joined(separator: "; ")
            table += ".</p>"
        }
        return svg + table + "</details>"
    }

    /// The fix version, every regression, and the latest other versions: at most eight labels.
    static func shownMarks(_ marks: [ReportPage.VersionMark]) -> [ReportPage.VersionMark] {
        let important = marks.filter { $0.isFixVersion || $0.isRegression }
        let others = marks.filter { !$0.isFixVersion && !$0.isRegression }.suffix(max(0, 8 - important.count))
        return (important + others).sorted { $0.firstSeen < $1.firstSeen }
    }

    // MARK: - OS bars

    /// One bar per OS version (oldest first), the rule's failing window as a labelled band.
    static func osBars(_ versions: [KVCReport.Count], window: OSRange?, id: String, title: String) -> String {
        guard !versions.isEmpty else { return "" }
        let width = 360.0
        let height = 150.0
        let top = 22.0
        let bottom = 30.0
        let plot = height - top - bottom
        let step = (width - 8) / Double(versions.count)
        let maxCount = max(versions.map(\.reports).max() ?? 1, 1)
        var svg =
            "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-t\"><title id=\"\(id)-t\">\(HTMLText.escape(title))</title>"
        let inside = versions.map { inWindow($0.value, window) }
        if let first = inside.firstIndex(of: true), let last = inside.lastIndex(of: true), let window {
            let x = 4 + Double(first) * step
            let bandWidth = Double(last - first + 1) * step
            svg +=
                "<rect class=\"band\" x=\"\(format(x))\" y=\"\(top - 14)\" width=\"\(format(bandWidth))\" height=\"\(format(plot + 14))\"/>"
            svg +=
                "<text class=\"band-label\" x=\"\(format(x + 2))\" y=\"\(top - 4)\">fails on iOS \(HTMLText.escape(window.description))</text>"
        }
        for (index, version) in versions.enumerated() {
            let barHeight = max(plot * Double(version.reports) / Double(maxCount), 1)
            let x = 4 + Double(index) * step
            svg +=
                "<rect class=\"bar\" x=\"\(format(x + step * 0.15))\" y=\"\(format(top + plot - barHeight))\" width=\"\(format(step * 0.7))\" height=\"\(format(barHeight))\"><title>iOS \(HTMLText.escape(version.value)): \(version.reports)</title></rect>"
            if versions.count <= 16 {
                svg +=
                    "<text x=\"\(format(x + step / 2))\" y=\"\(format(top + plot + 13))\" text-anchor=\"middle\">\(HTMLText.escape(version.value))</text>"
                svg +=
                    "<text x=\"\(format(x + step / 2))\" y=\"\(format(top + plot - barHeight - 3))\" text-anchor=\"middle\">\(version.reports)</text>"
            }
        }
        svg +=
            "<line class=\"axis\" x1=\"4\" y1=\"\(top + plot)\" x2=\"\(width - 4)\" y2=\"\(top + plot)\"/></svg>"
        let list = versions.enumerated().map { index, version in
            "iOS \(HTMLText.escape(version.value)): \(version.reports)\(inside[index] ? " (in the failing window)" : "")"
        }.joined(separator: ", ")
        return svg + "<p class=\"muted\">\(list).</p>"
    }

    /// Whether OS version `label` (`8.1.3`, `8.1.x`, `unknown`) lies in `window`.
    static func inWindow(_ label: String, _ window: OSRange?) -> Bool {
        guard let window else { return false }
        let text = label.hasSuffix(".x") ? String(label.dropLast(2)) : label
        guard let version = OSVersion.parse(text) else { return false }
        return (window.lower...window.upper).contains(version.sortKey)
    }
}

extension HTMLCharts {
    /// One line per app version through its days' rates (crashes per launch as the source counted
    /// them, else imported KVC logs per launch), each point labelled; the data as a table.
    static func rateTrend(_ versions: [UsageRates.VersionTrend], id: String, width: Double = 720) -> String {
        let points = versions.flatMap { version in
            version.days.compactMap { day in
                rate(day, of: version).map { (version.appVersion, day.value, $0) }
            }
        }
        guard !points.isEmpty else { return "<p class=\"muted\">No day of usage to draw a rate.</p>" }
        let days = Array(Set(points.map(\.1))).sorted()
        let height = 170.0
        let (left, top, bottom) = (56.0, 20.0, 22.0)
        let plot = height - top - bottom
        let highest = max(points.map(\.2).max() ?? 0, 1e-9)
        let step = days.count > 1 ? (width - left - 60) / Double(days.count - 1) : 0
        let x = { (day: String) in left + Double(days.firstIndex(of: day) ?? 0) * step }
        let y = { (rate: Double) in top + plot - plot * rate / highest }
        var svg =
            "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-t\"><title id=\"\(id)-t\">Crash rate per launch by app version and day</title>"
        svg +=
            "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top + plot)\" x2=\"\(width - 4)\" y2=\"\(top + plot)\"/>"
        svg +=
            "<text x=\"\(left - 4)\" y=\"\(top + 4)\" text-anchor=\"end\">\(ScaleText.rate(highest))</text>"
        svg += "<text x=\"\(left - 4)\" y=\"\(top + plot)\" text-anchor=\"end\">0%</text>"
        for version in versions {
            let line = version.days.compactMap { day in rate(day, of: version).map { (day.value, $0) } }
            guard let last = line.last else { continue }
            let path = line.map { "\(format(x($0.0))),\(format(y($0.1)))" }.joined(separator: " ")
            svg += "<polyline class=\"rate\" points=\"\(path)\"/>"
            for (day, rate) in line {
                svg +=
                    "<circle class=\"rate\" cx=\"\(format(x(day)))\" cy=\"\(format(y(rate)))\" r=\"3\"><title>\(HTMLText.escape(version.appVersion)) on \(day): \(ScaleText.rate(rate))</title></circle>"
            }
            svg +=
                "<text x=\"\(format(x(last.0) + 6))\" y=\"\(format(y(last.1) + 4))\">\(HTMLText.escape(version.appVersion))</text>"
        }
        svg += "<text x=\"\(left)\" y=\"\(height - 6)\">\(days[0])</text>"
        if days.count > 1 {
            let lastDay = days[days.count - 1]
            svg +=
                "<text x=\"\(format(x(lastDay)))\" y=\"\(height - 6)\" text-anchor=\"end\">\(lastDay)</text>"
        }
        svg += "</svg>"
        var table =
            "<details><summary>The rates as a table</summary><div class=\"scroll\"><table><thead><tr><th scope=\"col\">App version</th><th scope=\"col\">Day</th><th scope=\"col\" class=\"n\">Launches</th><th scope=\"col\" class=\"n\">Rate</th><th scope=\"col\">Counted from</th></tr></thead><tbody>"
        for version in versions {
            let from = countsCrashes(version) ? "the source’s crashes" : "imported KVC logs"
            for day in version.days {
                table +=
                    "<tr><td>\(HTMLText.escape(version.appVersion))</td><td>\(day.value)</td><td class=\"n\">\(ScaleText.count(day.usage?.launches))</td><td class=\"n\">\(ScaleText.rate(rate(day, of: version)))</td><td>\(from)</td></tr>"
            }
        }
        return svg + table + "</tbody></table></div></details>"
    }

    /// A day's rate, of one kind along a version's line (never the two mixed): crashes per launch
    /// when the source counted crashes on some day of the version (a day it did not is a gap),
    /// else imported KVC logs per launch.
    private static func rate(_ day: UsageRates.Line, of version: UsageRates.VersionTrend) -> Double? {
        countsCrashes(version) ? day.usage?.crashRate : day.usage?.kvcRate
    }

    private static func countsCrashes(_ version: UsageRates.VersionTrend) -> Bool {
        version.days.contains { $0.usage?.crashRate != nil }
    }
}
