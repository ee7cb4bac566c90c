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
}
