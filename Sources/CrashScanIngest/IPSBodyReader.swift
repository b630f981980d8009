import CrashScanCatalogs
import CrashScanModel

/// The JSON body of an `.ips` (bug_type 309) read in one pass over its bytes: the members
/// crashscan stores are read, everything else (registers, other threads' frames, the VM summary,
/// the images' sizes …) is skipped. The crashed thread is only known once `threads` and
/// `faultingThread` are read, and frames name images listed after them, so backtraces are kept
/// as byte ranges and read last.
///
/// Gives the same report as `IPSParser.jsonBody` on `JSONSerialization`'s objects; a document it
/// does not cover throws `JSONShapeNotCovered`, a malformed one `JSONSyntaxError`.
struct IPSBodyReader {
    private var report: CrashReport
    private var images: [Image] = []
    /// The body's `threads` that are objects, in order.
    private var threads: [Thread] = []
    private var faultingThread: Int?
    /// `lastExceptionBacktrace`, read as it is met (the only backtrace whose use is known then);
    /// `.notCovered` when a frame has a shape `JSONSerialization` reads its own way, which
    /// `finish` reports once the rest of the document has been checked.
    private var exceptionBacktrace: Backtrace?
    private var procPath: String?
    private var asi: [(library: String, lines: [String])]?
    /// `exception.type`, and `exceptionReason.name` (iOS 17+) that wins over it whatever the
    /// order of the two in the document.
    private var exceptionType: String?
    private var reasonName: String?

    /// A used image: its name read, its other members kept as where their values are and read
    /// only for the images a report keeps (most are the system's).
    struct Image {
        var name: String?
        var path: Range<Int>?
        var uuid: Range<Int>?
        var base: Range<Int>?
        var arch: Range<Int>?
    }

    struct Thread {
        var triggered: Bool?
        var frames: Range<Int>?
    }

    /// A frame's members as read, its image named in `finish` (the images come after the
    /// backtraces in the document).
    struct RawFrame {
        var index: Int
        var imageIndex: Int?
        var symbol: StreamingJSON.FieldText?
        var symbolLocation: Int?
        var imageOffset: Int?
        var sourceFile: String?
        var sourceLine: Int?
    }

    enum Backtrace {
        case frames([RawFrame])
        case notCovered
    }

    private init(content: String) {
        report = CrashReport(format: .appleIPS, normalizedContent: content)
    }

    /// The report of the body at `start` of `bytes` (the whole file's text).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, content: String) throws
        -> CrashReport
    {
        var reader = StreamingJSON(bytes, from: start)
        var body = IPSBodyReader(content: content)
        try reader.readMembers { reader, key in try body.readMember(&reader, key) }
        try reader.end()
        return try body.finish(bytes)
    }

    // MARK: - Members

    /// Reads one member of the body; its number (for the duplicate check) when it is one read.
    private mutating func readMember(_ reader: inout StreamingJSON, _ key: JSONKey) throws -> Int? {
        switch key.bytes.count {
        case 3 where key == "asi":
            try readASI(&reader)
            return 0
        case 7 where key == "threads":
            try reader.readElements { reader in
                guard try reader.kind() == .object else { return try reader.skipValue() }
                var thread = Thread()
                try reader.readMembers { reader, key in
                    if key == "triggered" {
                        thread.triggered = try reader.fieldBool()
                        return 0
                    }
                    guard key == "frames" else { return nil }
                    thread.frames = try reader.valueRange()
                    return 1
                }
                threads.append(thread)
            }
            return 1
        case 10 where key == "usedImages":
            try reader.readElements { reader in images.append(try Self.readImage(&reader)) }
            return 2
        case 14 where key == "faultingThread":
            faultingThread = try reader.fieldInt()
            return 3
        case 22 where key == "lastExceptionBacktrace":
            // Read in this pass: skipping it and reading it again in `finish` read its bytes
            // twice (a third of the body's bytes in the benchmark's files).
            let start = reader.position
            do {
                exceptionBacktrace = .frames(try Self.rawFrames(&reader))
            } catch is JSONShapeNotCovered {
                reader.position = start
                _ = try reader.valueRange()
                exceptionBacktrace = .notCovered
            }
            return 4
        default: return try readDeviceAndApp(&reader, key).map { $0 + 5 }
        }
    }

    /// Device, OS, capture time, process, architecture and the app's version and bundle id.
    private mutating func readDeviceAndApp(_ reader: inout StreamingJSON, _ key: JSONKey) throws -> Int? {
        if key == "modelCode" {
            report.deviceRaw = try reader.fieldString()
            return 0
        } else if key == "osVersion" {
            var train: String?
            var build: String?
            let isObject = try reader.kind() == .object
            try reader.readMembers { reader, key in
                if key == "train" {
                    train = try reader.fieldString()
                    return 0
                } else if key == "build" {
                    build = try reader.fieldString()
                    return 1
                }
                return nil
            }
            if isObject {
                let train = train ?? ""
                report.osRaw = build.map { "\(train) (\($0))" } ?? (train.isEmpty ? nil : train)
            }
            return 1
        } else if key == "captureTime" {
            report.occurredAtRaw = try reader.fieldString()
            return 2
        } else if key == "procName" {
            report.processName = try reader.fieldString()
            return 3
        } else if key == "cpuType" {
            report.cpuArch = try reader.fieldString()
            return 4
        } else if key == "crashReporterKey" {
            report.deviceID = ReportIdentity.identifier(try reader.fieldString())
            return 5
        } else if key == "bundleInfo" {
            try reader.readMembers { reader, key in
                if key == "CFBundleShortVersionString" {
                    report.appVersion = try reader.fieldString()
                    return 0
                } else if key == "CFBundleIdentifier" {
                    report.bundleID = try reader.fieldString()
                    return 1
                }
                return nil
            }
            return 6
        } else if key == "procPath" {
            procPath = try reader.fieldString()
            return 7
        }
        return try readException(&reader, key).map { $0 + 8 }
    }

    /// The exception type and signal, and iOS 17/18's structured reason.
    private mutating func readException(_ reader: inout StreamingJSON, _ key: JSONKey) throws -> Int? {
        if key == "exception" {
            try reader.readMembers { reader, key in
                if key == "type" {
                    exceptionType = try reader.fieldString()
                    return 0
                } else if key == "signal" {
                    report.signal = try reader.fieldString()
                    return 1
                }
                return nil
            }
            return 0
        } else if key == "exceptionReason" {
            try reader.readMembers { reader, key in
                if key == "name" {
                    reasonName = try reader.fieldString()
                    return 0
                } else if key == "composed_message" {
                    report.exceptionReason = try reader.fieldString()
                    return 1
                }
                return nil
            }
            return 1
        }
        return nil
    }

    /// `asi`: per-library arrays of strings.
    private mutating func readASI(_ reader: inout StreamingJSON) throws {
        guard try reader.kind() == .object else { return try reader.skipValue() }
        var libraries: [(library: String, lines: [String])] = []
        try reader.members { reader, key in libraries.append((key.string, try reader.fieldStrings())) }
        // Foundation keeps one of two equal names: not covered.
        guard Set(libraries.map(\.library)).count == libraries.count else { throw JSONShapeNotCovered() }
        asi = libraries
    }

    private static func readImage(_ reader: inout StreamingJSON) throws -> Image {
        var image = Image()
        try reader.readMembers { reader, key in
            switch key.bytes.count {
            case 4 where key == "name":
                image.name = try reader.fieldString()
                return 0
            case 4 where key == "path":
                image.path = try reader.valueRange()
                return 1
            case 4 where key == "uuid":
                image.uuid = try reader.valueRange()
                return 2
            case 4 where key == "base":
                image.base = try reader.valueRange()
                return 3
            case 4 where key == "arch":
                image.arch = try reader.valueRange()
                return 4
            default: return nil
            }
        }
        return image
    }

    // MARK: - The report

    private mutating func finish(_ bytes: UnsafeBufferPointer<UInt8>) throws -> CrashReport {
        report.exceptionType = exceptionType
        if let reasonName { report.exceptionType = reasonName }
        if report.exceptionReason == nil, let asi {
            let lines = asi.sorted { $0.library < $1.library }.flatMap(\.lines)
            AppleTextParser.applyApplicationInformation(lines.map { Substring($0) }, to: &report)
        }
        report.binaryImages = try images.compactMap { image in
            guard let name = image.name, !KnownClasses.isSystemImage(name) else { return nil }
            return BinaryImage(
                name: name, uuid: try string(image.uuid, bytes),
                loadAddress: try integer(image.base, bytes).map { UInt64(clamping: $0) },
                arch: try string(image.arch, bytes))
        }
        let crashed =
            threads.first { $0.triggered == true }
            ?? faultingThread.flatMap { threads.indices.contains($0) ? threads[$0] : nil } ?? threads.first
        let exceptionFrames: FrameList
        switch exceptionBacktrace {
        case .frames(let raw): exceptionFrames = try frames(raw, bytes)
        case .notCovered: throw JSONShapeNotCovered()
        case nil: exceptionFrames = FrameList()
        }
        report.frames = exceptionFrames.isEmpty ? try frames(crashed?.frames, bytes) : exceptionFrames
        if let procPath, let app = try images.first(where: { try string($0.path, bytes) == procPath }) {
            report.appImageHint = app.name
        }
        return report
    }

    /// The value at `range` read as `fieldString` reads it.
    private func string(_ range: Range<Int>?, _ bytes: UnsafeBufferPointer<UInt8>) throws -> String? {
        guard let range else { return nil }
        var reader = StreamingJSON(
            UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]), from: range.lowerBound)
        return try reader.fieldString()
    }

    /// The value at `range` read as `fieldInt` reads it.
    private func integer(_ range: Range<Int>?, _ bytes: UnsafeBufferPointer<UInt8>) throws -> Int? {
        guard let range else { return nil }
        var reader = StreamingJSON(
            UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]), from: range.lowerBound)
        return try reader.fieldInt()
    }

    /// The frames of the backtrace at `range`, named by the image each points into.
    private func frames(_ range: Range<Int>?, _ bytes: UnsafeBufferPointer<UInt8>) throws -> FrameList {
        guard let range else { return FrameList() }
        var reader = StreamingJSON(
            UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]), from: range.lowerBound)
        return try frames(Self.rawFrames(&reader), bytes)
    }

    /// The frames of the backtrace at the reader (none for anything but an array) as read.
    private static func rawFrames(_ reader: inout StreamingJSON) throws -> [RawFrame] {
        guard try reader.kind() == .array else {
            try reader.skipValue()
            return []
        }
        var frames: [RawFrame] = []
        try reader.elements { reader, index in
            guard try reader.kind() == .object else { return }
            frames.append(try readFrame(&reader, index: index))
        }
        return frames
    }

    /// One frame of a backtrace.
    private static func readFrame(_ reader: inout StreamingJSON, index: Int) throws -> RawFrame {
        var frame = RawFrame(index: index)
        try reader.readMembers { reader, key in
            if key == "imageIndex" {
                frame.imageIndex = try reader.fieldInt()
                return 0
            } else if key == "symbol" {
                frame.symbol = try reader.fieldText()
                return 1
            } else if key == "symbolLocation" {
                frame.symbolLocation = try reader.fieldInt()
                return 2
            } else if key == "imageOffset" {
                frame.imageOffset = try reader.fieldInt()
                return 3
            } else if key == "sourceFile" {
                frame.sourceFile = try reader.fieldString()
                return 4
            } else if key == "sourceLine" {
                frame.sourceLine = try reader.fieldInt()
                return 5
            }
            return nil
        }
        return frame
    }

    /// `raw` as frames, each named by the image it points into.
    private func frames(_ raw: [RawFrame], _ bytes: UnsafeBufferPointer<UInt8>) throws -> FrameList {
        var frames = FrameList()
        var imageNames: [String?] = Array(repeating: nil, count: images.count)
        for frame in raw {
            var imageName = try name(ofImage: frame.imageIndex, bytes, names: &imageNames)
            let offset = frame.symbolLocation.map { UInt64(clamping: $0) }
            switch frame.symbol {
            case .bytes(let range):
                imageName.withUTF8 { image in
                    frames.append(
                        index: frame.index, image: image, address: nil,
                        symbol: UnsafeBufferPointer(rebasing: bytes[range]), symbolTrim: 0, offset: offset,
                        file: frame.sourceFile, line: frame.sourceLine, isUnsymbolicated: false)
                }
            case .string(let text):
                frames.append(
                    index: frame.index, image: imageName, symbol: text, offset: offset,
                    file: frame.sourceFile,
                    line: frame.sourceLine)
            case nil:
                let imageOffset = frame.imageOffset.map { UInt64(clamping: $0) }
                frames.append(
                    index: frame.index, image: imageName, symbol: "0x" + String(imageOffset ?? 0, radix: 16),
                    offset: imageOffset, isUnsymbolicated: true)
            }
        }
        return frames
    }

    /// The name of the used image at `index` (its name, else the last part of its path), "?" for
    /// none.
    private func name(ofImage index: Int?, _ bytes: UnsafeBufferPointer<UInt8>, names: inout [String?]) throws
        -> String
    {
        guard let index, images.indices.contains(index) else { return "?" }
        if let known = names[index] { return known }
        let image = images[index]
        let name =
            try image.name ?? string(image.path, bytes).map { String($0.split(separator: "/").last ?? "") }
            ?? "?"
        names[index] = name
        return name
    }
}
