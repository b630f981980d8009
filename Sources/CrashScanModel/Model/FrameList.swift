/// A report's frames: their numbers and spans in one array, their texts in one shared buffer
/// (`FrameStorage`). Reading a report's 30–60 frame lines this way makes two growing buffers
/// instead of an object and two to four Strings per frame.
public struct FrameList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Sendable,
    Equatable, ExpressibleByArrayLiteral
{
    @usableFromInline var storage: FrameStorage
    @usableFromInline var slots: [FrameSlot]

    @inlinable public init() {
        storage = FrameStorage()
        slots = []
    }

    public init(arrayLiteral frames: Frame...) {
        self.init(frames)
    }

    // Inlinable, as the rest of the collection: the classifier and the grouping walk the frames
    // from other modules, and unspecialised generic walks cost a call per index and per frame.
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { slots.count }
    @inlinable public func index(after position: Int) -> Int { position + 1 }
    @inlinable public func index(before position: Int) -> Int { position - 1 }

    @inlinable public subscript(position: Int) -> Frame {
        get { Frame(storage: storage, slot: slots[position]) }
        set {
            let slot = adopt(newValue)
            slots[position] = slot
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with frames: C)
    where C.Element == Frame {
        var adopted: [FrameSlot] = []
        adopted.reserveCapacity(frames.count)
        for frame in frames { adopted.append(adopt(frame)) }
        slots.replaceSubrange(subrange, with: adopted)
    }

    public mutating func reserveCapacity(_ count: Int) { slots.reserveCapacity(count) }

    public static func == (lhs: FrameList, rhs: FrameList) -> Bool { lhs.elementsEqual(rhs) }

    /// Every image name the list's storage holds, by number (`Frame.imageNumber`); a name may
    /// outlive the frames that used it (a frame replaced), so ask the frames which they name.
    public var imageNames: [String] { storage.images }

    /// By image number (`imageNames`), whether a frame in that image is unsymbolicated; read from
    /// the slots, without making a `Frame` of each (which retains the storage): every report's
    /// symbolication state asks it.
    public var unsymbolicatedImages: [Bool] {
        var found = [Bool](repeating: false, count: storage.images.count)
        for slot in slots where slot.isUnsymbolicated { found[slot.image] = true }
        return found
    }

    /// The images the frames name, each once, in the order they first appear.
    public var imageNamesInOrder: [(number: Int, name: String)] {
        var seen = [Bool](repeating: false, count: storage.images.count)
        var names: [(number: Int, name: String)] = []
        for slot in slots where !seen[slot.image] {
            seen[slot.image] = true
            names.append((slot.image, storage.images[slot.image]))
        }
        return names
    }

    /// The first frame whose image is `name` (compared as Strings are) and that is not an
    /// inlined function: the function a report lists at that address.
    public func first(inImage name: String) -> Frame? {
        let images = storage.images
        return first { images[$0.slot.image] == name && !$0.slot.isInlined }
    }

    /// Whether `mayHold` takes the bytes of all the frames' texts at once: a gate for a pattern
    /// a symbol may hold, asked before `positions(whereSymbol:)` walks the frames (one search
    /// over a report's frames instead of one a frame). A pattern in one symbol is in the whole;
    /// the whole may also join two texts into one, which only costs the walk.
    @inlinable public func textMayHold(_ mayHold: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        storage.bytes.withUnsafeBufferPointer(mayHold)
    }

    /// The positions of the frames whose symbol's bytes `accept` takes, in order, without
    /// making a `Frame` of each (which retains the storage): a classifier's gate over every
    /// frame of every report.
    @inlinable public func positions(whereSymbol accept: (UnsafeBufferPointer<UInt8>) -> Bool) -> [Int] {
        storage.bytes.withUnsafeBufferPointer { buffer in
            slots.indices.filter { accept(FrameStorage.bytes(of: slots[$0].symbol, in: buffer)) }
        }
    }

    // MARK: - Appending

    /// Appends a frame read from Strings (JSON formats, stored text).
    public mutating func append(
        index: Int? = nil, image: String, address: String? = nil, symbol: String, rawSymbol: String? = nil,
        offset: UInt64? = nil, file: String? = nil, line: Int? = nil, isUnsymbolicated: Bool = false,
        isInlined: Bool = false
    ) {
        makeUnique()
        let storage = storage
        let symbolSpan = storage.append(symbol)
        let rawSpan = rawSymbol.map { $0 == symbol ? symbolSpan : storage.append($0) } ?? symbolSpan
        slots.append(
            FrameSlot(
                index: index, image: storage.imageNumber(image), address: storage.append(address),
                symbol: symbolSpan, rawSymbol: rawSpan, file: storage.append(file), offset: offset,
                line: line,
                isUnsymbolicated: isUnsymbolicated, isInlined: isInlined))
    }

    /// Appends a frame read from a line's bytes. `symbol` is the raw symbol; the stored one leaves
    /// out its first `symbolTrim` bytes (Bugly's extra underscore, `SymbolNormalizer`).
    public mutating func append(
        index: Int?, image: UnsafeBufferPointer<UInt8>, address: UnsafeBufferPointer<UInt8>?,
        symbol: UnsafeBufferPointer<UInt8>, symbolTrim: Int, offset: UInt64?,
        file: UnsafeBufferPointer<UInt8>?, line: Int?, isUnsymbolicated: Bool
    ) {
        makeUnique()
        let storage = storage
        let imageNumber = storage.imageNumber(image)
        let raw = storage.append(symbol)
        let trimmed = TextSpan(start: raw.start + Int32(symbolTrim), count: raw.count - Int32(symbolTrim))
        slots.append(
            FrameSlot(
                index: index, image: imageNumber, address: address.map(storage.append) ?? .none,
                symbol: trimmed, rawSymbol: raw, file: file.map(storage.append) ?? .none, offset: offset,
                line: line, isUnsymbolicated: isUnsymbolicated))
    }

    /// The slot of `frame` in this list's storage, its texts copied in unless they are already
    /// there.
    @usableFromInline mutating func adopt(_ frame: Frame) -> FrameSlot {
        if frame.storage === storage { return frame.slot }
        makeUnique()
        let source = frame.storage
        let target = storage
        var slot = frame.slot
        let copy = { (span: TextSpan) -> TextSpan in
            span.count < 0 ? .none : source.withBytes(of: span) { target.append($0) }
        }
        // The stored symbol is the raw one or a part of it (`symbolTrim`): copied once.
        let (raw, symbol) = (frame.slot.rawSymbol, frame.slot.symbol)
        slot.rawSymbol = copy(raw)
        slot.symbol =
            symbol.start >= raw.start && symbol.start + symbol.count <= raw.start + raw.count
            ? TextSpan(start: slot.rawSymbol.start + symbol.start - raw.start, count: symbol.count)
            : copy(symbol)
        slot.address = copy(slot.address)
        slot.file = copy(slot.file)
        slot.image = target.imageNumber(source.images[frame.slot.image])
        return slot
    }

    /// Before a frame is added: the storage this list alone holds, and room for a stack's first
    /// frames (a report has 30–60 of them, which grown from one slot was a reallocation and a copy at
    /// each doubling).
    @usableFromInline mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        if slots.capacity == 0 { slots.reserveCapacity(16) }
    }
}

/// `dump` and the debugger show the frames, not the buffer they share.
extension FrameList: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
    }
}

extension Frame: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "index": index as Any, "image": image, "address": address as Any, "symbol": symbol,
                "rawSymbol": rawSymbol, "offset": offset as Any, "file": file as Any, "line": line as Any,
                "isUnsymbolicated": isUnsymbolicated, "isInlined": isInlined,
            ], displayStyle: .struct)
    }
}
