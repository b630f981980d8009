/// The fields a label block can fill.
enum LabeledField: Sendable {
    case device, os, appVersion, uploadTime, crashTime, cpuArch, jailbroken, process, bundleID
    case exceptionName, exceptionReason, crashContent, stack, ignored
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
            ("崩溃堆栈", .stack), ("堆栈信息", .stack), ("用户ID", .ignored), ("用户 ID", .ignored),
            ("设备ID", .ignored), ("发生次数", .ignored), ("影响设备数", .ignored), ("异常进程#线程", .process),
            ("前后台状态", .ignored), ("可用内存", .ignored), ("可用存储", .ignored), ("渠道", .ignored),
            ("网络", .ignored), ("SDK版本", .ignored), ("ROM", .ignored), ("CPU名字", .ignored),
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
            ("Stack", .stack), ("Backtrace", .stack), ("User ID", .ignored), ("Device ID", .ignored),
            // Japanese
            ("デバイス機種", .device), ("機種", .device), ("システムバージョン", .os), ("OSバージョン", .os),
            ("アプリバージョン", .appVersion), ("発生時間", .crashTime), ("発生日時", .crashTime),
            ("クラッシュ内容", .crashContent), ("クラッシュスタック", .stack), ("スタック", .stack),
            ("例外名", .exceptionName), ("例外理由", .exceptionReason), ("プロセス名", .process),
        ]
        return pairs.sorted { $0.0.utf8.count > $1.0.utf8.count }
    }()

    /// If `line` starts with a label, the field and the value after the separator
    /// (`:`, `：`, a table cell `|`, white space, or nothing for CJK labels).
    static func match(_ line: Substring) -> (field: LabeledField, value: Substring)? {
        var text = line.drop(while: {
            $0 == " " || $0 == "\t" || $0 == "|" || $0 == "*" || $0 == "-" || $0 == "#"
        })
        text = text.drop(while: { $0 == " " })
        guard let first = text.unicodeScalars.first else { return nil }
        // Cheap exit: every label starts with one of these.
        guard first.value > 127 || "DMOSATUCJPBERSTIi".unicodeScalars.contains(first) else { return nil }
        for (label, field) in labels {
            guard text.hasPrefix(label) else { continue }
            var rest = text.dropFirst(label.count)
            let isASCIILabel = label.utf8.allSatisfy { $0 < 128 }
            let separatorStart = rest.first
            rest = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "*" })
            if let separator = rest.first, separator == ":" || separator == "：" || separator == "|" {
                rest = rest.dropFirst()
            } else if !isASCIILabel && label.count <= 2 {
                // Short CJK labels (系统, 机型) begin ordinary sentences too: require a separator.
                guard let separatorStart, separatorStart == " " || separatorStart == "\t" else { continue }
            } else if isASCIILabel {
                // An English label needs a real separator: `Device Model: …` or `Device Model | …`,
                // or at least a blank (`Model iPhone7,1` is too weak, so require two).
                guard let separatorStart, separatorStart == " " || separatorStart == "\t" else { continue }
                let blanks = text.dropFirst(label.count).prefix(while: { $0 == " " || $0 == "\t" })
                guard blanks.count >= 2 || blanks.first == "\t" else { continue }
            }
            var value = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "*" })
            while let last = value.last, last == " " || last == "|" || last == "*" || last == "\t" {
                value = value.dropLast()
            }
            return (field, value)
        }
        return nil
    }
}
