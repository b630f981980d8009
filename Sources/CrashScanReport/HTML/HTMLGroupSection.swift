import CrashScanModel
import CrashScanRules

/// One group's section of the HTML page: what it is, the evidence, where and when it crashes,
/// samples and frames, where the code is, and the fix.
enum HTMLGroupSection {
    static func render(_ section: ReportPage.GroupSection, unit: TrendUnit, zone: DisplayZone) -> String {
        let group = section.group
        let anchor = HTMLText.anchor(group.id)
        var html = "<section class=\"group\" id=\"\(anchor)\" aria-labelledby=\"\(anchor)-h\">"
        html +=
            "<h2 id=\"\(anchor)-h\">Group <code>\(HTMLText.escape(group.id))</code>: <code>\(HTMLText.escape(ReportRenderer.classKey(group)))</code></h2>"
        html += classification(section, zone: zone)
        if let evidence = group.evidence {
            html +=
                "<p>\(HTMLText.escape(ReportRenderer.evidenceSummary(evidence, shown: section.group.reportCount)))</p>"
        }
        if let regression = group.regression {
            let text = HTMLText.escape(regression.summary)
            html += regression.regressed ? "<p class=\"regressed\">\(text)</p>" : "<p>\(text)</p>"
        }
        html += "<div class=\"cols\"><div><h3>Trend</h3>"
        html += HTMLCharts.trend(
            section.trend, unit: unit, marks: section.versionMarks, id: "\(anchor)-trend",
            title: "KVC failures of group \(group.id) per \(unit.rawValue) (UTC)", width: 380)
        html += "</div><div><h3>OS versions</h3>"
        html += HTMLCharts.osBars(
            group.osVersions, window: section.failingWindow, id: "\(anchor)-os",
            title: "Reports of group \(group.id) by OS version")
        html += "</div></div>"
        html += "<h3>Devices × OS versions</h3>"
        html += HTMLCharts.heatmap(
            section.matrix, scope: group.id,
            caption: section.failingWindow.map {
                "Outlined columns: the rule’s failing window, iOS \($0.description)"
            }
                ?? "This group’s KVC failures", outline: section.failingWindow, maxRows: 12, maxColumns: 16)
        html += appVersions(group)
        html += samples(section, zone: zone)
        if !group.sourceLocations.isEmpty {
            html += "<h3>In the app’s code</h3><ul>"
            for location in group.sourceLocations.prefix(20) {
                html +=
                    "<li><code>\(HTMLText.escape(location.described))</code> (rule \(HTMLText.escape(location.ruleID)))</li>"
            }
            html += "</ul>"
        }
        html += fix(section)
        return html + "</section>"
    }

    static func classification(_ section: ReportPage.GroupSection, zone: DisplayZone) -> String {
        let group = section.group
        var facts: [(label: String, value: String)] = [
            ("Kind", group.kind?.rawValue ?? "–"), ("Accessor", group.accessor?.rawValue ?? "–"),
            ("Exception", group.exceptionType ?? "–"), ("Cause", group.cause?.rawValue ?? "–"),
            ("Reports", HTMLText.number(group.reportCount)),
            ("Affected devices", HTMLText.affected(group.affected, devices: true)),
            ("Affected users", HTMLText.affected(group.affected, devices: false)),
            ("Device models", HTMLText.number(group.deviceCount)),
            ("First seen", group.firstSeen.map { "\(zone.time($0)) \(zone)" } ?? "–"),
            ("Last seen", group.lastSeen.map { "\(zone.time($0)) \(zone)" } ?? "–"),
        ]
        if let fix = group.recommendation?.fix { facts.append(("Fix", fix)) }
        if let confidence = group.evidence?.confidence { facts.append(("Confidence", confidence.rawValue)) }
        var html = HTMLText.facts(facts)
        if let reason = section.reason {
            html += "<p><strong>Reason:</strong> <code>\(HTMLText.escape(reason))</code></p>"
        }
        if let blame = group.blameFrame {
            html +=
                "<p><strong>Blame frame:</strong> <code>\(HTMLText.escape(BlameLocation.text(blame, location: group.blameLocation)))</code></p>"
        }
        return html
    }

    static func appVersions(_ group: KVCReport.Group) -> String {
        guard !group.appVersions.isEmpty else { return "" }
        let regressed = Set(group.regression?.regressedIn.map(\.value) ?? [])
        let items = group.appVersions.map { count in
            let mark =
                regressed.contains(count.value) ? " <strong class=\"regressed\">regressed</strong>" : ""
            return "<li>\(HTMLText.escape(count.value)): \(count.reports)\(mark)</li>"
        }
        let note = ReportRenderer.appSpan(group).map { "<p class=\"muted\">\(HTMLText.escape($0))</p>" } ?? ""
        return "<h3>App versions</h3>" + note + "<ul>" + items.joined() + "</ul>"
    }

    static func samples(_ section: ReportPage.GroupSection, zone: DisplayZone) -> String {
        var html = ""
        if !section.samples.isEmpty {
            html +=
                "<h3>Latest reports</h3><p class=\"muted\">The newest of the reports counted above (the filters apply); days in \(zone).</p><ul>"
            for sample in section.samples {
                let facts = [
                    sample.seen.map(zone.day) ?? "no date", sample.device ?? "no device",
                    sample.osVersion.map(Evidence.osNamed) ?? "no OS",
                    sample.appVersion.map { "app \($0)" } ?? "no app version",
                ].joined(separator: " · ")
                let link = sample.sourceURL.map { " " + HTMLText.link($0, text: "Bugly console") } ?? ""
                html +=
                    "<li><code>\(HTMLText.escape(sample.path ?? "?"))</code> <span class=\"muted\">\(HTMLText.escape(facts))</span>\(link)</li>"
            }
            html += "</ul>"
        }
        guard !section.frames.isEmpty else { return html }
        html +=
            "<details><summary>Frames of <code>\(HTMLText.escape(section.samplePath ?? "a sample report"))</code></summary><ol class=\"frames\" start=\"0\">"
        for frame in section.frames {
            let location = frame.location.map { " (\($0))" } ?? ""
            let inlined = frame.inlined ? " <span class=\"muted\">[inlined]</span>" : ""
            html +=
                "<li>\(HTMLText.escape(frame.image))  \(HTMLText.escape(frame.symbol + location))\(inlined)</li>"
        }
        return html + "</ol></details>"
    }

    static func fix(_ section: ReportPage.GroupSection) -> String {
        guard let fix = section.fix else {
            return
                "<h3>Fix</h3><p>No rule matches this group; <code>crashscan explain \(HTMLText.escape(section.group.id))</code> shows what is known.</p>"
        }
        let anchor = HTMLText.anchor(section.group.id)
        var html = "<h3>Fix: <code>\(HTMLText.escape(fix.slug))</code></h3>"
        html += "<p><strong>\(HTMLText.escape(fix.title))</strong></p>\(HTMLText.prose(fix.detail))"
        if let sentence = fix.deploymentTarget {
            html += "<p class=\"muted\">\(HTMLText.escape(sentence))</p>"
        }
        if let withheld = fix.codeWithheld { html += "<p class=\"muted\">\(HTMLText.escape(withheld))</p>" }
        for (language, code) in [("Objective-C", fix.objc), ("Swift", fix.swift)] {
            guard let code else { continue }
            let id = "\(anchor)-\(language == "Swift" ? "swift" : "objc")"
            html +=
                "<div class=\"code-head\"><strong>\(language)</strong><button type=\"button\" class=\"copy\" data-target=\"\(id)\" hidden=\"hidden\">Copy</button></div><pre><code id=\"\(id)\">\(HTMLText.escape(code))</code></pre>"
        }
        if !fix.sources.isEmpty {
            html +=
                "<p class=\"muted\">Sources: " + fix.sources.map { HTMLText.link($0) }.joined(separator: ", ")
                + "</p>"
        }
        return html
    }
}
