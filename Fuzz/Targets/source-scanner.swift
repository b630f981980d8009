import Foundation

@testable import CrashScanSource

/// Any bytes through `crashscan scan`'s readers as each language: the Objective-C and Swift
/// lexers and scanners (declarations, then calls) and the Interface Builder tag scanner.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for path in ["A.m", "A.swift", "A.xib"] {
        guard let language = SourceLanguage(path: path) else { continue }
        let file = SourceTree.File(path: path, language: language)
        let declarations = SourceScanner.declarations(file, bytes: bytes)
        _ = SourceScanner.callSites(file, bytes: bytes, declarations: declarations)
    }
    return 0
}
