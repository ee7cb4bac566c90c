import Foundation
import Markup
import Synchronization
import Testing

/// Parsing XML and HTML into the flat node tree: names, namespaces, attributes, lines,
/// recovery from broken markup, and what a hostile file can't make the parser do.
struct MarkupParsingTests {
    private func parse(_ text: String, as choice: Markup.SyntaxChoice = .automatic) -> MarkupDocument {
        Markup.parse(Array(text.utf8), as: choice)
    }

    @Test func treeKeepsNamesNamespacesAttributesAndLines() throws {
        let document = parse("""
            <?xml version="1.0"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="fr">
            <body><section epub:type="chapter" id="c1">
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="a.png"/></svg>
            </section></body></html>
            """)
        #expect(document.syntax == .xml)
        #expect(document.parsedCleanly)
        let root = try #require(document.rootElement)
        #expect(document[root].name == "html")
        #expect(document[root].namespace == "http://www.w3.org/1999/xhtml")
        #expect(document[root].attribute("lang", namespace: Namespace.xml) == "fr")
        #expect(document[root].attribute("lang") == nil)
        let section = try #require(document.firstDescendantElement(of: root, named: "section"))
        #expect(document[section].attribute("type", namespace: Namespace.ops) == "chapter")
        #expect(document[section].attribute("id") == "c1")
        #expect(document[section].line == 3)
        let image = try #require(document.firstDescendantElement(of: root, named: "image"))
        #expect(document[image].namespace == Namespace.svg)
        #expect(document[image].attribute("href", namespace: Namespace.xlink) == "a.png")
        #expect(document[image].line == 4)
    }

    @Test func undeclaredEpubPrefixStillMeansTheEpubNamespace() throws {
        let document = parse(#"<html><body><aside epub:type="footnote">n</aside></body></html>"#, as: .xml)
        let aside = try #require(document.firstDescendantElement(of: document.rootElement!, named: "aside"))
        #expect(document[aside].attribute("type", namespace: Namespace.ops) == "footnote")
    }

    @Test func childrenAndDescendantsComeInDocumentOrder() throws {
        let document = parse("<a><b>1<c>2</c></b><d>3</d>4</a>", as: .xml)
        let root = try #require(document.rootElement)
        #expect(document.children(of: root).map { document[$0].name } == ["b", "d", ""])
        #expect(document.descendants(of: root).compactMap { document[$0].kind == .element ? document[$0].name : nil }
            == ["b", "c", "d"])
        #expect(document.textContent(of: root) == "1234")
    }

    @Test func unclosedTagsAreRecoveredAndReported() throws {
        let document = parse("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>one <b>two</p><p>three</body></html>")
        #expect(!document.parsedCleanly)
        #expect(document.problemCount > 0)
        #expect(document.problems.first?.line == 1)
        let text = document.textContent(of: try #require(document.rootElement))
        #expect(text.contains("one two"))
        #expect(text.contains("three"))
    }

    @Test func badlyBrokenXMLFallsBackToHTMLAndKeepsTheText() throws {
        // XML recovery gives up at the stray `<` and loses the rest; the HTML parser does not.
        let body = "<p>first</p><p>1 < 2 and <i>more</p>" + String(repeating: "<p>later text</p>", count: 20)
        let document = parse("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(body)</body></html>")
        #expect(!document.parsedCleanly)
        let text = document.textContent(of: try #require(document.rootElement))
        #expect(text.contains("first"))
        #expect(text.components(separatedBy: "later text").count - 1 == 20)
    }

    @Test func clearlyHTMLGoesToTheHTMLParser() throws {
        let document = parse("<!DOCTYPE html><html><head><title>T</title></head><body><p>a<br>b &nbsp;c<p>d</body></html>")
        #expect(document.syntax == .html)
        let root = try #require(document.rootElement)
        let paragraphs = document.descendantElements(of: root, named: "p")
        #expect(paragraphs.count == 2)
        #expect(document.textContent(of: paragraphs[0]) == "ab \u{00A0}c")
    }

    @Test func wellFormedHTMLWithSelfClosingTagsIsReadAsXML() throws {
        // The HTML parser would take `<script/>` as an open element holding the whole body.
        let document = parse(#"<html><head><script src="a.js"/></head><body><p>body text</p></body></html>"#)
        #expect(document.syntax == .xml)
        let root = try #require(document.rootElement)
        #expect(document.descendantElements(of: root, named: "p").map { document.textContent(of: $0) } == ["body text"])
    }

    @Test func xhtmlWithoutDeclarationStaysXML() {
        let document = parse("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>x</p></body></html>")
        #expect(document.syntax == .xml)
    }

    @Test func utf16DocumentsAreRead() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><p>caf\u{00E9} &mdash; \u{65E5}\u{672C}</p>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let document = Markup.parse(bytes, as: .xml)
        #expect(document.textContent(of: try #require(document.rootElement)) == "caf\u{00E9} \u{2014} \u{65E5}\u{672C}")
    }

    @Test func latin1DeclaredEncodingIsHonoured() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><p>caf".utf8)
        bytes += [0xE9]
        bytes += Array("</p>".utf8)
        let document = Markup.parse(bytes, as: .xml)
        #expect(document.textContent(of: try #require(document.rootElement)) == "caf\u{00E9}")
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let document = parse("""
            <?xml version="1.0"?>
            <!DOCTYPE p [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> <!ENTITY % pe SYSTEM "file:///etc/passwd"> %pe; ]>
            <p>&xxe;</p>
            """, as: .xml)
        let text = document.rootElement.map { document.textContent(of: $0) } ?? ""
        #expect(!text.contains("root:"))
        #expect(text == "&xxe;")
    }

    @Test func internalEntitiesAreNotExpanded() throws {
        let lol2 = String(repeating: "&lol;", count: 10)
        let document = parse("""
            <?xml version="1.0"?>
            <!DOCTYPE p [ <!ENTITY lol "lol"> <!ENTITY lol2 "\(lol2)"> ]>
            <p>&lol2;</p>
            """, as: .xml)
        #expect(document.textContent(of: try #require(document.rootElement)) == "&lol2;")
    }

    @Test func parsesOnManyThreadsKeepTheirOwnProblems() {
        // libxml2's error handler is per thread: one parse's errors never land on another's.
        let clean = Array("<p>fine &nbsp; text</p>".utf8)
        let broken = Array("<p>broken <b>text</p>".utf8)
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let document = Markup.parse(index % 2 == 0 ? clean : broken, as: .xml)
            if document.parsedCleanly != (index % 2 == 0) { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test func emptyOrJunkInputGivesNoRoot() {
        #expect(parse("").rootElement == nil)
        #expect(parse("just words").rootElement == nil || parse("just words").syntax == .html)
    }
}
