import CrashScanJSON
import CrashScanModel

/// A Sentry event read on its bytes, without building its values. It reads a `CanonicalJSON.Document`
/// (the content that is hashed, already written and checked); the last exception is kept as a
/// byte range while `exception.values` is read, and read after.
///
/// Nil for an event without an exception.
enum SentryEventReader {
    static func read(_ document: CanonicalJSON.Document) throws -> CrashReport? {
        let bytes = document.bytes
        var fields = SentryEventFields()
        var lastException: Range<Int>?
        var reader = StreamingJSON(bytes)
        // A name given twice: the last member counts, with nothing of the one before.
        try reader.readObject { reader, key in
            if key == "exception" {
                lastException = nil
                try reader.readObject { reader, key in
                    guard key == "values" else { return }
                    lastException = nil
                    try reader.readElements { reader in
                        guard try reader.kind() == .object else { return try reader.skipValue() }
                        lastException = try reader.valueRange()
                    }
                }
            } else if key == "contexts" {
                try readContexts(&reader, into: &fields)
            } else if key == "timestamp" {
                fields.timestamp = try reader.fieldString()
            }
        }
        guard let lastException else { return nil }
        try readException(bytes, lastException, into: &fields)
        return SentryEventParser.report(fields, content: String(decoding: document.content, as: UTF8.self))
    }

    private static func readContexts(_ reader: inout StreamingJSON, into fields: inout SentryEventFields)
        throws
    {
        (fields.deviceModel, fields.osName, fields.osVersion, fields.osBuild, fields.appVersion) = (
            nil, nil, nil, nil, nil
        )
        try reader.readObject { reader, key in
            if key == "device" {
                fields.deviceModel = nil
                try reader.readObject { reader, key in
                    if key == "model" { fields.deviceModel = try reader.fieldString() }
                }
            } else if key == "os" {
                (fields.osName, fields.osVersion, fields.osBuild) = (nil, nil, nil)
                try reader.readObject { reader, key in
                    if key == "name" {
                        fields.osName = try reader.fieldString()
                    } else if key == "version" {
                        fields.osVersion = try reader.fieldString()
                    } else if key == "build" {
                        fields.osBuild = try reader.fieldString()
                    }
                }
            } else if key == "app" {
                fields.appVersion = nil
                try reader.readObject { reader, key in
                    if key == "app_version" { fields.appVersion = try reader.fieldString() }
                }
            }
        }
    }

    private static func readException(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into fields: inout SentryEventFields
    ) throws {
        var reader = StreamingJSON(bytes, from: range.lowerBound)
        try reader.readObject { reader, key in
            if key == "type" {
                fields.type = try reader.fieldString()
            } else if key == "value" {
                fields.value = try reader.fieldString()
            } else if key == "stacktrace" {
                fields.frames = []
                try reader.readObject { reader, key in
                    guard key == "frames" else { return }
                    fields.frames = []
                    try reader.readElements { reader in
                        guard try reader.kind() == .object else { return try reader.skipValue() }
                        var frame = SentryEventFields.RawFrame()
                        try reader.readObject { reader, key in
                            if key == "package" {
                                frame.package = try reader.fieldString()
                            } else if key == "instruction_addr" {
                                frame.instructionAddress = try reader.fieldString()
                            } else if key == "function" {
                                frame.function = try reader.fieldString()
                            }
                        }
                        fields.frames.append(frame)
                    }
                }
            }
        }
    }
}
