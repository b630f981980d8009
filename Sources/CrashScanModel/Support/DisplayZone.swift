import Foundation

/// The time zone crashscan shows times in and reads a date-only filter in (`--tz`,
/// `CRASHSCAN_TZ`): UTC unless told, a fixed offset (`+08:00`), or the machine's local zone,
/// whose offset can change with daylight saving. Stored times stay UTC.
public struct DisplayZone: Sendable, Equatable, CustomStringConvertible, Encodable {
    enum Kind: Sendable, Equatable {
        case fixed(Int)
        case local
    }

    let kind: Kind

    public static let utc = DisplayZone(kind: .fixed(0))

    public static let accepted = "UTC, local, or an offset from UTC such as +08:00 or -05:30"

    /// `UTC`, `local`, `+08:00`, `+0800`, `+8`, `-05:30`; nil for anything else.
    public static func parse(_ text: String) -> DisplayZone? {
        if text.trimmingBlanksString().lowercased() == "local" { return DisplayZone(kind: .local) }
        guard let offset = TimeBase.parseOffset(text), abs(offset) <= 14 * 3_600 else { return nil }
        return DisplayZone(kind: .fixed(offset))
    }

    public var isUTC: Bool { kind == .fixed(0) }

    /// `UTC`, `UTC+08:00`, `local time (Europe/Berlin)`.
    public var description: String {
        switch kind {
        case .fixed(0): return "UTC"
        case .fixed(let offset): return "UTC" + TimeBase.describe(offset: offset)
        case .local: return "local time (\(TimeZone.current.identifier))"
        }
    }

    /// Its name, as JSON shows it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Seconds east of UTC at the instant `epochSeconds`.
    public func offset(atEpoch epochSeconds: Int) -> Int {
        switch kind {
        case .fixed(let offset): return offset
        case .local:
            return TimeZone.current.secondsFromGMT(
                for: Date(timeIntervalSince1970: TimeInterval(epochSeconds)))
        }
    }

    /// `YYYY-MM-DD HH:MM:SS` in this zone of a stored UTC time; the text unchanged when it is no time.
    public func time(_ utc: String) -> String {
        guard let epoch = Timestamp.epochSeconds(ofUTC: utc) else { return utc }
        let shifted = Timestamp.format(epochSeconds: epoch + offset(atEpoch: epoch))
        return String(shifted.prefix(10)) + " " + String(shifted.dropFirst(11).prefix(8))
    }

    /// `YYYY-MM-DD` in this zone of a stored UTC time.
    public func day(_ utc: String) -> String {
        String(time(utc).prefix(10))
    }

    /// The UTC times (`YYYY-MM-DDTHH:MM:SS`) of the first and last second of the day `day`
    /// (`YYYY-MM-DD`) in this zone.
    public func utcBounds(ofDay year: Int, _ month: Int, _ day: Int) -> (first: String, last: String) {
        let midnight = Timestamp.daysFromCivil(year, month, day) * 86_400
        // The offset at the local midnight (read at the UTC instant of the same wall time, then
        // again at the instant it gives, which settles it across a daylight-saving change).
        let start = midnight - offset(atEpoch: midnight - offset(atEpoch: midnight))
        let nextMidnight = midnight + 86_400
        let end = nextMidnight - offset(atEpoch: nextMidnight - offset(atEpoch: nextMidnight)) - 1
        return (
            String(Timestamp.format(epochSeconds: start).prefix(19)),
            String(Timestamp.format(epochSeconds: end).prefix(19))
        )
    }
}

extension Timestamp {
    /// Seconds since 1970 of a stored UTC time (`2015-03-01T00:18:47Z`, `.117` allowed).
    package static func epochSeconds(ofUTC text: String) -> Int? {
        parse(text)?.epoch(assumedOffset: 0)
    }
}

extension Timestamp.Parsed {
    /// The date as written.
    package var civilDay: (year: Int, month: Int, day: Int) { (year, month, day) }

    /// Seconds since 1970, reading a zone-less time at `assumedOffset`.
    package func epoch(assumedOffset: Int) -> Int {
        if let epochSeconds { return epochSeconds }
        return Timestamp.daysFromCivil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
            - (offset ?? assumedOffset)
    }
}
