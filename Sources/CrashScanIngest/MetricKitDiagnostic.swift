/// The members of a MetricKit crash diagnostic that its report is made of, as `JSONFields`
/// reads them (text trimmed, nil when empty).
struct MetricKitDiagnostic {
    /// The members of `diagnosticMetaData` read as text.
    static let metaNames = [
        "deviceType", "osVersion", "appVersion", "bundleIdentifier", "platformArchitecture",
        "terminationReason",
    ]
    /// The longest chain of first children followed from the root of the call-stack tree.
    static let deepestChain = 512

    var meta: [String: String] = [:]
    var exceptionType: Int?
    var signal: Int?
    var objectiveC: ObjectiveCReason?
    /// The attributed stack's root frame and its first children, outermost first.
    var chain: [Node] = []

    /// `objectiveCexceptionReason` (iOS 17+), when it is an object.
    struct ObjectiveCReason {
        var name: String?
        var composedMessage: String?
        var format: String?
        var arguments: [String] = []
    }

    struct Node {
        var binaryName: String?
        var address: Int?
        var offset: Int?
        /// The image's UUID: what a dSYM is matched against.
        var binaryUUID: String?
    }
}
