import CrashScanCatalogs
import CrashScanJSON
import CrashScanModel

/// The JSON body of an `.ips` (bug_type 309) read in one pass over its bytes: the members
/// crashscan stores are read, everything else (registers, other threads' frames, the VM summary,
/// the images' sizes …) is skipped. The crashed thread is only known once `threads` and
/// `faultingThread` are read, and frames name images listed after them, so backtraces are kept
/// as byte ranges and read last.
///
/// A member given twice counts once, with its last value; a malformed body throws
/// `JSONSyntaxError`.
struct IPSBodyReader {
    private var report: CrashReport
    private var images: [Image] = []
    /// The body's `threads` that are objects, in order.
    private var threads: [Thread] = []
    private var faultingThread: Int?
    /// `lastExceptionBacktrace`, read as it is met (the only backtrace whose use is known then).
    private var exceptionBacktrace: [RawFrame]?
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

    private init(content: String) {
        report = CrashReport(format: .appleIPS, normalizedContent: content)
    }

    /// The report of the body at `start` of `bytes` (the whole file's text).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, content: String) throws
        -> CrashReport
    {
        var reader = StreamingJSON(bytes, from: start)
        var body = IPSBodyReader(content: content)
        try reader.readObject { reader, key in try body.readMember(&reader, key) }
        try reader.end()
        return try body.finish(bytes)
    }

    // MARK: - Members

    /// Reads one member of the body.
    private mutating func readMember(_ reader: inout StreamingJSON, _ key: JSONKey) throws {
        switch key.bytes.count {
        case 3 where key == "asi":
            try readASI(&reader)
        case 7 where key == "threads":
            threads = []
            try reader.readElements { reader in
                guard try reader.kind() == .object else { return try reader.skipValue() }
                var thread = Thread()
                try reader.readObject { reader, key in
                    if key == "triggered" {
                        thread.triggered = try reader.fieldBool()
                    } else if key == "frames" {
                        thread.frames = try reader.valueRange()
                    }
                }
                threads.append(thread)
            }
        case 10 where key == "usedImages":
            images = []
            try reader.readElements { reader in images.append(try Self.readImage(&reader)) }
        case 14 where key == "faultingThread":
            faultingThread = try reader.fieldInt()
        case 22 where key == "lastExceptionBacktrace":
            // Read in this pass: skipping it and reading it again in `finish` read its bytes
            // twice (a third of the body's bytes in the benchmark's files).
            exceptionBacktrace = try Self.rawFrames(&reader)
        default: try readDeviceAndApp(&reader, key)
        }
    }

    /// Device, OS, capture time, process, architecture and the app's version and bundle id.
    private mutating func readDeviceAndApp(_ reader: inout StreamingJSON, _ key: JSONKey) throws {
        if key == "modelCode" {
            report.deviceRaw = try reader.fieldString()
        } else if key == "osVersion" {
            var train: String?
            var build: String?
            let isObject = try reader.kind() == .object
            try reader.readObject { reader, key in
                if key == "train" {
                    train = try reader.fieldString()
                } else if key == "build" {
                    build = try reader.fieldString()
                }
            }
            if isObject {
                let train = train ?? ""
                report.osRaw = build.map { "\(train) (\($0))" } ?? (train.isEmpty ? nil : train)
            }
        } else if key == "captureTime" {
            report.occurredAtRaw = try reader.fieldString()
        } else if key == "procName" {
            report.processName = try reader.fieldString()
        } else if key == "cpuType" {
            report.cpuArch = try reader.fieldString()
        } else if key == "crashReporterKey" {
            report.deviceID = ReportIdentity.identifier(try reader.fieldString())
        } else if key == "bundleInfo" {
            try reader.readObject { reader, key in
                if key == "CFBundleShortVersionString" {
                    report.appVersion = try reader.fieldString()
                } else if key == "CFBundleIdentifier" {
                    report.bundleID = try reader.fieldString()
                }
            }
        } else if key == "procPath" {
            procPath = try reader.fieldString()
        } else {
            try readException(&reader, key)
        }
    }

    /// The exception type and signal, and iOS 17/18's structured reason.
    private mutating func readException(_ reader: inout StreamingJSON, _ key: JSONKey) throws {
        if key == "exception" {
            try reader.readObject { reader, key in
                if key == "type" {
                    exceptionType = try reader.fieldString()
                } else if key == "signal" {
                    report.signal = try reader.fieldString()
                }
            }
        } else if key == "exceptionReason" {
            try reader.readObject { reader, key in
                if key == "name" {
                    reasonName = try reader.fieldString()
                } else if key == "composed_message" {
                    report.exceptionReason = try reader.fieldString()
                }
            }
        }
    }

    /// `asi`: per-library arrays of strings.
    private mutating func readASI(_ reader: inout StreamingJSON) throws {
        guard try reader.kind() == .object else { return try reader.skipValue() }
        var libraries: [(library: String, lines: [String])] = []
        try reader.members { reader, key in
            let library = key.string
            let lines = try reader.fieldStrings()
            // A library named twice: its last lines.
            if let index = libraries.firstIndex(where: { $0.library == library }) {
                libraries[index].lines = lines
            } else {
                libraries.append((library, lines))
            }
        }
        asi = libraries
    }

    private static func readImage(_ reader: inout StreamingJSON) throws -> Image {
        var image = Image()
        try reader.readObject { reader, key in
            switch key.bytes.count {
            case 4 where key == "name":
                image.name = try reader.fieldString()
            case 4 where key == "path":
                image.path = try reader.valueRange()
            case 4 where key == "uuid":
                image.uuid = try reader.valueRange()
            case 4 where key == "base":
                image.base = try reader.valueRange()
            case 4 where key == "arch":
                image.arch = try reader.valueRange()
            default: break
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
        let exceptionFrames = try exceptionBacktrace.map { try frames($0, bytes) } ?? FrameList()
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
        try reader.readObject { reader, key in
            if key == "imageIndex" {
                frame.imageIndex = try reader.fieldInt()
            } else if key == "symbol" {
                frame.symbol = try reader.fieldText()
            } else if key == "symbolLocation" {
                frame.symbolLocation = try reader.fieldInt()
            } else if key == "imageOffset" {
                frame.imageOffset = try reader.fieldInt()
            } else if key == "sourceFile" {
                frame.sourceFile = try reader.fieldString()
            } else if key == "sourceLine" {
                frame.sourceLine = try reader.fieldInt()
            }
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
                var file = frame.sourceFile ?? ""
                imageName.withUTF8 { image in
                    file.withUTF8 { fileBytes in
                        frames.append(
                            index: frame.index, image: image, address: nil,
                            symbol: UnsafeBufferPointer(rebasing: bytes[range]), symbolTrim: 0,
                            offset: offset,
                            file: frame.sourceFile == nil ? nil : fileBytes, line: frame.sourceLine,
                            isUnsymbolicated: false)
                    }
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
