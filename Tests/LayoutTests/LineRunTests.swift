import BookModel
import Fonts
import Layout
import Testing

/// Each laid-out line says which face and size each stretch of its text is set in, in UTF-16
/// units of the line's text, covering all of it: markers and inserted hyphens included.
@Suite struct LineRunTests {
    let layouter: Layouter
    let em = 12.0

    init() throws {
        layouter = try Layouter(options: TestBooks.options(width: 400, height: 600))
    }

    private func lines(_ blocks: [Block]) -> [LaidOutLine] {
        layouter.layout(TestBooks.book([blocks])).pages.flatMap(\.lines).filter { !$0.text.isEmpty }
    }

    @Test func stylesBecomeRunsOfTheLine() {
        let line = lines([Block(.paragraph([Inline("plain "), Inline("slanted", style: .italic), Inline(" x"),
                                            Inline("2", style: .superscript), Inline(" "), Inline("code", style: .code)]))])[0]
        #expect(line.text == "plain slanted x2 code")
        #expect(line.runs == [
            LineRun(start: 0, length: 6, face: .regular, size: em),
            LineRun(start: 6, length: 7, face: .italic, size: em),
            LineRun(start: 13, length: 2, face: .regular, size: em),
            LineRun(start: 15, length: 1, face: .regular, size: 0.75 * em, shift: .superscript),
            LineRun(start: 16, length: 1, face: .regular, size: em),
            LineRun(start: 17, length: 4, face: .monospace, size: 0.85 * em),
        ])
    }

    @Test func runsCountUTF16UnitsAndCoverEveryLine() {
        // U+1D11E takes two UTF-16 units; "é" one.
        let text = (0..<40).map { $0 % 7 == 0 ? "𝄞é" : "word\($0)" }.joined(separator: " ")
        let laidOut = lines([Block(.paragraph([Inline(text), Inline(" tail", style: .bold)]))])
        #expect(laidOut.count > 2)
        for line in laidOut {
            #expect(line.runs.first?.start == 0)
            #expect(line.runs.reduce(0) { $0 + $1.length } == line.text.utf16.count, "\(line.text)")
            for (a, b) in zip(line.runs, line.runs.dropFirst()) { #expect(a.start + a.length == b.start) }
        }
        #expect(laidOut.last?.runs.last?.face == .bold)
    }

    @Test func aListMarkerIsARegularRunAtTheBodySize() {
        let list = Block(.list(List(isOrdered: true, items: [[Block(.paragraph([Inline("first", style: .bold)]))]])))
        let line = lines([list])[0]
        #expect(line.text == "1. first")
        #expect(line.runs == [LineRun(start: 0, length: 3, face: .regular, size: em),
                              LineRun(start: 3, length: 5, face: .bold, size: em)])
    }

    @Test func anInsertedHyphenIsSetLikeTheLetterBeforeIt() throws {
        let words = Array(repeating: "Extraordinary circumstances necessitated unquestionably comprehensive "
                          + "reconsideration of international telecommunications infrastructure.", count: 6).joined(separator: " ")
        let narrow = try Layouter(options: TestBooks.options(width: 200))
        let laidOut = narrow.layout(TestBooks.book([[Block(.paragraph([Inline(words, style: .italic)]))]]))
            .pages.flatMap(\.lines).filter { !$0.text.isEmpty }
        let hyphenated = laidOut.filter(\.hyphenated)
        #expect(!hyphenated.isEmpty)
        for line in hyphenated {
            #expect(line.runs == [LineRun(start: 0, length: line.text.utf16.count, face: .italic, size: em)])
        }
    }
}
