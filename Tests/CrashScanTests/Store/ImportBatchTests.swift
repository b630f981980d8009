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
        let (fifoSize, fifoFile) = ReadAhead.open(.file(fifo), unknown: 1, mayOpen: true)
        XCTAssertEqual(fifoSize, 0)
        XCTAssertNil(fifoFile)
        XCTAssertNil(ReadAhead.open(.file("/dev/zero"), unknown: 1, mayOpen: true).file)
        let (logSize, logFile) = ReadAhead.open(.file(log.path), unknown: 1, mayOpen: true)
        XCTAssertEqual(logSize, 1_000)
        XCTAssertEqual(logFile?.size, 1_000)
    }

    /// The files a batch opened ahead are closed once the batch is read, and when it is dropped
    /// unread (an import stopped half-way): nothing is left open. Past the batch's share of the
    /// process's descriptors, files are measured by their path instead and read in their turn.
    func testFilesOpenedAheadAreClosedReadOrNot() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let log = try TestPaths.read(
            TestPaths.sampleReports.appendingPathComponent("02-bugly-console-zh-textview.txt"))
        var sources: [InputSource] = []
        for index in 0..<12 {
            let url = folder.appendingPathComponent("log-\(index).txt")
            try log.write(to: url)
            sources.append(.file(url.path))
        }
        let before = try openDescriptors()
        do {
            var batches = Importer.Batches(
                sources.makeIterator(), size: 5, bytesPerBatch: bytesPerBatch, openedPerBatch: 3)
            let first = batches.next()
            // This batch and the next are open: three files of each.
            XCTAssertEqual(first.opened.map { $0 != nil }, [true, true, true, false, false])
            XCTAssertEqual(first.bytes, 5 * log.count)
            XCTAssertEqual(try openDescriptors(), before + 6)
            let parsed = Importer.parseInParallel(first)
            XCTAssertEqual(parsed.map(\.path), Array(sources.prefix(5).map(\.displayPath)))
            let reports = parsed.map { input -> Int in
                guard case .parsed(let reports) = input.outcome else { return 0 }
                return reports.count
            }
            XCTAssertEqual(reports, [1, 1, 1, 1, 1])
        }
        XCTAssertEqual(try openDescriptors(), before)
    }

    /// A file over the input limit in the folder (a disk image, a core dump) is refused unread by
    /// the reader, and is not asked of the disk ahead either (asked for, 2,048 pages of this file
    /// were read). A sparse file: on ext4 the read-ahead of its holes fills the cache at once.
    func testAFileOverTheLimitIsNotReadAhead() throws {
        let folder = try TestPaths.temporaryFolder(self)
        let path = folder.appendingPathComponent("disk.img").path
        let size = ReportReader.maximumFileSize + (1 << 20)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, off_t(size)), 0)
        let (measured, file) = ReadAhead.open(.file(path), unknown: 1, mayOpen: true)
        XCTAssertEqual(measured, size)
        XCTAssertEqual(file?.size, size)
        XCTAssertEqual(try residentPages(path, size: size), 0)
    }

    /// How many pages of the file at `path` are in the page cache (`mincore`).
    private func residentPages(_ path: String, size: Int) throws -> Int {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw XCTSkip("cannot open \(path)") }
        defer { close(descriptor) }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED
        else {
            throw XCTSkip("cannot map \(path)")
        }
        defer { munmap(mapping, size) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var resident = [UInt8](repeating: 0, count: (size + page - 1) / page)
        XCTAssertEqual(mincore(mapping, size, &resident), 0)
        return resident.reduce(0) { $0 + Int($1 & 1) }
    }

    /// The descriptors this process has open.
    private func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }
}
