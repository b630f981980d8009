import CrashScanDatabase
import Foundation

/// Numbers the device or user ids `report` counts (0, 1, 2 … in the order first seen), keyed by
/// their bytes as read in place from the database, so that an id seen again costs a hash and a
/// compare, not a String. On a million reports the unfiltered report numbered 555,000 ids: perf
/// counted 26 % of its samples in a `[String: Int32]` numbering (building each String, hashing it
/// with SipHash, growing the table), 11.5 % in this table's lookup.
///
/// `canonical` (the cells' texts, `TextNumbering`): two texts are one when Swift's `==` says so
/// (canonical equivalence): ASCII texts are keyed by their bytes, any other by the bytes of its NFC
/// form. Device and user ids are numbered by their bytes alone (`FailureFold`).
struct IDNumbering {
    /// False: every byte sequence is its own id (as SQL's BINARY comparison sees texts).
    let canonical: Bool

    init(canonical: Bool = true) { self.canonical = canonical }

    private struct Entry {
        var start: Int
        var count: Int
        var hash: UInt64
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// Open addressing, the count a power of two: 0 for an empty slot, else the entry's index + 1
    /// in the low half and the high half of its hash above it, so that most slots that hold
    /// another id are passed over without reading its entry (a cache miss on 200,000 ids).
    private var slots = [UInt64](repeating: 0, count: 1024)

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The number of the id in `text`.
    mutating func number(_ text: UnsafeRawBufferPointer) -> Int32 {
        if !canonical || Self.isASCII(text) { return numberBytes(text) }
        var canonical = String(decoding: text, as: UTF8.self).precomposedStringWithCanonicalMapping
        return canonical.withUTF8 { numberBytes(UnsafeRawBufferPointer($0)) }
    }

    /// Eight bytes at a time (byte by byte it was over a quarter of the numbering's instructions).
    static func isASCII(_ text: UnsafeRawBufferPointer) -> Bool {
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= text.count {
            high |= text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < text.count {
            high |= UInt64(text[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    private mutating func numberBytes(_ key: UnsafeRawBufferPointer) -> Int32 {
        let hash = Self.hash(key)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let stored = slots[slot]
            if stored & 0xFFFF_FFFF_0000_0000 == tag {
                let index = Int(stored & 0xFFFF_FFFF) - 1
                let entry = entries[index]
                if entry.count == key.count,
                    bytes.withUnsafeBytes({
                        memcmp($0.baseAddress! + entry.start, key.baseAddress!, key.count) == 0
                    })
                {
                    return Int32(index)
                }
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        let number = Int32(entries.count)
        entries.append(Entry(start: bytes.count, count: key.count, hash: hash))
        bytes.append(contentsOf: key)
        slots[slot] = tag | UInt64(number + 1)
        if entries.count * 2 > slots.count { grow() }
        return number
    }

    /// Twice the slots, the entries placed again by their kept hashes.
    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = entry.hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
        }
    }

    /// Eight bytes at a time, each word multiplied in and its high half folded down; the
    /// finish spreads the bits so that the low ones (the slot) depend on every byte.
    static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        var offset = 0
        while offset + 8 <= key.count {
            let word = key.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            state = mix(state ^ word)
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < key.count {
            tail |= UInt64(key[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(mix(state ^ tail))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }
}

/// Texts numbered as `IDNumbering` numbers ids, each kept as the String first read for its
/// number (the spelling a `[String: …]` dictionary would have kept).
struct TextNumbering {
    private var numbering: IDNumbering
    private var texts: [String] = []

    /// `canonical`: as `IDNumbering.canonical`.
    init(canonical: Bool = true) { numbering = IDNumbering(canonical: canonical) }

    mutating func number(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        let number = numbering.number(bytes)
        if Int(number) == texts.count { texts.append(String(decoding: bytes, as: UTF8.self)) }
        return number
    }

    func text(_ number: Int32?) -> String? { number.map { texts[Int($0)] } }
}
