#if canImport(Glibc)
    import Glibc
#endif

/// One stack frame as read from a report. `symbol` is Apple's spelling (Bugly's extra
/// leading underscore removed); `rawSymbol` is what the report said.
///
/// A value: the frame's texts are byte ranges in its list's one buffer (`FrameList`), so reading a
/// frame line makes no object and no String; the Strings below are made only when asked for (the
/// classifier and the grouping read the bytes instead). A copy costs one retain, as the class it
/// replaced did.
public struct Frame: Sendable, Equatable {
    @usableFromInline let storage: FrameStorage
    @usableFromInline let slot: FrameSlot

    @usableFromInline init(storage: FrameStorage, slot: FrameSlot) {
        self.storage = storage
        self.slot = slot
    }

    /// A frame of its own (frames read from stored text, a dSYM's answers, tests); parsers append
    /// to their report's `FrameList` instead.
    public init(
        index: Int? = nil, image: String, address: String? = nil, symbol: String, rawSymbol: String? = nil,
        offset: UInt64? = nil, file: String? = nil, line: Int? = nil, isUnsymbolicated: Bool = false,
        isInlined: Bool = false
    ) {
        var list = FrameList()
        list.append(
            index: index, image: image, address: address, symbol: symbol, rawSymbol: rawSymbol,
            offset: offset,
            file: file, line: line, isUnsymbolicated: isUnsymbolicated, isInlined: isInlined)
        self = list[0]
    }

    public var index: Int? { slot.index }
    public var image: String { storage.images[slot.image] }
    public var address: String? { storage.text(slot.address) }
    public var symbol: String { storage.text(slot.symbol) ?? "" }
    public var rawSymbol: String { storage.text(slot.rawSymbol) ?? "" }
    /// `+ <offset>` after the symbol or after an image base.
    public var offset: UInt64? { slot.offset }
    public var file: String? { storage.text(slot.file) }
    public var line: Int? { slot.line }
    /// True when the frame has only `0x<image base> + <offset>`: nothing restored.
    public var isUnsymbolicated: Bool { slot.isUnsymbolicated }
    /// A function the compiler inlined into the frame after it (same address): the dSYM's
    /// debug information names it, the symbol table does not.
    public var isInlined: Bool { slot.isInlined }

    /// The image's number in its list: frames of one list with the same image have the same number.
    public var imageNumber: Int { slot.image }

    /// Runs `body` on the symbol's UTF-8 bytes, without making a String.
    @inlinable public func withSymbolBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
    {
        try storage.withBytes(of: slot.symbol, body)
    }

    /// Whether the symbol contains `needle`, searched with memchr and memcmp.
    @inlinable public func symbolContains(_ needle: StaticString) -> Bool {
        withSymbolBytes { $0.contains(needle) }
    }

    /// Whether the symbol starts with `prefix` (UTF-8 bytes).
    @inlinable public func symbolHasPrefix(_ prefix: [UInt8]) -> Bool {
        withSymbolBytes { $0.has(prefix, at: 0) }
    }

    /// Whether the symbol starts with `prefix`.
    @inlinable public func symbolHasPrefix(_ prefix: StaticString) -> Bool {
        withSymbolBytes { $0.hasPrefix(prefix) }
    }

    /// Whether the two frames' symbols are the same bytes.
    public func hasSameSymbol(as other: Frame) -> Bool {
        withSymbolBytes { mine in other.withSymbolBytes { mine.elementsEqual($0) } }
    }

    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.index == rhs.index && lhs.image == rhs.image && lhs.address == rhs.address
            && lhs.symbol == rhs.symbol
            && lhs.rawSymbol == rhs.rawSymbol && lhs.offset == rhs.offset && lhs.file == rhs.file
            && lhs.line == rhs.line
            && lhs.isUnsymbolicated == rhs.isUnsymbolicated && lhs.isInlined == rhs.isInlined
    }

    /// The symbol with every leading underscore removed: Bugly adds one inconsistently, so
    /// rules and grouping compare on this key (bugly-format.md section 9).
    public var matchKey: Substring { Substring(symbol.utf8.drop(while: { $0 == 95 })) }

    /// One line for display and storage: `image  symbol (file:line)`.
    public var displayText: String {
        var text = "\(image)  \(symbol)"
        if let file { text += " (\(file)\(line.map { ":\($0)" } ?? ""))" }
        return text
    }
}

/// Where a frame's text lies in its list's buffer; a negative count is "none".
@usableFromInline struct TextSpan: Sendable, Equatable {
    @usableFromInline var start: Int32
    @usableFromInline var count: Int32

    @usableFromInline static let none = TextSpan(start: 0, count: -1)

    @usableFromInline init(start: Int32, count: Int32) {
        self.start = start
        self.count = count
    }
}

/// A frame without its texts: numbers and spans only, so a list of them is one plain array.
@usableFromInline struct FrameSlot: Sendable, Equatable {
    @usableFromInline var index: Int?
    @usableFromInline var image: Int
    @usableFromInline var address: TextSpan
    @usableFromInline var symbol: TextSpan
    @usableFromInline var rawSymbol: TextSpan
    @usableFromInline var file: TextSpan
    @usableFromInline var offset: UInt64?
    @usableFromInline var line: Int?
    @usableFromInline var isUnsymbolicated: Bool
    @usableFromInline var isInlined = false
}

/// The texts of a list's frames: one byte buffer, and each distinct image name once (a report's
/// 30–60 frames name 5–15 images).
///
/// Unchecked Sendable: it is changed only through a `FrameList` that holds the only reference
/// (copy on write); frames handed out keep the copy they were read from.
///
/// Its properties are not checked for exclusive access at run time: every read of a frame's bytes
/// began and ended a dynamic access (2 % of the instructions of reading 1,000 reports), and the
/// copy-on-write discipline above already rules out overlapping writes.
@usableFromInline final class FrameStorage: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var bytes: [UInt8] = []
    @exclusivity(unchecked) @usableFromInline var images: [String] = []
    @exclusivity(unchecked) @usableFromInline var imageSpans: [TextSpan] = []

    @usableFromInline init() {}

    /// The bytes a storage makes room for at its first text: a report's frames hold a few KB of
    /// text, which grown from a few bytes was a reallocation and a copy at each doubling.
    @usableFromInline static let firstCapacity = 1_024

    @usableFromInline func copy() -> FrameStorage {
        let copy = FrameStorage()
        copy.bytes = bytes
        copy.images = images
        copy.imageSpans = imageSpans
        return copy
    }

    @inlinable func withBytes<R>(of span: TextSpan, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
        -> R
    {
        try bytes.withUnsafeBufferPointer { try body(Self.bytes(of: span, in: $0)) }
    }

    /// The bytes of `span` in `buffer` (this storage's bytes); none for a "none" span.
    @inlinable static func bytes(of span: TextSpan, in buffer: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>
    {
        let start = Int(span.start)
        return UnsafeBufferPointer(rebasing: buffer[start..<(start + max(Int(span.count), 0))])
    }

    func text(_ span: TextSpan) -> String? {
        guard span.count >= 0 else { return nil }
        return withBytes(of: span) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends `text` and returns where it lies.
    @usableFromInline func append(_ text: UnsafeBufferPointer<UInt8>) -> TextSpan {
        let span = TextSpan(
            start: Int32(truncatingIfNeeded: bytes.count), count: Int32(truncatingIfNeeded: text.count))
        if bytes.capacity == 0 { bytes.reserveCapacity(Self.firstCapacity) }
        bytes.append(contentsOf: text)
        return span
    }

    @usableFromInline func append(_ text: String?) -> TextSpan {
        guard var text else { return .none }
        return text.withUTF8 { append($0) }
    }

    /// The image number `imageNumber` gave last: a stack's frames come in runs of one image, so
    /// it is tried first.
    @exclusivity(unchecked) @usableFromInline var lastImage = 0

    /// The number of the image named `name`, added when new.
    @usableFromInline func imageNumber(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        if lastImage < imageSpans.count, names(imageSpans[lastImage], name) { return lastImage }
        for (number, span) in imageSpans.enumerated() where names(span, name) {
            lastImage = number
            return number
        }
        imageSpans.append(append(name))
        images.append(String(decoding: name, as: UTF8.self))
        lastImage = images.count - 1
        return lastImage
    }

    /// Whether the bytes at `span` are `name`.
    private func names(_ span: TextSpan, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        Int(span.count) == name.count
            && (name.isEmpty
                || withBytes(of: span) { memcmp($0.baseAddress!, name.baseAddress!, name.count) == 0 })
    }

    @usableFromInline func imageNumber(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { imageNumber($0) }
    }
}
