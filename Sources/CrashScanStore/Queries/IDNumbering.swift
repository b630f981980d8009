import Foundation

/// Numbers the device or user ids `report` counts (0, 1, 2 … in the order first seen), keyed by
/// their bytes as read in place from the database, so that an id seen again costs a hash and a
/// compare, not a String. On a million reports the unfiltered report numbers 555,000 ids; a
/// `[String: Int32]` spent 0.34 s of its 1.0 s there (building each String, hashing it with
/// SipHash, growing the table).
///
/// Two ids are one when Swift's `==` says so (canonical equivalence): ASCII ids, all the sources
/// give, are keyed by their bytes; any other id by the bytes of its NFC form.
struct IDNumbering {
    private struct Entry {
        var start: Int
        var count: Int
        var hash: UInt64
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// Open addressing: an entry's index + 1, 0 for an empty slot; the count a power of two.
    private var slots = [Int32](repeating: 0, count: 1024)

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The number of the id in `text`.
    mutating func number(_ text: UnsafeRawBufferPointer) -> Int32 {
        if text.allSatisfy({ $0 < 0x80 }) { return numberBytes(text) }
        var canonical = String(decoding: text, as: UTF8.self).precomposedStringWithCanonicalMapping
        return canonical.withUTF8 { numberBytes(UnsafeRawBufferPointer($0)) }
    }

    private mutating func numberBytes(_ key: UnsafeRawBufferPointer) -> Int32 {
        let hash = Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.hash == hash, entry.count == key.count,
                bytes.withUnsafeBytes({ stored in
                    memcmp(stored.baseAddress! + entry.start, key.baseAddress!, key.count) == 0
                })
            {
                return slots[slot] - 1
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        let number = Int32(entries.count)
        entries.append(Entry(start: bytes.count, count: key.count, hash: hash))
        bytes.append(contentsOf: key)
        slots[slot] = number + 1
        if entries.count * 2 > slots.count { grow() }
        return number
    }

    /// Twice the slots, the entries placed again by their kept hashes.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(index + 1)
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
