import CrashScanJSON
import CrashScanModel

/// A KSCrash document read on its bytes, without building its values. A KSCrash file is mostly registers,
/// binary images and every thread's backtrace, none of which is stored; the crashed thread's
/// backtrace is kept as a byte range while the threads are read and read last.
///
/// It reads a `CanonicalJSON.Document`: the content that is hashed, already written (which
/// checked every value); the members the report is made of are then read and everything else
/// skipped.
enum KSCrashReader {
    static func read(_ document: CanonicalJSON.Document) throws -> CrashReport {
        let bytes = document.bytes
        var fields = KSCrashFields()
        var backtrace: Range<Int>?
        // Asked in this order whatever the document's: `user`, `user.user`, then the scope's.
        var userBlocks: [[(name: String, value: String)]] = []
        var scopeUserBlocks: [[(name: String, value: String)]] = []
        var reader = StreamingJSON(bytes)
        // A name given twice: the last member counts, with nothing of the one before.
        try reader.readObject { reader, key in
            if key == "system" {
                try readSystem(&reader, into: &fields)
            } else if key == "report" {
                (fields.processName, fields.timestamp) = (nil, nil)
                try reader.readObject { reader, key in
                    if key == "process_name" {
                        fields.processName = try reader.fieldString()
                    } else if key == "timestamp" {
                        fields.timestamp = try timestamp(&reader)
                    }
                }
            } else if key == "crash" {
                backtrace = nil
                clearError(&fields)
                try reader.readObject { reader, key in
                    if key == "error" {
                        try readError(&reader, into: &fields)
                    } else if key == "threads" {
                        backtrace = try reader.memberOfFirstMarked("crashed", member: "backtrace")
                    }
                }
            } else if key == "binary_images" {
                fields.images = try images(&reader)
            } else if key == "user" {
                userBlocks = try userAndNestedUser(&reader)
            } else if key == "sentry_sdk_scope" {
                scopeUserBlocks = []
                try reader.readObject { reader, key in
                    if key == "user" { scopeUserBlocks = try userBlock(&reader) }
                }
            }
        }
        fields.userBlocks = userBlocks + scopeUserBlocks
        if let backtrace { fields.frames = try frames(bytes, backtrace) }
        return KSCrashParser.report(fields, content: String(decoding: document.content, as: UTF8.self))
    }

    /// `system` (given twice: the last one).
    private static func readSystem(_ reader: inout StreamingJSON, into fields: inout KSCrashFields) throws {
        fields.system = [:]
        fields.jailbroken = nil
        try reader.readObject { reader, key in
            if key == "jailbroken" {
                fields.jailbroken = try reader.fieldBool()
                return
            }
            let name = key.string
            if KSCrashFields.systemNames.contains(name) { fields.system[name] = try reader.fieldString() }
        }
    }

    /// Text as it stands, or an integer (a number's fraction dropped; a boolean 1 or 0).
    private static func timestamp(_ reader: inout StreamingJSON) throws -> KSCrashFields.Timestamp? {
        switch try reader.kind() {
        case .string: return .text(try reader.string())
        case .number, .bool: return try reader.fieldInt().map { .number($0) }
        case .object, .array, .null:
            try reader.skipValue()
            return nil
        }
    }

    /// `crash.error` (given twice: the last one).
    private static func readError(_ reader: inout StreamingJSON, into fields: inout KSCrashFields) throws {
        clearError(&fields)
        try reader.readObject { reader, key in
            if key == "mach" {
                fields.machExceptionName = nil
                try reader.readObject { reader, key in
                    if key == "exception_name" { fields.machExceptionName = try reader.fieldString() }
                }
            } else if key == "signal" {
                fields.signalName = nil
                try reader.readObject { reader, key in
                    if key == "name" { fields.signalName = try reader.fieldString() }
                }
            } else if key == "type" {
                fields.errorType = try reader.fieldString()
            } else if key == "reason" {
                fields.errorReason = try reader.fieldString()
            } else if key == "nsexception" {
                fields.nsexception = try exception(&reader)
            } else if key == "cpp_exception" {
                fields.cppException = try exception(&reader).map { .init(name: $0.name, reason: nil) }
            }
        }
    }

    private static func clearError(_ fields: inout KSCrashFields) {
        (fields.machExceptionName, fields.signalName, fields.errorType, fields.errorReason) = (
            nil, nil, nil, nil
        )
        (fields.nsexception, fields.cppException) = (nil, nil)
    }

    /// The exception's name and reason; nil when it is not an object.
    private static func exception(_ reader: inout StreamingJSON) throws -> KSCrashFields.Exception? {
        guard try reader.kind() == .object else {
            try reader.skipValue()
            return nil
        }
        var exception = KSCrashFields.Exception()
        try reader.readObject { reader, key in
            if key == "name" {
                exception.name = try reader.fieldString()
            } else if key == "reason" {
                exception.reason = try reader.fieldString()
            }
        }
        return exception
    }

    /// The frames of a backtrace's `contents`, numbered by their place among its elements.
    private static func frames(_ bytes: UnsafeBufferPointer<UInt8>, _ backtrace: Range<Int>) throws -> [Frame]
    {
        var reader = StreamingJSON(bytes, from: backtrace.lowerBound)
        var frames: [Frame] = []
        try reader.readObject { reader, key in
            guard key == "contents" else { return }
            var index = 0
            try reader.readElements { reader in
                defer { index += 1 }
                guard try reader.kind() == .object else { return try reader.skipValue() }
                var frame = KSCrashFields.RawFrame()
                try reader.readObject { reader, key in
                    if key == "object_name" {
                        frame.image = try reader.fieldString()
                    } else if key == "symbol_name" {
                        frame.symbol = try reader.fieldString()
                    } else if key == "instruction_addr" {
                        frame.instruction = try reader.fieldInt()
                    } else if key == "symbol_addr" {
                        frame.symbolAddress = try reader.fieldInt()
                    } else if key == "object_addr" {
                        frame.objectAddress = try reader.fieldInt()
                    }
                }
                frames.append(frame.frame(index: index))
            }
        }
        return frames
    }

    /// The app's images of `binary_images` (given twice: the last one).
    private static func images(_ reader: inout StreamingJSON) throws -> [BinaryImage] {
        guard try reader.kind() == .array else {
            try reader.skipValue()
            return []
        }
        var images: [BinaryImage] = []
        try reader.readElements { reader in
            guard try reader.kind() == .object else { return try reader.skipValue() }
            var image = KSCrashFields.RawImage()
            try reader.readObject { reader, key in
                if key == "name" {
                    image.path = try reader.fieldString()
                } else if key == "uuid" {
                    image.uuid = try reader.fieldString()
                } else if key == "image_addr" {
                    image.address = try reader.fieldInt()
                } else if key == "cpu_type" {
                    image.cpuType = try reader.fieldInt()
                } else if key == "cpu_subtype" {
                    image.cpuSubtype = try reader.fieldInt()
                }
            }
            if let made = image.image { images.append(made) }
        }
        return images
    }

    /// The top-level `user` block and the `user` block inside it, in that order.
    private static func userAndNestedUser(_ reader: inout StreamingJSON) throws -> [[(
        name: String, value: String
    )]] {
        guard try reader.kind() == .object else {
            try reader.skipValue()
            return []
        }
        var own: [(name: String, value: String)] = []
        var nested: [[(name: String, value: String)]] = []
        try reader.readObject { reader, key in
            if key == "user" {
                nested = try userBlock(&reader)
            } else if KSCrashFields.userIDNames.contains(key.string), let value = try reader.fieldString() {
                own.append((key.string, value))
            }
        }
        return [own] + nested
    }

    /// A user block's ids; no block when it is not an object.
    private static func userBlock(_ reader: inout StreamingJSON) throws -> [[(name: String, value: String)]] {
        guard try reader.kind() == .object else {
            try reader.skipValue()
            return []
        }
        var block: [(name: String, value: String)] = []
        try reader.readObject { reader, key in
            let name = key.string
            if KSCrashFields.userIDNames.contains(name), let value = try reader.fieldString() {
                block.append((name, value))
            }
        }
        return [block]
    }
}
