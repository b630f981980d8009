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
        /// Distinct device identities (`deviceIdentity`), as their text numbers.
        var devices: Set<Int32> = []
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
    func devicesByGroup() -> [Int: [KVCReport.Count]] {
        Self.counts(sums.devices, sums.labels, none: "unknown", byCount: true)
    }
    /// Per group: failures by app version, most first.
    func appVersionsByGroup() -> [Int: [KVCReport.Count]] {
        Self.counts(sums.apps, sums.labels, none: "unknown", byCount: true)
    }
    /// Per group: failures by OS version, oldest version first.
    func osVersionsByGroup() -> [Int: [KVCReport.Count]] {
        Self.counts(sums.oses, sums.labels, none: "unknown", byCount: false)
    }

    /// Device × OS version cells, by device label, then oldest OS version.
    func matrix() -> [KVCReport.Cell] { sums.matrix.cells(sums.labels) }

    /// The texts of the cells' numbers.
    var labels: LabelTexts { sums.labels }

    /// The sums by label number, as texts: numbers whose texts are equal (none and a text
    /// "unknown") are one label, as a sum by text would have them.
    private static func counts(
        _ sums: [Sums.Labelled: FailureSum], _ labels: LabelTexts, none: String, byCount: Bool
    ) -> [Int: [KVCReport.Count]] {
        var byText: [Int: [String: FailureSum]] = [:]
        for (key, sum) in sums {
            byText[key.group, default: [:]][labels.text(key.label) ?? none, default: FailureSum()].add(sum)
        }
        return byText.mapValues { entries in
            entries.sorted { a, b in
                if byCount, a.value.count != b.value.count { return a.value.count > b.value.count }
                if !byCount, a.value.osKey != b.value.osKey {
                    return SQLOrder.nullsFirst(a.value.osKey, b.value.osKey)
                }
                return SQLOrder.bytewise(a.key, b.key)
            }.map { KVCReport.Count(value: $0.key, reports: $0.value.count) }
        }
    }

    /// What the pass adds up, keyed by the cells' text numbers (hashing four texts a cell was
    /// most of this pass: callgrind, `--os 8.1` on a million reports, 52 M of 280 M instructions).
    private struct Sums {
        struct Labelled: Hashable {
            var group: Int
            /// A text number, -1 for none.
            var label: Int32
        }

        var failures = 0
        var identities: Set<Int32> = []
        var groups: [Int: GroupTotals] = [:]
        var devices: [Labelled: FailureSum] = [:]
        var apps: [Labelled: FailureSum] = [:]
        var oses: [Labelled: FailureSum] = [:]
        var matrix = MatrixSums()
        /// Every cell's texts, which the lists above and the matrices read: one for the whole
        /// tally (a copy per group's matrix, each as long as the numbers of every text, grew
        /// with groups × app versions: 3.5 GB for 20,000 groups of their own app version).
        var labels = LabelTexts()

        mutating func add(_ cell: borrowing Cell) {
            labels.note(cell)
            let device = cell.deviceLabelNumber
            let os = cell.textNumbers.os
            failures += cell.count
            if device >= 0 { identities.insert(device) }
            if let index = groups.index(forKey: cell.group) {
                groups.values[index].reports += cell.count
                if device >= 0 { groups.values[index].devices.insert(device) }
                groups.values[index].firstSeen = SQLOrder.earlier(
                    groups.values[index].firstSeen, cell.firstSeen)
                groups.values[index].lastSeen = SQLOrder.later(groups.values[index].lastSeen, cell.lastSeen)
            } else {
                groups[cell.group] = GroupTotals(
                    id: cell.group, reports: cell.count, devices: device >= 0 ? [device] : [],
                    firstSeen: cell.firstSeen, lastSeen: cell.lastSeen)
            }
            Self.add(cell, to: &devices, as: device)
            Self.add(cell, to: &apps, as: cell.textNumbers.app)
            Self.add(cell, to: &oses, as: os)
            matrix.add(cell)
        }

        private static func add(
            _ cell: borrowing Cell, to sums: inout [Labelled: FailureSum], as label: Int32
        ) {
            let key = Labelled(group: cell.group, label: label)
            if let index = sums.index(forKey: key) {
                sums.values[index].add(cell.count, osKey: cell.osKey)
            } else {
                sums[key] = FailureSum(count: cell.count, osKey: cell.osKey)
            }
        }
    }
}

/// The texts of the cells' text numbers (`FailureCell.textNumbers`), as the cells carry them.
struct LabelTexts {
    private var texts: [String?] = []

    mutating func note(_ cell: borrowing FailureCell) {
        note(cell.textNumbers.model, cell.model)
        note(cell.textNumbers.name, cell.name)
        note(cell.textNumbers.os, cell.os)
        note(cell.textNumbers.app, cell.app)
    }

    private mutating func note(_ number: Int32, _ text: String?) {
        guard number >= 0, let text else { return }
        let index = Int(number)
        if index >= texts.count { texts += repeatElement(nil, count: index - texts.count + 1) }
        if texts[index] == nil { texts[index] = text }
    }

    /// The text of `number`, nil for -1.
    func text(_ number: Int32) -> String? {
        number >= 0 && Int(number) < texts.count ? texts[Int(number)] : nil
    }
}

/// Failures, and the oldest OS version among them.
struct FailureSum {
    var count = 0
    var osKey: Int?

    mutating func add(_ count: Int, osKey: Int?) {
        self.count += count
        self.osKey = SQLOrder.smaller(self.osKey, osKey)
    }

    mutating func add(_ other: FailureSum) { add(other.count, osKey: other.osKey) }
}

/// Failures by device label and OS version: the report's matrix, or one group's.
struct MatrixSums {
    private struct Key: Hashable {
        var device: Int32
        var os: Int32
    }

    private var sums: [Key: FailureSum] = [:]
    /// The identifiers each device label was given (text numbers, -1 for none).
    private var models: [Int32: Set<Int32>] = [:]
    mutating func add(_ cell: borrowing FailureCell) {
        let key = Key(device: cell.deviceLabelNumber, os: cell.textNumbers.os)
        models[key.device, default: []].insert(cell.textNumbers.model)
        if let index = sums.index(forKey: key) {
            sums.values[index].add(cell.count, osKey: cell.osKey)
        } else {
            sums[key] = FailureSum(count: cell.count, osKey: cell.osKey)
        }
    }

    /// The cells by device label, then oldest OS version (numbers whose texts are equal, such as
    /// none and "unknown", are one cell, as a sum by text would have them).
    func cells(_ labels: LabelTexts) -> [KVCReport.Cell] {
        struct Row {
            var device: String
            var os: String
            var sum = FailureSum()
        }
        var rows: [String: [String: FailureSum]] = [:]
        var identifiers: [String: Set<String?>] = [:]
        for (key, sum) in sums {
            let device = labels.text(key.device) ?? "unknown"
            rows[device, default: [:]][labels.text(key.os) ?? "unknown", default: FailureSum()].add(sum)
        }
        for (device, numbers) in models {
            identifiers[labels.text(device) ?? "unknown", default: []].formUnion(
                numbers.map { labels.text($0) })
        }
        let flat = rows.flatMap { device, oses in oses.map { Row(device: device, os: $0.key, sum: $0.value) }
        }
        return flat.sorted { a, b in
            if a.device != b.device { return SQLOrder.bytewise(a.device, b.device) }
            if a.sum.osKey != b.sum.osKey { return SQLOrder.nullsFirst(a.sum.osKey, b.sum.osKey) }
            return SQLOrder.bytewise(a.os, b.os)
        }.map { row in
            // A row names its identifier only when every report of the device gave the same one.
            let known = identifiers[row.device] ?? []
            return KVCReport.Cell(
                device: row.device, deviceModel: known.count == 1 ? known.first ?? nil : nil,
                osVersion: row.os, reports: row.sum.count)
        }
    }
}

extension FailureCell {
    /// `deviceLabel`'s text number: the name's, else the identifier's, else -1 (`unknown`).
    var deviceLabelNumber: Int32 { textNumbers.name >= 0 ? textNumbers.name : textNumbers.model }
    /// Counted as a distinct device: the marketing name (`iPhone 7` whether a report said
    /// `iPhone9,1`, `iPhone9,3` or only the name), else the identifier the catalogue does not
    /// know; the same identity as the `crash_groups` view and the matrix rows.
    var deviceIdentity: String? { name ?? model }
    var deviceLabel: String { name ?? model ?? "unknown" }
    var osLabel: String { os ?? "unknown" }
    var appLabel: String { app ?? "unknown" }
}
