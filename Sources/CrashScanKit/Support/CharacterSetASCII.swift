/// ASCII classification of Unicode scalars without Foundation's `CharacterSet` (which is
/// slow on Linux on the hot parsing path).
enum CharacterSetASCII {
    @inline(__always) static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 48 < 10 }
    @inline(__always) static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value | 0x20) &- 97 < 26
    }
    @inline(__always) static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || isLetter(scalar) || scalar.value > 127
    }
    @inline(__always) static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || (scalar.value | 0x20) &- 97 < 6
    }
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }
    @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 97 < 6
    }
    @inline(__always) static func isDigit(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && isDigit(character.unicodeScalars.first ?? " ")
    }
}
