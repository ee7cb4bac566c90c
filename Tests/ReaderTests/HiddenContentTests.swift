import BookModel
import Testing
import XHTMLReader

/// What a reader never shows is not text: the head, scripts, styles, templates, hidden elements.
struct HiddenContentTests {
    @Test func headScriptStyleAndTemplateAreNotText() {
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title><style>p { color: red }</style>
            <script>var x = 1;</script></head>
            <body><script>alert(1)</script><style>.a{}</style><template><p>tpl</p></template><p>visible</p></body></html>
            """)
        #expect(content.blocks.map(\.text) == ["visible"])
    }

    @Test func hiddenAttributeAndDisplayNoneAreSkipped() {
        let content = readBody("""
            <p hidden="hidden">gone</p><div hidden="">gone too</div>
            <p style="color: red; DISPLAY : none">styled away</p>
            <p>shown <span style="display:none">secret</span>text</p>
            <p style="display: block">also shown</p>
            """)
        #expect(content.blocks.map(\.text) == ["shown text", "also shown"])
    }

    /// An `svg` that draws text is a picture of its own (`InlineDrawing`), its text in it; one
    /// that only frames a picture shows that picture, its `desc` unread.
    @Test func svgTextIsNotReadButItsImageIs() {
        let drawing = readBody(#"<svg xmlns="http://www.w3.org/2000/svg"><desc>d</desc><text>t</text><image href="i.png"/></svg>"#,
                               source: "a.xhtml")
        #expect(drawing.blocks.map(\.text) == ["[image a.xhtml-svg1.svg ]"])
        let frame = readBody(#"<svg xmlns="http://www.w3.org/2000/svg"><desc>d</desc><image href="i.png"/></svg>"#, source: "a.xhtml")
        #expect(frame.blocks.map(\.text) == ["[image i.png ]"])
    }

    @Test func epubSwitchShowsItsDefault() {
        let content = readBody("""
            <epub:switch><epub:case required-namespace="http://www.xml-cml.org/schema"><p>CML</p></epub:case>
            <epub:default><p>fallback</p></epub:default></epub:switch>
            """)
        #expect(content.blocks.map(\.text) == ["fallback"])
    }
}
