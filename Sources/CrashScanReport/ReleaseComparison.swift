import CrashScanModel

/// `report --compare 2.3.0..2.3.1`: each KVC group's failures in two app versions (under the
/// other filters), and whether the group is new, gone, up or down in the second.
public struct ReleaseComparison: Sendable, Encodable {
    public enum Change: String, Sendable, Encodable, CaseIterable {
        case new, up, down, gone, same
    }

    public struct Row: Sendable, Encodable {
        public var id: String
        public var classKey: String
        public var from: Int
        public var to: Int
        public var change: Change

        enum CodingKeys: String, CodingKey {
            case id, from, to, change
            case classKey = "class_key"
        }
    }

    public var from: String
    public var to: String
    /// New first, then up, down, gone and same; within each, most failures in `to` first.
    public var groups: [Row]

    /// `2.3.0..2.3.1` (either version as `report` prints it, or as Bugly writes it: `2.3.1(231)`).
    public static func parse(_ text: String) -> (from: String, to: String)? {
        guard let dots = text.range(of: "..") else { return nil }
        let from = AppVersion.split(String(text[..<dots.lowerBound]), shortFirst: true).version
        let to = AppVersion.split(String(text[dots.upperBound...]), shortFirst: true).version
        guard !from.isEmpty, !to.isEmpty, from != to else { return nil }
        return (from, to)
    }

    init(from: String, to: String, groups: [KVCReport.Group]) {
        self.from = from
        self.to = to
        self.groups = groups.compactMap { group in
            let before = group.appVersions.first { $0.value == from }?.reports ?? 0
            let after = group.appVersions.first { $0.value == to }?.reports ?? 0
            guard before + after > 0 else { return nil }
            let change: Change =
                before == 0
                ? .new : after == 0 ? .gone : after > before ? .up : after < before ? .down : .same
            return Row(
                id: group.id, classKey: ReportRenderer.classKey(group), from: before, to: after,
                change: change)
        }.sorted { a, b in
            let order = Change.allCases
            let (left, right) = (order.firstIndex(of: a.change) ?? 0, order.firstIndex(of: b.change) ?? 0)
            return left != right ? left < right : a.to != b.to ? a.to > b.to : a.id < b.id
        }
    }
}
