import Foundation
import XCTest

@testable import CrashScanDatabase
@testable import CrashScanStore

/// libpq is loaded when crashscan first connects to PostgreSQL, not when it starts: commands on
/// SQLite start faster and run where libpq is not installed, and a team database without libpq
/// says which package is missing.
final class LibPQLoadingTests: XCTestCase {
    /// The executable names none of libpq and the libraries it brings (Kerberos, LDAP) among
    /// those the loader must find before `main`.
    func testTheBinaryDoesNotNeedLibPQToStart() throws {
        guard CommandRunner.isBuilt else { throw XCTSkip("the crashscan binary is not built") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf") else {
            throw XCTSkip("readelf (binutils) is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        process.arguments = ["--dynamic", CommandRunner.binary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let needed = output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertTrue(needed.contains { $0.contains("libsqlite3") }, output)
        for library in ["libpq", "libkrb5", "libldap", "libgssapi"] {
            XCTAssertFalse(
                needed.contains { $0.contains(library) }, "\(library) is needed at start: \(needed)")
        }
    }

    /// A library that cannot be loaded is named with the reason and the package to install.
    func testAMissingLibPQNamesItsPackage() {
        guard case .failure(let error) = LibPQ.open(["libcrashscan-absent-pq.so.5"]) else {
            return XCTFail("a library that does not exist was loaded")
        }
        XCTAssertTrue(error.message.contains("apt install libpq5"), error.message)
        XCTAssertTrue(error.message.contains("libcrashscan-absent-pq.so.5"), error.message)
    }

    /// The library the connection uses loads here (the PostgreSQL tests then use it).
    func testLibPQLoads() throws {
        XCTAssertNoThrow(try LibPQ.load())
    }
}
