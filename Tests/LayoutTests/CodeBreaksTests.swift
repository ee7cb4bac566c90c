import BookModel
import Testing
@testable import Layout
import PageFormat

/// Where a token of inline code may end a line: after `::`, `_`, `(`, `/`, `==` and the like,
/// before a `.` that begins a field or a name, never inside `::`, `==` or `()`, and never within
/// three bytes of either end; and a paragraph with a long path breaks it there rather than
/// stretch the line before it.
struct CodeBreaksTests {
    func points(_ token: String) -> [Int] {
        Array(token.utf8).withUnsafeBufferPointer { CodeBreaks.points(in: $0) }
    }

    @Test func pathsBreakAfterTheirSeparators() {
        #expect(points("crate::front_of_house::hosting") == [7, 13, 16, 23])
        #expect(points("self.most_stocked()") == [4, 10])
        #expect(points("https://example.org/a/long/path") == [8, 15, 20, 22, 27])
        #expect(points("f(x,y)") == [])
    }

    @Test func joinedPunctuationAndShortEndsStayWhole() {
        #expect(points("a==b") == [])
        #expect(points("value==other") == [7])
        #expect(points("x::y") == [])
        #expect(points("Vec<String>") == [])
        #expect(points("items.len()") == [5])
        #expect(points("end.") == [])
        #expect(points("1.5e10") == [])
    }

    @Test func aLongPathInCodeBreaksAtItsSeparatorsWithoutAHyphen() throws {
        let options = TestBooks.options(width: 300)
        let paragraph = Block(.paragraph([Inline("In Listing 7-11, we bring the "),
                                          Inline("crate::front_of_house::hosting::seat_at_table", style: .code),
                                          Inline(" module into the scope of the function so that we only write it once.")]))
        let lines = try Layouter(options: options).layout(TestBooks.book([[paragraph]])).pages.flatMap(\.allLines)
        let cut = lines.dropLast().first { $0.text.hasSuffix("::") || $0.text.hasSuffix("_") }
        #expect(cut != nil, "\(lines.map(\.text))")
        #expect(cut?.isHyphenated == false)
        // The text is all there, in order, with nothing added.
        #expect(lines.map(\.text).joined(separator: " ").replacingOccurrences(of: ":: ", with: "::")
                    .replacingOccurrences(of: "_ ", with: "_").contains("crate::front_of_house::hosting::seat_at_table"))
    }
}
