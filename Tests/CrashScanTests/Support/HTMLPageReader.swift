import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a page `report --format html` wrote as the XML it is written to be (void elements
/// closed, only XML's entities), so that a test sees what a browser would: elements with their
/// attributes and text. The bodies of `<style>` and `<script>` are set aside (CSS and JavaScript
/// are not XML); parsing fails on any unbalanced tag.
struct HTMLPageReader {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    private(set) var elements: [Element] = []

    init(_ html: String) throws {
        var text = html.replacingOccurrences(of: "<!DOCTYPE html>", with: "")
        for tag in ["style", "script"] {
            while let open = text.range(of: "<\(tag)>"),
                let close = text.range(of: "</\(tag)>", range: open.upperBound..<text.endIndex)
            {
                text.replaceSubrange(open.lowerBound..<close.upperBound, with: "<\(tag)-removed/>")
            }
        }
        let delegate = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = delegate
        guard parser.parse() else {
            throw NotWellFormed(
                reason: parser.parserError.map { "\($0)" } ?? "unknown", line: parser.lineNumber,
                column: parser.columnNumber)
        }
        elements = delegate.finished
    }

    struct NotWellFormed: Error, CustomStringConvertible {
        var reason: String
        var line: Int
        var column: Int
        var description: String { "not well-formed at \(line):\(column): \(reason)" }
    }

    func all(_ name: String, where predicate: (Element) -> Bool = { _ in true }) -> [Element] {
        elements.filter { $0.name == name && predicate($0) }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var open: [Element] = []
        var finished: [Element] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            open.append(Element(name: name, attributes: attributes, text: ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            for index in open.indices { open[index].text += string }
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if let element = open.popLast() { finished.append(element) }
        }
    }
}
