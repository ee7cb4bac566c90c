@testable import Markup
import Testing

/// HTML named entities read right without a DTD, and nothing after them is lost (BRIEF §8:
/// libxml2's recovery drops every entity after the first undeclared one).
struct EntityTests {
    private func paragraphText(_ body: String) -> String {
        let document = Markup.parse(Array("<p>\(body)</p>".utf8), as: .xml)
        return document.textContent(of: document.rootElement!)
    }

    @Test func htmlEntityThenXMLEntityThenHTMLEntityAllKept() {
        #expect(paragraphText("a&nbsp;b &amp; c&mdash;d") == "a\u{00A0}b & c\u{2014}d")
    }

    @Test func manyDifferentHTMLEntitiesRead() {
        #expect(paragraphText("&ldquo;Caf&eacute;&rdquo; &hellip; &copy;&AElig;&lt;&gt;&quot;&apos;")
            == "\u{201C}Caf\u{00E9}\u{201D} \u{2026} \u{00A9}\u{00C6}<>\"'")
    }

    @Test func numericReferencesStay() {
        #expect(paragraphText("&#8212;&#x2014;&#X2014;") == "\u{2014}\u{2014}\u{2014}")
    }

    @Test func unknownEntityStaysAsLiteralText() {
        #expect(paragraphText("x &bogus; y &nbsp;z") == "x &bogus; y \u{00A0}z")
    }

    @Test func strayAmpersandsStayAsText() {
        #expect(paragraphText("AT&T & Co &# &#xZZ; &;") == "AT&T & Co &# &#xZZ; &;")
        #expect(Markup.parse(Array("<p>AT&T &nbsp;x</p>".utf8), as: .xml).parsedCleanly)
    }

    @Test func entitiesInAttributesAreRewrittenToo() {
        let document = Markup.parse(Array(#"<img alt="a&nbsp;b&mdash;c &amp; d"/>"#.utf8), as: .xml)
        #expect(document[document.rootElement!].attribute("alt") == "a\u{00A0}b\u{2014}c & d")
    }

    @Test func cdataAndCommentsAreNotRewritten() {
        let document = Markup.parse(Array("<p><!-- &nbsp; --><![CDATA[&nbsp; & <b>]]></p>".utf8), as: .xml)
        let root = document.rootElement!
        #expect(document.textContent(of: root) == "&nbsp; & <b>")
        #expect(document.children(of: root).map { document[$0].kind } == [.cdata])
    }

    /// The search for a first `&` goes eight bytes at a time: one is found wherever it falls.
    @Test func aReferenceIsFoundAtEveryOffset() {
        for offset in 0...16 {
            let padding = String(repeating: "x", count: offset)
            #expect(EntityRewriter.rewrite(Array("\(padding)&nbsp;".utf8)) == Array("\(padding)&#160;".utf8), "offset \(offset)")
            #expect(EntityRewriter.rewrite(Array("\(padding)&".utf8)) == Array("\(padding)&amp;".utf8), "offset \(offset)")
        }
    }
}
