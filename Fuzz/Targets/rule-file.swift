import CrashScanRules
import Foundation

/// Any bytes as a team's rule file (the line-aware JSON reader and every field's checks).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? RuleSet.parse(json: Data(bytes: data, count: size), file: "fuzz.json")
    return 0
}
