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

    @Test func rubyReadingsGoOnTheirBasesNotInTheText() {
        // Group ruby, with and without `rp`; the text around it stays plain.
        #expect(runs("<ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp></ruby>") == [Inline("漢", ruby: "かん")])
        #expect(runs("<ruby>山路<rt>やまみち</rt></ruby>を登り") == [Inline("山路", ruby: "やまみち"), Inline("を登り")])
        // Mono ruby: each base its reading, never merged, even when two readings are alike.
        #expect(runs("<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>") == [Inline("漢", ruby: "かん"), Inline("字", ruby: "じ")])
        #expect(runs("<ruby>人<rt>ひと</rt></ruby><ruby>人<rt>ひと</rt></ruby>") == [Inline("人", ruby: "ひと"), Inline("人", ruby: "ひと")])
        // `rb`s pair with the readings in order (tabular markup), and `rtc` is a reading.
        #expect(runs("<ruby><rb>東</rb><rb>京</rb><rt>とう</rt><rt>きょう</rt></ruby>")
                == [Inline("東", ruby: "とう"), Inline("京", ruby: "きょう")])
        #expect(runs("<ruby>東京<rtc>Tōkyō</rtc></ruby>") == [Inline("東京", ruby: "Tōkyō")])
        // Spaces of the markup stay outside the base; a styled base keeps its style.
        #expect(runs("a <ruby> 漢 <rt> かん </rt></ruby> b") == [Inline("a "), Inline("漢", ruby: "かん"), Inline(" b")])
        #expect(runs("<ruby><b>漢</b><rt>かん</rt></ruby>") == [Inline("漢", style: .bold, ruby: "かん")])
    }

    @Test func aReadingWithNoBaseIsReadInParentheses() {
        #expect(runs("<rt>かん</rt>字") == [Inline("(かん)字")])
        #expect(runs("<ruby><rt>かん</rt>字</ruby>") == [Inline("(かん)字")])
    }

    /// `text-orientation` and `text-combine-upright` (and the prefixed and older names books
    /// write) say how text stands in a column; `digits 2` combines runs of up to two digits.
    @Test func verticalTextStandsAsTheCSSSays() {
        #expect(runs("明治<span style=\"-epub-text-combine: horizontal\">39</span>年")
                == [Inline("明治"), Inline("39", style: .combinedUpright), Inline("年")])
        #expect(runs("<span style=\"text-combine-upright: all\">!?</span>") == [Inline("!?", style: .combinedUpright)])
        #expect(runs("<span style=\"-webkit-text-orientation: upright\">AB</span>c") == [Inline("AB", style: .upright), Inline("c")])
        #expect(runs("<span style=\"text-orientation: sideways\">日本</span>") == [Inline("日本", style: .sideways)])
        #expect(runs("<span style=\"text-combine-upright: digits 2\">第12章1年2024年</span>")
                == [Inline("第"), Inline("12", style: .combinedUpright), Inline("章"), Inline("1", style: .combinedUpright),
                    Inline("年2024年")])
        #expect(runs("<span style=\"text-combine-upright: digits 3\">123と1234</span>")
                == [Inline("123", style: .combinedUpright), Inline("と1234")])
        // Values it does not know leave the text as it is.
        #expect(runs("<span style=\"text-combine-upright: digits 9; text-orientation: diagonal\">12</span>") == [Inline("12")])
    }

    @Test func leadingBreakMakesAnEmptyFirstLine() {
        #expect(runs("<br/>x") == [Inline("\nx")])
    }
}

/// A `math` element is read whole onto the run of its text: its elements in document order,
/// each with its attributes and children, a token's white space collapsed, annotations left out.
struct FormulaReadingTests {
    private func runs(_ html: String) -> [Inline] {
        readBody("<p>\(html)</p>", source: "OEBPS/text/chapter.xhtml").blocks.first?.runs ?? []
    }

    @Test func aFormulaIsOneRunCarryingItsElements() throws {
        let runs = runs("""
            Let <math xmlns="http://www.w3.org/1998/Math/MathML" alttext="x squared"><msup><mi> x </mi><mn>2</mn></msup>\
            <mo stretchy="false">=</mo><mfrac linethickness="2px"><mn>1</mn><mn>2</mn></mfrac>\
            <semantics><mi>y</mi><annotation encoding="TeX">y</annotation></semantics></math> hold.
            """)
        #expect(runs.count == 3)
        #expect(runs.first?.text == "Let " && runs.last?.text == " hold.")
        let formula = try #require(runs[1].formula)
        #expect(runs[1].ruby == nil && !formula.isDisplay && formula.alternative == "x squared")
        #expect(formula.nodes.map(\.name) == ["math", "msup", "mi", "mn", "mo", "mfrac", "mn", "mn", "semantics", "mi"])
        #expect(formula.root.children == [1, 4, 5, 8])
        #expect(formula.nodes[1].children == [2, 3] && formula.nodes[5].children == [6, 7])
        #expect(formula.nodes[2].text == "x" && formula.nodes[4].attribute("stretchy") == "false")
        #expect(formula.nodes[5].attribute("linethickness") == "2px")
    }

    @Test func aDisplayFormulaSaysSo() throws {
        let runs = runs("<math display=\"block\"><mi>a</mi></math>")
        #expect(try #require(runs.first?.formula).isDisplay)
    }
}
