import CrashScanStore

/// Every count of the report from one pass over the KVC failures: the store counts them by
/// (group, device, OS version, app version) (`Store.scanFailures`), and the per-group lists,
/// the totals and the device × OS matrix are summed from those cells, in one pass over them.
/// (A pass per list copied each cell, five texts, six times: on a million reports, 83,000
/// cells, copies of cells, most of them there, were 14 % of the unfiltered report's perf samples.)
struct FailureTally {
    typealias Cell = FailureCell

    struct GroupTotals {
        var id: Int
        var reports = 0
        var devices: Set<String> = []
        var firstSeen: String?
        var lastSeen: String?
    }

    private(set) var cells: [Cell] = []
    let failures: Int
    let distinctDevices: Int
    private let sums: Sums

    init(cells: [Cell]) {
        self.cells = cells
        var sums = Sums()
        for index in cells.indices { sums.add(cells[index]) }
        self.sums = sums
        failures = sums.failures
        distinctDevices = sums.identities.count
    }

    /// Groups by number of failures (most first), then id.
    func groups() -> [GroupTotals] {
        sums.groups.values.sorted { ($0.reports, $1.id) > ($1.reports, $0.id) }
    }

    /// Per group: failures by device label, most first.
    func devicesByGroup() -> [Int: [KVCReport.Count]] { Self.counts(sums.devices, byCount: true) }
    /// Per group: failures by app version, most first.
    func appVersionsByGroup() -> [Int: [KVCReport.Count]] { Self.counts(sums.apps, byCount: true) }
    /// Per group: failures by OS version, oldest version first.
    func osVersionsByGroup() -> [Int: [KVCReport.Count]] { Self.counts(sums.oses, byCount: false) }

    /// Device × OS version cells, by device label, then oldest OS version.
    func matrix() -> [KVCReport.Cell] { sums.matrix.cells() }

    private static func counts(_ sums: [Sums.Labelled: FailureSum], byCount: Bool) -> [Int: [KVCReport.Count]]
    {
        var result: [Int: [(value: String, sum: FailureSum)]] = [:]
        for (key, sum) in sums { result[key.group, default: []].append((key.value, sum)) }
        return result.mapValues { entries in
            entries.sorted { a, b in
                if byCount, a.sum.count != b.sum.count { return a.sum.count > b.sum.count }
                if !byCount, a.sum.osKey != b.sum.osKey {
                    return SQLOrder.nullsFirst(a.sum.osKey, b.sum.osKey)
                }
                return SQLOrder.bytewise(a.value, b.value)
            }.map { KVCReport.Count(value: $0.value, reports: $0.sum.count) }
        }
    }

    /// What the pass adds up.
    private struct Sums {
        struct Labelled: Hashable {
            var group: Int
            var value: String
        }

        var failures = 0
        var identities: Set<String> = []
        var groups: [Int: GroupTotals] = [:]
        var devices: [Labelled: FailureSum] = [:]
        var apps: [Labelled: FailureSum] = [:]
        var oses: [Labelled: FailureSum] = [:]
        var matrix = MatrixSums()

        mutating func add(_ cell: borrowing Cell) {
            let device = cell.deviceLabel
            let os = cell.osLabel
            failures += cell.count
            let identity = cell.deviceIdentity
            if let identity { identities.insert(identity) }
            if let index = groups.index(forKey: cell.group) {
                groups.values[index].reports += cell.count
                if let identity { groups.values[index].devices.insert(identity) }
                groups.values[index].firstSeen = SQLOrder.earlier(
                    groups.values[index].firstSeen, cell.firstSeen)
                groups.values[index].lastSeen = SQLOrder.later(groups.values[index].lastSeen, cell.lastSeen)
            } else {
                groups[cell.group] = GroupTotals(
                    id: cell.group, reports: cell.count, devices: identity.map { [$0] } ?? [],
                    firstSeen: cell.firstSeen, lastSeen: cell.lastSeen)
            }
            Self.add(cell, to: &devices, as: device)
            Self.add(cell, to: &apps, as: cell.appLabel)
            Self.add(cell, to: &oses, as: os)
            matrix.add(cell, device: device, os: os)
        }

        private static func add(
            _ cell: borrowing Cell, to sums: inout [Labelled: FailureSum], as value: String
        ) {
            let key = Labelled(group: cell.group, value: value)
            if let index = sums.index(forKey: key) {
                sums.values[index].add(cell.count, osKey: cell.osKey)
            } else {
                sums[key] = FailureSum(count: cell.count, osKey: cell.osKey)
            }
        }
    }
}

/// Failures, and the oldest OS version among them.
struct FailureSum {
    var count: Int
    var osKey: Int?

    mutating func add(_ count: Int, osKey: Int?) {
        self.count += count
        self.osKey = SQLOrder.smaller(self.osKey, osKey)
    }
}

/// Failures by device label and OS version: the report's matrix, or one group's.
struct MatrixSums {
    private struct Key: Hashable {
        var device: String
        var os: String
    }

    private var sums: [Key: FailureSum] = [:]
    private var order: [Key] = []
    /// The identifiers each device label was given.
    private var models: [String: Set<String?>] = [:]

    mutating func add(_ cell: borrowing FailureCell, device: String, os: String) {
        let key = Key(device: device, os: os)
        models[device, default: []].insert(cell.model)
        if let index = sums.index(forKey: key) {
            sums.values[index].add(cell.count, osKey: cell.osKey)
        } else {
            order.append(key)
            sums[key] = FailureSum(count: cell.count, osKey: cell.osKey)
        }
    }

    /// The cells by device label, then oldest OS version.
    func cells() -> [KVCReport.Cell] {
        order.sorted { a, b in
            if a.device != b.device { return SQLOrder.bytewise(a.device, b.device) }
            let keyA = sums[a]?.osKey
            let keyB = sums[b]?.osKey
            if keyA != keyB { return SQLOrder.nullsFirst(keyA, keyB) }
            return SQLOrder.bytewise(a.os, b.os)
        }.map { key in
            let sum = sums[key]!
            // A row names its identifier only when every report of the device gave the same one.
            let known = models[key.device] ?? []
            return KVCReport.Cell(
                device: key.device, deviceModel: known.count == 1 ? known.first ?? nil : nil,
                osVersion: key.os,
                reports: sum.count)
        }
    }
}

extension FailureCell {
    /// Counted as a distinct device: the marketing name (`iPhone 7` whether a report said
    /// `iPhone9,1`, `iPhone9,3` or only the name), else the identifier the catalogue does not
    /// know; the same identity as the `crash_groups` view and the matrix rows.
    var deviceIdentity: String? { name ?? model }
    var deviceLabel: String { name ?? model ?? "unknown" }
    var osLabel: String { os ?? "unknown" }
    var appLabel: String { app ?? "unknown" }
}
