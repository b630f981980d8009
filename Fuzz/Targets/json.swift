import CrashScanModel
import Foundation

@testable import CrashScanIngest
@testable import CrashScanJSON

/// Any text through the JSON readers: crashscan's reader of every JSON format, the tree (lenient
/// and strict), `.ips` (one document, and the splitter of concatenated ones), and the streaming
/// reader alone. Differential (scripts/fuzz.sh compiles the tests' `FoundationOracle` in): what
/// Foundation reads must read alike but where crashscan's own rules decide
/// (`FoundationComparison`), and the canonical form must be Foundation's sorted-keys bytes
/// wherever those rules do not apply.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = ReportReader.readJSON(Substring(text))
    _ = try? JSONValue.parse(text, .crashReports)
    _ = try? JSONValue.parse(text, .strict)
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
    if let differences = FoundationComparison.unexplainedDifferences(text), !differences.isEmpty {
        fatalError("crashscan and Foundation differ: \(differences.joined(separator: "\n"))")
    }
    guard !FoundationComparison.canonicalFormMayDiffer(text) else { return }
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
        fatalError("canonical form: \(String(decoding: streamed, as: UTF8.self)) against \(foundation)")
    }
}
