import Foundation

/// `.ips` files as iOS 15–18 write them (bug_type 309): besides what crashscan reads, the
/// crashed thread's registers, four to eight other threads, about 40 used images with their UUIDs, the
/// shared cache, the VM summary and the other fields Apple adds; about 24 KB a file, the size of
/// the real reports in `../shared/corpus/ips`. The peer comparison of the benchmark reads these.
extension CorpusGenerator {
    static let ipsSystemImages: [String] = [
        "CoreFoundation", "Foundation", "UIKitCore", "libobjc.A.dylib", "libdispatch.dylib", "QuartzCore",
        "GraphicsServices", "libsystem_kernel.dylib", "libsystem_pthread.dylib", "libsystem_c.dylib",
        "libc++abi.dylib", "dyld", "CFNetwork", "Security", "CoreGraphics", "ImageIO", "WebKit",
        "JavaScriptCore", "AVFoundation", "CoreMedia", "CoreData", "libsqlite3.dylib", "Network",
        "libswiftCore.dylib", "SwiftUI", "Combine", "CoreText", "Metal", "IOKit", "libxpc.dylib",
    ]

    mutating func appleIPS(_ c: Crash) -> String {
        var images: [String] = ["Shop"] + Self.ipsSystemImages
        for extra in 0..<random.int(4...10) { images.append("PrivateFramework\(extra)") }
        func imageIndex(_ name: String) -> Int {
            if let index = images.firstIndex(of: name) { return index }
            images.append(name)
            return images.count - 1
        }
        let appFrames: [[String: Any]] = c.frames.map { frame in
            let symbol =
                frame.symbol.hasPrefix("_") && !frame.symbol.hasPrefix("__")
                ? String(frame.symbol.dropFirst()) : frame.symbol
            return [
                "imageIndex": imageIndex(frame.image), "imageOffset": random.int(4096...9_000_000),
                "symbol": symbol, "symbolLocation": random.int(0...2000),
            ]
        }
        let hasException = !c.reason.isEmpty
        var threads: [[String: Any]] = [
            [
                "id": 1_800_000 + c.index, "queue": "com.apple.main-thread", "triggered": true,
                "frames": hasException ? systemFrames(6, images: images.count) : appFrames,
                "threadState": threadState(),
            ]
        ]
        for thread in 1..<random.int(5...9) {
            threads.append([
                "id": 1_800_000 + c.index + thread,
                "frames": systemFrames(random.int(2...14), images: images.count),
            ])
        }
        var body: [String: Any] = [
            "uptime": random.int(100...900_000), "procLaunch": "\(c.time).0000 +0000",
            "procRole": "Foreground",
            "version": 2, "userID": 501, "deployVersion": 210, "modelCode": c.identifier,
            "procStartAbsTime": random.int(1...Int(Int32.max)), "coalitionID": random.int(100...999),
            "osVersion": [
                "isEmbedded": true, "train": "iPhone OS \(c.os)", "releaseType": "User", "build": c.build,
            ],
            "captureTime": "\(c.time).1234 +0000", "incident": incident(c.index), "bug_type": "309",
            "pid": random.int(100...9999), "procExitAbsTime": random.int(1...Int(Int32.max)),
            "cpuType": "ARM-64",
            "procName": "Shop",
            "procPath": "/private/var/containers/Bundle/Application/\(incident(c.index))/Shop.app/Shop",
            "bundleInfo": [
                "CFBundleShortVersionString": c.appVersion, "CFBundleVersion": "1",
                "CFBundleIdentifier": "com.example.shop",
            ],
            "storeInfo": ["deviceIdentifierForVendor": c.deviceID, "thirdParty": true],
            "parentProc": "launchd", "parentPid": 1, "coalitionName": "com.example.shop",
            "crashReporterKey": c.deviceID, "basebandVersion": "3.02.01", "isCorpse": 1,
            "exception": [
                "codes": "0x0000000000000000, 0x0000000000000000", "rawCodes": [0, 0],
                "type": hasException ? "EXC_CRASH" : "EXC_BAD_ACCESS",
                "signal": hasException ? "SIGABRT" : "SIGSEGV",
            ],
            "termination": ["flags": 0, "code": 0, "namespace": "SIGNAL", "indicator": "Abort trap: 6"],
            "faultingThread": 0, "threads": threads,
            "usedImages": images.enumerated().map { usedImage($0.offset, $0.element) },
            "sharedCache": ["base": 6_442_450_944, "size": 3_825_172_480, "uuid": uuid(0xCAC4E)],
            "vmSummary": String(
                repeating: "ReadOnly portion of Libraries: Total=1.1G resident=0K(0%)\n", count: 4),
            "legacyInfo": ["threadTriggered": ["queue": "com.apple.main-thread"]],
            "trialInfo": [
                "rollouts": [
                    [
                        "rolloutId": "60f8ddccefea4203d95cbeef", "factorPackIds": [:],
                        "deploymentId": 240_000_003,
                    ]
                ]
            ],
        ]
        if hasException {
            body["lastExceptionBacktrace"] = appFrames
            body["asi"] = [
                "CoreFoundation": [
                    "*** Terminating app due to uncaught exception '\(c.exception)', reason: '\(c.reason)'"
                ]
            ]
        }
        let header =
            #"{"app_name":"Shop","timestamp":"\#(c.time).00 +0000","app_version":"\#(c.appVersion)","slice_uuid":"\#(uuid(1))","build_version":"1","platform":2,"bundleID":"com.example.shop","share_with_app_devs":1,"is_first_party":0,"bug_type":"309","os_version":"iPhone OS \#(c.os) (\#(c.build))","roots_installed":0,"name":"Shop","incident_id":"\#(incident(c.index))"}"#
        return header + "\n" + Self.appleLayout(body) + "\n"
    }

    /// Apple's layout: a member of the body a line, its value on that line in compact JSON, except
    /// `osVersion` and `usedImages`, whose members are a line each.
    static func appleLayout(_ body: [String: Any]) -> String {
        func compact(_ value: Any) -> String {
            guard JSONSerialization.isValidJSONObject([value]),
                let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
            else { return "null" }
            // Written as an array of one to allow strings and numbers: the brackets come off.
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        func pretty(_ object: [String: Any], indent: String) -> String {
            let members = object.keys.sorted().map { "\(indent)  \(compact($0)) : \(compact(object[$0]!))" }
            return "\(indent){\n" + members.joined(separator: ",\n") + "\n\(indent)}"
        }
        let members = body.keys.sorted().map { key -> String in
            let value = body[key]!
            switch key {
            case "osVersion":
                return "  \(compact(key)) : "
                    + pretty(value as? [String: Any] ?? [:], indent: "  ").dropFirst(2)
            case "usedImages":
                let images = (value as? [[String: Any]] ?? []).map { pretty($0, indent: "  ") }
                return "  \(compact(key)) : [\n" + images.joined(separator: ",\n") + "\n]"
            default: return "  \(compact(key)) : \(compact(value))"
            }
        }
        return "{\n" + members.joined(separator: ",\n") + "\n}"
    }

    private func incident(_ index: Int) -> String {
        String(format: "%08X-1F2E-4A5B-9C8D-%012X", index, index &* 2_654_435_761 % 0xFFFF_FFFF_FFFF)
    }

    private func uuid(_ seed: Int) -> String {
        let value = UInt64(truncatingIfNeeded: seed &* 0x2545_F491_4F6C_DD1D)
        return String(
            format: "%08x-%04x-%04x-%04x-%012llx", UInt32(value >> 32), seed & 0xFFFF, 0x3e07, 0xb7ee, value)
    }

    private mutating func usedImage(_ index: Int, _ name: String) -> [String: Any] {
        let isApp = index == 0
        let path =
            isApp
            ? "/private/var/containers/Bundle/Application/0/Shop.app/Shop"
            : "/System/Library/Frameworks/\(name).framework/\(name)"
        return [
            "source": "P", "arch": isApp ? "arm64" : "arm64e", "base": 6_442_450_944 + index * 0x100_0000,
            "size": random.int(100_000...9_000_000), "uuid": uuid(index &+ 7919), "path": path, "name": name,
        ]
    }

    private mutating func systemFrames(_ count: Int, images: Int) -> [[String: Any]] {
        (0..<count).map { _ in
            let frame = random.pick(Self.systemFrames)
            return [
                "imageIndex": random.int(1...(images - 1)), "imageOffset": random.int(4096...9_000_000),
                "symbol": frame.1, "symbolLocation": random.int(0...2000),
            ]
        }
    }

    private mutating func threadState() -> [String: Any] {
        let registers = (0..<29).map { _ in ["value": random.int(0...Int(Int32.max))] }
        var state: [String: Any] = ["flavor": "ARM_THREAD_STATE64", "x": registers]
        for name in ["fp", "lr", "sp", "pc", "cpsr", "far", "esr"] {
            state[name] = ["value": random.int(0...Int(Int32.max))]
        }
        return state
    }
}
