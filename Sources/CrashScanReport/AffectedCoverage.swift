import CrashScanStore

/// Affected devices and users as a person reads them. A count is exact only when every failure
/// (or report) counted carries the id; otherwise it is a lower bound, shown with `≥` and how many
/// carry one, since the others may have hit devices and users not counted.
package struct AffectedCoverage: Sendable, Equatable {
    package var counts: AffectedCounts
    /// How many failures (or reports) were counted.
    package var counted: Int
    /// What was counted, singular: "failure" or "report".
    package var noun: String

    package init(_ counts: AffectedCounts, of counted: Int, noun: String = "failure") {
        self.counts = counts
        self.counted = counted
        self.noun = noun
    }

    package var devicesExact: Bool { counted > 0 && counts.withDeviceID >= counted }
    package var usersExact: Bool { counted > 0 && counts.withUserID >= counted }

    /// `6 devices, 4 users`; `≥ 6 devices (7 of 18 failures carry a device id), no user ids`;
    /// `unknown (no failure carries a device or user id)`.
    package var text: String {
        guard counts.withDeviceID > 0 || counts.withUserID > 0 else {
            return "unknown (no \(noun) carries a device or user id)"
        }
        return [
            part(counts.devices, carried: counts.withDeviceID, "device"),
            part(counts.users, carried: counts.withUserID, "user"),
        ].joined(separator: ", ")
    }

    /// `6 devices`, `≥ 6 devices (7 of 18 failures carry a device id)`, `no device ids`.
    package var devicesText: String { part(counts.devices, carried: counts.withDeviceID, "device") }
    package var usersText: String { part(counts.users, carried: counts.withUserID, "user") }

    /// Why a count is a lower bound (`7 of 18 failures carry a device id`), nil when it is exact
    /// or there is none.
    package var devicesShortfall: String? { shortfall(carried: counts.withDeviceID, "device") }
    package var usersShortfall: String? { shortfall(carried: counts.withUserID, "user") }

    private func shortfall(carried: Int, _ what: String) -> String? {
        guard carried > 0, carried < counted else { return nil }
        return
            "\(carried) of \(ReportRenderer.plural(counted, noun)) \(carried == 1 ? "carries" : "carry") a \(what) id"
    }

    /// A table cell: `6`, `≥ 6 (7 of 18)` (a lower bound: 7 of the 18 carry the id), `–` (none).
    package var devicesCell: String { cell(counts.devices, carried: counts.withDeviceID) }
    package var usersCell: String { cell(counts.users, carried: counts.withUserID) }

    private func cell(_ distinct: Int?, carried: Int) -> String {
        guard let distinct, carried > 0 else { return "–" }
        return carried < counted ? "≥ \(distinct) (\(carried) of \(counted))" : String(distinct)
    }

    private func part(_ distinct: Int?, carried: Int, _ what: String) -> String {
        guard let distinct, carried > 0 else { return "no \(what) ids" }
        let count = ReportRenderer.plural(distinct, what)
        guard let shortfall = shortfall(carried: carried, what) else { return count }
        return "≥ \(count) (\(shortfall))"
    }
}
