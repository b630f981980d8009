/// A parse of short texts that an import meets again and again (an OS version, a device model),
/// remembered by text and shared by the parse threads. At most `limit` texts are kept; later ones
/// are parsed each time, so memory stays bounded whatever the input.
package final class RememberedParse<Value: Sendable>: Sendable {
    private let parse: @Sendable (String) -> Value
    private let limit: Int
    private let known = Locked<[String: Value]>([:])

    package init(limit: Int, _ parse: @escaping @Sendable (String) -> Value) {
        self.parse = parse
        self.limit = limit
    }

    /// `parse(text)`, remembered.
    package func callAsFunction(_ text: String) -> Value {
        if let value = known.withLock({ $0[text] }) { return value }
        let value = parse(text)
        known.withLock { texts in
            if texts.count < limit { texts[text] = value }
        }
        return value
    }
}
