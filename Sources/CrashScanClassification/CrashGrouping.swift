import CrashScanCatalogs
import CrashScanModel

/// Which image is the app's, which frame is to blame, and the fingerprint that groups reports
/// of the same crash.
public enum CrashGrouping {
    /// The app's image: the process name when frames use it, else the first image that is not
    /// part of iOS.
    public static func appImage(frames: FrameList, processName: String?) -> String? {
        if let processName, frames.first(inImage: processName) != nil { return processName }
        // Each image once, in the order the frames name them: a report's 30–60 frames name 5–15.
        return frames.imageNamesInOrder.first { !KnownClasses.isSystemImage($0.name) }?.name
    }

    /// The first frame in the app's own image.
    public static func blameFrame(frames: FrameList, appImage: String?) -> Frame? {
        guard let appImage else { return nil }
        return frames.first(inImage: appImage)
    }

    /// Text stored as the blame frame: the symbol as people read it (Swift and C++ demangled;
    /// the stored frames keep it as the report wrote it), or image + offset when nothing was
    /// restored.
    public static func blameText(_ frame: Frame?) -> String? {
        guard let frame else { return nil }
        if frame.isUnsymbolicated { return "\(frame.image) + \(frame.offset.map(String.init) ?? "?")" }
        return SymbolNames.isMangled(Substring(frame.symbol))
            ? SymbolNames.readable(frame.symbol) : frame.symbol
    }

    /// Reason with addresses, numbers and white-space runs normalised away.
    public static func normalizedReason(_ reason: String?) -> String {
        guard let reason else { return "" }
        // On UTF-8 bytes: digits, `0x` and white space are ASCII and never part of a multi-byte
        // character, so other bytes are copied as they are. (Appending scalar by scalar to a
        // String was 3 % of import time; this runs twice per report.)
        var out: [UInt8] = []
        out.reserveCapacity(reason.utf8.count)
        var previous: UInt8 = 32
        let bytes = Array(reason.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 48, index < bytes.count, bytes[index] == 120 {  // 0x
                out.append(contentsOf: [48, 120, 63])  // 0x?
                index += 1
                while index < bytes.count, CharacterSetASCII.isHexDigit(bytes[index]) { index += 1 }
                previous = 63
            } else if CharacterSetASCII.isDigit(byte) {
                if previous != 35 { out.append(35) }  // #
                previous = 35
            } else if byte == 32 || byte == 10 || byte == 9 {
                if previous != 32 { out.append(32) }
                previous = 32
            } else {
                out.append(byte)
                previous = byte
            }
        }
        while out.last == 32 { out.removeLast() }
        let text = String(decoding: out.drop(while: { $0 == 32 }), as: UTF8.self)
        // At most 300 characters; no need to count them when there are not even 300 bytes.
        return text.utf8.count <= 300 ? text : String(text.prefix(300))
    }

    /// The grouping rules' version, kept in `meta.grouping_version`: a database grouped by an
    /// older version is regrouped (`crashscan regroup`, or the next import).
    /// 3: Swift and C++ blame frames compare by their stable demangled names.
    /// 4: a key is private when UIKit's runtime headers show it reaching private state (stored
    /// failures are classified again: `Regrouper.reclassifyKeyPrivacy`).
    public static let version = 4

    /// The version hashed into every fingerprint: it stays 2 while a change of the rules leaves
    /// most groups' keys as they were (version 3 changed only mangled blame frames), so that the
    /// ids users recorded (`fixed`, notes, links) still name their groups.
    static let fingerprintVersion = 2

    /// The blame frame as the fingerprint compares it: the symbol without leading underscores,
    /// case or white space; for a frame that is only `Image + offset`, the image alone
    /// (`image:shopster`), because the offset moves with every build; "" without a blame frame.
    public static func blameKey(_ blame: Frame?, processName: String? = nil) -> String {
        guard let blame else { return "" }
        if blame.isUnsymbolicated { return "image:" + imageIdentity(blame.image, processName: processName) }
        return symbolKey(blame.symbol)
    }

    /// A symbol as the fingerprint compares it: a Swift or C++ symbol by its stable demangled
    /// name (`SymbolNames.stable`: one function whether a report gave it mangled, demangled or
    /// specialised), any symbol without leading underscores, case or white space.
    static func symbolKey(_ symbol: String) -> String {
        let text = Substring(symbol)
        if SymbolNames.hasStableForm(text) {
            return lowercasedWithoutWhitespace(Substring(SymbolNames.stable(symbol)))
        }
        return lowercasedWithoutWhitespace(Substring(text.utf8.drop(while: { $0 == 95 })))
    }

    /// The app's image under one name: macOS-layout reports call it by its bundle id
    /// (`dev.mobile.MemoryLeakingApp`), `.ips` and iOS reports by its executable
    /// (`MemoryLeakingApp`); both mean the process's own executable. Lower case.
    static func imageIdentity(_ image: String, processName: String?) -> String {
        let lower = image.lowercased()
        if let process = processName?.lowercased(), !process.isEmpty, lower.hasSuffix("." + process) {
            return process
        }
        return lower
    }

    /// The same key from stored columns (`report.blame_frame`, `blame_symbolicated`,
    /// `app_image`), for regrouping.
    public static func blameKey(
        storedFrame: String?, symbolicated: Bool?, appImage: String?, processName: String? = nil
    ) -> String {
        guard let storedFrame else { return "" }
        if symbolicated == false {
            let image = appImage ?? String(storedFrame.prefix { $0 != " " })
            return "image:" + imageIdentity(image, processName: processName)
        }
        return symbolKey(storedFrame)
    }

    /// What stands for the reason in the fingerprint. KVC failures use their classification in
    /// place of the reason text, so that pastes that lost spaces or addresses, and reports whose
    /// reason was cut, still meet their group.
    public static func reasonPart(_ normalizedReason: String, failure: KVCFailure?) -> String {
        reasonPart(normalizedReason, kind: failure?.kind, accessor: failure?.accessor)
    }

    public static func reasonPart(_ normalizedReason: String, kind: KVCKind?, accessor: KVCAccessor?)
        -> String
    {
        guard let kind else { return normalizedReason }
        return "kvc:\(kind.rawValue):\(accessor?.rawValue ?? "")"
    }

    /// A stable 16-hex-digit id of the crash, from the exception, the reason part, the receiver
    /// class and key of a KVC failure, and the blame key.
    public static func fingerprint(
        exceptionType: String?, reasonPart: String, receiverClass: String?, key: String?, blameKey: String
    ) -> String {
        let parts = [
            "v\(fingerprintVersion)", exceptionType ?? "", reasonPart, receiverClass ?? "", key ?? "",
            blameKey,
        ]
        return String(SHA256.hex(joining: parts, separator: "\u{1F}").prefix(16))
    }
}

extension CrashGrouping {
    /// `symbol.lowercased()` without white space, on bytes when the symbol is ASCII (nearly
    /// always): walking Characters here was a visible share of grouping.
    static func lowercasedWithoutWhitespace(_ symbol: Substring) -> String {
        let utf8 = symbol.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(symbol.lowercased().filter { !$0.isWhitespace })
        }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var count = 0
            for byte in utf8 where !(byte == 32 || (9...13).contains(byte)) {
                buffer[count] = byte >= 65 && byte <= 90 ? byte + 32 : byte
                count += 1
            }
            return count
        }
    }
}
