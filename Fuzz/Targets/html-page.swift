@testable import CrashScanCatalogs
@testable import CrashScanReport

/// Any text from a crash report (device, OS version, app version, group id) through the HTML
/// page's charts: it must add no markup. The same charts drawn with a harmless `x` in its place
/// have exactly as many `<`; a difference is markup that escaped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let escaped = HTMLText.escape(text)
    precondition(!escaped.contains(where: { "<>\"'".contains($0) }), "unescaped markup: \(escaped)")
    // The other cell's device and OS version would merge with the input's row or column.
    guard text != "iPhone 6", text != "8.1" else { return 0 }
    if markup(text) != markup("x") { fatalError("the input added markup: \(text.debugDescription)") }
    return 0
}

/// The number of `<` in the charts of one group whose every string is `value`.
private func markup(_ value: String) -> Int {
    let cells = [
        KVCReport.Cell(device: value, deviceModel: value, osVersion: value, reports: 3),
        KVCReport.Cell(device: "iPhone 6", deviceModel: nil, osVersion: "8.1", reports: 1),
    ]
    let window = OSRange(lower: 0, upper: 90_000_000, description: value)
    let heatmap = HTMLCharts.heatmap(
        cells, scope: value, caption: value, windows: [(label: value, range: window)], outline: window)
    let marks = [
        ReportPage.VersionMark(
            version: value, firstSeen: "2015-03-01", isFixVersion: true, isRegression: false)
    ]
    let trend = HTMLCharts.trend(
        [ReportPage.TrendPoint(start: "2015-03-01", reports: 2)], unit: .day, marks: marks, id: "t",
        title: value)
    let bars = HTMLCharts.osBars(
        [KVCReport.Count(value: value, reports: 2), KVCReport.Count(value: "8.1", reports: 1)],
        window: window,
        id: "o", title: value)
    let link = HTMLText.link("https://example.com/" + value, text: value)
    return (heatmap + trend + bars + link).utf8.filter { $0 == UInt8(ascii: "<") }.count
}
