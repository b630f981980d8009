import CrashScanModel
import Foundation

@testable import CrashScanIngest

/// Any text through the JSON readers directly: Bugly's fast path and the tolerant reader with
/// KSCrash, MetricKit, Sentry and Bugly documents after it, the strict reader, and `.ips`
/// (one document, and the splitter of concatenated ones), and the streaming reader alone.
/// Differential: KSCrash, MetricKit and Sentry read on their bytes must give Foundation's reports, and
/// the streaming sorted-keys writer Foundation's bytes, whenever they do not leave the text to it.
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
    checkAgainstFoundation(text)
    return 0
}

private func checkAgainstFoundation(_ text: String) {
    if let onBytes = ReportReader.readOtherJSONOnBytes(Substring(text)) {
        let foundation = ReportReader.readJSON(Substring(text), fast: false)
        guard describe(onBytes) == describe(foundation) else {
            fatalError("read on bytes:\n\(describe(onBytes))\nthrough Foundation:\n\(describe(foundation))")
        }
    }
    var copy = text
    let streamed: [UInt8]? = copy.withUTF8 { bytes in
        var reader = StreamingJSON(bytes)
        guard let written = try? CanonicalJSON.write(&reader), (try? reader.end()) != nil else { return nil }
        return written
    }
    guard let streamed,
        let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed),
        JSONSerialization.isValidJSONObject(object)
    else { return }
    let foundation = JSONFields.canonical(object)
    guard String(decoding: streamed, as: UTF8.self) == foundation else {
        fatalError("sorted-keys writer: \(String(decoding: streamed, as: UTF8.self)) against \(foundation)")
    }
}

/// Every field of each report and of its frames, or the rejection.
private func describe(_ result: Result<[CrashReport], Rejection>?) -> String {
    switch result {
    case nil: return "not read"
    case .failure(let rejection): return "rejected: \(rejection.reason)"
    case .success(let reports):
        return reports.map { report in
            let fields = Mirror(reflecting: report).children.filter { $0.label != "frames" }.map {
                "\($0.value)"
            }
            let frames = report.frames.map { frame in
                "\(frame.index ?? -1) \(frame.image) \(frame.address ?? "-") \(frame.symbol) \(frame.rawSymbol) "
                    + "\(frame.offset.map { String($0) } ?? "-") \(frame.isUnsymbolicated)"
            }
            return (fields + frames).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
