import CrashScanModel
import Foundation

@testable import CrashScanIngest

/// Any bytes as an archive: libarchive's reading, nested archives, the expansion budget (small
/// here, so that a fuzzed zip bomb ends fast) and every member through the parsers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let settings = ParseSettings(archiveLimits: ArchiveLimits(expandedBytes: 8 << 20, ratio: 200))
    _ = SourceReader.read(Data(bytes: data, count: size), path: "fuzz", depth: 0, settings: settings)
    return 0
}
