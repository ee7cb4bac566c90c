import BookModel
import Testing
@testable import XHTMLReader

/// `::first-letter`: the first letter of a block's text (with the punctuation around it) in the
/// style its rules give, floated when they float it (a drop cap).
struct FirstLetterTests {
    static func blocks(css: String, body: String) -> [Block] {
        readDocument("""
            <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><style>\(css)</style></head>
            <body>\(body)</body></html>
            """).blocks
    }

    @Test func aFirstLetterTakesItsOwnStyle() {
        let blocks = Self.blocks(css: "p.open::first-letter { font-size: 2em; font-weight: bold } p:first-letter { color: red }",
                                 body: #"<p class="open"> “Once upon a time.</p><p>Next.</p>"#)
        guard case .paragraph(let runs) = blocks.first?.kind, case .paragraph(let next) = blocks.last?.kind else {
            Issue.record("no paragraphs")
            return
        }
        #expect(runs.map(\.text) == ["“O", "nce upon a time."])
        #expect(runs[0].scale == 2 && runs[0].style.contains(.bold) && runs[0].color == BookColor(red: 255, green: 0, blue: 0))
        #expect(runs[1].scale == nil && !runs[1].style.contains(.bold))
        // `:first-letter` (CSS 2's one colon) reaches every paragraph's.
        #expect(next.map(\.text) == ["N", "ext."])
        #expect(next[0].color == BookColor(red: 255, green: 0, blue: 0))
    }

    @Test func aFloatedFirstLetterIsADropCap() {
        let blocks = Self.blocks(css: "div.chapter p:first-child::first-letter { float: left; font-size: 3em }",
                                 body: #"<div class="chapter"><p><em>Every</em> spring.</p><p>Then.</p></div>"#)
        #expect(blocks.map(\.text) == ["[float left at 0: E]", "very spring.", "Then."])
        guard case .float(let box) = blocks.first?.kind else { return }
        #expect(box.blocks.first?.style.fontScale == 3)
        guard case .paragraph(let runs) = box.blocks.first?.kind else { return }
        #expect(runs.first?.style.contains(.italic) == true)
    }

    @Test func noLetterLeavesItToTheNextText() {
        let blocks = Self.blocks(css: "p::first-letter { font-size: 2em }", body: "<p><span> </span><b>“</b>— 1 item</p>")
        guard case .paragraph(let runs) = blocks.first?.kind else { return }
        #expect(runs.contains { $0.scale == 2 && $0.text.contains("1") })
    }

    /// A block whose text starts with a symbol has no first letter; a float's text is out of
    /// the flow, so the first letter is the host's own.
    @Test func aSymbolOrAFloatIsNotTheFirstLetter() {
        let blocks = Self.blocks(css: "p::first-letter { font-size: 2em }",
                                 body: #"<p>$100 was <em>paid</em>.</p><p><span style="float: right">10</span>Sing, goddess.</p>"#)
        func runs(of block: Block) -> [Inline] {
            switch block.kind {
            case .paragraph(let runs): return runs
            case .float(let box): return box.blocks.flatMap(runs(of:))
            default: return []
            }
        }
        let scaled = blocks.flatMap(runs(of:)).filter { $0.scale != nil }
        #expect(scaled.map(\.text) == ["S"])
    }
}
