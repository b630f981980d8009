import CrashScanJSON

/// `recommendation.evidence_json` read back with crashscan's JSON reader: `JSONDecoder` took
/// 1.2 M instructions an evidence, 3.5 % of a `report --os 8.1` on a million reports (seven
/// groups). The JSON is the one `Evidence.json` writes; anything else reads as no evidence, as a
/// failed decode did.
extension Evidence {
    init?(stored json: JSONValue) {
        guard json.isObject else { return nil }
        var fields = EvidenceFields(json: json)
        let evidence = Evidence(
            reports: fields.required(.reports, EvidenceFields.int) ?? 0,
            devices: fields.required(.devices, EvidenceFields.int) ?? 0,
            affectedDevices: fields.optional(.affectedDevices, EvidenceFields.int),
            affectedUsers: fields.optional(.affectedUsers, EvidenceFields.int),
            reportsWithDeviceID: fields.optional(.reportsWithDeviceID, EvidenceFields.int),
            reportsWithUserID: fields.optional(.reportsWithUserID, EvidenceFields.int),
            app: fields.optional(.app, EvidenceFields.string),
            crashOSVersions: fields.required(.crashOSVersions, EvidenceFields.counts) ?? [],
            reportsWithoutOS: fields.required(.reportsWithoutOS, EvidenceFields.int) ?? 0,
            cleanOSVersions: fields.required(.cleanOSVersions, EvidenceFields.counts) ?? [],
            counterOSVersions: fields.optional(.counterOSVersions, EvidenceFields.counts) ?? [],
            affectedOS: fields.optional(.affectedOS, EvidenceFields.string),
            failingWindow: fields.optional(.failingWindow, EvidenceFields.string),
            workingWindow: fields.optional(.workingWindow, EvidenceFields.string),
            condition: fields.optional(.condition, EvidenceFields.string),
            confinedToFailingOS: fields.optional(.confinedToFailingOS, EvidenceFields.bool),
            outsideFailingOS: fields.required(.outsideFailingOS, EvidenceFields.strings) ?? [],
            appVersions: fields.required(.appVersions, EvidenceFields.counts) ?? [],
            confidence: fields.required(.confidence, { EvidenceFields.string($0).flatMap(Confidence.init) })
                ?? .low,
            confidenceReason: fields.required(.confidenceReason, EvidenceFields.string) ?? "",
            fixedIn: fields.optional(.fixedIn, EvidenceFields.string),
            regressed: fields.required(.regressed, EvidenceFields.bool) ?? false,
            regressedIn: fields.required(.regressedIn, EvidenceFields.strings) ?? [],
            cleanAppVersionsOnFailingOS: fields.required(.cleanAppVersionsOnFailingOS, EvidenceFields.strings)
                ?? [],
            firstCrashingAppVersion: fields.optional(.firstCrashingAppVersion, EvidenceFields.string),
            rebuildNote: fields.optional(.rebuildNote, EvidenceFields.string),
            inferred: fields.required(.inferred, EvidenceFields.strings) ?? [],
            measured: fields.optional(.measured, EvidenceFields.strings) ?? [],
            headers: fields.optional(.headers, EvidenceFields.string),
            usageOS: fields.optional(.usageOS, EvidenceFields.usageCounts) ?? [])
        guard !fields.failed else { return nil }
        self = evidence
    }
}

/// The members of a stored evidence object, read as `JSONDecoder` reads them: a required member
/// missing, or any member of the wrong type, fails the whole read. Named by the coding keys the
/// encoder writes them with.
private struct EvidenceFields {
    let json: JSONValue
    var failed = false

    mutating func required<T>(_ key: Evidence.CodingKeys, _ read: (JSONValue) -> T?) -> T? {
        guard let value = json.member(key.stringValue)?.value, let read = read(value) else {
            failed = true
            return nil
        }
        return read
    }

    mutating func optional<T>(_ key: Evidence.CodingKeys, _ read: (JSONValue) -> T?) -> T? {
        guard let value = json.member(key.stringValue)?.value else { return nil }
        if case .null = value.kind { return nil }
        guard let read = read(value) else {
            failed = true
            return nil
        }
        return read
    }

    static func int(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value.kind else { return nil }
        return number.integer
    }

    static func string(_ value: JSONValue) -> String? {
        guard case .string(let text) = value.kind else { return nil }
        return text
    }

    static func bool(_ value: JSONValue) -> Bool? {
        guard case .bool(let flag) = value.kind else { return nil }
        return flag
    }

    static func strings(_ value: JSONValue) -> [String]? {
        guard case .array(let items) = value.kind else { return nil }
        var texts: [String] = []
        for item in items {
            guard let text = string(item) else { return nil }
            texts.append(text)
        }
        return texts
    }

    static func counts(_ value: JSONValue) -> [Evidence.Count]? {
        guard case .array(let items) = value.kind else { return nil }
        var counts: [Evidence.Count] = []
        for item in items {
            guard item.isObject, let text = item.member("value").flatMap({ string($0.value) }),
                let reports = item.member("reports").flatMap({ int($0.value) })
            else { return nil }
            counts.append(Evidence.Count(value: text, reports: reports))
        }
        return counts
    }

    static func usageCounts(_ value: JSONValue) -> [Evidence.UsageCount]? {
        guard case .array(let items) = value.kind else { return nil }
        var counts: [Evidence.UsageCount] = []
        for item in items {
            guard item.isObject, let text = item.member("value").flatMap({ string($0.value) }),
                let launches = item.member("launches").flatMap({ int($0.value) }),
                let crashes = item.member("crashes").flatMap({ int($0.value) })
            else { return nil }
            counts.append(Evidence.UsageCount(value: text, launches: launches, crashes: crashes))
        }
        return counts
    }
}
