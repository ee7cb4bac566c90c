import BookModel
import Testing
import Layout
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
        return layouter.layout(TestBooks.book([[list]])).pages.flatMap(\.allLines).map(\.text).filter { !$0.isEmpty }
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
        #expect(texts == ["• a", "1. b", "▪ c", "• e", "◦ d"])
    }

    @Test func explicitNumbersWinOverCounting() {
        #expect(markers(.upperRoman, numbers: [3, 2, 1]) == ["III. x", "II. x", "I. x"])
        #expect(markers(nil, numbers: [10, 11, 5]) == ["10. x", "11. x", "5. x"])
    }
}
