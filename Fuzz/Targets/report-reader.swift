import Foundation

@testable import CrashScanIngest

/// Any bytes through format detection, decoding and every parser (`ReportReader.read`); and read
/// in chunks of one and two parts (what the import does to a file of many reports, there by 1,024
/// parts), which must give what reading whole gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let whole = ReportReadOracle.read(bytes)
    for chunk in [1, 2] where ReportReadOracle.readInChunks(bytes, chunk: chunk) != whole {
        fatalError("read in chunks of \(chunk), the reports differ from those read whole")
    }
    return 0
}
