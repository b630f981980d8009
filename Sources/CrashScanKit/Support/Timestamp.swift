import Foundation

/// Reads the time formats of Bugly and Apple reports (bugly-format.md section 8) into ISO 8601:
/// UTC with `Z` when the report gave a zone, local time without a zone when it did not
/// (a zoneless Bugly time cannot be converted without knowing the console's time zone).
enum Timestamp {
    static func iso8601(_ raw: String) -> String? {
        let text = raw.trimmingWhitespace().string
        // ASCII only: a time is digits and punctuation (bytes map one to one to scalars).
        let scalars = text.utf8.map { Unicode.Scalar($0) }
        // Epoch seconds or milliseconds.
        if !scalars.isEmpty, scalars.count >= 9, scalars.count <= 13,
            scalars.allSatisfy(CharacterSetASCII.isDigit),
            let number = Double(text)
        {
            let seconds = scalars.count >= 12 ? number / 1000 : number
            return format(epochSeconds: Int(seconds))
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
        // The allowed characters as a literal, not a Set: building a Set per call was most of
        // this function's time, and it runs for every report.
        func skip(_ allowed: String) -> Bool {
            guard position < scalars.count, allowed.unicodeScalars.contains(scalars[position]) else {
                return false
            }
            position += 1
            return true
        }
        guard let year = number(4), skip("-/."), let month = number(2), skip("-/."),
            let day = number(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = ""
        if skip(" T") {
            guard let h = number(2), skip(":"), let m = number(2) else { return nil }
            hour = h
            minute = m
            if skip(":") { second = number(2) ?? 0 }
            // `.887`, or milliseconds after a space (`14:45:39 223`, CrashSight).
            let save = position
            if skip(".") || (skip(" ") && position + 3 == scalars.count) {
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
                    _ = skip(":")
                    let m = number(2) ?? 0
                    offsetSeconds = sign * (h * 3600 + m * 60)
                }
            }
        }
        let millis = fraction.isEmpty ? "" : "." + String((fraction + "000").prefix(3))
        guard let offsetSeconds else {
            return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":"
                + pad(minute, 2)
                + ":" + pad(second, 2) + millis
        }
        // To UTC by arithmetic (Calendar is slow and this runs for every report).
        let local = daysFromCivil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
        let base = format(epochSeconds: local - offsetSeconds)
        // `base` ends in its only `Z`: the milliseconds go before it.
        return millis.isEmpty ? base : String(base.dropLast()) + millis + "Z"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` of seconds since 1970.
    static func format(epochSeconds: Int) -> String {
        let days = Int((Double(epochSeconds) / 86_400).rounded(.down))
        let secondsOfDay = epochSeconds - days * 86_400
        // civil_from_days
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondsOfDay / 3_600, 2)
            + ":"
            + pad(secondsOfDay % 3_600 / 60, 2) + ":" + pad(secondsOfDay % 60, 2) + "Z"
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

    /// Zero-padded decimal (String(format:) goes through Foundation's formatter, which is slow).
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
