import CrashScanModel
import Foundation
import XCTest

@testable import CrashScanIngest

/// KSCrash, MetricKit and Sentry documents read by crashscan's reader give the reports (every
/// field, every frame, the hashed content) that Foundation's reading gives (`FoundationOracle`),
/// but where crashscan's own rules decide (`FoundationComparison`).
final class OtherJSONReaderTests: XCTestCase {
    private func corpusDocuments(_ folder: String) throws -> [(name: String, text: String)] {
        let directory = try TestPaths.requireCorpus().appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            .filter { $0.hasSuffix(".json") }
            .map { ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
    }

    func testCorpusReportsAreReadAsFoundationReadsThem() throws {
        var compared: [String] = []
        for folder in ["kscrash-json", "metrickit", "other"] {
            for (name, text) in try corpusDocuments(folder) where assertReadAsFoundationReads(text) {
                compared.append(name)
                XCTAssertNotNil(ReportReader.readJSON(Substring(text)), name)
            }
        }
        // Every JSON document of the corpus (the three bare call-stack trees refused both ways).
        XCTAssertEqual(compared.count, 22, compared.joined(separator: ", "))
    }

    /// Sets `value` at `path` (names and array indexes), making objects on the way.
    private func setting(_ value: Any, at path: ArraySlice<Any>, in container: Any?) -> Any {
        guard let step = path.first else { return value }
        if let index = step as? Int, var array = container as? [Any], index <= array.count {
            // One past the end adds an element (a second thread, exception or diagnostic).
            if index == array.count {
                array.append(setting(value, at: path.dropFirst(), in: nil))
            } else {
                array[index] = setting(value, at: path.dropFirst(), in: array[index])
            }
            return array
        }
        var object = container as? [String: Any] ?? [:]
        let name = step as? String ?? "\(step)"
        object[name] = setting(value, at: path.dropFirst(), in: object[name])
        return object
    }

    private let values: [Any] = [
        "", "  padded  ", "x/y é", 42, -1, 1.5, 1_617_970_885_663, 1_617_970_885_663_000, true, false,
        NSNull(),
        ["id": "u-1", "name": "n"], [1, "a", ["crashed": true]], "2024-01-01T00:00:00Z",
    ]

    /// Each of `values` at each path, in turn, of the folder's small corpus documents read on
    /// their bytes (under 10 KB: each document is read three ways), the same either way.
    private func assertEveryValueAtEveryPathReadAlike(
        _ paths: [[Any]], in folder: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let bases = try corpusDocuments(folder).map(\.text).filter {
            $0.utf8.count < 10_000 && (try? ReportReader.readJSON(Substring($0))?.get()) != nil
        }
        try assertEveryValueAtEveryPathReadAlike(paths, bases: bases, file: file, line: line)
    }

    private func assertEveryValueAtEveryPathReadAlike(
        _ paths: [[Any]], bases: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for (number, path) in paths.enumerated() {
            let base = try JSONSerialization.jsonObject(with: Data(bases[number % bases.count].utf8))
            for value in values {
                let changed = setting(value, at: path[...], in: base)
                let text = String(
                    decoding: try JSONSerialization.data(withJSONObject: changed), as: UTF8.self)
                XCTAssertTrue(
                    assertReadAsFoundationReads(text, file: file, line: line), text, file: file, line: line)
            }
        }
    }

    func testKSCrashFieldsOfEveryTypeAreReadAlike() throws {
        let paths: [[Any]] = [
            ["system", "machine"], ["system", "model"], ["system", "jailbroken"],
            ["system", "system_version"],
            ["system", "system_name"], ["system", "os_version"], ["system", "CFBundleExecutable"],
            ["system", "device_app_hash"], ["report", "timestamp"], ["report", "process_name"],
            ["crash", "error", "type"], ["crash", "error", "reason"], ["crash", "error", "nsexception"],
            ["crash", "error", "nsexception", "name"], ["crash", "error", "cpp_exception"],
            ["crash", "error", "mach"], ["crash", "error", "signal", "name"], ["crash", "error"],
            ["crash", "threads"], ["crash", "threads", 0], ["crash", "threads", 0, "crashed"],
            ["crash", "threads", 1, "crashed"], ["crash", "threads", 0, "backtrace"],
            ["crash", "threads", 0, "backtrace", "contents", 0],
            ["crash", "threads", 0, "backtrace", "contents", 1, "instruction_addr"],
            ["user"], ["user", "id"], ["user", "user"], ["user", "user", "userId"],
            ["sentry_sdk_scope", "user", "id"],
        ]
        try assertEveryValueAtEveryPathReadAlike(paths, in: "kscrash-json")
    }

    func testMetricKitFieldsOfEveryTypeAreReadAlike() throws {
        let meta: [Any] = ["crashDiagnostics", 0, "diagnosticMetaData"]
        let stack: [Any] = ["crashDiagnostics", 0, "callStackTree", "callStacks", 0]
        let paths: [[Any]] = [
            ["timeStampEnd"], ["timeStampBegin"], ["crashDiagnostics"], ["crashDiagnostics", 0],
            ["crashDiagnostics", 1], ["hangDiagnostics"], ["appLaunchDiagnostics"],
            meta, meta + ["exceptionType"], meta + ["signal"], meta + ["osVersion"], meta + ["deviceType"],
            meta + ["terminationReason"], meta + ["objectiveCexceptionReason"],
            meta + ["objectiveCexceptionReason", "arguments"],
            meta + ["objectiveCexceptionReason", "composedMessage"],
            ["crashDiagnostics", 0, "callStackTree"], stack, stack + ["threadAttributed"],
            stack + ["callStackRootFrames"], stack + ["callStackRootFrames", 0, "address"],
            stack + ["callStackRootFrames", 0, "subFrames"],
            stack + ["callStackRootFrames", 0, "subFrames", 0],
        ]
        try assertEveryValueAtEveryPathReadAlike(paths, in: "metrickit")
    }

    func testSentryFieldsOfEveryTypeAreReadAlike() throws {
        // The corpus event (150 KB) cut down: its exception with six frames, no images or threads.
        let text = try String(
            contentsOf: try TestPaths.requireCorpus().appendingPathComponent(
                "other/getsentry_sentry-cocoa__converted-event.json"),
            encoding: .utf8)
        var event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        event["debug_meta"] = nil
        event["threads"] = nil
        var exception = try XCTUnwrap((event["exception"] as? [String: Any])?["values"] as? [[String: Any]])
            .last!
        var stacktrace = try XCTUnwrap(exception["stacktrace"] as? [String: Any])
        stacktrace["frames"] = Array(try XCTUnwrap(stacktrace["frames"] as? [Any]).suffix(6))
        exception["stacktrace"] = stacktrace
        event["exception"] = ["values": [exception]]
        event["contexts"] = [
            "os": ["name": "iOS", "version": "16.1", "build": "20B82"], "device": ["model": "iPhone14,2"],
            "app": ["app_version": "5.1"],
        ]
        let base = String(decoding: try JSONSerialization.data(withJSONObject: event), as: UTF8.self)
        XCTAssertTrue(assertReadAsFoundationReads(base))
        let value: [Any] = ["exception", "values", 0]
        let frames = value + ["stacktrace", "frames"]
        let paths: [[Any]] = [
            ["exception"], ["exception", "values"], value, ["exception", "values", 1], value + ["type"],
            value + ["value"], value + ["stacktrace"], frames, frames + [0], frames + [0, "function"],
            frames + [5, "function"], frames + [0, "package"], frames + [0, "instruction_addr"], ["contexts"],
            ["contexts", "os"], ["contexts", "os", "version"], ["contexts", "os", "name"],
            ["contexts", "device", "model"], ["contexts", "app", "app_version"], ["timestamp"],
        ]
        try assertEveryValueAtEveryPathReadAlike(paths, bases: [base])

        // Chained exceptions: the last one is the report's.
        event["exception"] = [
            "values": [["type": "NSInvalidArgumentException", "value": "first"], exception, 7]
        ]
        let chained = String(decoding: try JSONSerialization.data(withJSONObject: event), as: UTF8.self)
        XCTAssertTrue(assertReadAsFoundationReads(chained))
        let report = try XCTUnwrap(try ReportReader.readJSON(Substring(chained))?.get().first)
        XCTAssertEqual(report.exceptionType, "EXC_BAD_ACCESS")
        XCTAssertEqual(report.frames.count, 6)
    }

    func testTheFirstCrashedThreadAndTheFirstAttributedStackAreRead() throws {
        func thread(_ crashed: Bool, _ symbol: String) -> String {
            #"{"crashed":\#(crashed),"backtrace":{"contents":[{"object_name":"App","symbol_name":"\#(symbol)","#
                + #""instruction_addr":4096,"symbol_addr":4000}]}}"#
        }
        let kscrash =
            #"{"report":{},"system":{"machine":"iPhone7,2"},"crash":{"error":{"type":"signal"},"threads":["#
            + [thread(false, "idle"), thread(true, "first"), thread(true, "second")].joined(separator: ",")
            + "]}}"
        XCTAssertTrue(assertReadAsFoundationReads(kscrash))
        let report = try XCTUnwrap(try ReportReader.readJSON(Substring(kscrash))?.get().first)
        XCTAssertEqual(report.frames.map(\.symbol), ["first"])
        XCTAssertEqual(report.frames.first?.offset, 96)

        func stack(_ attributed: Bool, _ address: Int) -> String {
            #"{"threadAttributed":\#(attributed),"callStackRootFrames":[{"binaryName":"App","address":\#(address),"#
                + #""subFrames":[{"binaryName":"UIKit","address":\#(address + 1)}]}]}"#
        }
        let metricKit =
            #"{"timeStampEnd":"2024-01-01 10:00:00","crashDiagnostics":[{"diagnosticMetaData":{"signal":6},"#
            + #""callStackTree":{"callStacks":["#
            + [stack(false, 16), stack(true, 32), stack(true, 48)].joined(separator: ",") + "]}}]}"
        XCTAssertTrue(assertReadAsFoundationReads(metricKit))
        let diagnostic = try XCTUnwrap(
            try ReportReader.readJSON(Substring(metricKit))?.get().first)
        // Innermost first: the root's first child, then the root.
        XCTAssertEqual(diagnostic.frames.map(\.image), ["UIKit", "App"])
        XCTAssertEqual(diagnostic.frames.map(\.symbol), ["0x21", "0x20"])
    }

    /// An object given twice counts as its last value alone: nothing read from the first one
    /// stays (the json fuzz target found a MetricKit diagnostic whose second `diagnosticMetaData`
    /// had no `exceptionType` read as EXC_BAD_ACCESS from the first).
    func testAMemberGivenTwiceKeepsNothingOfTheOneBefore() throws {
        /// `twice` must read as Foundation reads it, and as `lastOnly` (the same document without
        /// the first members), but for its content.
        func assertReadAsItsLastMembers(_ twice: String, _ lastOnly: String, line: UInt = #line) {
            XCTAssertTrue(assertReadAsFoundationReads(twice, line: line), twice, line: line)
            let fields = { (text: String) in
                FoundationComparison.dump(ReportReader.readJSON(Substring(text)))
                    .filter { !$0.hasPrefix("normalizedContent=") }
            }
            XCTAssertEqual(fields(twice), fields(lastOnly), line: line)
            XCTAssertFalse(fields(twice).contains { $0.hasPrefix("rejected") }, line: line)
        }
        let meta =
            #""diagnosticMetaData":{"exceptionType":1,"signal":11,"osVersion":"iPhone OS 14.0.1 (18A393)","#
            + #""objectiveCexceptionReason":{"exceptionName":"NSUnknownKeyException"}},"#
            + #""callStackTree":{"callStacks":[{"threadAttributed":true,"callStackRootFrames":[{"#
            + #""binaryName":"App","address":16}]}]},"#
        let metricKitLast = #""diagnosticMetaData":{"deviceType":"iPhone10,2"},"callStackTree":{}}]}"#
        let metricKitHead = #"{"timeStampEnd":"2024-01-01 10:00:00","crashDiagnostics":[{"#
        assertReadAsItsLastMembers(metricKitHead + meta + metricKitLast, metricKitHead + metricKitLast)

        let crash =
            #""report":{"process_name":"Shop"},"#
            + #""crash":{"error":{"type":"mach","mach":{"exception_name":"EXC_BAD_ACCESS"}},"threads":[{"#
            + #""crashed":true,"backtrace":{"contents":[{"object_name":"App","instruction_addr":4096}]}}]},"#
        let kscrashLast =
            #""report":{},"crash":{"error":{"type":"signal","signal":{"name":"SIGABRT"},"mach":{}}},"#
            + #""system":{"machine":"iPhone7,2"}}"#
        assertReadAsItsLastMembers("{" + crash + kscrashLast, "{" + kscrashLast)

        let event =
            #""contexts":{"os":{"name":"iOS","version":"16.1"},"device":{"model":"iPhone14,2"}},"#
            + #""exception":{"values":[{"type":"NSRangeException","stacktrace":{"frames":[{"#
            + #""package":"App","instruction_addr":"0x1000","function":"-[A b]"}]}}]},"#
        let sentryLast =
            #""contexts":{"app":{"app_version":"5.1"}},"event_id":"1","#
            + #""exception":{"values":[{"type":"NSUnknownKeyException","stacktrace":{"frames":[]}}]}}"#
        assertReadAsItsLastMembers("{" + event + sentryLast, "{" + sentryLast)
    }

    /// Where Foundation's reading is its own (or it reads nothing), crashscan's rules decide:
    /// a trailing comma is read, a name given twice counts with its last value, a boolean read as
    /// text is `true`/`false`, a number no Double holds does not stop the payload.
    func testWhereRFC8259IsSilentCrashscansRulesDecide() throws {
        let kscrash = #"{"crash":{"error":{"type":"signal"}},"system":{"machine":"iPhone7,2"},"report":{}"#
        func report(_ text: String) throws -> CrashReport {
            try XCTUnwrap(try ReportReader.readJSON(Substring(text))?.get().first, text)
        }
        XCTAssertEqual(try report(kscrash + ",}").deviceRaw, "iPhone7,2")
        XCTAssertEqual(
            try report(kscrash + ",}").normalizedContent, try report(kscrash + "}").normalizedContent)
        XCTAssertEqual(
            try report(#"{"crash":{},"system":{"machine":"A"},"report":{},"system":{"machine":"B"}}"#)
                .deviceRaw, "B")
        XCTAssertEqual(try report(#"{"crash":{},"system":{"machine":true},"report":{}}"#).deviceRaw, "true")
        let payload =
            #"{"hangDiagnostics":[{"x":1e400}],"crashDiagnostics":[{"diagnosticMetaData":{"signal":6}}],"#
            + #""timeStampEnd":"a","timeStampEnd":"b"}"#
        XCTAssertEqual(try report(payload).occurredAtRaw, "b")
        XCTAssertEqual(try report(payload).signal, "SIGABRT")
        // `crashDiagnostics` given twice: the last array counts, as Foundation reads it (found by
        // the json fuzz target: the first was read too).
        let twice =
            #"{"crashDiagnostics":[{"diagnosticMetaData":{"signal":6}},{"diagnosticMetaData":{"signal":6}}],"#
            + #""timeStampEnd":"a","crashDiagnostics":[{"diagnosticMetaData":{"signal":11}}]}"#
        let reports = try XCTUnwrap(try ReportReader.readJSON(Substring(twice))?.get())
        XCTAssertEqual(reports.map(\.signal), ["SIGSEGV"])
        XCTAssertEqual(
            ReportReader.readJSON(
                #"{"timeStampBegin":"x","hangDiagnostics":[{}],"crashDiagnostics":[{}],"crashDiagnostics":[]}"#
            )?.rejection?.reason, "MetricKit payload without crash diagnostics (only hangDiagnostics)")
        // Nothing of a crash; a MetricKit payload without crash diagnostics.
        XCTAssertEqual(
            ReportReader.readJSON(#"{"crash":{},"system":{},"report":{}}"#)?.rejection?.reason,
            "KSCrash JSON without a crash (no error, threads or system)")
        XCTAssertEqual(
            ReportReader.readJSON(#"{"timeStampBegin":"x","hangDiagnostics":[{}]}"#)?.rejection?.reason,
            "MetricKit payload without crash diagnostics (only hangDiagnostics)")
    }
}
