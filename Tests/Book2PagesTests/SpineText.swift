import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ZipArchive

/// A book's text as its spine items' text nodes say it, in reading order, read with
/// Foundation's `XMLParser` rather than the readers' own markup module: the independent
/// reference for books whose text pandoc does not see (an SVG page's `text`), or sees with what
/// the pages leave out (pictures' descriptions). A break goes between elements, so words in
/// neighbouring `tspan`s stay apart; scripts, styles and the head say nothing.
enum SpineText {
    static func text(ofBook path: String) throws -> String {
        let archive = try ZipArchive(path: path)
        let container = try archive.read("META-INF/container.xml")
        guard let package = Attributes.first(named: "rootfile", attribute: "full-path", in: container) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let opf = try archive.read(package)
        let folder = (package as NSString).deletingLastPathComponent
        let manifest = Attributes.all(named: "item", in: opf)
        var hrefs: [String: String] = [:]
        for item in manifest { if let id = item["id"], let href = item["href"] { hrefs[id] = href } }
        var text = ""
        for itemref in Attributes.all(named: "itemref", in: opf) where itemref["linear"] != "no" {
            guard let href = itemref["idref"].flatMap({ hrefs[$0] }) else { continue }
            let entry = folder.isEmpty ? href : folder + "/" + href
            let collector = TextCollector()
            let parser = XMLParser(data: Data(try archive.read(entry.removingPercentEncoding ?? entry)))
            parser.delegate = collector
            parser.parse()
            text += collector.text + "\n"
        }
        return text
    }

    /// The body's text nodes, a space at every element's start and end.
    private final class TextCollector: NSObject, XMLParserDelegate {
        var text = ""
        private var silent = 0
        private var inBody = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if local == "body" { inBody = true }
            if ["script", "style", "title", "head"].contains(local) { silent += 1 }
            text += " "
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if ["script", "style", "title", "head"].contains(local) { silent -= 1 }
            text += " "
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inBody, silent == 0 { text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA data: Data) {
            if inBody, silent == 0 { text += String(decoding: data, as: UTF8.self) }
        }
    }

    /// The attributes of elements with a name, from an XML document.
    private final class Attributes: NSObject, XMLParserDelegate {
        let name: String
        var found: [[String: String]] = []

        init(name: String) { self.name = name }

        static func all(named name: String, in bytes: [UInt8]) -> [[String: String]] {
            let collector = Attributes(name: name)
            let parser = XMLParser(data: Data(bytes))
            parser.delegate = collector
            parser.parse()
            return collector.found
        }

        static func first(named name: String, attribute: String, in bytes: [UInt8]) -> String? {
            all(named: name, in: bytes).first?[attribute]
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if (element.split(separator: ":").last.map(String.init) ?? element) == name { found.append(attributes) }
        }
    }
}
