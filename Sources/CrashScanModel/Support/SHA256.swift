import CNettle

/// SHA-256 (FIPS 180-4) through Nettle. Foundation on Linux has no digest API and external
/// packages are not an option; the duplicate check and the group fingerprints need a
/// collision-safe hash. Nettle picks the CPU's SHA instructions at run time: hashing the
/// normalised text of every report was 15 % of import time with a portable implementation.
package enum SHA256 {
    /// Lower-case hex digest of a string's UTF-8 bytes.
    package static func hex(_ text: String) -> String {
        hex { context in
            var text = text
            text.withUTF8 { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
        }
    }

    /// `hex(parts.joined(separator: separator))`, without making the joined text: the group
    /// fingerprint and the incident key of every report are digests of a few parts, and joining
    /// them took about 1 % of the parsing threads' samples.
    package static func hex(joining parts: [String], separator: String) -> String {
        hex { context in
            var separator = separator
            for (position, part) in parts.enumerated() {
                if position > 0 {
                    separator.withUTF8 { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
                }
                var part = part
                part.withUTF8 { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
            }
        }
    }

    /// The lower-case hex digest of what `update` feeds a fresh context.
    private static func hex(_ update: (inout sha256_ctx) -> Void) -> String {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        update(&context)
        // On the stack: an array a digest (three a report) was an allocation and, from this
        // module's generic code, a metadata lookup (0.5 % of the parsing threads' samples).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(SHA256_DIGEST_SIZE)) { digest in
            nettle_sha256_digest(&context, digest.count, digest.baseAddress)
            return Hex.string(UnsafeBufferPointer(digest))
        }
    }
}
