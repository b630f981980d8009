import Foundation
import XCTest

@testable import CrashScanImport
@testable import CrashScanIngest

/// The import reads its inputs in batches, several of them parsed ahead of the writer: a batch
/// ends at its count of files or at its bytes, so that large files do not pile up in memory.
final class ImportBatchTests: XCTestCase {
    /// The bytes a batch of these tests ends at.
    private let bytesPerBatch = 8 << 20

    private func batchSizes(_ sources: [InputSource], size: Int = 256) -> [Int] {
        var batches = Importer.Batches(sources.makeIterator(), size: size, bytesPerBatch: bytesPerBatch)
        var sizes: [Int] = []
        while case let batch = batches.next().sources, !batch.isEmpty { sizes.append(batch.count) }
        return sizes
    }

    func testSmallFilesMakeBatchesOfTheCount() {
        let sources = (0..<600).map { InputSource.memory(path: "log-\($0).txt", data: Data(count: 4_000)) }
        XCTAssertEqual(batchSizes(sources), [256, 256, 88])
    }

    func testLargeFilesEndABatchAtItsBytes() {
        let large = bytesPerBatch * 5 / 8
        let sources = (0..<5).map { InputSource.memory(path: "big-\($0).txt", data: Data(count: large)) }
        // 5/8 of a batch each: the second file passes the bytes, so a batch holds two.
        XCTAssertEqual(batchSizes(sources), [2, 2, 1])
    }

    func testFilesOnDiskAreMeasuredByTheirSize() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let bytes = bytesPerBatch / 2
        var sources: [InputSource] = []
        for index in 0..<3 {
            let url = folder.appendingPathComponent("big-\(index).crash")
            try Data(count: bytes).write(to: url)
            sources.append(.file(url.path))
        }
        sources.append(.standardInput)
        sources.append(.file(folder.appendingPathComponent("missing.crash").path))
        // Two halves make a batch; standard input (of unknown size) ends the batch it joins.
        XCTAssertEqual(batchSizes(sources), [2, 2, 1])
    }

    /// Reading a batch ahead opens regular files only: a FIFO or a device in the inputs is
    /// neither waited for nor read (the reader refuses them with a reason in their turn).
    func testReadingAheadOpensNothingButRegularFiles() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let fifo = folder.appendingPathComponent("pipe.crash").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let log = folder.appendingPathComponent("log.crash")
        try Data(count: 1_000).write(to: log)
        let sources: [InputSource] = [.file(fifo), .file("/dev/zero"), .file(log.path)]
        XCTAssertEqual(batchSizes(sources), [3])
        XCTAssertEqual(ReadAhead.size(of: .file(fifo), unknown: 1), 0)
        XCTAssertEqual(ReadAhead.size(of: .file(log.path), unknown: 1), 1_000)
    }
}
