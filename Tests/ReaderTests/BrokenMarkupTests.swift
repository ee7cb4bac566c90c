import BookModel
import Testing
import XHTMLReader

/// Broken markup is recovered, not dropped, and the recovery is reported.
struct BrokenMarkupTests {
    @Test func unclosedTagsKeepTheirText() {
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml"><body>
            <p>One <b>bold
            <p>Two <i>italic</p>
            <p>Three</p>
            </body></html>
            """)
        let text = content.blocks.map(\.text).joined(separator: "|")
        #expect(text.contains("One bold"))
        #expect(text.contains("Two italic"))
        #expect(text.contains("Three"))
        #expect(content.warnings.first?.message.hasPrefix("malformed markup recovered") == true)
        #expect(content.warnings.first?.entry == "OEBPS/text/chapter.xhtml")
        #expect(content.warnings.first?.line != nil)
    }

    @Test func strayAmpersandsAndUndeclaredEntitiesRead() {
        let content = readBody("<p>Fish & chips &nbsp;&amp; peas &mdash; &undefined; done</p>")
        #expect(content.blocks.map(\.text) == ["Fish & chips \u{00A0}& peas \u{2014} &undefined; done"])
        #expect(content.warnings.isEmpty)
    }

    @Test func htmlFileWithVoidElementsAndUnquotedAttributes() {
        let content = readDocument("""
            <!DOCTYPE html><html lang=en><head><title>Old page</title><meta charset=utf-8></head>
            <body><h1 id=top>Caf\u{00E9}</h1><p>line<br>next<p>second &copy; 2020<img src=pic.jpg alt=Pic></body></html>
            """, source: "old.html")
        #expect(content.blocks.map(\.kind) == [
            .heading(level: 1, [Inline("Caf\u{00E9}")]),
            .paragraph([Inline("line\nnext")]),
            .paragraph([Inline("second \u{00A9} 2020")]),
            .image(Image(source: ImageReference(path: "pic.jpg", mediaType: "image/jpeg"), alt: "Pic")),
        ])
        #expect(content.language == "en")
        #expect(content.title == "Old page")
    }

    @Test func misnestedInlineAndBlock() {
        let content = readBody("<p><b>bold <p>next</b> para</p>")
        let text = content.blocks.map(\.text).joined(separator: "|")
        #expect(text.contains("bold"))
        #expect(text.contains("next"))
        #expect(text.contains("para"))
    }
}
