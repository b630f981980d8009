import CrashScanModel

/// Reads `catalogs/uikit-members.tsv` (scripts/uikit-members-catalog.py writes it): a
/// `# versions` line, then per class a `C<TAB>class<TAB>versions` line, `S<TAB>superclass<TAB>versions`
/// lines and a line per member, `member<TAB>kind<TAB>type class<TAB>versions`. Versions are ranges of
/// dump labels (`4.3-12.4,13.4.1`); a range may pass over versions whose dump did not hold the class,
/// so the superclasses' and members' versions are kept within the class's.
enum UIKitMemberFile {
    static func read(_ text: String) -> UIKitMemberCatalog.Tables {
        var tables = UIKitMemberCatalog.Tables()
        var place: [Substring: Int] = [:]
        var current: (name: String, entry: UIKitMemberCatalog.ClassEntry)?
        func finish() {
            if let current { tables.classes[current.name] = current.entry }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("# versions\t") {
                let labels = line.dropFirst("# versions\t".count).split(separator: " ")
                tables.versions = labels.map(String.init)
                tables.osVersions = labels.compactMap { OSVersion.parse("iOS \($0)") }
                for (index, label) in labels.enumerated() { place[label] = index }
                continue
            }
            guard !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 3, fields[0] == "C" {
                finish()
                var entry = UIKitMemberCatalog.ClassEntry()
                entry.covered = versions(fields[2], place: place)
                current = (String(fields[1]), entry)
            } else if fields.count == 3, fields[0] == "S", let covered = current?.entry.covered {
                current?.entry.superclasses.append(
                    (String(fields[1]), versions(fields[2], place: place).intersection(covered)))
            } else if fields.count == 4, let covered = current?.entry.covered,
                let kind = kind(fields[1])
            {
                current?.entry.members.append(
                    UIKitMemberCatalog.Member(
                        name: String(fields[0]), kind: kind,
                        typeClass: fields[2].isEmpty ? nil : String(fields[2]),
                        versions: versions(fields[3], place: place).intersection(covered)))
            }
        }
        finish()
        return tables
    }

    static func kind(_ code: Substring) -> UIKitMemberCatalog.Kind? {
        switch code {
        case "i": return .ivar
        case "p": return .property
        case "c": return .categoryProperty
        default: return nil
        }
    }

    /// `8.3-18,20`: each label or range of labels, by place.
    static func versions(_ text: Substring, place: [Substring: Int]) -> DumpVersions {
        var set = DumpVersions()
        for part in text.split(separator: ",") {
            let ends = part.split(separator: "-", maxSplits: 1)
            guard let first = place[ends[0]], let last = ends.count == 2 ? place[ends[1]] : first,
                first <= last
            else { continue }
            for index in first...last { set.insert(index) }
        }
        return set
    }
}
