import Foundation

/// The zone assumed for times a report wrote without one (docs/querying.md, "How times are stored").
public struct TimeBase: Sendable, Equatable {
    /// From `import --assume-timezone`: seconds east of UTC for every zone-less time; nil keeps
    /// each format's default.
    public var assumedOffset: Int?

    public init(assumedOffset: Int? = nil) { self.assumedOffset = assumedOffset }

    /// Bugly's console and web API show times in China Standard Time (UTC+8, no daylight saving)
    /// and write no zone; its SDK logs write `+0800`. Apple's formats always carry a zone, so a
    /// zone-less time elsewhere is a hand-made paste, read as UTC.
    public static let buglyDefaultOffset = 8 * 3_600

    public func offset(for format: SourceFormat) -> Int {
        if let assumedOffset { return assumedOffset }
        switch format {
        case .buglyConsole, .buglyJSON, .buglySDKLog: return TimeBase.buglyDefaultOffset
        default: return 0
        }
    }

    /// `+08:00`, `-05:30`, `+00:00`.
    public static func describe(offset: Int) -> String {
        let minutes = abs(offset) / 60
        let hours = minutes / 60
        guard hours < 100 else {
            return (offset < 0 ? "-" : "+") + Timestamp.pad(hours, 2) + ":" + Timestamp.pad(minutes % 60, 2)
        }
        // Written into six bytes: every report of a format without zones says which it assumed,
        // and four padded texts joined took 10 of the parsers' 1,774 samples importing 100,000 logs.
        return String(unsafeUninitializedCapacity: 6) { bytes in
            bytes[0] = offset < 0 ? 45 : 43  // `-` `+`
            bytes[1] = UInt8(48 + hours / 10)
            bytes[2] = UInt8(48 + hours % 10)
            bytes[3] = 58  // `:`
            bytes[4] = UInt8(48 + minutes % 60 / 10)
            bytes[5] = UInt8(48 + minutes % 10)
            return 6
        }
    }

    /// Reads `+08:00`, `+0800`, `+8`, `-05:30`, `UTC`, `Z`; nil for anything else.
    public static func parseOffset(_ text: String) -> Int? {
        let trimmed = text.trimmingBlanksString()
        if ["z", "utc", "gmt", "0"].contains(trimmed.lowercased()) { return 0 }
        let scalars = Array(trimmed.unicodeScalars)
        guard let sign = scalars.first, sign == "+" || sign == "-" else { return nil }
        let rest = String(String.UnicodeScalarView(scalars.dropFirst()))
        let digits = rest.replacingOccurrences(of: ":", with: "")
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        var hours = 0
        var minutes = 0
        switch digits.count {
        case 1, 2: hours = Int(digits) ?? 99
        case 4 where rest.count == 4 || rest.count == 5:
            hours = Int(digits.prefix(2)) ?? 99
            minutes = Int(digits.suffix(2)) ?? 99
        default: return nil
        }
        if rest.contains(":"), rest.count != 5 { return nil }
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
    }
}

/// Reads the time formats of Bugly and Apple reports (bugly-format.md section 8) into ISO 8601
/// UTC with `Z`. A time written without a zone is read in the zone the caller assumes.
package enum Timestamp {
    /// A time as written: its fields, and its zone when it had one.
    package struct Parsed: Equatable {
        var year: Int
        var month: Int
        var day: Int
        var hour = 0
        var minute = 0
        var second = 0
        /// `.117` (three digits) or empty (also for `.000`).
        var millis = ""
        /// Seconds east of UTC, nil when the text gave no zone.
        package var offset: Int?
        /// True for a bare date (`2015-02-11`).
        package var isDay = false
        /// Seconds since 1970 when the text was an epoch number (always UTC).
        package var epochSeconds: Int?

        /// ISO 8601 UTC with `Z`, reading a zone-less time at `assumedOffset`.
        package func utc(assumedOffset: Int) -> String {
            if let epochSeconds { return Timestamp.format(epochSeconds: epochSeconds) }
            let local =
                Timestamp.daysFromCivil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
            // The milliseconds go before the `Z`.
            return Timestamp.format(epochSeconds: local - (offset ?? assumedOffset), millis: millis)
        }
    }

    /// UTC ISO 8601 text of `raw`, or nil when it is no time; `assumedOffset` is used only when
    /// `raw` has no zone.
    static func iso8601(_ raw: String, assumedOffset: Int) -> String? {
        parse(raw)?.utc(assumedOffset: assumedOffset)
    }

    /// Read on the text's UTF-8 bytes in place: every report's times pass here, and a copy of
    /// the text as an array of scalars, a `String` of the fraction and the format's dozen
    /// concatenations were 2.5 % of the parsing threads' samples importing 100,000 logs.
    package static func parse(_ raw: String) -> Parsed? {
        let text = raw.trimmingWhitespace()
        return text.withUTF8Storage { bytes in
            // A time is ASCII digits and punctuation: a byte that is not ASCII fails every test.
            var scanner = TimeScanner(bytes: bytes)
            if let epoch = epoch(bytes) { return epoch }
            // Before 1970 a year is a placeholder (`0000-01-01`), never a crash: SQLite stored it as
            // `00-1-12-31T…`, PostgreSQL refuses it.
            guard let year = scanner.number(4), year >= 1970, scanner.skip("-/."),
                let month = scanner.number(2), scanner.skip("-/."), let day = scanner.number(2),
                (1...12).contains(month), (1...daysIn(month, of: year)).contains(day)
            else { return nil }
            var parsed = Parsed(year: year, month: month, day: day)
            parsed.isDay = scanner.atEnd
            if scanner.skip(" T") {
                guard scanner.clock(into: &parsed) else { return nil }
            }
            guard parsed.hour < 24, parsed.minute < 60, parsed.second < 61 else { return nil }
            scanner.zone(into: &parsed)
            return parsed
        }
    }

    /// Epoch seconds or milliseconds (9 to 13 digits).
    private static func epoch(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed? {
        guard bytes.count >= 9, bytes.count <= 13, bytes.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
        // At most 13 digits: exact as a Double, as the text read by `Double(_:)` was.
        let number = Double(bytes.reduce(0) { $0 * 10 + Int($1 - 48) })
        let seconds = bytes.count >= 12 ? number / 1000 : number
        var parsed = Parsed(year: 1970, month: 1, day: 1)
        parsed.epochSeconds = Int(seconds)
        parsed.offset = 0
        return parsed
    }

    /// Reads a time's fields left to right.
    private struct TimeScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position == bytes.count }

        /// `digits` decimal digits as a number, or nil (and nothing read).
        mutating func number(_ digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<(position + digits)] {
                guard byte &- 48 < 10 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += digits
            return value
        }

        /// Reads one of the ASCII bytes of `allowed`.
        mutating func skip(_ allowed: StaticString) -> Bool {
            guard position < bytes.count else { return false }
            let byte = bytes[position]
            let set = UnsafeBufferPointer(start: allowed.utf8Start, count: allowed.utf8CodeUnitCount)
            guard set.contains(byte) else { return false }
            position += 1
            return true
        }

        /// `HH:MM[:SS][.fff]`; false when the hour and minute are not there.
        mutating func clock(into parsed: inout Parsed) -> Bool {
            guard let h = number(2), skip(":"), let m = number(2) else { return false }
            parsed.hour = h
            parsed.minute = m
            if skip(":") { parsed.second = number(2) ?? 0 }
            // `.887`, or milliseconds after a space (`14:45:39 223`, CrashSight).
            let save = position
            if skip(".") || (skip(" ") && position + 3 == bytes.count) {
                let first = position
                while position < bytes.count, bytes[position] &- 48 < 10 { position += 1 }
                // A zero fraction is no fraction: PostgreSQL's timestamptz cannot tell `.000`
                // from none, so both databases store (and print) `…:59Z`. Three digits kept,
                // padded with zeros.
                var millis: [UInt8] = [46, 48, 48, 48]
                for (slot, byte) in zip(1...3, bytes[first..<position]) { millis[slot] = byte }
                if position == first {
                    position = save
                } else if millis != [46, 48, 48, 48] {
                    parsed.millis = String(decoding: millis, as: UTF8.self)
                }
            }
            return true
        }

        /// The zone after the time: `Z`, `+0800`, `+08:00`, `-0500`.
        mutating func zone(into parsed: inout Parsed) {
            while position < bytes.count, bytes[position] == 32 { position += 1 }
            guard position < bytes.count else { return }
            if bytes[position] == 90 {  // Z
                parsed.offset = 0
            } else if bytes[position] == 43 || bytes[position] == 45 {  // + -
                let sign = bytes[position] == 45 ? -1 : 1
                position += 1
                if let h = number(2) {
                    _ = skip(":")
                    let m = number(2) ?? 0
                    parsed.offset = sign * (h * 3600 + m * 60)
                }
            }
        }
    }

    /// Days in `month` of `year` (Gregorian): `2015-02-30` is no date.
    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
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

    /// `YYYY-MM-DDTHH:MM:SSZ` of seconds since 1970 (`millis`, `.117` or empty, before the `Z`).
    package static func format(epochSeconds: Int, millis: String = "") -> String {
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
        let fields = [
            (year, 4), (month, 2), (day, 2), (secondsOfDay / 3_600, 2), (secondsOfDay % 3_600 / 60, 2),
            (secondsOfDay % 60, 2),
        ]
        guard (0...9_999).contains(year) else {
            // A year of other than four digits (none a crash's): padded as text, as it always was.
            let texts = fields.map { pad($0.0, $0.1) }
            return texts[0] + "-" + texts[1] + "-" + texts[2] + "T" + texts[3] + ":" + texts[4] + ":"
                + texts[5]
                + millis + "Z"
        }
        // Written into 20 bytes (a time is formatted twice a report; a dozen concatenations of
        // padded texts took as long as parsing the time).
        var bytes: [UInt8] = Array("0000-00-00T00:00:00Z".utf8)
        for (field, (value, width)) in zip([0, 5, 8, 11, 14, 17], fields) {
            var rest = value
            for offset in stride(from: field + width - 1, through: field, by: -1) {
                bytes[offset] = UInt8(48 + rest % 10)
                rest /= 10
            }
        }
        if !millis.isEmpty { bytes.insert(contentsOf: millis.utf8, at: 19) }
        return String(decoding: bytes, as: UTF8.self)
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

    package static func now() -> String { format(Date()) }

    /// Zero-padded decimal (String(format:) goes through Foundation's formatter, which is slow).
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
