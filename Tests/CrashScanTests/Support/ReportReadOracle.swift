import Foundation

@testable import CrashScanIngest
@testable import CrashScanModel

/// What reading a file gave, in a form two readings compare by: each report's place, format and
/// content with its main fields, or the rejection. For the checks that reading in chunks gives
/// what reading whole gives (`ReadInChunksTests`; scripts/fuzz.sh compiles it into the
/// report-reader harness).
enum ReportReadOracle {
    static func read(_ data: Data) -> [String] {
        describe(ReportReader.read(data))
    }

    /// The file read with a `chunk` of parts, every chunk drained.
    static func readInChunks(_ data: Data, chunk: Int) -> [String] {
        describe(
            ReportReader.read(data, chunk: chunk).map { file in
                var reports = file.reports
                if var rest = file.rest {
                    while !rest.isEmpty { reports += rest.read() }
                }
                return reports
            })
    }

    private static func describe(_ result: Result<[CrashReport], Rejection>) -> [String] {
        switch result {
        case .failure(let rejection): return ["rejected: \(rejection.reason)"]
        case .success(let reports):
            return reports.map { report in
                [
                    "\(report.positionInFile)", report.format.rawValue, report.exceptionType ?? "-",
                    report.exceptionReason ?? "-", report.deviceRaw ?? "-", "\(report.frames.count)",
                    "\(report.textRepairs)", report.normalizedContent,
                ].joined(separator: " | ")
            }
        }
    }
}
