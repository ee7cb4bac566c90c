import Markup
import Testing
import XHTMLReader

/// libxml2 checks each attribute of an element against all the earlier ones: 200 000 of them
/// cost minutes. `Markup` keeps the first `maximumAttributes` of a start tag and leaves the rest
/// out before libxml2 sees them, reading tags as the parser that gets them reads them.
struct AttributeLimitTests {
    private let bound = Markup.maximumAttributes

    private func attributes(_ count: Int, from first: Int = 0, _ make: (Int) -> String = { "a\($0)=\"v\($0)\"" }) -> String {
        (first..<first + count).map(make).joined(separator: " ")
    }

    private func page(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>
        <body>\(body)</body></html>
        """
    }

    private func paragraph(in document: MarkupDocument) throws -> MarkupNode {
        let root = try #require(document.rootElement)
        let p = try #require(document.firstDescendantElement(of: root, named: "p"))
        return document[p]
    }

    private func text(of document: MarkupDocument) throws -> String {
        let root = try #require(document.rootElement)
        return document.textContent(of: root)
    }

    @Test func theFirstAttributesAreKeptAndTheTextWithThem() throws {
        let text = page("<p \(attributes(bound + 1000))>Kept text.</p>\n<p id=\"next\">Next.</p>")
        let document = Markup.parse(Array(text.utf8))
        #expect(document.syntax == .xml)
        #expect(document.parsedCleanly)
        let p = try paragraph(in: document)
        #expect(p.attributes.count == bound)
        #expect(p.attribute("a0") == "v0")
        #expect(p.attribute("a\(bound - 1)") == "v\(bound - 1)")
        #expect(p.attribute("a\(bound)") == nil)
        #expect(document.attributeProblem == MarkupProblem(line: 3, message: "an element with more than \(bound) attributes; the rest are left out"))
        let content = XHTMLReader.read(document: document, source: "c.xhtml")
        #expect(content.blocks.map(\.text) == ["Kept text.", "Next."])
        #expect(content.warnings.map(\.description).contains { $0.contains("c.xhtml:3: an element with more than \(bound) attributes") })
    }

    @Test func exactlyTheBoundIsLeftAlone() throws {
        let text = page("<p \(attributes(bound))>Text.</p>")
        let document = Markup.parse(Array(text.utf8))
        #expect(document.attributeProblem == nil)
        #expect(try paragraph(in: document).attributes.count == bound)
    }

    @Test func quotedGreaterThanAndQuotesInValuesAreNotTheEndOfTheTag() throws {
        // `>` and the other quote inside values: the tag goes on, and is cut after the bound.
        let mixed = attributes(bound + 50) { $0 % 2 == 0 ? "a\($0)='it\"s > \($0)'" : "a\($0)=\"x>y'\"" }
        let document = Markup.parse(Array(page("<p \(mixed)>Text.</p>").utf8))
        let p = try paragraph(in: document)
        #expect(p.attributes.count == bound)
        #expect(p.attribute("a0") == "it\"s > 0")
        #expect(p.attribute("a1") == "x>y'")
        #expect(document.attributeProblem != nil)
        #expect(try text(of: document).contains("Text."))
    }

    @Test func lineNumbersAfterTheCutStayRight() throws {
        let spread = attributes(bound + 10) { "a\($0)=\"v\"\n" }
        let document = Markup.parse(Array(page("<p \(spread)>One.</p>\n<p>Two.</p>").utf8))
        let root = try #require(document.rootElement)
        let paragraphs = document.descendantElements(of: root, named: "p")
        #expect(paragraphs.count == 2)
        #expect(document[paragraphs[1]].line == 3 + bound + 10 + 1)
    }

    @Test func commentsAndCDATADoNotHideOrOpenTags() throws {
        // A comment holding a quote and a `>`, and one holding a tag-like text: neither changes
        // how the next tag is read, nor is anything in them counted as that tag's.
        let body = "<!-- <p title=\"never closed --><![CDATA[ \" > ]]><?pi \" > ?>"
            + "<p \(attributes(bound + 5))>After the comment.</p><!-- <q \(attributes(10))> -->"
        let document = Markup.parse(Array(page(body).utf8))
        #expect(document.parsedCleanly)
        let p = try paragraph(in: document)
        #expect(p.attributes.count == bound)
        #expect(document.attributeProblem?.line == 3)
        #expect(try text(of: document).contains("After the comment."))
    }

    @Test func aCommentWithManyAttributesIsNotCut() throws {
        let body = "<!-- <p \(attributes(bound + 5))> --><p>Text.</p>"
        let html = "<html><body>\(body)</body></html>"
        for document in [Markup.parse(Array(page(body).utf8)), Markup.parse(Array(html.utf8), as: .html)] {
            // XML reads each `<` afresh (a tag never holds one), HTML skips the comment.
            if document.syntax == .html { #expect(document.attributeProblem == nil) }
            #expect(try text(of: document).contains("Text."))
        }
    }

    @Test func htmlAttributesWithoutQuotesOrValuesAreCounted() throws {
        // Bare names, unquoted values and spaced `=`: all attributes to libxml2's HTML parser.
        let unquoted = attributes(bound + 100) { $0 % 3 == 0 ? "a\($0)" : $0 % 3 == 1 ? "a\($0)=x" : "a\($0) = 'q > q'" }
        let second = Markup.parse(Array("<html><body><p \(unquoted)>HTML text.</p></body></html>".utf8), as: .html)
        let kept = try paragraph(in: second)
        #expect(kept.attributes.count == bound)
        #expect(kept.attribute("a1") == "x")
        #expect(second.attributeProblem?.line == 1)
        #expect(try text(of: second).contains("HTML text."))
    }

    @Test func htmlQuotedValuesAndScriptsAreReadAsTheHTMLParserReadsThem() throws {
        // A `>` in a quoted value, a comment and a script each holding what looks like the end
        // of a tag: the 200-attribute-long tail after them is still seen and cut.
        let text = "<html><head><script>var s = '<a b=\"';</script></head><body><!-- \" > -->"
            + "<p x=\">\" \(attributes(bound + 200) { "a\($0)" })>Text.</p></body></html>"
        let document = Markup.parse(Array(text.utf8), as: .html)
        let p = try paragraph(in: document)
        #expect(p.attributes.count == bound)
        #expect(p.attribute("x") == ">")
        #expect(document.attributeProblem != nil)
    }

    @Test func aPackageDocumentIsBoundedToo() throws {
        let opf = "<?xml version=\"1.0\"?><package xmlns=\"http://www.idpf.org/2007/opf\" \(attributes(bound * 4))><metadata/></package>"
        let document = Markup.parse(Array(opf.utf8), as: .xml)
        let root = try #require(document.rootElement)
        #expect(document[root].name == "package")
        #expect(document[root].attributes.count == bound - 1)
        #expect(document.attributeProblem?.line == 1)
    }

    @Test func twoHundredThousandAttributesParseQuickly() throws {
        let text = page("<p \(attributes(200_000))>Text.</p>")
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(Markup.parse(Array(text.utf8)).attributeProblem != nil) }
        // Without the bound this takes minutes.
        #expect(elapsed < .seconds(5))
    }
}
