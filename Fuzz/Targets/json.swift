import Foundation

@testable import CrashScanIngest

/// Any text through the JSON readers directly: Bugly's fast path and the tolerant reader with
/// KSCrash, MetricKit, Sentry and Bugly documents after it, the strict reader, and `.ips`
/// (one document, and the splitter of concatenated ones), and the streaming reader alone.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = ReportReader.readJSON(Substring(text), fast: true)
    _ = ReportReader.readJSON(Substring(text), fast: false)
    _ = StrictJSON.parse(Substring(text))
    if let (header, line, bodyOffset) = IPSParser.header(text) {
        _ = IPSParser.parse(text, header: header, line: line, bodyOffset: bodyOffset)
    }
    // The streaming reader over the whole text: it must refuse or skip it, never trap.
    var copy = text
    copy.withUTF8 { bytes in
        var reader = StreamingJSON(bytes)
        _ = try? reader.skipValue()
    }
    if let documents = IPSDocuments.split(text) { _ = ReportReader.readIPS(documents) }
    return 0
}
