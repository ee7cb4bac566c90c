import BookModel
import Testing
import XHTMLReader

/// White space collapses as HTML does outside `pre`; no empty runs or empty paragraphs.
struct WhitespaceTests {
    @Test func runsOfSpaceCollapseAndBlocksAreTrimmed() {
        let content = readBody("<p>\n   Call   me\n\tIshmael.\r\n  </p>")
        #expect(content.blocks.map(\.kind) == [.paragraph([Inline("Call me Ishmael.")])])
    }

    @Test func spaceBetweenStyledRunsIsKeptOnce() {
        let content = readBody("<p><i>one</i> <b> two </b> three</p>")
        #expect(content.blocks.first?.runs == [Inline("one", style: .italic), Inline(" "), Inline("two ", style: .bold), Inline("three")])
    }

    @Test func nonBreakingSpacesAreKept() {
        #expect(readBody("<p>&nbsp;a&#160;&#160;b&nbsp;</p>").blocks.first?.runs == [Inline("\u{00A0}a\u{00A0}\u{00A0}b\u{00A0}")])
        #expect(readBody("<p>&nbsp;</p>").blocks.count == 1)
    }

    @Test func emptyAndBlankBlocksAreDropped() {
        let content = readBody("<p></p><p>   </p><p><br/></p><div>\n</div><p><span> </span></p><h2> </h2><p>kept</p>")
        #expect(content.blocks.map(\.kind) == [.paragraph([Inline("kept")])])
    }

    @Test func whitespaceBetweenBlocksMakesNoParagraph() {
        let content = readBody("\n  <p>a</p>\n\n  <p>b</p>\n")
        #expect(content.blocks.map(\.text) == ["a", "b"])
    }

    @Test func preformattedDropsOnlyTheFirstNewlineAndTrailingWhitespace() {
        let content = readBody("<pre>\n\n  two leading\n\n</pre>")
        #expect(content.blocks.map(\.kind) == [.preformatted([Inline("\n  two leading")])])
    }

    /// Text is judged eight bytes at a time before it is collapsed and cleaned: wherever among
    /// those eight a run of white space or a control character falls, it reads the same, and its
    /// characters keep their places in the document.
    @Test(arguments: [("  ", " "), ("\n", " "), (" \t ", " "), ("&#x7F;", ""), ("&#x85;", "\u{2026}"),
                      ("\u{A0}", "\u{A0}"), ("\u{AB}", "\u{AB}"), ("\u{201C}", "\u{201C}")])
    func textReadsAlikeWhereverItsWhiteSpaceFalls(piece: String, shown: String) {
        let letters = "abcdefghijklmnopqrstuvw"
        for offset in 0...20 {
            let before = String(letters.prefix(offset))
            let paragraph = readBody("<p>\(before)\(piece)after it</p>").blocks.first
            let expected = before.isEmpty && shown == " " ? "after it" : before + shown + "after it"
            #expect(paragraph?.text == expected, "offset \(offset)")
            // The last "t" is where it was in the document.
            let written = before.unicodeScalars.count + piece.unicodeScalars.count + 7
            let cfi = paragraph?.source?.position(at: expected.unicodeScalars.count - 1).cfi
            if !piece.hasPrefix("&") { #expect(cfi == "/4/2/1:\(written)", "offset \(offset)") }
        }
    }

    @Test func aSpaceAfterOneThatEndedTheLastTextIsDropped() {
        #expect(readBody("<p>one <i>two </i> three</p>").blocks.first?.text == "one two three")
        #expect(readBody("<p><i>one</i> two  three four</p>").blocks.first?.text == "one two three four")
    }
}
