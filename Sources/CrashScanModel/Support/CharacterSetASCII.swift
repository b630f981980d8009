/// ASCII classification of Unicode scalars without Foundation's `CharacterSet` (which is
/// slow on Linux on the hot parsing path).
@usableFromInline package enum CharacterSetASCII {
    @inlinable @inline(__always) package static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value &- 48 < 10
    }
    @inlinable @inline(__always) package static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value | 0x20) &- 97 < 26
    }
    @inlinable @inline(__always) package static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || isLetter(scalar) || scalar.value > 127
    }
    @inlinable @inline(__always) package static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || (scalar.value | 0x20) &- 97 < 6
    }
    @inlinable @inline(__always) package static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
    @inlinable @inline(__always) package static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 32) &- 97 < 26
    }
    @inlinable @inline(__always) package static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 97 < 6
    }
    /// `A`–`Z` as `a`–`z`; every other byte as it is.
    @inlinable @inline(__always) package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }
    @inlinable @inline(__always) package static func isDigit(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && isDigit(character.unicodeScalars.first ?? " ")
    }
}
