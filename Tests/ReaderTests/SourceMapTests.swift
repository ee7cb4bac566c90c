import BookModel
import Testing
import XHTMLReader

/// Each block read from XHTML knows where it came from, as EPUB CFI paths: its element, and for
/// its text the stretches that map one to one onto the document's text nodes, so a page can name
/// the exact character it starts at.
struct SourceMapTests {
    /// The CFI path and offset of the scalar at `offset` of the block's text.
    private func position(_ block: Block?, at offset: Int) -> String? {
        block?.source?.position(at: offset).cfi
    }

    @Test func elementsAreNumberedEvenAndTextOdd() {
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>
            <body><h1 id="top">Title</h1><p>One <em>two</em> three</p></body></html>
            """)
        #expect(content.blocks.map { $0.source?.element } == ["/4/2[top]", "/4/4"])
        // "One " is before <em> (/1), "two" inside it (/2/1), " three" after it (/3).
        let paragraph = content.blocks.last
        #expect(position(paragraph, at: 0) == "/4/4/1:0")
        #expect(position(paragraph, at: 4) == "/4/4/2/1:0")
        #expect(position(paragraph, at: 6) == "/4/4/2/1:2")
        #expect(position(paragraph, at: 8) == "/4/4/3:1")
        // Just past the last character: the end of the last text.
        #expect(position(paragraph, at: 13) == "/4/4/3:6")
    }

    @Test func collapsedWhiteSpaceKeepsOffsetsInTheDocument() {
        // The paragraph reads "a b" but the "b" is the document's 8th character of that text.
        let content = readBody("<p>\n  a\n    b</p>")
        let paragraph = content.blocks.first
        #expect(paragraph?.text == "a b")
        #expect(position(paragraph, at: 0) == "/4/2/1:3")
        #expect(position(paragraph, at: 1) == "/4/2/1:4")
        #expect(position(paragraph, at: 2) == "/4/2/1:9")
    }

    @Test func hiddenAndSkippedElementsStillCount() {
        let content = readBody("<p style=\"display:none\">gone</p><script>x()</script><p>kept</p>")
        #expect(content.blocks.map { $0.source?.element } == ["/4/6"])
    }

    @Test func madeUpTextBelongsToNoSpan() {
        // `q` adds quotation marks the document does not hold: offsets after them still land
        // on the quoted words.
        let content = readBody("<p>He said <q>go</q> now</p>")
        let paragraph = content.blocks.first
        #expect(paragraph?.text == "He said \u{201C}go\u{201D} now")
        #expect(position(paragraph, at: 9) == "/4/2/2/1:0")
        #expect(position(paragraph, at: 13) == "/4/2/3:1")
    }

    @Test func charactersOutsideTheBasicPlaneCountTwoUnits() {
        let content = readBody("<p>a\u{1F600}b</p>")
        let paragraph = content.blocks.first
        #expect(position(paragraph, at: 1) == "/4/2/1:1")
        #expect(position(paragraph, at: 2) == "/4/2/1:3")
        #expect(position(paragraph, at: 3) == "/4/2/1:4")
    }

    @Test func preformattedTextDropsItsFirstNewline() {
        let content = readBody("<pre>\nline one\n  two</pre>")
        let block = content.blocks.first
        #expect(block?.text == "line one\n  two")
        #expect(position(block, at: 0) == "/4/2/1:1")
        #expect(position(block, at: 9) == "/4/2/1:10")
    }

    @Test func spaceBeforeALineBreakIsTrimmedFromTheSpans() {
        let content = readBody("<p>one   <br/>two</p>")
        let paragraph = content.blocks.first
        #expect(paragraph?.text == "one\ntwo")
        #expect(position(paragraph, at: 3) == "/4/2/1:3")
        #expect(position(paragraph, at: 4) == "/4/2/3:0")
    }

    @Test func idsAreEscapedInAssertions() {
        let content = readBody("<p id=\"a[1]\">x</p>")
        #expect(content.blocks.first?.source?.element == "/4/2[a^[1^]]")
    }

    @Test func looseTextNamesTheElementHoldingIt() {
        let content = readBody("<div><span>loose</span> text</div>")
        #expect(content.blocks.first?.source?.element == "/4/2/2")
        #expect(position(content.blocks.first, at: 6) == "/4/2/3:1")
    }

    @Test func imagesRulesAndTablesNameTheirElement() {
        let content = readBody("<hr/><table><tr><td>cell</td></tr></table>")
        #expect(content.blocks.map { $0.source?.element } == ["/4/2", "/4/4"])
    }
}
