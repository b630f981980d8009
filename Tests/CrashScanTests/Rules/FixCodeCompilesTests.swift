import Foundation
import XCTest

@testable import CrashScanArchive
@testable import CrashScanCLI
@testable import CrashScanCatalogs
@testable import CrashScanClassification
@testable import CrashScanImport
@testable import CrashScanIngest
@testable import CrashScanModel
@testable import CrashScanReport
@testable import CrashScanRules
@testable import CrashScanStore
@testable import CrashScanSymbolication

/// The fix pages are code users paste into their apps: every sample is checked by a real
/// compiler. Objective-C is type-checked by the toolchain's clang for its stated deployment
/// target against stand-ins of the SDK headers that carry each API's availability
/// (`Fixtures/ios-sdk-stubs`), with unguarded newer API and deprecated API as errors. Swift is
/// parsed by swiftc (type-checking it needs the iOS SDK, which Linux does not have).
final class FixCodeCompilesTests: XCTestCase {
    var folder: URL!
    static let stubs = TestPaths.fixtures.appendingPathComponent("ios-sdk-stubs")

    override func setUpWithError() throws {
        folder = try TestPaths.temporaryFolder(self)
    }

    /// The hand-written placeholder page's code blocks: the lines indented by four spaces after
    /// the heading `OBJECTIVE-C: NAME` or `SWIFT: NAME`, up to the next heading.
    static func pageBlocks() throws -> [(heading: String, code: String)] {
        let page = try XCTUnwrap(FixPages.handWritten("associated-object-placeholder"))
        var blocks: [(String, [String])] = []
        var current: (String, [String])?
        for line in page.components(separatedBy: "\n") {
            if line.hasPrefix("OBJECTIVE-C: ") || line.hasPrefix("SWIFT: ") {
                if let current { blocks.append(current) }
                current = (line, [])
            } else if !line.isEmpty, !line.hasPrefix(" "), current?.1.contains(where: { !$0.isEmpty }) == true
            {
                // Prose after the code ends the block (prose between the heading and the code,
                // such as the Swift block's note, does not).
                blocks.append(current!)
                current = nil
            } else if current != nil, line.hasPrefix("    ") || line.isEmpty {
                current?.1.append(line.isEmpty ? "" : String(line.dropFirst(4)))
            }
        }
        if let current { blocks.append(current) }
        return blocks.map { ($0.0, $0.1.joined(separator: "\n")) }
    }

    /// Runs a compiler and returns its status and everything it printed.
    func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func clang(_ file: URL, target: String) throws -> (status: Int32, output: String) {
        try runTool(
            try DSYMBuilder.clang(),
            [
                "-target", "arm64-apple-ios\(target)", "-fsyntax-only", "-fobjc-arc", "-fblocks", "-x",
                "objective-c", "-I", Self.stubs.path, "-I", folder.path, "-Werror=unguarded-availability",
                "-Werror=unguarded-availability-new", "-Werror=deprecated-declarations",
                "-Wno-unused-variable",
                "-Wno-objc-root-class", "-Wno-nullability-completeness", file.path,
            ])
    }

    func swiftParse(_ source: String, name: String) throws -> (status: Int32, output: String) {
        let file = folder.appendingPathComponent("\(name).swift")
        try Data(source.utf8).write(to: file)
        return try runTool("/usr/bin/env", ["swiftc", "-parse", "-swift-version", "6", file.path])
    }

    /// Writes the category header of the placeholder page, which one rule's sample uses.
    func writeCategoryHeader() throws {
        let header = try XCTUnwrap(
            Self.pageBlocks().first { $0.heading == "OBJECTIVE-C: UITextView+CSPlaceholder.h" }?.code)
        try Data(header.utf8).write(to: folder.appendingPathComponent("UITextView+CSPlaceholder.h"))
    }

    /// One rule's Objective-C sample inside a view controller method, with what it assumes
    /// declared (`UITabBarItem *item` becomes `UITabBarItem *item = nil;`).
    static func objectiveCFile(for rule: Rule) -> String {
        let code = rule.replacementObjC ?? ""
        var declarations: [String] = []
        for part in (rule.replacementAssumes ?? "").components(separatedBy: ";") {
            let declaration =
                part.components(separatedBy: ",").first?.trimmingCharacters(in: .whitespaces) ?? ""
            guard
                declaration.contains("*") || declaration.hasPrefix("static ") || declaration.hasPrefix("id ")
            else { continue }
            let clean = declaration.components(separatedBy: " (").first ?? declaration
            declarations.append(clean.hasPrefix("static ") ? clean + ";" : clean + " = nil;")
        }
        let isDeclaration = code.hasPrefix("@property")
        return """
            #import <UIKit/UIKit.h>
            #import <objc/runtime.h>
            #import <CoreTelephony/CoreTelephony.h>
            #import <WebKit/WebKit.h>
            #import "UITextView+CSPlaceholder.h"

            @interface CSFixSample : UIViewController
            \(isDeclaration ? code : "")
            @end

            @implementation CSFixSample
            - (void)sample {
                \(declarations.joined(separator: "\n    "))
                \(isDeclaration ? "" : code)
            }
            @end
            """
    }

    func testEveryRuleSampleStatesItsTargetAndCompilesForIt() throws {
        try writeCategoryHeader()
        let rules = try RuleSet.builtIn().rules.filter {
            $0.replacementObjC != nil || $0.replacementSwift != nil
        }
        XCTAssertGreaterThanOrEqual(rules.count, 20)
        for rule in rules {
            let target = try XCTUnwrap(rule.replacementTarget, "\(rule.id) states no deployment target")
            let file = folder.appendingPathComponent("\(rule.id).m")
            try Data(Self.objectiveCFile(for: rule).utf8).write(to: file)
            let objc = try clang(file, target: target)
            XCTAssertEqual(objc.status, 0, "\(rule.id) (iOS \(target)):\n\(objc.output)")
            let swift = try swiftParse("func sample() {\n\(rule.replacementSwift ?? "")\n}\n", name: rule.id)
            XCTAssertEqual(swift.status, 0, "\(rule.id) Swift:\n\(swift.output)")
        }
    }

    func testThePlaceholderCategoryCompilesForIOS8AndTheExtensionParses() throws {
        let blocks = try Self.pageBlocks()
        XCTAssertEqual(blocks.map(\.heading).count, 3, "\(blocks.map(\.heading))")
        try writeCategoryHeader()
        let implementation = try XCTUnwrap(
            blocks.first { $0.heading == "OBJECTIVE-C: UITextView+CSPlaceholder.m" }?.code)
        let file = folder.appendingPathComponent("UITextView+CSPlaceholder.m")
        try Data(implementation.utf8).write(to: file)
        let objc = try clang(file, target: "8.0")
        XCTAssertEqual(objc.status, 0, objc.output)
        let swift = try XCTUnwrap(blocks.first { $0.heading.hasPrefix("SWIFT: ") }?.code)
        let parsed = try swiftParse(swift, name: "Placeholder")
        XCTAssertEqual(parsed.status, 0, parsed.output)
        XCTAssertFalse(swift.contains("Anchor."), "layout anchors are iOS 9; the category targets iOS 8")
        // The Swift uses @MainActor and nonisolated(unsafe): no Xcode that builds for iOS 8 knows
        // them, so the page and the rule name the target and the Xcode the Swift needs.
        let page = try XCTUnwrap(FixPages.handWritten("associated-object-placeholder"))
        XCTAssertTrue(swift.contains("nonisolated(unsafe)") && swift.contains("@MainActor"), swift)
        XCTAssertTrue(
            page.contains("it needs\nXcode 15.3 or later, whose lowest deployment target is iOS 12.0"), page)
        let rule = try XCTUnwrap(RuleSet.builtIn().rules.first { $0.fix == "associated-object-placeholder" })
        XCTAssertEqual(rule.replacementTarget, "8.0")
        XCTAssertEqual(rule.replacementSwiftTarget, "12.0")
        XCTAssertEqual(rule.replacementSwiftToolchain, "Xcode 15.3 (Swift 5.10)")
        XCTAssertFalse(swift.contains("queue: .main"), "no @Sendable block calling main-actor code")
    }

    /// The checks can fail: an API newer than the target without @available is an error.
    func testTheCheckCatchesAnUnguardedNewerAPI() throws {
        try writeCategoryHeader()
        var rule = try XCTUnwrap(RuleSet.builtIn().rules.first { $0.id == "uialertaction-title-text-color" })
        rule.replacementObjC = "alert.preferredAction = okAction;"
        let file = folder.appendingPathComponent("unguarded.m")
        try Data(Self.objectiveCFile(for: rule).utf8).write(to: file)
        let result = try clang(file, target: "8.0")
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("is only available on iOS 9.0 or newer"), result.output)
        XCTAssertNotEqual(try swiftParse("func f( {", name: "broken").status, 0)
    }
}
