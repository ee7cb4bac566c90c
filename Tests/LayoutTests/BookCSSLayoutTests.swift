import BookModel
import Testing
import Layout
import PageFormat

/// What the book's CSS (carried as each block's `BlockStyle`) changes in the pages: breaks,
/// groups kept together, orphans and widows, alignment, indents, sizes and margins. A test page
/// holds 11 lines of 16.8 points.
@Suite struct BookCSSLayoutTests {
    let layouter: Layouter

    init() throws {
        layouter = try Layouter(options: TestBooks.options())
    }

    static func styled(_ block: Block, _ change: (inout BlockStyle) -> Void) -> Block {
        var block = block
        change(&block.style)
        return block
    }

    static func lines(_ tag: String, _ count: Int) -> Block {
        TestBooks.paragraph((1...count).map { "\(tag)\($0)" }.joined(separator: "\n"))
    }

    /// One-line paragraphs that fill `count` lines with their gaps (count odd).
    static func filler(_ count: Int) -> [Block] {
        (0..<(count + 1) / 2).map { TestBooks.paragraph("Filler \($0).") }
    }

    @Test func pageBreakBeforeAndAfterStartNewPages() {
        let book = TestBooks.book([[
            TestBooks.paragraph("One."),
            Self.styled(TestBooks.paragraph("Two.")) { $0.breakBefore = .page },
            Self.styled(TestBooks.paragraph("Three.")) { $0.breakAfter = .page },
            TestBooks.paragraph("Four."),
        ]])
        #expect(layouter.layout(book).pages.map(\.shown?.text) == ["One.", "Two.\n\nThree.", "Four."])
    }

    @Test func aBreakBeforeTheChaptersFirstBlockMakesNoEmptyPage() {
        let book = TestBooks.book([[Self.styled(TestBooks.paragraph("First.")) { $0.breakBefore = .page }]])
        #expect(layouter.layout(book).pages.map(\.shown?.text) == ["First."])
    }

    @Test func avoidingBreaksInsideKeepsAShortBlockTogether() {
        // Seven lines of filler and a gap leave three lines: a six-line paragraph splits 3/3,
        // unless it avoids breaks inside.
        let free = layouter.layout(TestBooks.book([Self.filler(7) + [Self.lines("x", 6)]]))
        #expect(free.pages.map(\.allLines.count) == [11, 3])
        let kept = layouter.layout(TestBooks.book([Self.filler(7) + [Self.styled(Self.lines("x", 6)) { $0.keepsTogether = true }]]))
        #expect(kept.pages.map(\.allLines.count) == [7, 6])
        // A quote of two paragraphs kept together moves as one.
        let quote = Block(.quote([Self.lines("a", 2), Self.lines("b", 2)]))
        let group = layouter.layout(TestBooks.book([Self.filler(7) + [Self.styled(quote) { $0.keepsTogether = true }]]))
        #expect(group.pages.map(\.allLines.count) == [7, 5])
    }

    @Test func aBlockKeptTogetherButTallerThanAPageStillSplitsWell() {
        let long = Self.styled(Self.lines("y", 15)) { $0.keepsTogether = true }
        let paged = layouter.layout(TestBooks.book([Self.filler(3) + [long]]))
        #expect(paged.pages.map(\.allLines.count) == [3, 11, 4])
        #expect(paged.pages[1].allLines.first?.text == "y1")
    }

    @Test func avoidingABreakAfterKeepsWithTheNext() {
        // Seven lines of filler, a gap and a one-line paragraph take nine lines: the paragraph
        // ends the page, unless it keeps with the four-line paragraph after it.
        let blocks = Self.filler(7) + [TestBooks.paragraph("Keep me."), Self.lines("z", 4)]
        #expect(layouter.layout(TestBooks.book([blocks])).pages.first?.allLines.last?.text == "Keep me.")
        var kept = blocks
        kept[kept.count - 2].style.breakAfter = .avoid
        let paged = layouter.layout(TestBooks.book([kept]))
        #expect(paged.pages.map(\.allLines.first?.text) == ["Filler 0.", "Keep me."])
    }

    @Test func orphansAndWidowsFromTheBook() {
        // Nine lines and a gap leave two: a seven-line paragraph leaves two there by default,
        // none with orphans: 3.
        let blocks = [Self.lines("a", 2)] + Self.filler(5) + [Self.lines("w", 7)]
        #expect(layouter.layout(TestBooks.book([blocks])).pages.map(\.allLines.count) == [11, 5])
        var orphans = blocks
        orphans[orphans.count - 1].style.orphans = 3
        #expect(layouter.layout(TestBooks.book([orphans])).pages.map(\.allLines.count) == [8, 7])
        // Seven lines and a gap leave three: a five-line paragraph splits 3/2, or 2/3 with widows: 3.
        var widows = Self.filler(7) + [Self.lines("v", 5)]
        #expect(layouter.layout(TestBooks.book([widows])).pages.map(\.allLines.count) == [11, 2])
        widows[widows.count - 1].style.widows = 3
        #expect(layouter.layout(TestBooks.book([widows])).pages.map(\.allLines.count) == [10, 3])
    }

    @Test func tableRowsNeverSplit() {
        let row = [TableCell([Inline("r1\nr2\nr3")])]
        let table = Block(.table(Table(rows: [row, row])))
        let paged = layouter.layout(TestBooks.book([Self.filler(7) + [table]]))
        // Three lines are left after the gap: the first row fits, the second moves whole.
        #expect(paged.pages.map(\.allLines.count) == [11, 3])
    }

    @Test func textAlignPlacesEachParagraphsLines() throws {
        let words = TestBooks.words(60, seed: 7)
        let book = TestBooks.book([[
            TestBooks.paragraph(words),
            Self.styled(TestBooks.paragraph("centred")) { $0.alignment = .center },
            Self.styled(TestBooks.paragraph("right")) { $0.alignment = .right },
            Self.styled(TestBooks.paragraph(words)) { $0.alignment = .left },
        ]])
        let lines = layouter.layout(book).pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
        let body = lines[0]
        #expect(body.isJustified)
        let left = body.x, right = body.x + body.width
        // Each length on the page is rounded: six of them here, four below.
        let centred = try #require(lines.first { $0.text == "centred" })
        #expect(abs((centred.x - left) - (right - centred.x - centred.width)) < 3 * TestBooks.precision)
        let flush = try #require(lines.first { $0.text == "right" })
        #expect(abs(flush.x + flush.width - right) < 2 * TestBooks.precision)
        let ragged = lines.drop { $0.text != "right" }.dropFirst()
        #expect(!ragged.isEmpty && ragged.allSatisfy { !$0.isJustified && $0.x == left })
    }

    @Test func textIndentMovesTheFirstLineOnly() {
        let words = TestBooks.words(40, seed: 3)
        let plain = layouter.layout(TestBooks.book([[TestBooks.paragraph(words)]])).pages[0].allLines
        let indented = layouter.layout(TestBooks.book([[Self.styled(TestBooks.paragraph(words)) { $0.textIndent = 2 }]]))
            .pages[0].allLines
        #expect(abs(indented[0].x - plain[0].x - 24) < TestBooks.precision)
        #expect(indented[1].x == plain[1].x)
        // A hanging indent stops at the content box's edge.
        let hanging = layouter.layout(TestBooks.book([[Self.styled(TestBooks.paragraph(words)) { $0.textIndent = -2 }]]))
        #expect(hanging.pages[0].allLines[0].x == plain[0].x)
    }

    @Test func marginsBecomeWholeEmptyLines() {
        func texts(_ top: Double?, _ bottom: Double?) -> [String] {
            let book = TestBooks.book([[Self.styled(TestBooks.paragraph("a")) { $0.marginBottom = bottom },
                                        Self.styled(TestBooks.paragraph("b")) { $0.marginTop = top }]])
            return layouter.layout(book).pages.flatMap(\.allLines).map(\.text)
        }
        #expect(texts(nil, nil) == ["a", "", "b"])
        #expect(texts(0, 0) == ["a", "b"])
        // 3 ems of 12 points over 16.8-point lines: two lines; margins collapse to the larger.
        #expect(texts(3, 1) == ["a", "", "", "b"])
        // From three tenths of a line (5.04 points), a margin makes a line.
        #expect(texts(0.5, 0) == ["a", "", "b"])
        #expect(texts(0.5, 0.5) == ["a", "", "b"])
        #expect(texts(0.4, 0) == ["a", "b"])
        // A side the book leaves alone counts as the usual gap.
        #expect(texts(0, nil) == ["a", "", "b"])
        #expect(texts(100, nil).count == 6)
    }

    @Test func theBooksSizesAreKeptReadable() {
        let book = TestBooks.book([[Self.styled(TestBooks.paragraph("big")) { $0.fontScale = 2 },
                                    Self.styled(TestBooks.paragraph("tiny")) { $0.fontScale = 0.01 },
                                    Self.styled(TestBooks.heading("set")) { $0.fontScale = 1 }]])
        let lines = layouter.layout(book).pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
        let expected = [33.6, 8.4, 16.8]
        let body = layouter.options.fontSize * layouter.options.lineHeight
        #expect(lines.count == 3 && zip(lines, expected).allSatisfy { abs($0.boxHeight(body: body) - $1) < TestBooks.precision })
    }
}
