import BookModel
import Testing
import Layout
import Fonts
import PageFormat

/// How list items are marked: every `ListMarker`, numbers counted as CSS counts them, and
/// the fallbacks to decimal where a style has no symbol for a number.
@Suite struct ListMarkerTests {
    let layouter: Layouter

    init() throws {
        layouter = try Layouter(options: TestBooks.options(width: 400, height: 600))
    }

    /// The first line of each item of a list of `count` one-word items.
    private func markers(_ marker: ListMarker?, ordered: Bool = true, start: Int = 1, count: Int = 3,
                         numbers: [Int] = []) -> [String] {
        let items = (0..<count).map { _ in [TestBooks.paragraph("x")] }
        let list = Block(.list(List(isOrdered: ordered, start: start, items: items,
                                    markers: Array(repeating: marker, count: count), numbers: numbers)))
        // The en space after a marker written as a space, for reading.
        return layouter.layout(TestBooks.book([[list]])).pages.flatMap(\.allLines).map(\.text).filter { !$0.isEmpty }
            .map { $0.replacingOccurrences(of: "\u{2002}", with: " ") }
    }

    @Test func numberedStyles() {
        #expect(markers(nil) == ["1. x", "2. x", "3. x"])
        #expect(markers(.decimal, start: 9) == ["9. x", "10. x", "11. x"])
        #expect(markers(.decimalLeadingZero, start: 9) == ["09. x", "10. x", "11. x"])
        #expect(markers(.lowerAlpha, start: 25) == ["y. x", "z. x", "aa. x"])
        #expect(markers(.upperAlpha, start: 702) == ["ZZ. x", "AAA. x", "AAB. x"])
        #expect(markers(.lowerRoman, start: 3) == ["iii. x", "iv. x", "v. x"])
        #expect(markers(.upperRoman, start: 1994, count: 1) == ["MCMXCIV. x"])
        #expect(markers(.lowerGreek, start: 24) == ["ω. x", "αα. x", "αβ. x"])
    }

    @Test func numbersOutsideAStylesRangeFallBackToDecimal() {
        #expect(markers(.lowerAlpha, start: -1) == ["-1. x", "0. x", "a. x"])
        #expect(markers(.upperRoman, start: 3999, count: 2) == ["MMMCMXCIX. x", "4000. x"])
    }

    @Test func bulletsStringsAndNone() {
        #expect(markers(nil, ordered: false, count: 1) == ["• x"])
        #expect(markers(.square, ordered: false, count: 1) == ["▪ x"])
        #expect(markers(.circle, ordered: false, count: 1) == ["◦ x"])
        #expect(markers(.disc, count: 1) == ["• x"])
        #expect(markers(.text("– "), ordered: false, count: 2) == ["– x", "– x"])
        #expect(markers(ListMarker.none, count: 2) == ["x", "x"])
        // An item whose first block is a list shows no empty line for a marker of nothing.
        let nested = Block(.list(List(isOrdered: false, items: [[TestBooks.paragraph("inner")]], markers: [ListMarker.none])))
        let outer = Block(.list(List(isOrdered: true, items: [[nested], [TestBooks.paragraph("next")]],
                                     markers: [ListMarker.none, ListMarker.none])))
        let lines = layouter.layout(TestBooks.book([[outer]])).pages.flatMap(\.allLines).map(\.text)
        #expect(lines == ["inner", "next"])
    }

    @Test func unmarkedBulletsFollowTheDepthAsInBrowsers() {
        let innermost = Block(.list(List(isOrdered: false, items: [[TestBooks.paragraph("c")]])))
        let middle = Block(.list(List(isOrdered: true, items: [[TestBooks.paragraph("b"), innermost]])))
        let outer = Block(.list(List(isOrdered: false, items: [[TestBooks.paragraph("a"), middle]])))
        let inner = Block(.list(List(isOrdered: false, items: [[TestBooks.paragraph("d")]])))
        let second = Block(.list(List(isOrdered: false, items: [[TestBooks.paragraph("e"), inner]])))
        let texts = layouter.layout(TestBooks.book([[outer, second]])).pages.flatMap(\.allLines).map(\.text).filter { !$0.isEmpty }
        #expect(texts == ["•\u{2002}a", "1.\u{2002}b", "▪\u{2002}c", "•\u{2002}e", "◦\u{2002}d"])
    }

    @Test func explicitNumbersWinOverCounting() {
        #expect(markers(.upperRoman, numbers: [3, 2, 1]) == ["III. x", "II. x", "I. x"])
        #expect(markers(nil, numbers: [10, 11, 5]) == ["10. x", "11. x", "5. x"])
    }

    /// The marker's box: an en space after it, which a renderer does not stretch to justify the
    /// line, and the text starts where the item's other lines do, whatever the marker's width.
    @Test func aMarkerKeepsItsBoxOnAJustifiedLine() throws {
        let long = TestBooks.words(80, seed: 3)
        for style: ListMarker in [.disc, .decimal, .upperRoman] {
            let list = Block(.list(List(isOrdered: style != .disc, start: 1994, items: [[TestBooks.paragraph(long)]],
                                        markers: [style], numbers: [1994])))
            let lines = layouter.layout(TestBooks.book([[list]])).pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
            try #require(lines.count > 2)
            let marker = try #require(lines[0].text.split(separator: "\u{2002}", maxSplits: 1).first)
            #expect(lines[0].isJustified)
            #expect(!marker.contains(" "), "the marker has no space a renderer would stretch")
            // The marker hangs in the indent: its text starts where the next lines' do, or
            // after a marker too wide for the indent.
            let fonts = try FontSet(font: LayoutOptions.defaultFont)
            let textStart = lines[0].x + fonts.regular.advance(of: String(marker) + "\u{2002}", size: 12)
            if style == .disc {
                #expect(abs(textStart - lines[1].x) < TestBooks.precision)
            } else {
                #expect(textStart >= lines[1].x - TestBooks.precision)
            }
        }
    }
}
