import CrashScanDatabase
import CrashScanModel

/// A (class, key, accessor) of stored `setValue:forUndefinedKey:`/`valueForUndefinedKey:`
/// failures that were classified as not private.
package struct PublicKeyUse: Sendable, Equatable {
    package var receiverClass: String
    package var key: String
    package var accessor: KVCAccessor?
    /// How many failures use it.
    package var failures: Int
}

extension Store {
    /// The keys of stored undefined-key failures classified as not private, once each: what a
    /// change of the privacy rules (the runtime headers, schema-independent) may turn private.
    package func publicKeyUses() throws -> [PublicKeyUse] {
        try db.query(
            """
            SELECT receiver_class, key, accessor, count(*) AS failures FROM kvc_failure
            WHERE key_is_private = ? AND kind = ? AND receiver_class IS NOT NULL AND key IS NOT NULL
            GROUP BY receiver_class, key, accessor
            ORDER BY receiver_class, key, accessor
            """, [.bool(false), .text(KVCKind.undefinedKey.rawValue)]
        ).compactMap { row in
            guard let receiver = try row.string("receiver_class"), let key = try row.string("key") else {
                return nil
            }
            return PublicKeyUse(
                receiverClass: receiver, key: key,
                accessor: try row.string("accessor").flatMap(KVCAccessor.init),
                failures: try row.int("failures") ?? 0)
        }
    }

    /// Marks the stored failures and groups of `uses` private. Their cause becomes `private_key`
    /// where it was `unknown` (as the classifier decides: an outlet mismatch from a nib stays
    /// one). The caller holds the write transaction.
    package func markPrivate(_ uses: [PublicKeyUse]) throws {
        for table in ["kvc_failure", "crash_group"] {
            let statement = try db.prepare(
                """
                UPDATE \(table)
                SET key_is_private = ?, cause = CASE WHEN cause = ? THEN ? ELSE cause END
                WHERE key_is_private = ? AND kind = ? AND receiver_class = ? AND key = ?
                  AND accessor IS NOT DISTINCT FROM ?
                """)
            for use in uses {
                try statement.bind([
                    .bool(true), .text(KVCCause.unknown.rawValue), .text(KVCCause.privateKey.rawValue),
                    .bool(false), .text(KVCKind.undefinedKey.rawValue), .text(use.receiverClass),
                    .text(use.key),
                    .optional(use.accessor?.rawValue),
                ])
                try statement.runToCompletion()
            }
        }
    }
}
