import BookModel
import Fonts
import Testing
@testable import Layout
import PageFormat

/// Justified and ragged lines: which lines stretch, and the widths they are given.
@Suite struct JustificationTests {
    let width = TestBooks.options().geometry.contentSize.width
    /// Where the content box starts on the page: the lines' `x` counts from the page's edge.
    let left = TestBooks.options().geometry.margins.left
    let text = TestBooks.words(150, seed: 9)

    private func lines(_ blocks: [Block], alignment: LineAlignment = .justify,
                       direction: TextDirection = .leftToRight) throws -> [PageLine] {
        var options = TestBooks.options()
        options.alignment = alignment
        var book = TestBooks.book([blocks])
        book.metadata.direction = direction
        return try Layouter(options: options).layout(book).pages.flatMap(\.allLines)
    }

    /// A line a little too long for the measure is set with its spaces closer (by up to a third
    /// of their width) rather than sending its last word down and leaving the line very loose;
    /// the paragraph's last line never shrinks.
    @Test func spacesShrinkToTakeAWordMore() throws {
        let face = try FontSet(font: LayoutOptions.defaultFont).regular
        let first = "one two three four five six seven eight nine ten"
        let natural = face.advance(of: first, size: 12), space = face.advance(of: " ", size: 12)
        // The measure is a fifth of the nine spaces' shrink narrower than the words' natural width.
        var options = TestBooks.options()
        options.geometry.pageSize.width = (natural - 9 * space / 3 / 5 + 40).rounded(.up)
        let measure = options.geometry.contentSize.width
        #expect(natural > measure)
        let laidOut = try Layouter(options: options).layout(TestBooks.book([[TestBooks.paragraph(first + " eleven twelve")]]))
            .pages.flatMap(\.allLines)
        #expect(laidOut.map(\.text) == [first, "eleven twelve"])
        #expect(laidOut[0].isJustified && laidOut[0].width == TestBooks.written(measure))
        #expect(natural - TestBooks.shrinkAllowance(of: first, justified: true, space: space) <= measure)
        #expect(!laidOut[1].isJustified)

        // Alone, the same words are the paragraph's last line: they do not shrink.
        let alone = try Layouter(options: options).layout(TestBooks.book([[TestBooks.paragraph(first)]])).pages.flatMap(\.allLines)
        #expect(alone.count == 2 && alone.allSatisfy { face.advance(of: $0.text, size: 12) <= measure + TestBooks.precision })
    }

    @Test func everyLineButTheLastFillsTheMeasure() throws {
        let laidOut = try lines([TestBooks.paragraph(text)])
        #expect(laidOut.count > 3)
        for line in laidOut.dropLast() {
            #expect(line.isJustified)
            #expect(line.x == TestBooks.written(0, from: left))
            #expect(line.width == TestBooks.written(width))
        }
        let last = try #require(laidOut.last)
        #expect(!last.isJustified)
        #expect(last.width < width)
    }

    @Test func raggedLinesKeepTheirNaturalWidth() throws {
        let laidOut = try lines([TestBooks.paragraph(text)], alignment: .left)
        #expect(laidOut.count > 3)
        #expect(laidOut.allSatisfy { !$0.isJustified && $0.width <= width })
        #expect(laidOut.contains { $0.width < width - 10 })
    }

    @Test func linesEndedByAForcedBreakAreNotStretched() throws {
        let poem = "Roses are red,\nviolets are blue;\n" + text
        let laidOut = try lines([Block(.paragraph([Inline(poem)]))])
        #expect(laidOut[0].text == "Roses are red,")
        #expect(!laidOut[0].isJustified && !laidOut[1].isJustified)
        #expect(laidOut[2].isJustified)
    }

    @Test func headingsAndCodeAreNeverStretched() throws {
        let laidOut = try lines([TestBooks.heading(text), Block(.preformatted([Inline(text)]))])
        #expect(laidOut.count > 6)
        #expect(laidOut.allSatisfy { !$0.isJustified })
    }

    @Test func indentedLinesFillTheRestOfTheMeasure() throws {
        let list = Block(.list(List(isOrdered: false, items: [[TestBooks.paragraph(text)]])))
        let laidOut = try lines([list]).filter(\.isJustified)
        #expect(laidOut.count > 3)
        for line in laidOut { #expect(abs(line.x - left + line.width - width) < TestBooks.precision) }
    }

    @Test func rightToLeftJustifiedLinesFillFromTheRightEdge() throws {
        let quote = Block(.quote([TestBooks.paragraph(text)]))
        let laidOut = try lines([quote], direction: .rightToLeft)
        for line in laidOut.dropLast() {
            #expect(line.isJustified)
            #expect(line.x == TestBooks.written(0, from: left))
            #expect(line.width == TestBooks.written(width - BlockFlattener.indentEms * TestBooks.options().fontSize))
        }
    }
}
