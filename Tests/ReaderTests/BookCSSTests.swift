import BookModel
import CSS
import EPUBReader
import Testing
@testable import XHTMLReader
import Markup

/// The book's CSS as the reader applies it: which elements are hidden, which runs italic or
/// bold, and the `BlockStyle` each block carries.
struct BookCSSTests {
    func read(css: String, body: String) -> XHTMLContent {
        readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><style>\(css)</style></head>
            <body>\(body)</body></html>
            """)
    }

    @Test func displayNoneHidesTheElementAndAllItHolds() {
        let content = read(css: ".hidden, #guide { display: none } div.x p { display: none } div.x p.shown { display: block }",
                           body: """
                           <p class="hidden">gone <em>too</em></p><nav id="guide"><p>guide</p></nav>
                           <div class="x"><p>hidden</p><p class="shown">shown again</p></div>
                           <p>kept <span class="hidden">secret</span>text</p>
                           """)
        #expect(content.blocks.map(\.text) == ["shown again", "kept text"])
        #expect(content.warnings.isEmpty)
    }

    @Test func aStylesheetThatHidesEverythingIsNotObeyed() {
        let content = read(css: "body > * { display: none } html, body { display: none }",
                           body: "<div><p>the whole chapter</p></div>")
        #expect(content.blocks.map(\.text) == ["the whole chapter"])
        #expect(content.warnings.map(\.message) == ["display: none in its CSS hides the whole document; shown anyway"])
    }

    @Test func fontStyleAndWeightChangeTheRuns() {
        let content = read(css: ".it { font-style: italic } .plain { font-style: normal } p.b { font-weight: bold } strong { font-weight: normal }",
                           body: #"<p class="b">bold <span class="it">both</span></p><p class="plain">a <em>b</em></p><p><strong>c</strong></p>"#)
        #expect(content.blocks[0].runs.map(\.style) == [[.bold], [.bold, .italic]])
        // An element's own italic (`em`) wins over the paragraph's `normal`.
        #expect(content.blocks[1].runs.map(\.style) == [[], [.italic]])
        #expect(content.blocks[2].runs.map(\.style) == [[]])
    }

    @Test func blocksCarryBreaksAlignmentIndentMarginsAndSize() {
        let content = read(css: """
            h2 { page-break-before: always; page-break-after: avoid; text-align: center; font-size: 2em }
            p { text-indent: 1.5em; margin: 0; orphans: 3; widows: 4 }
            p.first { text-indent: 0; text-align: right; page-break-inside: avoid }
            """, body: #"<h2>Title</h2><p class="first">One</p><p>Two</p>"#)
        let heading = content.blocks[0].style
        #expect(heading.breakBefore == .page)
        #expect(heading.breakAfter == .avoid)
        #expect(heading.alignment == .center)
        #expect(heading.fontScale == 2)
        let first = content.blocks[1].style
        #expect(first.textIndent == 0 && first.alignment == .right && first.keepsTogether)
        #expect(first.marginTop == 0 && first.marginBottom == 0)
        let second = content.blocks[2].style
        #expect(second.textIndent == 1.5 && second.orphans == 3 && second.widows == 4)
        #expect(second.alignment == nil && !second.keepsTogether)
    }

    @Test func aContainersBreaksAndMarginsGoToTheBlocksAroundIt() {
        let content = read(css: """
            div.chapter { page-break-before: always; margin-top: 3em; page-break-after: always }
            div.keep { page-break-inside: avoid }
            """, body: """
            <p>before</p><div class="chapter"><p>first</p><p>last</p></div><p>after</p>
            <div class="keep"><p>a</p><p>b</p></div><p>free</p>
            """)
        let styles = content.blocks.map(\.style)
        #expect(content.blocks.map(\.text) == ["before", "first", "last", "after", "a", "b", "free"])
        #expect(styles[0].isDefault)
        #expect(styles[1].breakBefore == .page && styles[1].marginTop == 3)
        #expect(styles[2].breakBefore == .auto)
        #expect(styles[3].breakBefore == .page)
        #expect(styles[4].keepsTogether && styles[4].breakBefore == .auto)
        #expect(styles[5].keepsTogether && styles[5].breakBefore == .avoid)
        #expect(styles[6].isDefault)
    }

    /// Text straight inside a `div` is an anonymous block: no margins of its own (a browser
    /// sets verses each in a `div` one under the other), while a `p` keeps the usual gap and a
    /// `div`'s own margins still reach the block inside it.
    @Test func textStraightInsideADivHasNoMarginsOfItsOwn() {
        let content = read(css: ".group { margin-top: 2em }", body: """
            <p>prose</p><div class="group"><div>first verse</div><div>second verse</div></div><p>more prose</p>
            """)
        #expect(content.blocks.map(\.text) == ["prose", "first verse", "second verse", "more prose"])
        let styles = content.blocks.map(\.style)
        #expect(styles[0].marginTop == nil && styles[0].marginBottom == nil)
        #expect(styles[1].marginTop == 2 && styles[1].marginBottom == 0)
        #expect(styles[2].marginTop == 0 && styles[2].marginBottom == 0)
        #expect(styles[3].marginTop == nil)
    }

    @Test func aFigureKeepsItsPictureWithItsCaption() {
        let content = read(css: "", body: """
            <p>before</p><figure><img src="a.png" alt="A"/><figcaption>Figure 1. A picture.</figcaption></figure><p>after</p>
            """)
        let styles = content.blocks.map(\.style)
        #expect(content.blocks.count == 4)
        #expect(styles[1].keepsTogether && styles[2].keepsTogether)
        #expect(styles[2].breakBefore == .avoid)
        #expect(!styles[0].keepsTogether && !styles[3].keepsTogether && styles[3].breakBefore == .auto)
    }

    @Test func booksIndentWithSiblingSelectorsAndSelectFromTheRoot() {
        let content = read(css: "p { margin: 0 } p + p { text-indent: 1.5em } html > body > h1 { text-align: center }",
                           body: "<h1>T</h1><p>first</p><p>second</p><div/><p>after a div</p>")
        #expect(content.blocks.map(\.style.textIndent) == [nil, nil, 1.5, nil])
        #expect(content.blocks[0].style.alignment == .center)
    }

    @Test func standardEbooksVerseSelectorsReachThePoem() {
        // As every Standard Ebooks title writes it: a namespaced attribute selector, then
        // sibling and structural selectors inside the poem.
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><style>
            @namespace epub "http://www.idpf.org/2007/ops";
            p { text-indent: 1em; text-align: justify }
            [epub|type~="z3998:poem"] p { text-align: initial; text-indent: 0 }
            [epub|type~="z3998:poem"] p + p { margin-top: 1em }
            section > p:first-of-type { font-style: italic }
            p:nth-child(3) ~ p:not(.x) { font-weight: bold }
            </style></head><body><section>
            <p>Prose.</p>
            <blockquote epub:type="z3998:poem"><p>One stanza,</p><p>and another.</p></blockquote>
            <p>More prose.</p><p class="x">Still prose.</p><p>Bold prose.</p>
            </section></body></html>
            """)
        let styles = content.blocks.flatMap { block in
            if case .quote(let inner) = block.kind { return inner.map(\.style) }
            return [block.style]
        }
        let texts = content.blocks.flatMap { block in
            if case .quote(let inner) = block.kind { return inner.map(\.text) }
            return [block.text]
        }
        #expect(texts == ["Prose.", "One stanza,", "and another.", "More prose.", "Still prose.", "Bold prose."])
        #expect(styles.map(\.alignment) == [.justify, .start, .start, .justify, .justify, .justify])
        #expect(styles.map(\.textIndent) == [1, 0, 0, 1, 1, 1])
        #expect(styles[2].marginTop == 1)
        #expect(content.blocks[0].runs.map(\.style) == [[.italic]])
        #expect(content.blocks.last?.runs.map(\.style) == [[.bold]])
        #expect(content.blocks[content.blocks.count - 2].runs.map(\.style) == [[]])
    }

    @Test func verticalAlignRaisesAndLowersRuns() {
        let content = read(css: """
            a.noteref { vertical-align: super; font-size: 0.75em } sup.flat { vertical-align: baseline }
            span.low { vertical-align: -0.3em } span.up { vertical-align: 33% } span.top { vertical-align: top }
            td { vertical-align: super }
            """, body: """
            <p>Call<a class="noteref" href="#n1">36</a> <sup class="flat">flat</sup> <span class="low">low</span> \
            <span class="up">up</span> <span class="top">top</span> <sup>raised</sup></p>
            <table><tr><td>cell</td></tr></table>
            """)
        let runs = content.blocks[0].runs.filter { $0.text.contains { !$0.isWhitespace } }
        #expect(runs.map { $0.text.filter { !$0.isWhitespace } } == ["Call", "36", "flat", "low", "up", "top", "raised"])
        #expect(runs.map { $0.style.contains(.superscript) } == [false, true, false, false, true, false, true])
        #expect(runs.map { $0.style.contains(.subscript) } == [false, false, false, true, false, false, false])
        guard case .table(let table) = content.blocks[1].kind else {
            Issue.record("no table")
            return
        }
        // In a cell, `super` is the baseline.
        #expect(table.rows.first?.cells.first?.verticalAlign == .baseline)
    }

    @Test func standardEbooksVerseLinesAreBlocksWithHangingIndents() {
        // A poem as every Standard Ebooks title marks it up and styles it.
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><style>
            @namespace epub "http://www.idpf.org/2007/ops";
            p { margin: 0; text-indent: 1em }
            [epub|type~="z3998:poem"] p { text-align: initial; text-indent: 0 }
            [epub|type~="z3998:poem"] p > span { display: block; padding-left: 1em; text-indent: -1em }
            [epub|type~="z3998:poem"] p > span + br { display: none }
            [epub|type~="z3998:poem"] p + p { margin-top: 1em }
            p span.i1 { padding-left: 2em; text-indent: -1em }
            </style></head><body>
            <p>Before the poem.</p>
            <blockquote epub:type="z3998:poem">
              <p>
                <span>’Twas brillig, and the slithy toves</span>
                <br/>
                <span class="i1">Did gyre and <em>gimble</em> in the wabe;</span>
              </p>
              <p>
                <span>“Beware the Jabberwock, my son!</span>
              </p>
            </blockquote>
            <p>After the poem.</p>
            </body></html>
            """)
        #expect(content.blocks.count == 3)
        guard content.blocks.count == 3, case .quote(let lines) = content.blocks[1].kind else {
            Issue.record("no poem: \(content.blocks.map(\.text))")
            return
        }
        #expect(lines.map(\.text) == ["’Twas brillig, and the slithy toves", "Did gyre and gimble in the wabe;",
                                       "“Beware the Jabberwock, my son!"])
        #expect(lines.map(\.style.startIndent) == [1, 2, 1])
        #expect(lines.map(\.style.textIndent) == [-1, -1, -1])
        #expect(lines.map(\.style.alignment) == [.start, .start, .start])
        // Lines of a stanza stand one under the other; the next stanza is set a line apart.
        #expect(lines.map(\.style.marginTop) == [0, 0, 1])
        #expect(lines.map(\.style.marginBottom) == [0, 0, 0])
        // What an element means inline still holds inside a line made a block.
        #expect(lines[1].runs.contains { $0.text == "gimble" && $0.style == .italic })
        #expect(content.blocks[2].style.textIndent == 1)
    }

    @Test func horizontalMarginsAndPaddingIndentTheStartOfABlock() {
        let content = read(css: """
            p.a { margin-left: 2em; padding-left: 1em } p.b { margin: 0 0 0 3em } p.c { margin: 1em 4em }
            p.d { margin-left: -2em } p.e { margin-left: 10% } p.f { margin-left: 99em }
            p.g { margin-right: 2em } p.h { margin-right: 2em; direction: rtl }
            """, body: #"<p class="a">a</p><p class="b">b</p><p class="c">c</p><p class="d">d</p><p class="e">e</p><p class="f">f</p><p class="g">g</p><p class="h">h</p>"#)
        #expect(content.blocks.map(\.style.startIndent) == [3, 3, 4, 0, nil, 12, nil, 2])
    }

    @Test func hyphensNoneOrManualTurnTheLayoutsHyphenationOff() {
        let content = read(css: """
            p.none { hyphens: none } div.epigraph { -epub-hyphens: none } div.epigraph p.back { -webkit-hyphens: auto }
            p.manual { hyphens: manual } p.odd { hyphens: sometimes }
            """, body: """
            <p class="none">a</p><div class="epigraph"><p>b</p><p class="back">c</p></div><p class="manual">d</p>
            <p class="odd">e</p><p>f</p>
            """)
        #expect(content.blocks.map(\.style.hyphenates) == [false, false, true, false, nil, nil])
    }

    @Test func colorsAndTextDecorationsReachTheRuns() {
        let content = read(css: """
            .red { color: #c00 } p.blue { color: rgb(0, 0, 255) } .mark { background-color: yellow } a.plain { text-decoration: none }
            .lined { text-decoration: underline dotted red } .both { text-decoration-line: underline line-through }
            .clear { background-color: transparent }
            """, body: """
            <p><u>under</u><del>struck</del><span class="red">red <em>italic</em></span><span class="mark">marked</span>            <u><a class="plain" href="#x">kept</a></u><span class="lined">lined</span><span class="both">both</span>            <span class="clear">clear</span></p><p class="blue">blue</p>
            """)
        let runs = content.blocks[0].runs
        func run(_ text: String) -> Inline? { runs.first { $0.text == text } }
        #expect(run("under")?.style == .underline && run("struck")?.style == .strikethrough)
        #expect(run("red ")?.color == BookColor(red: 0xcc, green: 0, blue: 0) && run("italic")?.color == run("red ")?.color)
        #expect(run("marked")?.background == BookColor(red: 255, green: 255, blue: 0))
        // `none` on the link takes away only its own lines: the `u` around it still draws one.
        #expect(run("kept")?.style == .underline)
        #expect(run("lined")?.style == .underline && run("both")?.style == [.underline, .strikethrough])
        #expect(run("clear")?.background == nil)
        #expect(content.blocks[1].runs.first?.color == BookColor(red: 0, green: 0, blue: 255))
    }

    @Test func textTransformChangesLettersButNeverTheTextsLength() {
        let content = read(css: """
            .u { text-transform: uppercase } .l { text-transform: lowercase } .c { text-transform: capitalize }
            .n { text-transform: none }
            """, body: """
            <p class="u">straße ǆ <span class="n">kept</span></p><p class="l">LOUD</p>            <p class="c">the <em>wine-dark</em> sea, don't <span>stop</span></p><p class="c">next</p>
            """)
        // `ß` has no capital as long as itself: it stays.
        #expect(content.blocks.map(\.text) == ["STRAßE Ǆ kept", "loud", "The Wine-Dark Sea, Don't Stop", "Next"])
    }

    @Test func fontVariantSetsSmallCaps() {
        let content = read(css: """
            b { font-variant: small-caps; font-weight: normal } .all { font-variant: all-small-caps }
            .font { font: small-caps 105% sans-serif } .off { font-variant: normal } .caps { font-variant-caps: small-caps }
            """, body: """
            <p><b>Lewis Carroll</b> <span class="all">AD 1871</span> <span class="font">Font</span> <b><span class="off">off</span></b>             <span class="caps">caps</span></p>
            """)
        let runs = content.blocks[0].runs
        func run(_ text: String) -> Inline? { runs.first { $0.text == text } }
        #expect(run("Lewis Carroll")?.typography?.features == .smallCaps)
        // All small capitals: every letter, the book's capitals as they are.
        #expect(run("AD 1871")?.typography?.features == [.smallCaps, .capitalsToSmallCaps])
        #expect(run("Font")?.typography?.features == .smallCaps && run("caps")?.typography?.features == .smallCaps)
        #expect(runs.first { $0.text.contains("off") }?.typography == nil)
    }

    @Test func tabSizeIsACountOfSpacesThatInherits() {
        let content = read(css: """
            div.code { tab-size: 4 } pre.two { -moz-tab-size: 2 } pre.length { tab-size: 2em } pre.huge { tab-size: 99 }
            """, body: """
            <div class="code"><pre>a</pre><pre class="two">b</pre><pre class="length">c</pre><pre class="huge">d</pre></div><pre>e</pre>
            """)
        #expect(content.blocks.map(\.style.tabSize) == [4, 2, 4, 4, nil])
    }

    /// `pre` makes a listing; `pre-wrap` a paragraph that keeps its spaces and line breaks, in
    /// the body's face; `pre-line` one that keeps its line breaks, its spaces collapsing; a
    /// `div` of such text keeps them too.
    @Test func whiteSpaceKeepsWhatItSays() {
        let content = read(css: ".pre { white-space: pre } .wrap { white-space: pre-wrap } .line { white-space: pre-line }",
                           body: "<p class=\"pre\">one\n  two</p><p class=\"wrap\">three\n  four</p>"
                               + "<p class=\"line\">five  \n  six   seven</p><div class=\"line\">eight\nnine</div><p>ten\n  eleven</p>")
        #expect(content.blocks.map(\.kind) == [.preformatted([Inline("one\n  two")]), .paragraph([Inline("three\n  four")]),
                                               .paragraph([Inline("five\nsix seven")]), .paragraph([Inline("eight\nnine")]),
                                               .paragraph([Inline("ten eleven")])])
        #expect(content.blocks.map(\.style.keepsSpaces) == [false, true, false, false, false])
    }

    /// `pre-line` text with a carriage return before a line feed (XML keeps one written as a
    /// reference): each pair one line break, the return collapsing as white space.
    @Test func preLineBreaksAtCarriageReturnLineFeeds() {
        let content = read(css: ".line { white-space: pre-line }", body: "<p class=\"line\">one&#13;\ntwo &#13;\n three</p>")
        #expect(content.blocks.map(\.kind) == [.paragraph([Inline("one\ntwo\nthree")])])
    }

    @Test func headingSizesFollowTheBookOrTheLayout() {
        let content = read(css: "div.small { font-size: 50% } h3 { font-size: 1.5em }",
                           body: #"<h1>default</h1><div class="small"><h1>inside</h1><h3>set</h3></div>"#)
        #expect(content.blocks.map(\.style.fontScale) == [nil, 0.8, 0.75])
    }

    @Test func aSplitParagraphBreaksOnlyBeforeItsFirstPart() {
        let content = read(css: "p { page-break-before: always; page-break-after: always }",
                           body: "<p>one<div>inner</div>two</p>")
        let styles = content.blocks.map(\.style)
        #expect(content.blocks.map(\.text) == ["one", "inner", "two"])
        #expect(styles[0].breakBefore == .page && styles[0].breakAfter == .auto)
        #expect(styles[2].breakBefore == .auto && styles[2].breakAfter == .page)
    }

    @Test func linkedStylesheetsComeFromTheArchiveOnly() throws {
        let page = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title>
            <link rel="stylesheet" type="text/css" href="../css/book.css"/>
            <link rel="stylesheet" href="../../../etc/evil.css"/>
            <link rel="stylesheet" href="https://example.com/remote.css"/>
            <link rel="alternate stylesheet" href="../css/night.css"/>
            <link rel="stylesheet" href="../css/missing.css"/>
            <link rel="stylesheet" media="amzn-kf8" href="../css/kindle.css"/>
            <style>p.over { text-align: left }</style>
            </head><body><p class="c">centred</p><p class="over">left</p><p class="k">kindle</p></body></html>
            """
        let entries = [
            ("META-INF/container.xml", EPUBFixture.container),
            ("OEBPS/content.opf", FixtureBooks.package(spine: [("c1", "text/c1.xhtml", "application/xhtml+xml", true)])),
            ("OEBPS/text/c1.xhtml", page),
            ("OEBPS/css/book.css", "p.c, p.over { text-align: center }"),
            ("OEBPS/css/night.css", "p { display: none }"),
            ("OEBPS/css/kindle.css", "p.k { display: none }"),
        ]
        let result = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries))
        let blocks = result.book.chapters[0].blocks
        #expect(blocks.map(\.text) == ["centred", "left", "kindle"])
        #expect(blocks.map(\.style.alignment) == [TextAlignment.center, .left, nil])
        #expect(result.warnings.map(\.description).contains { $0.contains("OEBPS/css/missing.css") })
    }

    /// A sheet linked again cascades from its last link alone, and is held once however often a
    /// document links it (a document linking one sheet 3,000 times took a megabyte a link).
    @Test func aSheetLinkedAgainCountsOnceAtItsLastLink() throws {
        let links = String(repeating: #"<link rel="stylesheet" href="a.css"/>"#, count: 3000)
        let document = Markup.parse(Array("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head>\(links)<link rel="stylesheet" href="b.css"/>
            <link rel="stylesheet" href="a.css"/><link rel="stylesheet" href="c.css"/></head>
            <body><p class="x">text</p></body></html>
            """.utf8))
        let sheets = ["OEBPS/a.css": "p.x { text-align: center }", "OEBPS/b.css": "p.x { text-align: right }",
                      "OEBPS/c.css": "p { font-weight: bold }"]
        var asked = 0
        let content = XHTMLReader.read(document: document, source: "OEBPS/c1.xhtml") { path in
            asked += 1
            return sheets[path].map { Stylesheet(parsing: $0) }
        }
        // b, then a (its last link), then c: a's centring wins over b's right alignment.
        #expect(content.blocks.map(\.style.alignment) == [TextAlignment.center])
        #expect(asked == 3003)
        var warnings: [Warning] = []
        let kept = DocumentStylesheets.collect(in: document, root: document.rootElement ?? 0, source: "OEBPS/c1.xhtml",
                                               loader: { path in sheets[path].map { Stylesheet(parsing: $0) } },
                                               warnings: &warnings)
        #expect(kept.count == 3)
    }
}
