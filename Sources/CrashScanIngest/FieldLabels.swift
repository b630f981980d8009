import CrashScanCatalogs
import CrashScanModel

/// The fields a label block can fill.
enum LabeledField: Int, Sendable {
    case device, os, appVersion, uploadTime, crashTime, cpuArch, jailbroken, process, bundleID
    case exceptionName, exceptionReason, crashContent, stack, deviceID, userID, issueID, ignored
    /// Bugly's counts for the whole issue, on an issue page's header (发生次数, 影响设备数).
    case issueOccurrences, issueAffectedDevices

    /// Whether the label is evidence that the text is a crash: ids and an issue's counts alone
    /// are not (a profile page shows a user id too, an issue list its counts), so they are read
    /// but leave the detection as it was.
    var isCrashEvidence: Bool {
        switch self {
        case .deviceID, .userID, .issueID, .ignored, .issueOccurrences, .issueAffectedDevices: return false
        default: return true
        }
    }
}

/// A set of labelled fields as the bits of their numbers: a report's label lines ask and add to
/// a few such sets each, and a `Set<LabeledField>` hashed for every one (900 instructions an
/// insertion, with the set's first allocations, importing 3,000 logs).
struct LabeledFieldSet: Sendable, Equatable, ExpressibleByArrayLiteral {
    private var bits: UInt32 = 0

    init(arrayLiteral fields: LabeledField...) {
        for field in fields { insert(field) }
    }

    var isEmpty: Bool { bits == 0 }
    var count: Int { bits.nonzeroBitCount }

    func contains(_ field: LabeledField) -> Bool { bits & (1 << UInt32(field.rawValue)) != 0 }

    mutating func insert(_ field: LabeledField) { bits |= 1 << UInt32(field.rawValue) }

    mutating func formUnion<Fields: Sequence>(_ fields: Fields) where Fields.Element == LabeledField {
        for field in fields { insert(field) }
    }
}

/// Field labels of Bugly console copies in Chinese, English and Japanese
/// (bugly-format.md section 6), matched at the start of a line.
enum FieldLabels {
    /// Longest labels first, so that `Exception Name` wins over `Exception`.
    static let labels: [(label: String, field: LabeledField)] = {
        let pairs: [(String, LabeledField)] = [
            // Chinese
            ("设备机型", .device), ("机型", .device), ("设备型号", .device), ("手机型号", .device),
            ("系统版本", .os), ("操作系统版本", .os), ("系统", .os), ("应用版本", .appVersion),
            ("软件版本", .appVersion), ("APP版本", .appVersion), ("App版本", .appVersion), ("版本号", .appVersion),
            ("上报时间", .uploadTime), ("最近上报时间", .uploadTime), ("发生时间", .crashTime), ("崩溃时间", .crashTime),
            ("CPU架构", .cpuArch), ("CPU 架构", .cpuArch), ("越狱", .jailbroken), ("是否越狱", .jailbroken),
            ("进程名", .process), ("异常进程", .process), ("应用包名", .bundleID), ("包名", .bundleID),
            ("异常名称", .exceptionName), ("错误类型", .exceptionName), ("异常类型", .exceptionName),
            ("异常原因", .exceptionReason), ("异常消息", .exceptionReason), ("错误原因", .exceptionReason),
            ("崩溃内容", .crashContent), ("出错堆栈", .stack), ("堆栈详情", .stack), ("翻译堆栈", .stack),
            ("崩溃堆栈", .stack), ("堆栈信息", .stack), ("用户ID", .userID), ("用户 ID", .userID),
            ("设备ID", .deviceID), ("设备 ID", .deviceID), ("发生次数", .issueOccurrences),
            ("异常次数", .issueOccurrences),
            ("影响设备数", .issueAffectedDevices),
            ("异常进程#线程", .process),
            ("前后台状态", .ignored), ("可用内存", .ignored), ("可用存储", .ignored), ("渠道", .ignored),
            ("网络", .ignored), ("SDK版本", .ignored), ("ROM", .ignored), ("CPU名字", .ignored),
            ("异常信息", .exceptionReason), ("错误信息", .exceptionReason), ("崩溃原因", .exceptionReason),
            ("iOS版本", .os), ("OS版本", .os), ("系统版本号", .os), ("应用版本号", .appVersion), ("堆栈", .stack),
            ("调用栈", .stack), ("设备", .device), ("时间", .crashTime), ("版本", .appVersion),
            // English
            ("Device Model", .device), ("Device model", .device), ("Device", .device), ("Model", .device),
            ("OS Version", .os), ("OS version", .os), ("System Version", .os), ("iOS Version", .os),
            ("App Version", .appVersion), ("App version", .appVersion), ("Application Version", .appVersion),
            ("Upload Time", .uploadTime), ("Report Time", .uploadTime), ("Crash Time", .crashTime),
            ("Occurred At", .crashTime), ("Time", .crashTime), ("CPU Arch", .cpuArch),
            ("CPU Architecture", .cpuArch), ("CPU Type", .cpuArch), ("Jailbroken", .jailbroken),
            ("Jailbreak", .jailbroken), ("Process Name", .process), ("Process", .process),
            ("Bundle ID", .bundleID), ("Bundle Identifier", .bundleID), ("Exception Name", .exceptionName),
            ("Exception Type", .exceptionName), ("Exception Reason", .exceptionReason),
            ("Exception Message", .exceptionReason), ("Reason", .exceptionReason),
            ("Crash Content", .crashContent),
            ("Crash Detail", .crashContent), ("Stack Trace", .stack), ("Crash Stack", .stack),
            ("Call Stack", .stack),
            ("Stack", .stack), ("Backtrace", .stack), ("User ID", .userID), ("Device ID", .deviceID),
            ("Issue ID", .issueID), ("issueId", .issueID), ("Occurrences", .issueOccurrences),
            ("Affected Devices", .issueAffectedDevices),
            ("Crash Reason", .exceptionReason), ("Exception Info", .exceptionReason),
            ("Date/Time", .crashTime),
            ("Crash Date", .crashTime), ("Hardware Model", .device), ("Crashed Stack", .stack),
            // Japanese
            ("デバイス機種", .device), ("機種", .device), ("システムバージョン", .os), ("OSバージョン", .os),
            ("アプリバージョン", .appVersion), ("発生時間", .crashTime), ("発生日時", .crashTime),
            ("クラッシュ内容", .crashContent), ("クラッシュスタック", .stack), ("スタック", .stack),
            ("例外名", .exceptionName), ("例外理由", .exceptionReason), ("プロセス名", .process),
            ("端末", .device), ("クラッシュ理由", .exceptionReason), ("スタックトレース", .stack),
            ("アプリのバージョン", .appVersion),
        ]
        return pairs.sorted { $0.0.utf8.count > $1.0.utf8.count }
    }()

    /// A label prepared for byte comparison: ASCII labels lower-cased (matched in any case).
    private struct Prepared: Sendable {
        var bytes: [UInt8]
        var field: LabeledField
        var isASCII: Bool
        var characters: Int
    }

    private static let prepared: [Prepared] = labels.map { label, field in
        let isASCII = label.utf8.allSatisfy { $0 < 128 }
        return Prepared(
            bytes: Array((isASCII ? label.lowercased() : label).utf8), field: field, isASCII: isASCII,
            characters: label.count)
    }

    /// The labels (as indices into `prepared`, longest first) by their first byte, lower-cased:
    /// most lines are rejected on their first byte, and the others are compared with the few
    /// labels that start like them instead of all of them.
    private static let byFirstByte: [[Int]] = {
        var table = [[Int]](repeating: [], count: 256)
        for (index, label) in prepared.enumerated() {
            // Lines are looked up by their lower-cased first byte; `CPU架构` compares as written.
            if let first = label.bytes.first { table[Int(CharacterSetASCII.lowercased(first))].append(index) }
        }
        return table
    }()

    /// Whether some label starts with a digit (none does): a line that starts with one is then no
    /// label line.
    static let someLabelStartsWithDigit = (48...57).contains { !byFirstByte[$0].isEmpty }

    /// Blank, `|`, `*`, `-`, `#`: table pipes, list bullets, emphasis and headings.
    @inline(__always) private static func isLeadingDecoration(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 124 || byte == 42 || byte == 45 || byte == 35
    }

    /// If `line` starts with a label, the field and the value after the separator
    /// (`:`, `：`, a table cell `|`, white space, or nothing for CJK labels). English labels match
    /// in any case (`Exception name`, `OS VERSION`).
    static func match(_ line: Substring) -> (field: LabeledField, value: Substring)? {
        guard let (field, value) = line.withUTF8Storage(match) else { return nil }
        let utf8 = line.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: value.lowerBound)
        let upper = utf8.index(lower, offsetBy: value.count)
        return (field, Substring(utf8[lower..<upper]))
    }

    /// `match` on the line's bytes, the value as offsets: this runs on most lines of every
    /// console report, and reading them through the Substring's UTF-8 view (an index type and a
    /// call a byte, a retain of the view a line) cost twice as much.
    private static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> (LabeledField, Range<Int>)? {
        var start = 0
        // Table pipes, list bullets, markdown emphasis and headings before the label.
        while start < bytes.count, isLeadingDecoration(bytes[start]) { start += 1 }
        guard start < bytes.count else { return nil }
        let candidates = byFirstByte[Int(CharacterSetASCII.lowercased(bytes[start]))]
        guard !candidates.isEmpty else { return nil }
        for candidate in candidates {
            let label = prepared[candidate]
            guard start + label.bytes.count <= bytes.count else { continue }
            var position = start
            var matched = true
            for expected in label.bytes {
                let byte = label.isASCII ? CharacterSetASCII.lowercased(bytes[position]) : bytes[position]
                guard byte == expected else {
                    matched = false
                    break
                }
                position += 1
            }
            guard matched else { continue }
            // An ASCII label must end at a word boundary: `Model` is not the start of `Models`.
            if label.isASCII, position < bytes.count, isWordByte(bytes[position]) { continue }
            // The separator and the value: every byte tested here is ASCII, or the full-width
            // colon as a whole.
            let separatorStart = position < bytes.count ? bytes[position] : nil
            var rest = skip(bytes, from: position) { $0 == 32 || $0 == 9 || $0 == 42 }
            if rest < bytes.count, bytes[rest] == 58 || bytes[rest] == 124 {
                rest += 1
            } else if bytes.has("：", at: rest) {
                rest += 3  // the full-width colon, EF BC 9A
            } else if !label.isASCII && label.characters <= 2 {
                // Short CJK labels (系统, 机型) begin ordinary sentences too: require a separator.
                guard separatorStart == 32 || separatorStart == 9 else { continue }
            } else if label.isASCII {
                // An English label needs a real separator: `Device Model: …`, `Device Model | …`,
                // or a column gap (`Model iPhone7,1` with one space is too weak).
                let gap = skip(bytes, from: position) { $0 == 32 || $0 == 9 }
                guard gap - position >= 2 || separatorStart == 9 else { continue }
            }
            let valueStart = skip(bytes, from: rest) { $0 == 32 || $0 == 9 || $0 == 42 }
            var valueEnd = bytes.count
            while valueEnd > valueStart {
                let byte = bytes[valueEnd - 1]
                guard byte == 32 || byte == 124 || byte == 42 || byte == 9 else { break }
                valueEnd -= 1
            }
            return (label.field, valueStart..<valueEnd)
        }
        return nil
    }

    /// The first offset from `start` whose byte `skipped` does not accept.
    @inline(__always) private static func skip(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ skipped: (UInt8) -> Bool
    ) -> Int {
        var position = start
        while position < bytes.count, skipped(bytes[position]) { position += 1 }
        return position
    }

    @inline(__always) private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 97 < 26 || byte &- 48 < 10 || byte == 95
    }
}
