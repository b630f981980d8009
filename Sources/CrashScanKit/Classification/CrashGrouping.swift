/// Which image is the app's, which frame is to blame, and the fingerprint that groups reports
/// of the same crash.
public enum CrashGrouping {
    /// The app's image: the process name when frames use it, else the first image that is not
    /// part of iOS.
    public static func appImage(frames: [Frame], processName: String?) -> String? {
        if let processName, frames.contains(where: { $0.image == processName }) { return processName }
        return frames.first(where: { !KnownClasses.isSystemImage($0.image) })?.image
    }

    /// The first frame in the app's own image.
    public static func blameFrame(frames: [Frame], appImage: String?) -> Frame? {
        guard let appImage else { return nil }
        return frames.first { $0.image == appImage }
    }

    /// Text stored as the blame frame: the symbol, or image + offset when nothing was restored.
    public static func blameText(_ frame: Frame?) -> String? {
        guard let frame else { return nil }
        if frame.isUnsymbolicated { return "\(frame.image) + \(frame.offset.map(String.init) ?? "?")" }
        return frame.symbol
    }

    /// Reason with addresses, numbers and white-space runs normalised away.
    public static func normalizedReason(_ reason: String?) -> String {
        guard let reason else { return "" }
        var out = ""
        var scalars = reason.unicodeScalars.makeIterator()
        var previous: Unicode.Scalar = " "
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "0", pending == "x" {
                out += "0x?"
                pending = scalars.next()
                while let next = pending, CharacterSetASCII.isHexDigit(next) { pending = scalars.next() }
                previous = "?"
                continue
            }
            if CharacterSetASCII.isDigit(scalar) {
                if previous != "#" { out += "#" }
                previous = "#"
                continue
            }
            if scalar == " " || scalar == "\n" || scalar == "\t" {
                if previous != " " { out += " " }
                previous = " "
                continue
            }
            out.unicodeScalars.append(scalar)
            previous = scalar
        }
        return String(out.trimmingBlanksString().prefix(300))
    }

    /// A stable 16-hex-digit id of the crash. KVC failures use their classification in place of
    /// the reason text, so that pastes that lost spaces or addresses still meet their group;
    /// the blame frame is compared without case or spaces for the same reason.
    public static func fingerprint(
        exceptionType: String?, reason: String?, failure: KVCFailure?, blame: Frame?
    ) -> String {
        let reasonPart: String
        if let failure {
            reasonPart = "kvc:\(failure.kind.rawValue):\(failure.accessor?.rawValue ?? "")"
        } else {
            reasonPart = normalizedReason(reason)
        }
        let blamePart: String
        if let blame {
            blamePart =
                blame.isUnsymbolicated
                ? "\(blame.image)+\(blame.offset ?? 0)"
                : String(blame.matchKey.lowercased().filter { !$0.isWhitespace })
        } else {
            blamePart = ""
        }
        let parts = [
            "v1", exceptionType ?? "", reasonPart, failure?.receiverClass ?? "", failure?.key ?? "",
            blamePart,
        ]
        return String(SHA256.hex(parts.joined(separator: "\u{1F}")).prefix(16))
    }
}

extension String {
    func trimmingBlanksString() -> String {
        String(Substring(self).trimmingBlanks())
    }
}
