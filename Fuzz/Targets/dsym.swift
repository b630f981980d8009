import Foundation

@testable import CrashScanSymbolication

/// Any bytes as a `--dsym` file: the Mach-O reader on the bytes in memory, and on a file (the
/// path `--dsym` takes, which seeks to each slice of a universal file).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    _ = MachOFile(bytes: bytes)
    let path = NSTemporaryDirectory() + "crashscan-fuzz-dsym-\(getpid())"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
    _ = DSYMIndex.machO(at: path)
    return 0
}
