import BookModel
import Testing
@testable import XHTMLReader

/// `::first-line`: the reader keeps what the rules change of the text (which text is on the
/// first line is the layout's to find) on the block whose first line it is.
struct FirstLineTests {
    static func blocks(css: String, body: String) -> [Block] {
        FirstLetterTests.blocks(css: css, body: body)
    }

    @Test func aParagraphKeepsWhatItsFirstLineChanges() {
        let blocks = Self.blocks(css: """
            p.open::first-line { font-variant: small-caps; font-weight: bold; color: #930; text-decoration: underline; letter-spacing: 0.1em }
            p.loud:first-line { text-transform: uppercase; font-size: 1.5em; font-style: italic }
            """, body: #"<p class="open">Once upon a time.</p><p class="loud">Twice.</p><p>Plain.</p>"#)
        var expected = FirstLineStyle()
        expected.features = .smallCaps
        expected.letterSpacing = 0.1
        expected.bold = true
        expected.color = BookColor(red: 0x99, green: 0x33, blue: 0)
        expected.underline = true
        #expect(blocks[0].firstLine == expected)
        // CSS 2's one colon too.
        #expect(blocks[1].firstLine?.letterCase == .upper)
        #expect(blocks[1].firstLine?.scale == 1.5)
        #expect(blocks[1].firstLine?.italic == true)
        #expect(blocks[2].firstLine == nil)
        // The text itself is the book's: the layout sets the first line.
        #expect(blocks[0].text == "Once upon a time.")
    }

    /// A division's first line is its first paragraph's: the paragraphs after it, and text
    /// after the division, have none.
    @Test func aDivisionsFirstLineIsItsFirstParagraphs() {
        let blocks = Self.blocks(css: "div.chapter::first-line { text-transform: uppercase }",
                                 body: #"<div class="chapter"><h2>Title</h2><p>One.</p></div><p>Two.</p>"#)
        #expect(blocks.map { $0.firstLine?.letterCase } == [.upper, nil, nil])
        let inner = Self.blocks(css: "div::first-line { font-weight: bold } p::first-line { font-style: italic }",
                                body: "<div><p>One.</p><p>Two.</p></div>")
        #expect(inner.map { $0.firstLine?.italic } == [true, true])
        #expect(inner.map { $0.firstLine?.bold } == [true, nil])
    }

    /// A rule that changes nothing of the text (a margin) gives no first-line style; a float's
    /// text is out of the flow, and a paragraph split by a block inside it has one first line.
    @Test func onlyTheFlowsFirstLineTakesIt() {
        let margins = Self.blocks(css: "p::first-line { margin-left: 2em }", body: "<p>One.</p>")
        #expect(margins.first?.firstLine == nil)
        let floated = Self.blocks(css: "p::first-line { font-weight: bold }",
                                  body: #"<p><span style="float: right">10</span>Sing, goddess.</p>"#)
        guard case .float(let box) = floated.first?.kind else {
            Issue.record("no float")
            return
        }
        #expect(box.blocks.count == 1 && box.blocks.allSatisfy { $0.firstLine == nil })
        #expect(floated.last?.firstLine?.bold == true)
        let split = Self.blocks(css: "p::first-line { font-weight: bold }", body: "<p>Before <div>inside</div> after</p>")
        #expect(split.map(\.text) == ["Before", "inside", "after"])
        #expect(split.map { $0.firstLine?.bold } == [true, nil, nil])
    }
}
