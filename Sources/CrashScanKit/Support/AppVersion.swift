/// Orders app versions numerically (`2.10` after `2.9`, `2.3.1` after `2.3`).
enum AppVersion {
    static func components(_ text: String) -> [Int] {
        text.split(whereSeparator: { !$0.isNumber }).map { Int($0) ?? 0 }
    }

    /// True when `a` is a later version than `b`.
    static func isNewer(_ a: String, than b: String) -> Bool {
        var left = components(a)
        var right = components(b)
        let length = max(left.count, right.count)
        left += Array(repeating: 0, count: length - left.count)
        right += Array(repeating: 0, count: length - right.count)
        return right.lexicographicallyPrecedes(left)
    }
}
