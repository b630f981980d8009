import Foundation
import XCTest

@testable import CrashScanCLI
@testable import CrashScanClassification
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// Every format that lists binary images is symbolicated with the app's dSYM: the seed's crash
/// written as an `.ips` file, a Bugly SDK `crash.log`, a Bugly web JSON record and a KSCrash
/// report, each with its app frames as offsets into the image of build one (Apple's text format
/// is SymbolicationTests'). And the UUIDs no dSYM given holds are named, never one it holds.
final class FormatSymbolicationTests: XCTestCase {
    static let load: UInt64 = 0x1_0008_8000
    static let reason =
        "[<UITextView 0x17e5a2c00> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key _placeholderLabel."

    static func dashed(_ uuid: [UInt8]) -> String {
        BinaryImage.dashedUUID(SymbolicationTests.uuidText(uuid).uppercased())
    }

    static func ips(uuid: [UInt8], blame: UInt64) -> String {
        let header =
            #"{"app_name":"App","app_version":"2.3.1","bug_type":"309","os_version":"iPhone OS 8.1.3 (12B466)","incident_id":"IPS-1"}"#
        let body = """
            {"modelCode":"iPhone7,1","osVersion":{"train":"iPhone OS 8.1.3","build":"12B466"},"procName":"App",
             "procPath":"/private/var/containers/Bundle/Application/2B7E/App.app/App",
             "captureTime":"2015-03-02 19:07:41.328 +0800",
             "exception":{"type":"EXC_CRASH","signal":"SIGABRT"},
             "exceptionReason":{"name":"NSUnknownKeyException","composed_message":"\(reason)","type":"objc-exception"},
             "faultingThread":0,
             "threads":[{"triggered":true,"frames":[
               {"imageOffset":2000,"imageIndex":1,"symbol":"-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]","symbolLocation":288},
               {"imageOffset":3000,"imageIndex":1,"symbol":"-[NSObject(NSKeyValueCoding) setValue:forKey:]","symbolLocation":288},
               {"imageOffset":\(blame),"imageIndex":0}]}],
             "usedImages":[
               {"name":"App","path":"/private/var/containers/Bundle/Application/2B7E/App.app/App","uuid":"\(dashed(uuid))","base":\(load),"arch":"arm64","size":2588672},
               {"name":"Foundation","path":"/System/Library/Frameworks/Foundation.framework/Foundation","uuid":"1E2E9A0E-1C1A-3A3C-B5E0-A2D0E1F2A3B4","base":6536712192,"arch":"arm64","size":3000000}]}
            """
        return header + "\n" + body
    }

    static func buglySDKLog(uuid: [UInt8], blame: UInt64) -> String {
        let address = String(format: "0x%016llx", load + blame)
        return """
            Hardware Model: iPhone7,1
            Process: App [412]
            Path: /private/var/containers/Bundle/Application/2B7E/App.app/App
            Identifier: com.example.app
            Version: 231 (2.3.1)
            Code Type: ARM-64
            Parent Process: launchd [1]
            Date/Time: 2015-03-02 19:07:41.328 +0800
            OS Version: 8.1.3 (12B466)
            Report Version: 104
            RDM SDK Version: 1.2.9
            RDM DeviceId: 8F4C2D1A-77B3-4C0E-9A51-2E6D8B1F3C70
            Last Exception :
            0  Foundation 0x0000000185d5e3a8 -[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:] + 288
            1  Foundation 0x0000000185cb99e8 -[NSObject(NSKeyValueCoding) setValue:forKey:] + 288
            2  App \(address) 0x\(String(format: "%016llx", load)) + \(blame)
            ------
            Exception Type: NSUnknownKeyException SIGABRT
            Exception Codes: fault addr: 0x0000000000000000
            Crashed Thread: 0 com.apple.main-thread
            Binary Images:
            0x\(String(format: "%016llx", load)) - 0x00000001002fffff App arm64 <\(SymbolicationTests.uuidText(uuid))> /private/var/containers/Bundle/Application/2B7E/App.app/App
            ----------------------end--------------------
            """
    }

    static func buglyJSON(uuid: [UInt8], blame: UInt64) -> String {
        let stack = [
            "0 Foundation 0x0000000185d5e3a8 -[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:] + 288",
            "1 Foundation 0x0000000185cb99e8 -[NSObject(NSKeyValueCoding) setValue:forKey:] + 288",
            "2 App 0x\(String(format: "%016llx", load + blame)) 0x\(String(format: "%016llx", load)) + \(blame)",
        ].joined(separator: "\\n")
        return """
            {"expName":"NSUnknownKeyException","expMessage":"\(reason)","processName":"App","model":"iPhone7,1",
             "osVer":"8.1.3(12B466)","productVersion":"2.3.1","crashTime":"2015-03-02 19:07:41",
             "appUUID":"\(SymbolicationTests.uuidText(uuid))","appBaseAddr":"0x\(String(load, radix: 16))",
             "retraceCrashDetail":"\(stack)"}
            """
    }

    static func kscrash(uuid: [UInt8], blame: UInt64) -> String {
        let foundation: UInt64 = 0x1_8500_0000
        return """
            {"report":{"id":"KS-1","process_name":"App","timestamp":"2015-03-02T11:07:41Z","type":"standard","version":"3.0.0"},
             "system":{"machine":"iPhone7,1","system_name":"iOS","system_version":"8.1.3","os_version":"12B466",
                       "CFBundleExecutable":"App","CFBundleShortVersionString":"2.3.1","cpu_arch":"arm64"},
             "binary_images":[
               {"name":"/private/var/containers/Bundle/Application/2B7E/App.app/App","uuid":"\(dashed(uuid))",
                "image_addr":\(load),"image_size":2588672,"cpu_type":16777228,"cpu_subtype":0},
               {"name":"/System/Library/Frameworks/Foundation.framework/Foundation","uuid":"1E2E9A0E-1C1A-3A3C-B5E0-A2D0E1F2A3B4",
                "image_addr":\(foundation),"image_size":3000000,"cpu_type":16777228,"cpu_subtype":0}],
             "crash":{"error":{"type":"nsexception","reason":"\(reason)",
                               "nsexception":{"name":"NSUnknownKeyException","reason":"\(reason)"}},
                      "threads":[{"crashed":true,"index":0,"backtrace":{"contents":[
                        {"object_name":"Foundation","object_addr":\(foundation),"instruction_addr":\(foundation + 4000),
                         "symbol_name":"-[NSObject(NSKeyValueCoding) setValue:forUndefinedKey:]","symbol_addr":\(foundation + 3712)},
                        {"object_name":"Foundation","object_addr":\(foundation),"instruction_addr":\(foundation + 6000),
                         "symbol_name":"-[NSObject(NSKeyValueCoding) setValue:forKey:]","symbol_addr":\(foundation + 5712)},
                        {"object_name":"App","object_addr":\(load),"instruction_addr":\(load + blame)}]}}]}}
            """
    }

    /// MetricKit names each frame's image UUID; the root of the tree is the outermost caller.
    static func metricKit(uuid: [UInt8], blame: UInt64) -> String {
        let foundation: UInt64 = 0x1_8500_0000
        func frame(_ name: String, _ uuid: String, _ base: UInt64, _ offset: UInt64, _ sub: String) -> String
        {
            #"{"binaryName":"\#(name)","binaryUUID":"\#(uuid)","address":\#(base + offset),"#
                + #""offsetIntoBinaryTextSegment":\#(offset),"sampleCount":1,"subFrames":[\#(sub)]}"#
        }
        let foundationUUID = "1E2E9A0E-1C1A-3A3C-B5E0-A2D0E1F2A3B4"
        let tree = frame(
            "App", dashed(uuid), load, 1200,
            frame("App", dashed(uuid), load, blame, frame("Foundation", foundationUUID, foundation, 4000, ""))
        )
        return """
            {"timeStampBegin":"2024-03-02 10:00:00","timeStampEnd":"2024-03-02 11:07:41","crashDiagnostics":[{
             "diagnosticMetaData":{"appVersion":"2.3.1","osVersion":"iPhone OS 17.3.1 (21D61)","deviceType":"iPhone15,2",
               "platformArchitecture":"arm64","exceptionType":10,"signal":6,"bundleIdentifier":"com.example.app",
               "objectiveCexceptionReason":{"exceptionName":"NSUnknownKeyException","composedMessage":"\(reason)"}},
             "callStackTree":{"callStackPerThread":true,"callStacks":[{"threadAttributed":true,"callStackRootFrames":[\(tree)]}]}}]}
            """
    }

    /// Writes the crash of build `uuid` with the blame frame at offset `blame` into the app.
    typealias Writer = @Sendable (_ uuid: [UInt8], _ blame: UInt64) -> String

    static let formats: [(name: String, format: SourceFormat, text: Writer)] = [
        ("ips", .appleIPS, ips), ("Bugly SDK log", .buglySDKLog, buglySDKLog),
        ("Bugly JSON", .buglyJSON, buglyJSON),
        ("KSCrash", .kscrash, kscrash), ("MetricKit", .metricKit, metricKit),
    ]

    func testEveryFormatWithBinaryImagesIsSymbolicatedWithTheDSYM() throws {
        let fixture = try SymbolicationTests.makeFixture(self)
        let symbolicator = try Symbolicator(index: DSYMIndex(paths: [fixture.dsym.path]))
        for (name, format, text) in Self.formats {
            let crash = text(SymbolicationTests.buildOne, fixture.methodOffset)
            let report = try XCTUnwrap(
                try ReportReader.read(Data(crash.utf8)).get().first, "\(name) is read")
            XCTAssertEqual(report.format, format, name)
            let app = try XCTUnwrap(
                report.binaryImages.first { $0.name == "App" }, "\(name) lists the app image")
            XCTAssertEqual(
                app.uuid, SymbolicationTests.uuidText(SymbolicationTests.buildOne).uppercased(), name)
            XCTAssertEqual(app.loadAddress, Self.load, name)
            XCTAssertFalse(
                report.binaryImages.contains { $0.name == "Foundation" }, "\(name): iOS's images are not kept"
            )

            let plain = AnalyzedReport(report)
            XCTAssertEqual(plain.symbolication, .missingDSYM, "\(name) without the dSYM")
            XCTAssertEqual(plain.blameFrame, "App + \(fixture.methodOffset)", name)

            let analyzed = ParseSettings(symbolicator: symbolicator).analyze(report)
            XCTAssertEqual(analyzed.symbolication, .symbolicated, name)
            XCTAssertEqual(analyzed.blameFrame, "-[LFPPlaceholderHelper applyPlaceholder:]", name)
            let blame = try XCTUnwrap(analyzed.report.frames.first { $0.image == "App" }, name)
            XCTAssertEqual(blame.file, "Helper.m", name)
            XCTAssertEqual(blame.line, 5, name)
            // Bugly's crash.log template has no reason line: its failure is known by the frames only.
            guard format != .buglySDKLog else { continue }
            XCTAssertEqual(analyzed.failure?.receiverClass, "UITextView", name)
            XCTAssertEqual(analyzed.failure?.key, "_placeholderLabel", name)
        }
    }

    /// The KSCrash reader on bytes and its Foundation oracle read the same images.
    func testKSCrashImagesAgreeWithTheFoundationOracle() throws {
        let text = Self.kscrash(uuid: SymbolicationTests.buildOne, blame: 4096)
        let report = try XCTUnwrap(try ReportReader.read(Data(text.utf8)).get().first)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let oracle = FoundationOracle.kscrash(object)
        XCTAssertEqual(report.binaryImages, oracle.binaryImages)
        XCTAssertEqual(report.binaryImages.map(\.arch), ["arm64"])
        XCTAssertEqual(report.frames.last?.offset, 4096)
    }

    /// Import with a dSYM that is not the build's names the build's UUID on standard error, and
    /// `explain` says which dSYM the group needs; `symbolicate` with a dSYM whose UUID matches but
    /// whose code holds no frame's address says so, and never lists that UUID as unmatched.
    func testMissingDSYMsAreNamedAndAHeldUUIDIsNeverUnmatched() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("crashscan is not built") }
        let fixture = try SymbolicationTests.makeFixture(self)
        let inputs = fixture.folder.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try Data(Self.kscrash(uuid: SymbolicationTests.buildTwo, blame: fixture.methodOffset).utf8)
            .write(to: inputs.appendingPathComponent("build2.json"))
        // Build one, but at an address past the end of the dSYM's code.
        try Data(Self.buglySDKLog(uuid: SymbolicationTests.buildOne, blame: 0x20_0000).utf8)
            .write(to: inputs.appendingPathComponent("build1-outside.log"))
        let runner = CommandRunner(folder: fixture.folder)
        let imported = try runner.run([
            "import", inputs.path, "--db", "db.sqlite", "--dsym", fixture.dsym.path,
        ])
        XCTAssertEqual(imported.status, 0, imported.err)
        let two = Self.dashed(SymbolicationTests.buildTwo)
        let one = Self.dashed(SymbolicationTests.buildOne)
        XCTAssertTrue(
            imported.err.contains("no dSYM given matched these image UUIDs: \(two) (1 report)"), imported.err)
        XCTAssertFalse(imported.err.contains(one), "build one's dSYM was given: \(imported.err)")

        let store = try Store(path: fixture.folder.appendingPathComponent("db.sqlite").path)
        let groups = try store.db.query(
            "SELECT DISTINCT r.source_format, g.fingerprint FROM report r JOIN crash_groups g ON g.id = r.group_id"
        )
        let kscrashGroup = try XCTUnwrap(groups.first { try $0.string("source_format") == "kscrash" })
        let explain = try runner.run(
            [
                "explain", "--db", "db.sqlite",
                String(try XCTUnwrap(kscrashGroup.string("fingerprint")).prefix(8)),
            ],
            environment: ["COLUMNS": "120"])
        XCTAssertTrue(explain.out.contains("dSYMs needed"), explain.out)
        XCTAssertTrue(explain.out.contains("App \(Self.dashed(SymbolicationTests.buildTwo))"), explain.out)

        let symbolicate = try runner.run([
            "symbolicate", "--all", "--dsym", fixture.dsym.path, "--db", "db.sqlite",
        ])
        XCTAssertEqual(symbolicate.status, 0, symbolicate.err)
        XCTAssertTrue(
            symbolicate.out.contains("no dSYM given matched these image UUIDs: \(two) (1 report)"),
            symbolicate.out)
        XCTAssertTrue(
            symbolicate.out.contains(
                "a dSYM given has these image UUIDs but resolved none of their frames (addresses outside its code): \(one) (1 report)"
            ), symbolicate.out)
        let unmatched = symbolicate.out.components(separatedBy: "\n").first {
            $0.hasPrefix("no dSYM given matched")
        }
        XCTAssertFalse(unmatched?.contains(one) ?? false, symbolicate.out)
    }
}

extension FormatSymbolicationTests {
    /// iOS 14's MetricKit wrote the image's load address where the offset belongs (a real report
    /// from ChimeHQ/Meter): the frame's offset is its address less that, and so is the image's
    /// load address (a report that wrote the offset keeps it: `metricKit` above).
    func testMetricKitLoadAddressInTheOffsetFieldIsRecognised() throws {
        let folder = try TestPaths.requireCorpus().appendingPathComponent("metrickit")
        let quirk = try XCTUnwrap(
            try ReportReader.read(
                Data(
                    contentsOf: folder.appendingPathComponent(
                        "ChimeHQ_Meter__ios_uncaugh_exception_payload.json"))
            ).get().first)
        let load: UInt64 = 4_331_307_008
        let app = quirk.frames.filter { $0.image == "MetricKitTest" }
        XCTAssertFalse(app.isEmpty)
        for frame in app {
            let address = try XCTUnwrap(frame.address.flatMap { UInt64($0.dropFirst(2), radix: 16) })
            XCTAssertEqual(frame.offset, address - load, "an offset into the image, not its load address")
        }
        let image = try XCTUnwrap(quirk.binaryImages.first { $0.name == "MetricKitTest" })
        XCTAssertEqual(image.loadAddress, load)
        XCTAssertEqual(image.uuid, "7C9A24C6CB8430538481DA167DA8FB9C")
    }
}
