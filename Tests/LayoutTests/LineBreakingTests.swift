import BookModel
import Fonts
import Foundation
import Testing
@testable import Layout
import PageFormat

@Suite struct LineBreakingTests {
    let layouter: Layouter
    let fonts: FontSet
    let width: Double
    /// Where the content box starts on the page: the lines' `x` counts from the page's edge.
    let left: Double

    init() throws {
        let options = TestBooks.options()
        layouter = try Layouter(options: options)
        fonts = try FontSet(font: options.font)
        width = options.geometry.contentSize.width
        left = options.geometry.margins.left
    }

    private func lines(_ inlines: [Inline]) -> [PageLine] {
        layouter.layout(TestBooks.book([[Block(.paragraph(inlines))]])).pages.flatMap(\.allLines)
    }

    private func visibleCharacters(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace })
    }

    @Test(arguments: 0..<40)
    func linesNeverExceedTheWidth(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        var inlines: [Inline] = []
        let styles: [TextStyle] = [[], [], .italic, .bold, [.bold, .italic], .code]
        for part in 0..<(1 + Int(random.next() % 6)) {
            var text = TestBooks.words(5 + Int(random.next() % 60), seed: UInt64(seed * 100 + part)) + " "
            if random.next() % 4 == 0 { text += String(repeating: "w", count: 60) + " " }
            if random.next() % 5 == 0 { text += "\n" }
            inlines.append(Inline(text, style: styles[Int(random.next() % UInt64(styles.count))]))
        }
        let laidOut = lines(inlines)
        #expect(!laidOut.isEmpty)
        for line in laidOut {
            #expect(line.x >= left)
            #expect(line.x - left + line.width <= width + TestBooks.precision, "\(line.text) is \(line.width) wide")
            #expect(line.text.last?.isWhitespace != true)
        }
        // Nothing is lost or added: the lines hold the paragraph's visible characters in order,
        // once the hyphens the layout inserted are taken out.
        let shown = laidOut.map { $0.isHyphenated ? String($0.text.dropLast()) : $0.text }.joined()
        #expect(visibleCharacters(shown) == visibleCharacters(inlines.plainText))
    }

    /// An em dash set close to the words around it (`glass—but`) may end a line, as TeX breaks
    /// after it, but never opens one; a spaced dash (`word — word`) may.
    @Test func aClosedEmDashNeverOpensALine() {
        let words = TestBooks.words(300, seed: 4).split(separator: " ")
        let text = words.enumerated().map { $0.offset % 5 == 4 ? $0.element + "—" : $0.element + " " }.joined()
        let laidOut = lines([Inline(text)])
        #expect(laidOut.count > 10)
        #expect(!laidOut.contains { $0.text.hasPrefix("—") })
        #expect(laidOut.contains { $0.text.hasSuffix("—") })
        let spaced = lines([Inline(words.enumerated().map { $0.offset % 5 == 4 ? $0.element + " — " : $0.element + " " }.joined())])
        #expect(spaced.contains { $0.text.hasPrefix("—") } || spaced.contains { $0.text.hasSuffix("—") })
    }

    @Test func wholeLineShapingAgreesWithTheSumOfWords() {
        let text = TestBooks.words(400, seed: 7) + " AVATAR Tyrannosaurus, “quoted” — dash."
        for line in lines([Inline(text)]) {
            let shaped = fonts.regular.advance(of: line.text, size: 12)
            let shrunk = TestBooks.shrinkAllowance(of: line.text, justified: line.isJustified,
                                                   space: fonts.regular.advance(of: " ", size: 12))
            #expect(shaped - shrunk <= width - (line.x - left) + TestBooks.precision)
            // Kerning across a space (" T") only ever narrows the shaped line.
            #expect(shaped - shrunk <= line.width + TestBooks.precision)
        }
    }

    /// Lines are measured word by word, so kerning between a word and the space or hyphen next
    /// to it is left out; in the default fonts every such pair narrows, so the sum is safe.
    @Test func kerningAcrossBreaksNeverWidens() {
        let characters = (0x21...0x7E).map { Character(Unicode.Scalar($0)!) }
            + "ÀÉÎÕÜàéîõüßçÇñÑ‘’“”—–«»".map { $0 }
        for face in [fonts.regular, fonts.italic, fonts.bold, fonts.boldItalic] {
            for c in characters {
                for separator in [" ", "-"] {
                    let alone = face.advance(of: String(c), size: 1000) + face.advance(of: separator, size: 1000)
                    #expect(face.advance(of: String(c) + separator, size: 1000) <= alone + 1e-6)
                    #expect(face.advance(of: separator + String(c), size: 1000) <= alone + 1e-6,
                            "\(face.style) '\(separator)\(c)'")
                }
            }
        }
    }

    @Test func longWordIsBrokenBetweenGraphemes() {
        let word = String(repeating: "e\u{301}x", count: 80)
        let laidOut = lines([Inline("Start " + word + " end")])
        #expect(laidOut.count >= 3)
        #expect(laidOut.first?.text == "Start")
        for line in laidOut {
            #expect(line.width <= width + 1e-9)
            // No combining accent was torn from its letter.
            #expect(line.text.unicodeScalars.first != "\u{301}")
        }
        #expect(visibleCharacters(laidOut.map(\.text).joined()) == "Start" + word + "end")
    }

    /// Each cut of an over-wide word must cost about the length of the piece it cuts, not of the
    /// rest of the word: one 200 000-letter word once took minutes.
    @Test func hugeWordIsCutQuickly() throws {
        var random = SeededRandom(seed: 11)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let word = String((0..<200_000).map { _ in letters[Int(random.next() % 26)] })
        let clock = ContinuousClock()
        var laidOut: [PageLine] = []
        let elapsed = clock.measure { laidOut = lines([Inline(word)]) }
        // A bound against the minutes of a cost growing with the square, not a speed target (the
        // benchmark's job): AddressSanitizer's pass runs several times slower, on a loaded machine.
        let sanitized = ProcessInfo.processInfo.environment["BOOK2PAGES_SANITIZER_PASS"] != nil
        #expect(elapsed < .seconds(sanitized ? 20 : 5), "took \(elapsed)")
        #expect(laidOut.count > 1000)
        #expect((laidOut.map(\.width).max() ?? 0) <= width + 1e-9)
        #expect(laidOut.map(\.text).joined() == word)
    }

    @Test func forcedBreaksAreKept() {
        let laidOut = lines([Inline("Roses are red,\nviolets are blue;\n\nsugar is "), Inline("sweet", style: .italic)])
        #expect(laidOut.map(\.text) == ["Roses are red,", "violets are blue;", "", "sugar is sweet"])
    }

    @Test func spacesCollapseOutsidePreformattedText() {
        let laidOut = lines([Inline("  one \t two   "), Inline("  three")])
        #expect(laidOut.map(\.text) == ["one two three"])
    }

    @Test func greedyBreakerFillsAndRespectsForcedBreaks() {
        func segment(_ start: Int, _ width: Double, space: Double = 1, forced: Bool = false) -> Segment {
            Segment(start: start, visibleEnd: start + 1, end: start + 2, visibleWidth: width, spaceWidth: space,
                    forcesBreak: forced)
        }
        let segments = [segment(0, 4), segment(2, 4), segment(4, 3, forced: true), segment(6, 9), segment(8, 2)]
        let measure = LineMeasure(firstLineWidth: 9, otherLineWidth: 10, justified: true, raggedStretch: 0)
        let spans = GreedyLineBreaker().lines(for: segments, in: measure)
        #expect(spans == [LineSpan(segments: 0..<2, width: 9), LineSpan(segments: 2..<3, width: 3),
                          LineSpan(segments: 3..<4, width: 9), LineSpan(segments: 4..<5, width: 2)])
    }
}
