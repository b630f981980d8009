import CrashScanCatalogs
import Foundation

extension HTMLCharts {
    /// Devices (rows, most failures first) × OS versions (columns, in version order), each cell
    /// shaded by its count with the number in it. Beyond `maxRows` devices the rest are one row;
    /// beyond `maxColumns` versions patch versions are summed into their minor version.
    /// `windows` are drawn as rows under the header: the columns each rule's window covers.
    /// `outline` outlines the columns of one window (a group's). `scope` (`all` or a group id)
    /// is written on every cell, so that a test or a script can read the counts back.
    static func heatmap(
        _ cells: [KVCReport.Cell], scope: String, caption: String,
        windows: [(label: String, range: OSRange)] = [], outline: OSRange? = nil, maxRows: Int = 30,
        maxColumns: Int = 28
    ) -> String {
        var (devices, versions, counts) = ReportRenderer.matrixAxes(cells)
        if versions.count > maxColumns {
            (versions, counts) = ReportRenderer.byMinorVersion(versions, counts)
        }
        var identifiers: [String: String] = [:]
        for cell in cells { if let model = cell.deviceModel { identifiers[cell.device] = model } }
        var rows = Array(devices.prefix(maxRows))
        if devices.count > maxRows {
            var other: [String: Int] = [:]
            for device in devices.dropFirst(maxRows) {
                for (version, count) in counts[device] ?? [:] { other[version, default: 0] += count }
            }
            let label = "\(devices.count - maxRows) other devices"
            counts[label] = other
            rows.append(label)
        }
        let maxCount = max(counts.values.flatMap(\.values).max() ?? 1, 1)
        var html =
            "<div class=\"scroll\"><table class=\"heat\"><caption class=\"muted\">\(HTMLText.escape(caption))</caption><thead><tr><th scope=\"col\">Device \\ iOS</th>"
        let outlined = versions.map { inWindow($0, outline) }
        for (index, version) in versions.enumerated() {
            html +=
                "<th scope=\"col\" class=\"n\(outlined[index] ? " win" : "")\">\(HTMLText.escape(version))</th>"
        }
        html += "<th scope=\"col\" class=\"n\">Total</th></tr>"
        for window in windows {
            html += "<tr class=\"window\"><th scope=\"row\">fails: \(HTMLText.escape(window.label))</th>"
            for version in versions {
                html +=
                    inWindow(version, window.range)
                    ? "<td title=\"inside the failing window\">✕</td>" : "<td></td>"
            }
            html += "<td></td></tr>"
        }
        html += "</thead><tbody>"
        for device in rows {
            let title = identifiers[device].map { " title=\"\(HTMLText.escape($0))\"" } ?? ""
            html += "<tr><th scope=\"row\"\(title)>\(HTMLText.escape(device))</th>"
            var total = 0
            for (index, version) in versions.enumerated() {
                let count = counts[device]?[version] ?? 0
                total += count
                let level =
                    count == 0 ? 0 : min(5, 1 + Int(4.0 * log(Double(count)) / log(Double(max(maxCount, 2)))))
                var classes = level > 0 ? ["h\(level)"] : []
                if outlined[index] { classes.append("win") }
                let classAttribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
                html +=
                    "<td\(classAttribute) data-scope=\"\(HTMLText.escape(scope))\" data-device=\"\(HTMLText.escape(device))\" data-os=\"\(HTMLText.escape(version))\" data-count=\"\(count)\">\(count == 0 ? "" : String(count))</td>"
            }
            html += "<td class=\"n\">\(total)</td></tr>"
        }
        return html + "</tbody></table></div>"
    }
}
