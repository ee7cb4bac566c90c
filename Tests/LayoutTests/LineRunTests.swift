import BookModel
import Fonts
@testable import Layout
import PageFormat
import Testing

/// Each laid-out line says which face and size each stretch of its text is set in, in UTF-16
/// units of the line's text, covering all of it: markers and inserted hyphens included. (A line
/// all in the regular face at the body size says nothing: its `runs` are nil.) A run's face is
/// its index in the layout's faces, `FaceRole`'s raw value.
@Suite struct LineRunTests {
    let layouter: Layouter
    let em = 12.0

    init() throws {
        layouter = try Layouter(options: TestBooks.options(width: 400, height: 600))
    }

    private func lines(_ blocks: [Block]) -> [PageLine] {
        layouter.layout(TestBooks.book([blocks])).pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
    }

    private func run(_ start: Int, _ length: Int, _ face: FaceRole, size: Double, shift: BaselineShift = .none) -> PageRun {
        PageRun(start: start, length: length, face: face.rawValue, size: TestBooks.written(size), shift: shift)
    }

    @Test func stylesBecomeRunsOfTheLine() {
        let line = lines([Block(.paragraph([Inline("plain "), Inline("slanted", style: .italic), Inline(" x"),
                                            Inline("2", style: .superscript), Inline(" "), Inline("code", style: .code)]))])[0]
        #expect(line.text == "plain slanted x2 code")
        #expect(line.runs == [
            run(0, 6, .regular, size: em),
            run(6, 7, .italic, size: em),
            run(13, 2, .regular, size: em),
            run(15, 1, .regular, size: 0.75 * em, shift: .superscript),
            run(16, 1, .regular, size: em),
            run(17, 4, .monospace, size: 0.85 * em),
        ])
    }

    @Test func smallCapsAreCapitalsSetSmallerAsBrowsersSynthesizeThem() {
        let line = lines([Block(.paragraph([Inline("by "), Inline("Lewis Carroll, 1871", style: .italic,
                                                                         typography: RunTypography(features: .smallCaps))]))])[0]
        #expect(line.text == "by LEWIS CARROLL, 1871")
        let small = 0.7 * em
        #expect(line.runs == [run(0, 3, .regular, size: em), run(3, 1, .italic, size: em), run(4, 4, .italic, size: small),
                              run(8, 2, .italic, size: em), run(10, 6, .italic, size: small), run(16, 6, .italic, size: em)])
    }

    @Test func linksLinesAndColoursRideOnTheirRuns() {
        let red = BookColor(red: 200, green: 0, blue: 0), pale = BookColor(red: 250, green: 240, blue: 200, alpha: 0.5)
        let line = lines([Block(.paragraph([Inline("see "), Inline("this", link: "ch2.xhtml#a"),
                                            Inline(" gone", style: .strikethrough), Inline(" red", color: red, background: pale),
                                            Inline(" u", style: [.underline, .italic])]))])[0]
        #expect(line.text == "see this gone red u")
        var linked = run(4, 4, .regular, size: em)
        linked.link = "ch2.xhtml#a"
        var struck = run(8, 5, .regular, size: em)
        struck.strikethrough = true
        var colored = run(13, 4, .regular, size: em)
        colored.color = PageColor(red: 200, green: 0, blue: 0)
        colored.background = PageColor(red: 250, green: 240, blue: 200, alpha: 128)
        var underlined = run(17, 2, .italic, size: em)
        underlined.underline = true
        #expect(line.runs == [run(0, 4, .regular, size: em), linked, struck, colored, underlined])
    }

    @Test func runsCountUTF16UnitsAndCoverEveryLine() throws {
        // U+1D11E takes two UTF-16 units; "é" one. In italic, so that every line has its runs.
        let text = (0..<40).map { $0 % 7 == 0 ? "𝄞é" : "word\($0)" }.joined(separator: " ")
        let laidOut = lines([Block(.paragraph([Inline(text, style: .italic), Inline(" tail", style: .bold)]))])
        #expect(laidOut.count > 2)
        for line in laidOut {
            let runs = try #require(line.runs, "\(line.text)")
            #expect(runs.first?.start == 0)
            #expect(runs.reduce(0) { $0 + $1.length } == line.text.utf16.count, "\(line.text)")
            for (a, b) in zip(runs, runs.dropFirst()) { #expect(a.start + a.length == b.start) }
        }
        #expect(laidOut.contains { $0.text.contains("𝄞") })
        #expect(laidOut.last?.runs?.last?.face == FaceRole.bold.rawValue)
    }

    @Test func aListMarkerIsARegularRunAtTheBodySize() {
        let list = Block(.list(List(isOrdered: true, items: [[Block(.paragraph([Inline("first", style: .bold)]))]])))
        let line = lines([list])[0]
        #expect(line.text == "1.\u{2002}first")
        #expect(line.runs == [run(0, 3, .regular, size: em), run(3, 5, .bold, size: em)])
    }

    @Test func anInsertedHyphenIsSetLikeTheLetterBeforeIt() throws {
        let words = Array(repeating: "Extraordinary circumstances necessitated unquestionably comprehensive "
                          + "reconsideration of international telecommunications infrastructure.", count: 6).joined(separator: " ")
        let narrow = try Layouter(options: TestBooks.options(width: 200))
        let laidOut = narrow.layout(TestBooks.book([[Block(.paragraph([Inline(words, style: .italic)]))]]))
            .pages.flatMap(\.allLines).filter { !$0.text.isEmpty }
        let hyphenated = laidOut.filter(\.isHyphenated)
        #expect(!hyphenated.isEmpty)
        for line in hyphenated {
            #expect(line.runs == [run(0, line.text.utf16.count, .italic, size: em)])
        }
    }
}
