/// What symbolication needs from a Mach-O file (a dSYM's DWARF companion, or an object): each
/// architecture slice with its UUID and the `__TEXT` segment's address. Universal (fat) files and
/// thin 32- and 64-bit files are read; nothing else of the format is.
public struct MachOFile: Sendable, Equatable {
    public struct Slice: Sendable, Equatable {
        public var arch: String
        /// Upper-case hex without dashes, nil when the slice has no `LC_UUID` (a plain object).
        public var uuid: String?
        /// vmaddr of `__TEXT` (0x100000000 for arm64 executables; 0 for an object file).
        public var textAddress: UInt64
    }

    public var slices: [Slice]

    /// Nil when `bytes` is not a Mach-O file.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        let bigMagic = MachOFile.read32(bytes, 0, bigEndian: true)
        if bigMagic == 0xcafe_babe || bigMagic == 0xcafe_babf {
            let wide = bigMagic == 0xcafe_babf
            let count = Int(MachOFile.read32(bytes, 4, bigEndian: true))
            let entrySize = wide ? 32 : 20
            guard count > 0, count < 64, 8 + count * entrySize <= bytes.count else { return nil }
            var slices: [Slice] = []
            for index in 0..<count {
                let entry = 8 + index * entrySize
                let offset =
                    wide
                    ? Int(clamping: MachOFile.read64(bytes, entry + 8, bigEndian: true))
                    : Int(MachOFile.read32(bytes, entry + 8, bigEndian: true))
                if let slice = MachOFile.thinSlice(bytes, at: offset) { slices.append(slice) }
            }
            guard !slices.isEmpty else { return nil }
            self.slices = slices
            return
        }
        guard let slice = MachOFile.thinSlice(bytes, at: 0) else { return nil }
        slices = [slice]
    }

    static let loadCommandUUID: UInt32 = 0x1b
    static let loadCommandSegment: UInt32 = 0x1
    static let loadCommandSegment64: UInt32 = 0x19

    /// One `mach_header(_64)` at `start` (little-endian, as every Apple platform writes it).
    /// Every offset and size read from the file is checked against `bytes` before it is used
    /// (compared by subtraction: a fat header's offset may be near `Int.max`).
    static func thinSlice(_ bytes: [UInt8], at start: Int) -> Slice? {
        guard start >= 0, bytes.count >= 28, start <= bytes.count - 28 else { return nil }
        let magic = read32(bytes, start, bigEndian: false)
        guard magic == 0xfeed_facf || magic == 0xfeed_face else { return nil }
        let is64 = magic == 0xfeed_facf
        let cpuType = read32(bytes, start + 4, bigEndian: false)
        let cpuSubtype = read32(bytes, start + 8, bigEndian: false) & 0x00ff_ffff
        let commandCount = Int(read32(bytes, start + 16, bigEndian: false))
        var position = start + (is64 ? 32 : 28)
        var uuid: String?
        var textAddress: UInt64 = 0
        for _ in 0..<commandCount {
            guard position <= bytes.count - 8 else { break }
            let command = read32(bytes, position, bigEndian: false)
            let size = Int(read32(bytes, position + 4, bigEndian: false))
            guard size >= 8, size <= bytes.count - position else { break }
            if command == loadCommandUUID, size >= 24 {
                uuid = bytes[(position + 8)..<(position + 24)].map { hexByte($0) }.joined()
            } else if command == loadCommandSegment64 || command == loadCommandSegment, size >= 32 {
                let name = bytes[(position + 8)..<(position + 24)].prefix { $0 != 0 }
                if name.elementsEqual("__TEXT".utf8) {
                    textAddress =
                        command == loadCommandSegment64
                        ? read64(bytes, position + 24, bigEndian: false)
                        : UInt64(read32(bytes, position + 24, bigEndian: false))
                }
            }
            position += size
        }
        return Slice(
            arch: architecture(cpuType: cpuType, subtype: cpuSubtype), uuid: uuid, textAddress: textAddress)
    }

    /// The architecture's name as Apple's reports write it (`arm64`, `armv7s`), `cpu<N>` for another.
    public static func architecture(cpuType: UInt32, subtype: UInt32) -> String {
        switch (cpuType, subtype) {
        case (0x0100_000c, 2): return "arm64e"
        case (0x0100_000c, _): return "arm64"
        case (0x0200_000c, _): return "arm64_32"
        case (12, 11): return "armv7s"
        case (12, 12): return "armv7k"
        case (12, _): return "armv7"
        case (0x0100_0007, _): return "x86_64"
        case (7, _): return "i386"
        default: return "cpu\(cpuType)"
        }
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    static func read32(_ bytes: [UInt8], _ offset: Int, bigEndian: Bool) -> UInt32 {
        guard offset >= 0, bytes.count >= 4, offset <= bytes.count - 4 else { return 0 }
        let values = (0..<4).map { UInt32(bytes[offset + $0]) }
        return bigEndian
            ? values[0] << 24 | values[1] << 16 | values[2] << 8 | values[3]
            : values[3] << 24 | values[2] << 16 | values[1] << 8 | values[0]
    }

    static func read64(_ bytes: [UInt8], _ offset: Int, bigEndian: Bool) -> UInt64 {
        guard offset >= 0, offset <= Int.max - 4 else { return 0 }
        let first = UInt64(read32(bytes, offset, bigEndian: bigEndian))
        let second = UInt64(read32(bytes, offset + 4, bigEndian: bigEndian))
        return bigEndian ? first << 32 | second : second << 32 | first
    }
}
