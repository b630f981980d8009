/// The reports of a file not read yet: a file of many reports (a console paste, a concatenated
/// export) is split into its parts first, and its parts are then read a chunk at a time, so that
/// an import holds one chunk's reports at once rather than the file's (15,000 console reports in
/// one 42 MB file took 375 MB read whole, against 57 MB one a file).
package struct RemainingReports: Sendable {
    /// Parts read a chunk at a time, unless a reader asks for other chunks (the tests and the
    /// fuzzer ask for small ones, to go through many chunks on small inputs).
    package static let chunk = 1_024

    /// The parts of one chunk.
    package let chunk: Int
    private let parts: Int
    /// The reports of a range of parts, `nil` for a part that holds none.
    private let parse: @Sendable (Range<Int>) -> [CrashReport?]
    private var next: Int
    /// Reports read so far: the next one's `positionInFile`.
    private var numbered: Int

    /// The parts from `next` of a file of `parts`, `numbered` reports read before them.
    package init(
        parts: Int, from next: Int, numbered: Int, chunk: Int = RemainingReports.chunk,
        parse: @escaping @Sendable (Range<Int>) -> [CrashReport?]
    ) {
        self.chunk = max(1, chunk)
        self.parts = parts
        self.next = next
        self.numbered = numbered
        self.parse = parse
    }

    package var isEmpty: Bool { next >= parts }

    /// The reports of the next chunk of parts, numbered after those before (none left: empty).
    package mutating func read() -> [CrashReport] {
        let range = next..<min(parts, next + chunk)
        next = range.upperBound
        var reports: [CrashReport] = []
        reports.reserveCapacity(range.count)
        for case var report? in parse(range) {
            report.positionInFile = numbered
            numbered += 1
            reports.append(report)
        }
        return reports
    }

    /// The same parts, each report read with `change` applied.
    package func map(_ change: @escaping @Sendable (inout CrashReport) -> Void) -> RemainingReports {
        let parse = self.parse
        return RemainingReports(parts: parts, from: next, numbered: numbered, chunk: chunk) { range in
            parse(range).map { report in
                guard var report else { return nil }
                change(&report)
                return report
            }
        }
    }
}
