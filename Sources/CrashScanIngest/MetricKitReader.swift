import CrashScanJSON
import CrashScanModel

/// A MetricKit payload read on its bytes, without building its values. It reads a
/// `CanonicalJSON.Document`: the whole payload written, and so checked. Each crash diagnostic is
/// kept as a byte range while the payload is read, and its content (its own canonical form) and
/// members are read after.
enum MetricKitReader {
    static func read(_ document: CanonicalJSON.Document) throws -> Result<[CrashReport], Rejection> {
        let bytes = document.bytes
        var diagnostics: [Range<Int>] = []
        // Per other kind of diagnostic, whether its array holds one.
        var otherKinds: [String: Bool] = [:]
        var timeStampEnd: String?
        var timeStampBegin: String?
        var reader = StreamingJSON(bytes)
        // A name given twice: the last member counts (as crashscan reads every crash report's JSON).
        try reader.readObject { reader, key in
            if key == "crashDiagnostics" {
                diagnostics = []
                try reader.readElements { reader in
                    guard try reader.kind() == .object else { return try reader.skipValue() }
                    diagnostics.append(try reader.valueRange())
                }
            } else if key == "timeStampEnd" {
                timeStampEnd = try reader.fieldString()
            } else if key == "timeStampBegin" {
                timeStampBegin = try reader.fieldString()
            } else if MetricKitParser.otherKinds.contains(key.string) {
                let name = key.string
                otherKinds[name] = false
                guard try reader.kind() == .array else { return try reader.skipValue() }
                try reader.elements { _, _ in otherKinds[name] = true }
            }
        }
        guard !diagnostics.isEmpty else {
            return .failure(
                MetricKitParser.noCrash(
                    otherKinds: MetricKitParser.otherKinds.filter { otherKinds[$0] == true }))
        }
        let time = timeStampEnd ?? timeStampBegin
        return .success(
            try diagnostics.enumerated().map { position, range in
                var report = try crash(bytes, range, time: time)
                report.positionInFile = position
                return report
            })
    }

    private static func crash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, time: String?) throws
        -> CrashReport
    {
        var canonicalReader = StreamingJSON(bytes, from: range.lowerBound)
        let content = try CanonicalJSON.write(&canonicalReader)
        var fields = MetricKitDiagnostic()
        var rootFrames: Range<Int>?
        var reader = StreamingJSON(bytes, from: range.lowerBound)
        // A name given twice: the last member counts, with nothing of the one before.
        try reader.readObject { reader, key in
            if key == "diagnosticMetaData" {
                fields = MetricKitDiagnostic()
                try readMeta(&reader, into: &fields)
            } else if key == "callStackTree" {
                rootFrames = nil
                try reader.readObject { reader, key in
                    if key == "callStacks" {
                        rootFrames = try reader.memberOfFirstMarked(
                            "threadAttributed", member: "callStackRootFrames")
                    }
                }
            }
        }
        if let rootFrames { fields.chain = try chain(bytes, from: rootFrames) }
        return MetricKitParser.report(fields, time: time, content: String(decoding: content, as: UTF8.self))
    }

    private static func readMeta(_ reader: inout StreamingJSON, into fields: inout MetricKitDiagnostic) throws
    {
        try reader.readObject { reader, key in
            if key == "exceptionType" {
                fields.exceptionType = try reader.fieldInt()
            } else if key == "signal" {
                fields.signal = try reader.fieldInt()
            } else if key == "objectiveCexceptionReason" {
                fields.objectiveC = nil
                guard try reader.kind() == .object else { return try reader.skipValue() }
                var reason = MetricKitDiagnostic.ObjectiveCReason()
                try reader.readObject { reader, key in
                    if key == "exceptionName" {
                        reason.name = try reader.fieldString()
                    } else if key == "composedMessage" {
                        reason.composedMessage = try reader.fieldString()
                    } else if key == "formatString" {
                        reason.format = try reader.fieldString()
                    } else if key == "arguments" {
                        reason.arguments = try reader.fieldStrings()
                    }
                }
                fields.objectiveC = reason
            } else {
                let name = key.string
                if MetricKitDiagnostic.metaNames.contains(name) {
                    fields.meta[name] = try reader.fieldString()
                }
            }
        }
    }

    /// The first element of the array at `start` and its first children down, while each is an
    /// object: read in one pass, each node's `subFrames` as it is met (the chain is the tree's
    /// depth; skipping each level's children to come back to them would read the tree again
    /// for every level).
    private static func chain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Range<Int>) throws
        -> [MetricKitDiagnostic.Node]
    {
        var chain: [MetricKitDiagnostic.Node] = []
        var reader = StreamingJSON(bytes, from: start.lowerBound)
        try firstChild(&reader, into: &chain)
        return chain
    }

    /// Reads the array at the reader, its first element (when an object) as the next node.
    private static func firstChild(
        _ reader: inout StreamingJSON, into chain: inout [MetricKitDiagnostic.Node]
    )
        throws
    {
        guard try reader.kind() == .array else { return try reader.skipValue() }
        try reader.elements { reader, index in
            guard index == 0, chain.count < MetricKitDiagnostic.deepestChain, try reader.kind() == .object
            else { return }
            let depth = chain.count
            chain.append(MetricKitDiagnostic.Node())
            var node = MetricKitDiagnostic.Node()
            try reader.readObject { reader, key in
                if key == "binaryName" {
                    node.binaryName = try reader.fieldString()
                } else if key == "address" {
                    node.address = try reader.fieldInt()
                } else if key == "offsetIntoBinaryTextSegment" {
                    node.offset = try reader.fieldInt()
                } else if key == "binaryUUID" {
                    node.binaryUUID = try reader.fieldString()
                } else if key == "subFrames" {
                    try firstChild(&reader, into: &chain)
                }
            }
            chain[depth] = node
        }
    }
}
