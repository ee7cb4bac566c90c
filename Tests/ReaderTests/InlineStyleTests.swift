import BookModel
import Testing
import XHTMLReader

/// Text-level elements become styled runs; line breaks stay inside the run.
struct InlineStyleTests {
    private func runs(_ html: String, source: String = "OEBPS/text/chapter.xhtml") -> [Inline] {
        readBody("<p>\(html)</p>", source: source).blocks.first?.runs ?? []
    }

    @Test(arguments: [
        ("em", TextStyle.italic), ("i", .italic), ("cite", .italic), ("dfn", .italic), ("var", .italic),
        ("strong", .bold), ("b", .bold), ("code", .code), ("kbd", .code), ("samp", .code), ("tt", .code),
        ("sup", .superscript), ("sub", .subscript), ("s", .strikethrough), ("strike", .strikethrough),
        ("del", .strikethrough), ("u", .underline), ("ins", .underline),
    ])
    func elementGivesStyle(element: String, style: TextStyle) {
        #expect(runs("a <\(element)>b</\(element)> c") == [Inline("a "), Inline("b", style: style), Inline(" c")])
    }

    @Test func stylesCombineWhenNested() {
        #expect(runs("<b>bold <i>both</i></b>") == [Inline("bold ", style: .bold), Inline("both", style: [.bold, .italic])])
    }

    @Test func spanAndUnknownElementsAreTransparent() {
        #expect(runs("<span>a</span> <foo>b</foo> <small>c</small>") == [Inline("a b c")])
    }

    @Test func linksResolveInsideTheBookAndStayOutsideIt() {
        #expect(runs(##"<a href="ch2.xhtml#n1">in</a> <a href="#top">here</a> <a href="https://example.com/x">out</a>"##)
            == [Inline("in", link: "OEBPS/text/ch2.xhtml#n1"), Inline(" "),
                Inline("here", link: "OEBPS/text/chapter.xhtml#top"), Inline(" "),
                Inline("out", link: "https://example.com/x")])
        #expect(runs(#"<a href="../../../x.xhtml">gone</a> <a>plain</a>"#) == [Inline("gone plain")])
    }

    @Test func lineBreaksKeepPoetryLines() {
        let content = readBody("""
            <p class="verse">April is the cruellest month, breeding<br/>
               Lilacs out of the dead land, mixing <br />
               Memory and <i>desire</i>,<br/></p>
            """)
        #expect(content.blocks.map(\.kind) == [.paragraph([
            Inline("April is the cruellest month, breeding\nLilacs out of the dead land, mixing\nMemory and "),
            Inline("desire", style: .italic), Inline(","),
        ])])
    }

    @Test func quotationsGetTheirMarks() {
        #expect(runs("He said <q>she said <q>no</q></q>.") == [Inline("He said \u{201C}she said \u{2018}no\u{2019}\u{201D}.")])
    }

    @Test func rubyReadingsAreReadInParentheses() {
        #expect(runs("<ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp></ruby>") == [Inline("漢(かん)")])
        #expect(runs("<ruby>字<rt>じ</rt></ruby>") == [Inline("字(じ)")])
    }

    @Test func leadingBreakMakesAnEmptyFirstLine() {
        #expect(runs("<br/>x") == [Inline("\nx")])
    }
}
