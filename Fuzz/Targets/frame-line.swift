@testable import CrashScanIngest

/// One line through the frame parser, the symbol normaliser and the exception-line tests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = FrameParser.parse(Substring(line))
    _ = FrameParser.parse(Substring(line), normalizeSymbols: false)
    return 0
}
