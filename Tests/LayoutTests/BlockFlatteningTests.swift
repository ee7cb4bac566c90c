import BookModel
import Fonts
import Testing
import Layout
import PageFormat

/// How each kind of block turns into lines: faces, markers, indents, placeholders.
@Suite struct BlockFlatteningTests {
    let layouter: Layouter
    let fonts: FontSet
    let width: Double
    /// Where the content box starts on the page: the lines' `x` and `y` count from the page's edges.
    let left: Double
    let top: Double
    let em = 12.0
    let lineHeight = 12.0 * 1.4

    init() throws {
        let options = TestBooks.options(width: 400, height: 600)
        layouter = try Layouter(options: options)
        fonts = try FontSet(font: options.font)
        width = options.geometry.contentSize.width
        left = options.geometry.margins.left
        top = options.geometry.margins.top
    }

    private func lines(_ blocks: [Block]) -> [PageLine] {
        layouter.layout(TestBooks.book([blocks])).pages.flatMap(\.allLines)
    }

    private func item(_ text: String) -> [Block] { [TestBooks.paragraph(text)] }

    @Test func blocksAreSeparatedByOneEmptyLine() {
        let laidOut = lines([TestBooks.paragraph("One."), TestBooks.paragraph("Two.")])
        #expect(laidOut.map(\.text) == ["One.", "", "Two."])
        // The gap is a body line tall: the page leaves its height unsaid.
        #expect(laidOut[1].height == nil)
        #expect(zip(laidOut.map { $0.y - top }, [0, lineHeight, 2 * lineHeight]).allSatisfy { abs($0 - $1) < TestBooks.precision })
    }

    @Test func headingsAreBoldAndLarger() {
        let laidOut = lines([TestBooks.heading("Prologue", level: 1), TestBooks.heading("Part", level: 2),
                             TestBooks.heading("Small", level: 5)])
        // Set at the size the output writes: hundredths of a point.
        #expect(laidOut[0].width == TestBooks.written(fonts.bold.advance(of: "Prologue", size: (1.6 * em * 100).rounded() / 100)))
        #expect(abs(laidOut[0].boxHeight(body: lineHeight) - 1.6 * lineHeight) < TestBooks.precision)
        #expect(abs(laidOut[2].boxHeight(body: lineHeight) - 1.35 * lineHeight) < TestBooks.precision)
        #expect(laidOut[4].width == TestBooks.written(fonts.bold.advance(of: "Small", size: em)))
    }

    @Test func styledRunsUseTheirFaces() {
        let laidOut = lines([Block(.paragraph([Inline("a", style: .italic), Inline("b", style: .bold),
                                               Inline("c", style: [.bold, .italic]), Inline("d", style: .code),
                                               Inline("2", style: .superscript)]))])
        let expected = fonts.italic.advance(of: "a", size: em) + fonts.bold.advance(of: "b", size: em)
            + fonts.boldItalic.advance(of: "c", size: em) + fonts.monospace.advance(of: "d", size: 0.85 * em)
            + fonts.regular.advance(of: "2", size: 0.75 * em)
        #expect(laidOut.map(\.text) == ["abcd2"])
        #expect(abs(laidOut[0].width - expected) < TestBooks.precision)
    }

    @Test func unorderedListsHaveBulletsAndHangingIndent() {
        let nested = Block(.list(List(isOrdered: false, items: [item("inner")])))
        let long = TestBooks.words(60, seed: 1)
        let list = Block(.list(List(isOrdered: false, items: [item("first"), item(long), [TestBooks.paragraph("third"), nested]])))
        let laidOut = lines([TestBooks.paragraph("Before"), list])
        let texts = laidOut.map(\.text)
        #expect(texts[0...2] == ["Before", "", "•\u{2002}first"])
        #expect(texts[3].hasPrefix("•\u{2002}" + long.prefix { $0 != " " } + " "))
        #expect(texts.contains("•\u{2002}third"))
        #expect(texts.contains("◦\u{2002}inner"))
        // Items follow each other directly; continuation lines line up with the item's text.
        let bullet = fonts.regular.advance(of: "•\u{2002}", size: em)
        let itemIndent = 1.5 * em
        #expect(abs(laidOut[2].x - left - (itemIndent - bullet)) < TestBooks.precision)
        let continuation = laidOut[4]
        #expect(!continuation.text.hasPrefix("•"))
        #expect(continuation.x == TestBooks.written(itemIndent, from: left))
        let inner = laidOut.first { $0.text == "◦\u{2002}inner" }!
        #expect(abs(inner.x - left - (2 * itemIndent - fonts.regular.advance(of: "◦\u{2002}", size: em))) < TestBooks.precision)
    }

    @Test func itemStartingWithAListHasItsMarkerAlone() {
        let nested = Block(.list(List(isOrdered: false, items: [item("inner")])))
        let list = Block(.list(List(isOrdered: false, items: [[nested], item("after")])))
        #expect(lines([list]).map(\.text) == ["•", "◦\u{2002}inner", "•\u{2002}after"])
    }

    @Test func orderedListsCountFromTheirStart() {
        let list = Block(.list(List(isOrdered: true, start: 9, items: [item("nine"), item("ten"), []])))
        #expect(lines([list]).map(\.text) == ["9.\u{2002}nine", "10.\u{2002}ten", "11."])
    }

    @Test func quotesAreIndentedPerLevel() {
        let inner = Block(.quote([TestBooks.paragraph("deeper")]))
        let laidOut = lines([Block(.quote([TestBooks.paragraph("quoted"), inner]))])
        #expect(laidOut.map(\.text) == ["quoted", "", "deeper"])
        #expect(laidOut[0].x == TestBooks.written(1.5 * em, from: left))
        #expect(laidOut[2].x == TestBooks.written(3 * em, from: left))
    }

    @Test func deepNestingStopsIndentingAtHalfTheWidth() {
        var block = TestBooks.paragraph(TestBooks.words(40, seed: 4))
        for depth in 0..<32 {
            block = depth % 2 == 0 ? Block(.quote([block])) : Block(.list(List(isOrdered: true, items: [[block]])))
        }
        let laidOut = lines([block])
        #expect(laidOut.count > 2)
        for line in laidOut {
            #expect(line.x <= TestBooks.written(width / 2, from: left))
            #expect(line.x - left + line.width <= width + TestBooks.precision)
        }
    }

    @Test func preformattedTextKeepsSpacesAndLines() {
        let code = "func f() {\n    return  1\n}\n\tend"
        let laidOut = lines([Block(.preformatted([Inline(code)]))])
        #expect(laidOut.map(\.text) == ["func f() {", "    return  1", "}", "        end"])
        #expect(abs(laidOut[1].width - fonts.monospace.advance(of: "    return  1", size: 0.85 * em)) < TestBooks.precision)
    }

    @Test func longPreformattedLinesAreStillBroken() {
        let code = String(repeating: "x = call(argument) + ", count: 10)
        for line in lines([Block(.preformatted([Inline(code)]))]) {
            #expect(line.width <= width)
        }
    }

    @Test func ruleIsACentredLine() {
        let laidOut = lines([.init(.rule)])
        #expect(laidOut.map(\.text) == ["* * *"])
        #expect(abs(laidOut[0].x - left - (width - laidOut[0].width) / 2) < TestBooks.precision)
    }

    /// A table is a grid: each cell's text a line of its own in its cell, a header cell's bold,
    /// and the page's text a row a line, its cells apart by a tab.
    @Test func tableCellsAreLinesInTheirCells() {
        let table = Table(rows: [[TableCell([Inline("Name")], isHeader: true), TableCell([Inline("Age")], isHeader: true)],
                                 [TableCell([Inline("Ann")]), TableCell([Inline("31")])]])
        let pages = layouter.layout(TestBooks.book([[Block(.table(table))]])).pages
        let laidOut = pages.flatMap(\.allLines)
        #expect(laidOut.map(\.text) == ["Name", "Age", "Ann", "31"])
        #expect(laidOut.allSatisfy { $0.role == .table })
        #expect(laidOut.map { $0.cell.map { [$0.row, $0.column] } } == [[0, 0], [0, 1], [1, 0], [1, 1]])
        #expect(abs(laidOut[0].width - fonts.bold.advance(of: "Name", size: em)) < TestBooks.precision)
        #expect(abs(laidOut[2].width - fonts.regular.advance(of: "Ann", size: em)) < TestBooks.precision)
        #expect(laidOut[1].x > laidOut[0].x + laidOut[0].width, "the second column is right of the first")
        #expect(pages.first?.content?.text == "Name\tAge\nAnn\t31")
        #expect(pages.first?.content?.cells.count == 4)
    }

    @Test func imagesArePlaceholders() {
        let image = Block(.image(Image(source: ImageReference(path: "cat.png"), alt: "A cat")))
        let bare = Block(.image(Image(source: ImageReference(path: "dog.png"), alt: "")))
        #expect(lines([image, bare]).map(\.text) == ["[Image: A cat]", "", "[Image]"])
    }

    @Test func emptyBlocksShowNothing() {
        let laidOut = lines([TestBooks.paragraph("   "), TestBooks.paragraph("Text"), Block(.quote([]))])
        #expect(laidOut.map(\.text) == ["Text"])
    }

    @Test func rightToLeftLinesAreAlignedRight() {
        var book = TestBooks.book([[TestBooks.paragraph("שלום עולם")]], language: "he")
        book.metadata.direction = .rightToLeft
        let line = layouter.layout(book).pages[0].allLines[0]
        #expect(abs(line.x - left + line.width - width) < TestBooks.precision)
    }
}
