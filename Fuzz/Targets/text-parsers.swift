import Foundation

@testable import CrashScanIngest
@testable import CrashScanModel

/// Any text through every text parser directly, whatever format detection would have chosen:
/// Bugly console copies (and the splitter of several pasted ones), Apple's text report (and the
/// splitter of concatenated ones), the Bugly SDK `crash.log`, Cr4shed logs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = Lines.split(text, keepEmpty: true)
    for format in [SourceFormat.buglyConsole, .consoleText, .crashlyticsConsole] {
        _ = BuglyConsoleParser.parse(text, format: format)
    }
    _ = ReportReader.severalPasted(text, format: .buglyConsole)
    _ = AppleTextParser.parse(lines, format: .appleCrash, normalizeSymbols: true)
    _ = ReportReader.readApple(text)
    _ = BuglySDKLogParser.parse(text)
    _ = Cr4shedParser.parse(Lines.split(text))
    return 0
}
