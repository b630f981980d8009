/// Whether a report's own frames have symbols. The raw value is what `reports.symbolication`
/// stores.
public enum SymbolicationState: String, Sendable, CaseIterable {
    /// App frames were offsets and a dSYM resolved them.
    case symbolicated
    /// The report came with symbols for its app frames (or has no app frames).
    case notNeeded = "not_needed"
    /// App frames are offsets and no dSYM given matched the image's UUID.
    case missingDSYM = "missing_dsym"
    /// App frames are offsets and the report lists no UUID for the image to match a dSYM with.
    case noUUID = "no_uuid"

    /// A sentence for `explain`.
    public var explanation: String {
        switch self {
        case .symbolicated: return "app frames symbolicated with the dSYM"
        case .notNeeded: return "the report came with symbols"
        case .missingDSYM:
            return
                "app frames are offsets and no matching dSYM was given (crashscan symbolicate GROUP --dsym PATH)"
        case .noUUID:
            return "app frames are offsets and the report lists no image UUID to match a dSYM with"
        }
    }
}
