import CrashScanStore

/// Every count of the report from one pass over the KVC failures: the store counts them by
/// (group, device, OS version, app version) (`Store.scanFailures`), and the per-group lists,
/// the totals and the device × OS matrix are summed from those cells.
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

    init(cells: [Cell]) {
        self.cells = cells
    }

    var failures: Int { cells.reduce(0) { $0 + $1.count } }
    var distinctDevices: Int { Set(cells.compactMap(\.deviceIdentity)).count }

    /// Groups by number of failures (most first), then id.
    func groups() -> [GroupTotals] {
        var totals: [Int: GroupTotals] = [:]
        for cell in cells {
            var group = totals[cell.group] ?? GroupTotals(id: cell.group)
            group.reports += cell.count
            if let device = cell.deviceIdentity { group.devices.insert(device) }
            group.firstSeen = SQLOrder.earlier(group.firstSeen, cell.firstSeen)
            group.lastSeen = SQLOrder.later(group.lastSeen, cell.lastSeen)
            totals[cell.group] = group
        }
        return totals.values.sorted { ($0.reports, $1.id) > ($1.reports, $0.id) }
    }

    /// Per group: failures by device label, most first.
    func devicesByGroup() -> [Int: [KVCReport.Count]] { countsByGroup(\.deviceLabel, byCount: true) }
    /// Per group: failures by app version, most first.
    func appVersionsByGroup() -> [Int: [KVCReport.Count]] { countsByGroup(\.appLabel, byCount: true) }
    /// Per group: failures by OS version, oldest version first.
    func osVersionsByGroup() -> [Int: [KVCReport.Count]] { countsByGroup(\.osLabel, byCount: false) }

    private func countsByGroup(_ label: (Cell) -> String, byCount: Bool) -> [Int: [KVCReport.Count]] {
        struct Key: Hashable {
            var group: Int
            var value: String
        }
        var sums: [Key: (count: Int, osKey: Int?)] = [:]
        for cell in cells {
            let key = Key(group: cell.group, value: label(cell))
            if let old = sums[key] {
                sums[key] = (old.count + cell.count, SQLOrder.smaller(old.osKey, cell.osKey))
            } else {
                sums[key] = (cell.count, cell.osKey)
            }
        }
        var result: [Int: [(value: String, count: Int, osKey: Int?)]] = [:]
        for (key, sum) in sums { result[key.group, default: []].append((key.value, sum.count, sum.osKey)) }
        return result.mapValues { entries in
            entries.sorted { a, b in
                if byCount, a.count != b.count { return a.count > b.count }
                if !byCount, a.osKey != b.osKey { return SQLOrder.nullsFirst(a.osKey, b.osKey) }
                return SQLOrder.bytewise(a.value, b.value)
            }.map { KVCReport.Count(value: $0.value, reports: $0.count) }
        }
    }

    /// Device × OS version cells, by device label, then oldest OS version.
    func matrix() -> [KVCReport.Cell] {
        struct Key: Hashable {
            var device: String
            var os: String
        }
        var sums: [Key: (count: Int, osKey: Int?)] = [:]
        // A row names its identifier only when every report of the device gave the same one.
        var models: [String: Set<String?>] = [:]
        var order: [Key] = []
        for cell in cells {
            let key = Key(device: cell.deviceLabel, os: cell.osLabel)
            models[cell.deviceLabel, default: []].insert(cell.model)
            if let old = sums[key] {
                sums[key] = (old.count + cell.count, SQLOrder.smaller(old.osKey, cell.osKey))
            } else {
                order.append(key)
                sums[key] = (cell.count, cell.osKey)
            }
        }
        return order.sorted { a, b in
            if a.device != b.device { return SQLOrder.bytewise(a.device, b.device) }
            let keyA = sums[a]?.osKey
            let keyB = sums[b]?.osKey
            if keyA != keyB { return SQLOrder.nullsFirst(keyA, keyB) }
            return SQLOrder.bytewise(a.os, b.os)
        }.map { key in
            let sum = sums[key]!
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
