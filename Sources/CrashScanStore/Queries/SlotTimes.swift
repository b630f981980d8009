import CrashScanDatabase
import Foundation

/// The first and last time of each slot of a fold (a cell), as UTF-8 bytes compared as SQL's
/// BINARY compares text, kept in one buffer: a fold compares every failure's time with its cell's
/// two, and arrays of bytes per cell cost a retain, a release and often a copy each time (a third
/// of a fold's instructions on `--os 8.1`).
struct SlotTimes {
    /// Bytes a time keeps in the buffer (ISO 8601 with milliseconds is 24); a longer one (a hand
    /// edit) is kept on the side.
    private static let width = 32
    private var bytes: [UInt8] = []
    /// Per slot, the first and the last time's length; -1: none yet.
    private var lengths: [Int32] = []
    private var long: [Int: [UInt8]] = [:]

    /// Room for one more slot, with no time.
    mutating func appendSlot() {
        bytes.append(contentsOf: repeatElement(0, count: 2 * Self.width))
        lengths += [-1, -1]
    }

    /// `time` widens the slot's first and last time.
    mutating func note(_ time: UnsafeRawBufferPointer, slot: Int) {
        if precedes(time, than: 2 * slot, orNone: true) { store(time, at: 2 * slot) }
        if follows(time, than: 2 * slot + 1) { store(time, at: 2 * slot + 1) }
    }

    func first(_ slot: Int) -> String? { text(at: 2 * slot) }
    func last(_ slot: Int) -> String? { text(at: 2 * slot + 1) }

    /// The order of `time` against the time at `place` (-1, 0, 1); nil when there is none.
    private func compare(_ time: UnsafeRawBufferPointer, at place: Int) -> Int? {
        let length = Int(lengths[place])
        guard length >= 0 else { return nil }
        func order(_ stored: UnsafeRawBufferPointer) -> Int {
            let shared = min(time.count, stored.count)
            if shared > 0, let a = time.baseAddress, let b = stored.baseAddress {
                let result = memcmp(a, b, shared)
                if result != 0 { return result < 0 ? -1 : 1 }
            }
            return time.count < stored.count ? -1 : (time.count > stored.count ? 1 : 0)
        }
        if let kept = long[place] { return kept.withUnsafeBytes(order) }
        return bytes.withUnsafeBytes { buffer in
            order(UnsafeRawBufferPointer(rebasing: buffer[place * Self.width..<place * Self.width + length]))
        }
    }

    private func precedes(_ time: UnsafeRawBufferPointer, than place: Int, orNone: Bool) -> Bool {
        compare(time, at: place).map { $0 < 0 } ?? orNone
    }

    private func follows(_ time: UnsafeRawBufferPointer, than place: Int) -> Bool {
        compare(time, at: place).map { $0 > 0 } ?? true
    }

    private mutating func store(_ time: UnsafeRawBufferPointer, at place: Int) {
        lengths[place] = Int32(time.count)
        guard time.count <= Self.width else {
            long[place] = Array(time)
            return
        }
        long[place] = nil
        bytes.withUnsafeMutableBytes { buffer in
            if let target = buffer.baseAddress, let source = time.baseAddress, time.count > 0 {
                memcpy(target + place * Self.width, source, time.count)
            }
        }
    }

    private func text(at place: Int) -> String? {
        let length = Int(lengths[place])
        guard length >= 0 else { return nil }
        if let kept = long[place] { return String(decoding: kept, as: UTF8.self) }
        return String(decoding: bytes[place * Self.width..<place * Self.width + length], as: UTF8.self)
    }
}
