/// The order in which `JSONSerialization.data(withJSONObject:options: .sortedKeys)` writes an
/// object's member names, for names of printable ASCII.
///
/// Foundation sorts with `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering],
/// locale: .system)`, which is ICU's root collation: punctuation and the space first in ICU's own
/// order (not ASCII's), then digits, whose runs compare as numbers (`x2` before `x10`), then
/// letters regardless of case; names equal so far are told apart by case, the first letter that
/// differs in case putting the lower-case one first (`a`, `A`, `a9`, `a10`, `b`, `B`). The
/// differential tests check this against Foundation on random names.
///
/// A name with a byte outside 0x20–0x7E or a number of more than 18 digits has no key here, and
/// two names that differ only in leading zeros and perhaps case (`x1`, `x01`, `0B`, `00b`: the
/// same number to ICU) are `isAlike`, which Foundation orders its own way: the caller leaves such
/// a name to crashscan's own rule (`CanonicalJSON`).
package struct SortedKeyOrder: Comparable {
    /// One value per character or run of digits: its class in the top bits (punctuation, number,
    /// letter), then its rank within the class.
    private var primary: [UInt64]
    /// The leading zeros of each run of digits, in order.
    private var zeros: [Int]
    /// One bit per letter, in order: set for upper case.
    private var upperCase: [Bool]

    /// Punctuation and the space in ICU root's order.
    private static let punctuation = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".utf8)
    private static let punctuationRank: [UInt8: UInt64] = Dictionary(
        uniqueKeysWithValues: punctuation.enumerated().map { ($0.element, UInt64($0.offset)) })

    private static let numberClass: UInt64 = 1 << 62
    private static let letterClass: UInt64 = 2 << 62

    /// A stand-in for a name this order does not cover (`CanonicalJSON` orders those itself).
    package static let uncovered = SortedKeyOrder(primary: [], zeros: [], upperCase: [])

    private init(primary: [UInt64], zeros: [Int], upperCase: [Bool]) {
        self.primary = primary
        self.zeros = zeros
        self.upperCase = upperCase
    }

    /// The key of a name given as its UTF-8 bytes; nil when the name is not covered.
    package init?(_ name: UnsafeBufferPointer<UInt8>) {
        primary = []
        primary.reserveCapacity(name.count)
        upperCase = []
        zeros = []
        var index = 0
        while index < name.count {
            let byte = name[index]
            if byte &- 48 < 10 {
                guard let (value, end, leadingZeros) = Self.number(in: name, from: index) else { return nil }
                primary.append(Self.numberClass | value)
                zeros.append(leadingZeros)
                index = end
                continue
            }
            let lower = byte | 0x20
            if lower &- 97 < 26 {
                primary.append(Self.letterClass | UInt64(lower))
                upperCase.append(byte != lower)
            } else if let rank = Self.punctuationRank[byte] {
                primary.append(rank)
            } else {
                return nil
            }
            index += 1
        }
    }

    /// The value of the run of digits at `start`, where it ends and its leading zeros; nil for
    /// more than 18 digits after the zeros.
    private static func number(in name: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt64, Int, Int)? {
        var end = start
        var value: UInt64 = 0
        var significant = 0
        var leadingZeros = 0
        while end < name.count, name[end] &- 48 < 10 {
            value = value &* 10 &+ UInt64(name[end] &- 48)
            if value > 0 { significant += 1 } else { leadingZeros += 1 }
            end += 1
        }
        guard significant <= 18 else { return nil }
        // A lone `0` is the number, not a leading zero.
        return (value, end, value == 0 ? leadingZeros - 1 : leadingZeros)
    }

    /// True for the same name, and for names that differ only in leading zeros (and perhaps in
    /// case), which Foundation orders in a way this key does not reproduce.
    package func isAlike(_ other: SortedKeyOrder) -> Bool {
        primary == other.primary && (zeros != other.zeros || upperCase == other.upperCase)
    }

    package static func < (lhs: SortedKeyOrder, rhs: SortedKeyOrder) -> Bool {
        if lhs.primary != rhs.primary { return lhs.primary.lexicographicallyPrecedes(rhs.primary) }
        // Only to keep names alike but for their zeros together, where the caller finds them.
        if lhs.zeros != rhs.zeros { return lhs.zeros.lexicographicallyPrecedes(rhs.zeros) }
        // Same letters in the same places: the first that differs in case decides.
        for (left, right) in zip(lhs.upperCase, rhs.upperCase) where left != right { return right }
        return false
    }
}
