import CrashScanIngest
import Foundation

/// Any bytes through format detection, decoding and every parser (`ReportReader.read`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = ReportReader.read(Data(bytes: data, count: size))
    return 0
}
