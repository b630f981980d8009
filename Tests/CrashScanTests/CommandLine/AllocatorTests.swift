import Foundation
import XCTest

/// On Linux the `crashscan` executable allocates through jemalloc (`CrashScanAllocator`): its
/// `malloc` must be the process's, not merely linked, and it gives freed pages back within a
/// second. jemalloc prints its statistics at exit when `MALLOC_CONF` asks for them.
final class AllocatorTests: XCTestCase {
    func testTheExecutableAllocatesThroughJemalloc() throws {
        #if !os(Linux)
            throw XCTSkip("jemalloc is the executable's allocator on Linux only")
        #else
            guard CommandRunner.isBuilt else { throw XCTSkip("crashscan binary not built") }
            let runner = CommandRunner(folder: try TestPaths.temporaryFolder(self))
            let run = try runner.run(["--version"], environment: ["MALLOC_CONF": "stats_print:true"])
            XCTAssertEqual(run.status, 0, run.err)
            XCTAssertTrue(run.err.contains("Begin jemalloc statistics"), run.err)
            // What Swift's runtime and Foundation allocated before `--version` printed went
            // through jemalloc: were the C library's malloc serving the process, jemalloc would
            // hold next to nothing.
            let allocated = run.err.split(separator: "\n").first { $0.hasPrefix("Allocated: ") }
                .flatMap { $0.dropFirst("Allocated: ".count).prefix { $0.isNumber } }.flatMap { Int($0) }
            XCTAssertGreaterThan(allocated ?? 0, 100_000, run.err)
            XCTAssertTrue(run.err.contains("arenas.dirty_decay_ms: 1000"), run.err)
            XCTAssertTrue(run.err.contains("arenas.muzzy_decay_ms: 0"), run.err)
        #endif
    }
}
