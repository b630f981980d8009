import Foundation

/// Reads the time formats of Bugly and Apple reports (bugly-format.md section 8) into ISO 8601:
/// UTC with `Z` when the report gave a zone, local time without a zone when it did not
/// (a zoneless Bugly time cannot be converted without knowing the console's time zone).
enum Timestamp {
    static func iso8601(_ raw: String) -> String? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let scalars = Array(text.unicodeScalars)
        // Epoch seconds or milliseconds.
        if !scalars.isEmpty, scalars.count >= 9, scalars.count <= 13,
            scalars.allSatisfy(CharacterSetASCII.isDigit),
            let number = Double(text)
        {
            let seconds = scalars.count >= 12 ? number / 1000 : number
            return format(Date(timeIntervalSince1970: seconds))
        }
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[position..<(position + digits)] {
                guard CharacterSetASCII.isDigit(scalar) else { return nil }
                value = value * 10 + Int(scalar.value - 48)
            }
            position += digits
            return value
        }
        func skip(_ allowed: Set<Unicode.Scalar>) -> Bool {
            guard position < scalars.count, allowed.contains(scalars[position]) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), skip(["-", "/", "."]), let month = number(2), skip(["-", "/", "."]),
            let day = number(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = ""
        if skip([" ", "T"]) {
            guard let h = number(2), skip([":"]), let m = number(2) else { return nil }
            hour = h
            minute = m
            if skip([":"]) { second = number(2) ?? 0 }
            // `.887`, or milliseconds after a space (`14:45:39 223`, CrashSight).
            let save = position
            if skip(["."]) || (skip([" "]) && position + 3 == scalars.count) {
                while position < scalars.count, CharacterSetASCII.isDigit(scalars[position]) {
                    fraction.unicodeScalars.append(scalars[position])
                    position += 1
                }
                if fraction.isEmpty { position = save }
            }
        }
        guard hour < 24, minute < 60, second < 61 else { return nil }
        while position < scalars.count, scalars[position] == " " { position += 1 }
        // Zone: `Z`, `+0800`, `+08:00`, `-0500`.
        var offsetSeconds: Int?
        if position < scalars.count {
            if scalars[position] == "Z" {
                offsetSeconds = 0
            } else if scalars[position] == "+" || scalars[position] == "-" {
                let sign = scalars[position] == "-" ? -1 : 1
                position += 1
                if let h = number(2) {
                    _ = skip([":"])
                    let m = number(2) ?? 0
                    offsetSeconds = sign * (h * 3600 + m * 60)
                }
            }
        }
        let millis = fraction.isEmpty ? "" : "." + String((fraction + "000").prefix(3))
        guard let offsetSeconds else {
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
                + millis
        }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        components.hour = hour
        components.minute = minute
        components.second = second
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone =
            TimeZone(secondsFromGMT: offsetSeconds) ?? TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: components) else { return nil }
        let base = format(date)
        return millis.isEmpty ? base : base.replacingOccurrences(of: "Z", with: millis + "Z")
    }

    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
            c.minute ?? 0,
            c.second ?? 0)
    }

    static func now() -> String { format(Date()) }
}
