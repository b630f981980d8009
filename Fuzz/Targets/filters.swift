import CrashScanCatalogs
import CrashScanReport

@testable import CrashScanModel

/// Any text through what `report` reads from its options: `--os`, `--device`, `--since`/`--until`,
/// `--kind`, `--key`, `--app-version`, and the zone of `--assume-timezone`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? OSRange.parse(text)
    _ = try? DeviceQuery.resolve(
        text, knownNames: ["iPhone 6 Plus", "iPhone 11"], knownModels: ["iPhone7,1"])
    _ = Timestamp.parse(text)
    _ = TimeBase.parseOffset(text)
    var filter = ReportFilter()
    _ = try? filter.setDate(text, bound: .since)
    _ = try? filter.addKind(text)
    _ = try? filter.addKey(text)
    _ = try? filter.addAppVersion(text)
    return 0
}
