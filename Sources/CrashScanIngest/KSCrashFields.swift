import CrashScanCatalogs
import CrashScanModel
import CrashScanSymbolication

/// The members of a KSCrash document that its report is made of, as `JSONFields` reads them
/// (text trimmed, nil when empty).
struct KSCrashFields {
    /// The members of `system` read as text.
    static let systemNames = [
        "machine", "model", "system_name", "system_version", "os_version", "CFBundleShortVersionString",
        "CFBundleIdentifier", "CFBundleExecutable", "cpu_arch", "device_app_hash",
    ]
    /// The names a user block may give its id under, in the order they are asked.
    static let userIDNames = ["id", "user_id", "userId", "userID"]

    var system: [String: String] = [:]
    var jailbroken: Bool?
    /// `report.process_name`.
    var processName: String?
    var timestamp: Timestamp?
    var machExceptionName: String?
    var signalName: String?
    var errorType: String?
    var errorReason: String?
    var nsexception: Exception?
    var cppException: Exception?
    /// The user blocks that are objects, in the order they are asked, each with the ids it names.
    var userBlocks: [[(name: String, value: String)]] = []
    var frames: [Frame] = []
    /// `binary_images` other than iOS's: what a dSYM is matched against.
    var images: [BinaryImage] = []

    /// `report.timestamp`: text is kept as it stands (not trimmed), a number is epoch time.
    enum Timestamp {
        case text(String)
        case number(Int)
    }

    /// `error.nsexception` or `error.cpp_exception`, when it is an object.
    struct Exception {
        var name: String?
        var reason: String?
    }

    /// An element of `binary_images`, as its members were read.
    struct RawImage {
        /// The image's path on the device (`/var/…/App.app/App`); frames name its last component.
        var path: String?
        var uuid: String?
        var address: Int?
        var cpuType: Int?
        var cpuSubtype: Int?

        /// The image, nil for one of iOS's (under `/System/` or `/usr/lib/`, or a known system
        /// name) and for one without a path.
        var image: BinaryImage? {
            guard let path, !path.hasPrefix("/System/"), !path.hasPrefix("/usr/lib/") else { return nil }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard !name.isEmpty, !KnownClasses.isSystemImage(name) else { return nil }
            let arch = cpuType.map { type in
                MachOFile.architecture(
                    cpuType: UInt32(truncatingIfNeeded: type),
                    subtype: UInt32(truncatingIfNeeded: cpuSubtype ?? 0) & 0x00ff_ffff)
            }
            return BinaryImage(
                name: name, uuid: uuid, loadAddress: address.map { UInt64(truncatingIfNeeded: $0) },
                arch: arch)
        }
    }

    /// A frame of the crashed thread's backtrace, as its members were read.
    struct RawFrame {
        var image: String?
        var symbol: String?
        var instruction: Int?
        var symbolAddress: Int?
        var objectAddress: Int?

        /// The frame: symbolicated when KSCrash named the symbol, else the image's address.
        func frame(index: Int) -> Frame {
            let instruction = instruction.map { UInt64(truncatingIfNeeded: $0) }
            if let symbol {
                let start = symbolAddress.map { UInt64(truncatingIfNeeded: $0) }
                let offset = instruction.flatMap { address in start.map { address &- $0 } }
                return Frame(index: index, image: image ?? "?", symbol: symbol, offset: offset)
            }
            let base = objectAddress.map { UInt64(truncatingIfNeeded: $0) }
            let offset = instruction.flatMap { address in base.map { address &- $0 } }
            return Frame(
                index: index, image: image ?? "?", symbol: "0x" + String(base ?? 0, radix: 16),
                offset: offset,
                isUnsymbolicated: true)
        }
    }
}
