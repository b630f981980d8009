import Foundation

/// KSCrash reports and MetricKit payloads, for the benchmark's JSON figure: the same crashes as the
/// Bugly logs, in the two formats' shapes and member order (not sorted: the order KSCrash and
/// MetricKit write, so the reader's sorted-keys serialisation has to sort as it would on real
/// files). A KSCrash report carries what KSCrash writes around the crash: 40 binary images, the
/// system block, six to ten threads with their backtraces and registers and the notable addresses
/// (named `stack@0x…`): about 38 KB (KSCrash's and Sentry's samples in `../shared/corpus` are 3 to
/// 190 KB). A MetricKit payload (about 12 KB) holds one crash diagnostic whose call-stack tree
/// nests a frame a level.
extension CorpusGenerator {
    /// A JSON string, escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object of already written values, in the order given.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    mutating func kscrash(_ c: Crash) -> String {
        let images = ["Shop"] + Self.ipsSystemImages + (0..<9).map { "PrivateFramework\($0)" }
        let bases = images.indices.map { 4_340_432_896 + $0 * 0x100_0000 }
        func base(_ image: String) -> Int { bases[images.firstIndex(of: image) ?? 1] }
        let hasException = !c.reason.isEmpty
        var threads = [kscrashThread(0, frames: kscrashFrames(c.frames, base: base), crashed: true)]
        for index in 1..<random.int(6...10) {
            let frames = (0..<random.int(4...20)).map { _ in
                let frame = random.pick(Self.systemFrames)
                return (image: frame.0, symbol: frame.1, file: String?.none)
            }
            threads.append(kscrashThread(index, frames: kscrashFrames(frames, base: base), crashed: false))
        }
        var error: [(String, String)] = [
            ("address", "0"),
            (
                "mach",
                Self.object([
                    ("exception", hasException ? "10" : "1"),
                    ("exception_name", Self.quoted(hasException ? "EXC_CRASH" : "EXC_BAD_ACCESS")),
                    ("subcode", "0"), ("code", "0"),
                ])
            ),
            (
                "signal",
                Self.object([
                    ("signal", hasException ? "6" : "11"),
                    ("name", Self.quoted(hasException ? "SIGABRT" : "SIGSEGV")),
                    ("code", "0"),
                ])
            ),
            ("type", Self.quoted(hasException ? "nsexception" : "mach")),
        ]
        if hasException {
            error.insert(
                (
                    "nsexception",
                    Self.object([("name", Self.quoted(c.exception)), ("reason", Self.quoted(c.reason))])
                ),
                at: 1)
            error.append(("reason", Self.quoted(c.reason)))
        }
        let members: [(String, String)] = [
            (
                "report",
                Self.object([
                    ("version", #""3.3.0""#), ("id", Self.quoted(uuidText(c.index))),
                    ("process_name", #""Shop""#),
                    ("timestamp", Self.quoted(c.time.replacingOccurrences(of: " ", with: "T") + "Z")),
                    ("type", #""standard""#),
                ])
            ),
            (
                "binary_images",
                Self.array(images.indices.map { kscrashImage(images[$0], base: bases[$0], index: $0) })
            ),
            ("process", "{}"),
            ("system", kscrashSystem(c)),
            ("crash", Self.object([("error", Self.object(error)), ("threads", Self.array(threads))])),
            ("user", Self.object([("id", Self.quoted(c.userID)), ("plan", #""free""#)])),
        ]
        return "{\n" + members.map { "\(Self.quoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    private func uuidText(_ seed: Int) -> String {
        let value = UInt64(truncatingIfNeeded: seed &* 0x2545_F491_4F6C_DD1D)
        return String(
            format: "%08X-%04X-%04X-%04X-%012llX", UInt32(value >> 32), seed & 0xFFFF, 0x3E07, 0xB7EE,
            value & 0xFFFF_FFFF_FFFF)
    }

    private mutating func kscrashFrames(
        _ frames: [Frame], base: (String) -> Int
    ) -> [String] {
        frames.map { frame in
            let start = base(frame.image) + random.int(4096...9_000_000)
            let instruction = start + random.int(0...2000)
            return Self.object([
                ("object_name", Self.quoted(frame.image)), ("object_addr", String(base(frame.image))),
                ("symbol_name", Self.quoted(frame.symbol)), ("symbol_addr", String(start)),
                ("instruction_addr", String(instruction)),
            ])
        }
    }

    private mutating func kscrashThread(_ index: Int, frames: [String], crashed: Bool) -> String {
        var registers: [(String, String)] = (0..<29).map {
            ("x\($0)", String(random.int(0...Int(Int32.max))))
        }
        for name in ["fp", "lr", "sp", "pc", "cpsr"] {
            registers.append((name, String(random.int(0...Int(Int32.max)))))
        }
        let notable = (0..<random.int(2...6)).map { _ -> (String, String) in
            let address = random.int(0x1_6D00_0000...0x1_6DFF_FFFF)
            return (
                "stack@0x\(String(address, radix: 16))",
                Self.object([
                    ("address", String(address)), ("type", #""string""#),
                    ("value", #""com.example.shop.cache""#),
                ])
            )
        }
        return Self.object([
            ("backtrace", Self.object([("contents", Self.array(frames)), ("skipped", "0")])),
            ("registers", Self.object([("basic", Self.object(registers))])),
            ("index", String(index)), ("crashed", crashed ? "true" : "false"),
            ("current_thread", crashed ? "true" : "false"),
            (
                "dispatch_queue",
                Self.quoted(index == 0 ? "com.apple.main-thread" : "com.apple.root.default-qos")
            ),
            ("notable_addresses", Self.object(notable)),
        ])
    }

    private mutating func kscrashImage(_ name: String, base: Int, index: Int) -> String {
        Self.object([
            ("image_addr", String(base)), ("image_vmaddr", String(index == 0 ? 4_294_967_296 : 0)),
            ("image_size", String(random.int(100_000...9_000_000))),
            (
                "name",
                Self.quoted(
                    index == 0
                        ? "/private/var/containers/Bundle/Application/0/Shop.app/Shop"
                        : "/System/Library/Frameworks/\(name).framework/\(name)")
            ),
            ("uuid", Self.quoted(uuidText(index &+ 7919))), ("cpu_type", "16777228"), ("cpu_subtype", "0"),
            ("major_version", "0"), ("minor_version", "0"), ("revision_version", "0"),
        ])
    }

    private mutating func kscrashSystem(_ c: Crash) -> String {
        Self.object([
            ("system_name", #""iOS""#), ("system_version", Self.quoted(c.os)),
            ("machine", Self.quoted(c.identifier)),
            ("model", #""D22AP""#), ("kernel_version", #""Darwin Kernel Version 21.6.0""#),
            ("os_version", Self.quoted(c.build)), ("jailbroken", "false"),
            ("boot_time", #""2024-01-01T08:00:00Z""#), ("app_start_time", #""2024-01-01T09:00:00Z""#),
            ("CFBundleExecutablePath", #""/private/var/containers/Bundle/Application/0/Shop.app/Shop""#),
            ("CFBundleExecutable", #""Shop""#), ("CFBundleIdentifier", #""com.example.shop""#),
            ("CFBundleName", #""Shop""#), ("CFBundleVersion", #""1""#),
            ("CFBundleShortVersionString", Self.quoted(c.appVersion)), ("app_uuid", Self.quoted(uuidText(1))),
            ("cpu_arch", #""arm64""#), ("cpu_type", "16777228"), ("cpu_subtype", "0"),
            ("process_name", #""Shop""#), ("process_id", String(random.int(100...9999))),
            ("parent_process_id", "1"), ("device_app_hash", Self.quoted(c.deviceID)),
            ("build_type", #""app store""#), ("storage", String(random.int(1...256) * 1_000_000_000)),
            (
                "memory",
                Self.object([
                    ("usable", String(random.int(1...4) * 1_000_000_000)),
                    ("free", String(random.int(1...900) * 1_000_000)), ("size", "4294967296"),
                ])
            ),
            (
                "application_stats",
                Self.object([
                    ("application_active", "true"), ("application_in_foreground", "true"),
                    ("launches_since_last_crash", String(random.int(1...40))),
                    ("active_time_since_launch", String(Double(random.int(1...90_000)) / 100)),
                ])
            ),
        ])
    }

    /// One MetricKit payload (iOS 17 and later, with the Objective-C exception) for a crash.
    mutating func metricKitPayload(_ c: Crash) -> String {
        let hasException = !c.reason.isEmpty
        var meta: [(String, String)] = [
            ("appBuildVersion", #""1""#), ("appVersion", Self.quoted(c.appVersion)),
            ("regionFormat", #""US""#),
            ("exceptionType", hasException ? "10" : "1"),
            ("osVersion", Self.quoted("iPhone OS \(c.os) (\(c.build))")),
            ("deviceType", Self.quoted(c.identifier)), ("exceptionCode", "0"),
            ("signal", hasException ? "6" : "11"),
            ("platformArchitecture", #""arm64e""#), ("bundleIdentifier", #""com.example.shop""#),
            ("pid", String(random.int(100...9999))),
        ]
        if hasException {
            meta.append(
                (
                    "objectiveCexceptionReason",
                    Self.object([
                        ("composedMessage", Self.quoted(c.reason)), ("formatString", Self.quoted(c.reason)),
                        ("arguments", "[]"), ("exceptionType", #""Raw""#), ("className", #""NSException""#),
                        ("exceptionName", Self.quoted(c.exception)),
                    ])
                ))
        }
        let attributed = metricKitChain(c.frames, attributed: true)
        var stacks = [attributed]
        for _ in 0..<random.int(2...5) {
            let frames = (0..<random.int(3...12)).map { _ in
                let frame = random.pick(Self.systemFrames)
                return (image: frame.0, symbol: frame.1, file: String?.none)
            }
            stacks.append(metricKitChain(frames, attributed: false))
        }
        let diagnostic = Self.object([
            ("version", #""1.0.0""#),
            (
                "callStackTree",
                Self.object([("callStackPerThread", "true"), ("callStacks", Self.array(stacks))])
            ),
            ("diagnosticMetaData", Self.object(meta)),
        ])
        return Self.object([
            ("timeStampEnd", Self.quoted(c.time)), ("timeStampBegin", Self.quoted(c.time)),
            ("crashDiagnostics", Self.array([diagnostic])),
        ]) + "\n"
    }

    /// A call stack as MetricKit nests it: the outermost caller at the root, each callee its only
    /// sub-frame.
    private mutating func metricKitChain(
        _ frames: [Frame], attributed: Bool
    ) -> String {
        var node: String?
        for frame in frames {
            let offset = random.int(4096...9_000_000)
            var members: [(String, String)] = [
                ("binaryUUID", Self.quoted(uuidText(frame.image.utf8.count &* 131))),
                ("offsetIntoBinaryTextSegment", String(offset)), ("sampleCount", "1"),
                ("binaryName", Self.quoted(frame.image)), ("address", String(4_340_432_896 + offset)),
            ]
            if let node { members.append(("subFrames", Self.array([node]))) }
            node = Self.object(members)
        }
        return Self.object([
            ("threadAttributed", attributed ? "true" : "false"),
            ("callStackRootFrames", Self.array(node.map { [$0] } ?? [])),
        ])
    }
}
