import CrashScanJSON
import CrashScanModel

/// The one-line JSON header of an `.ips` file: what kind of report follows, and what the body
/// may leave out.
struct IPSHeader {
    var bugType: String?
    var osVersion: String?
    var appVersion: String?
    var timestamp: String?
    var bundleID: String?
    var appName: String?
    var platform: Int?

    /// The header on `line`; nil when the line is not a JSON object.
    init?(_ line: Substring) {
        var text = String(line)
        let header = text.withUTF8 { bytes -> IPSHeader? in
            var reader = StreamingJSON(bytes)
            var header = IPSHeader()
            do {
                guard try reader.kind() == .object else { return nil }
                try reader.readObject { reader, key in try header.read(&reader, key) }
                try reader.end()
            } catch {
                return nil
            }
            return header
        }
        guard let header else { return nil }
        self = header
    }

    private init() {}

    private mutating func read(_ reader: inout StreamingJSON, _ key: JSONKey) throws {
        if key == "bug_type" {
            bugType = try reader.fieldString()
        } else if key == "os_version" {
            osVersion = try reader.fieldString()
        } else if key == "app_version" {
            appVersion = try reader.fieldString()
        } else if key == "timestamp" {
            timestamp = try reader.fieldString()
        } else if key == "bundleID" {
            bundleID = try reader.fieldString()
        } else if key == "app_name" {
            appName = try reader.fieldString()
        } else if key == "platform" {
            platform = try reader.fieldInt()
        }
    }
}
