import BookModel
import Testing
@testable import Layout

/// Justified and ragged lines: which lines stretch, and the widths they are given.
@Suite struct JustificationTests {
    let width = TestBooks.options().geometry.contentSize.width
    let text = TestBooks.words(150, seed: 9)

    private func lines(_ blocks: [Block], alignment: LineAlignment = .justify,
                       direction: TextDirection = .leftToRight) throws -> [LaidOutLine] {
        var options = TestBooks.options()
        options.alignment = alignment
        var book = TestBooks.book([blocks])
        book.metadata.direction = direction
        return try Layouter(options: options).layout(book).pages.flatMap(\.lines)
    }

    @Test func everyLineButTheLastFillsTheMeasure() throws {
        let laidOut = try lines([TestBooks.paragraph(text)])
        #expect(laidOut.count > 3)
        for line in laidOut.dropLast() {
            #expect(line.justified)
            #expect(line.x == 0)
            #expect(line.width == width)
        }
        let last = try #require(laidOut.last)
        #expect(!last.justified)
        #expect(last.width < width)
    }

    @Test func raggedLinesKeepTheirNaturalWidth() throws {
        let laidOut = try lines([TestBooks.paragraph(text)], alignment: .left)
        #expect(laidOut.count > 3)
        #expect(laidOut.allSatisfy { !$0.justified && $0.width <= width })
        #expect(laidOut.contains { $0.width < width - 10 })
    }

    @Test func linesEndedByAForcedBreakAreNotStretched() throws {
        let poem = "Roses are red,\nviolets are blue;\n" + text
        let laidOut = try lines([Block(.paragraph([Inline(poem)]))])
        #expect(laidOut[0].text == "Roses are red,")
        #expect(!laidOut[0].justified && !laidOut[1].justified)
        #expect(laidOut[2].justified)
    }

    @Test func headingsAndCodeAreNeverStretched() throws {
        let laidOut = try lines([TestBooks.heading(text), Block(.preformatted([Inline(text)]))])
        #expect(laidOut.count > 6)
        #expect(laidOut.allSatisfy { !$0.justified })
    }

    @Test func indentedLinesFillTheRestOfTheMeasure() throws {
        let list = Block(.list(List(isOrdered: false, items: [[TestBooks.paragraph(text)]])))
        let laidOut = try lines([list]).filter(\.justified)
        #expect(laidOut.count > 3)
        for line in laidOut { #expect(line.x + line.width == width) }
    }

    @Test func rightToLeftJustifiedLinesFillFromTheRightEdge() throws {
        let quote = Block(.quote([TestBooks.paragraph(text)]))
        let laidOut = try lines([quote], direction: .rightToLeft)
        for line in laidOut.dropLast() {
            #expect(line.justified)
            #expect(line.x == 0)
            #expect(line.width == width - BlockFlattener.indentEms * TestBooks.options().fontSize)
        }
    }
}
