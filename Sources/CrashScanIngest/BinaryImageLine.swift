import CrashScanModel

/// One line of Apple's `Binary Images:` section (also in Bugly's SDK logs):
/// `0x100088000 - 0x1002fffff +App arm64 <9d0c1b2a…> /var/…/App.app/App`.
enum BinaryImageLine {
    static let architectures: Set<String> = [
        "arm64", "arm64e", "armv7", "armv7s", "armv7k", "arm64_32", "x86_64", "i386", "armv6",
    ]

    /// An image of iOS itself (`/System/Library/…`, `/usr/lib/…`): most of the 200–400 lines of
    /// the section, skipped before they are split into fields.
    static func isSystemPath(_ line: Substring) -> Bool {
        line.fastContains(" /System/") || line.fastContains(" /usr/lib/")
    }

    static func parse(_ line: Substring) -> BinaryImage? {
        let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard tokens.count >= 4, tokens[0].hasPrefix("0x"), tokens[1] == "-",
            let load = UInt64(tokens[0].dropFirst(2), radix: 16)
        else { return nil }
        var rest = tokens.dropFirst(3)
        var uuid: String?
        var arch: String?
        var nameTokens: [Substring] = []
        var inVersion = false
        while let token = rest.first {
            rest = rest.dropFirst()
            // `(1.0 - 1)` after the name on macOS-layout reports: the version, over several tokens.
            if inVersion || token.hasPrefix("(") {
                inVersion = !token.hasSuffix(")")
                continue
            }
            if token.hasPrefix("<"), token.hasSuffix(">") {
                uuid = String(token.dropFirst().dropLast())
                break
            }
            if architectures.contains(String(token)) {
                arch = String(token)
                continue
            }
            nameTokens.append(token)
        }
        if var first = nameTokens.first, first.hasPrefix("+") {
            first = first.dropFirst()
            nameTokens[0] = first
        }
        let name = nameTokens.filter { !$0.isEmpty }.joined(separator: " ")
        guard !name.isEmpty else { return nil }
        return BinaryImage(
            name: name, uuid: uuid.flatMap { $0.isEmpty ? nil : $0 }, loadAddress: load, arch: arch)
    }
}
