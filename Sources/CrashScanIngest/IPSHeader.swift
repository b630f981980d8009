import CrashScanModel
import Foundation

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

    /// The header on `line`; nil when the line is not a JSON object. Read on its bytes; through
    /// `JSONSerialization` when the streaming reader does not cover or refuses it (it is then not
    /// a header only if Foundation refuses it too).
    init?(_ line: Substring) {
        var text = String(line)
        let fast = text.withUTF8 { bytes -> IPSHeader? in
            var reader = StreamingJSON(bytes)
            var header = IPSHeader()
            do {
                guard try reader.kind() == .object else { return nil }
                try reader.readMembers { reader, key in try header.read(&reader, key) }
                try reader.end()
            } catch {
                return nil
            }
            return header
        }
        if let fast {
            self = fast
            return
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return nil
        }
        bugType = JSONFields.string(object["bug_type"])
        osVersion = JSONFields.string(object["os_version"])
        appVersion = JSONFields.string(object["app_version"])
        timestamp = JSONFields.string(object["timestamp"])
        bundleID = JSONFields.string(object["bundleID"])
        appName = JSONFields.string(object["app_name"])
        platform = JSONFields.int(object["platform"])
    }

    private init() {}

    private mutating func read(_ reader: inout StreamingJSON, _ key: JSONKey) throws -> Int? {
        if key == "bug_type" {
            bugType = try reader.fieldString()
            return 0
        } else if key == "os_version" {
            osVersion = try reader.fieldString()
            return 1
        } else if key == "app_version" {
            appVersion = try reader.fieldString()
            return 2
        } else if key == "timestamp" {
            timestamp = try reader.fieldString()
            return 3
        } else if key == "bundleID" {
            bundleID = try reader.fieldString()
            return 4
        } else if key == "app_name" {
            appName = try reader.fieldString()
            return 5
        } else if key == "platform" {
            platform = try reader.fieldInt()
            return 6
        }
        return nil
    }
}
