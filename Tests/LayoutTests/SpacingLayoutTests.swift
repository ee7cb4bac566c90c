import BookModel
import Fonts
@testable import Layout
import PageFormat
import Testing

/// Letter spacing, word spacing and a run's OpenType features as the layout measures them:
/// what each adds to a line, and small capitals and numerals from the font's own features when
/// it has them (TeX Gyre Termes), synthesized or left out when it has not (Liberation Serif).
@Suite struct SpacingLayoutTests {
    let em = 12.0

    func lines(_ inlines: [Inline], font: String = LayoutOptions.defaultFont) throws -> [PageLine] {
        var options = TestBooks.options(width: 400, height: 600)
        options.font = font
        let layouter = try Layouter(options: options)
        return layouter.layout(TestBooks.book([[Block(.paragraph(inlines))]])).pages.flatMap(\.allLines)
            .filter { !$0.text.isEmpty }
    }

    func line(_ inlines: [Inline], font: String = LayoutOptions.defaultFont) throws -> PageLine {
        try #require(try lines(inlines, font: font).first)
    }

    static func spaced(_ text: String, letters: Double = 0, words: Double = 0, features: FontFeatures = []) -> Inline {
        Inline(text, typography: RunTypography(letterSpacing: letters, wordSpacing: words, features: features))
    }

    /// A grapheme cluster takes the spacing once (an accent written apart is one character with
    /// its letter), the last one too; a soft hyphen, which shows nothing, takes none.
    @Test func aLetterSpacedWordIsWiderByItsCharactersTimesTheSpacing() throws {
        for word in ["Lighthouse", "cafe\u{301}s", "light\u{AD}house"] {
            let plain = try line([Inline(word)])
            let spaced = try line([Self.spaced(word, letters: 0.1)])
            let characters = word.filter { $0 != "\u{AD}" }.count
            #expect(abs(spaced.width - plain.width - Double(characters) * 0.1 * em) < TestBooks.precision, "\(word)")
            #expect(spaced.runs == [PageRun(start: 0, length: word.utf16.count, face: 0, size: em, letterSpacing: 1.2)])
        }
        // Spacing inside a plain line: measured with its run, each run by itself.
        let mixed = try line([Inline("a "), Self.spaced("spaced", letters: 0.25), Inline(" word")])
        let plain = try line([Inline("a spaced word")])
        #expect(abs(mixed.width - plain.width - 6 * 3) < TestBooks.precision)
        #expect(mixed.runs?.map(\.letterSpacing) == [0, 3, 0])
    }

    /// Word spacing goes on each space and no-break space, on top of the letter spacing, which
    /// spaces take too.
    @Test func wordSpacingWidensTheSpaces() throws {
        let plain = try line([Inline("one two\u{A0}three")])
        let wide = try line([Self.spaced("one two\u{A0}three", words: 0.5)])
        #expect(abs(wide.width - plain.width - 2 * 6) < TestBooks.precision)
        #expect(wide.runs?.first?.wordSpacing == 6)
        let both = try line([Self.spaced("one two\u{A0}three", letters: 0.1, words: 0.5)])
        #expect(abs(both.width - plain.width - 2 * 6 - 13 * 1.2) < TestBooks.precision)
    }

    /// A paragraph of letter-spaced words breaks into lines of its spaced widths: none is wider
    /// than the measure, and the hyphen a broken word gets is spaced too.
    @Test func spacedLinesStillFitTheirMeasure() throws {
        let text = TestBooks.words(300, seed: 7)
        let plain = try lines([Inline(text)])
        let spaced = try lines([Self.spaced(text, letters: 0.15, words: 0.2)])
        #expect(spaced.count > plain.count)
        let face = try FontSet(font: LayoutOptions.defaultFont).regular
        for line in spaced {
            let shaped = face.advance(of: line.text, size: em)
            let spaces = line.text.filter { $0 == " " }.count
            let natural = shaped + Double(line.text.count) * 0.15 * em + Double(spaces) * 0.2 * em
            let space = face.advance(of: " ", size: em) + 0.15 * em + 0.2 * em
            let shrunk = TestBooks.shrinkAllowance(of: line.text, justified: line.isJustified, space: space)
            #expect(natural - shrunk <= 360 + 0.05, "\(line.text)")
            #expect(line.justified || abs(natural - line.width) < 0.05 + Double(spaces) * 0.01, "\(line.text)")
        }
    }

    /// CSS lets spacing be any length: the layout keeps it within −0.5 and 1 em of the text's
    /// size (words −0.5 and 2), and a word never measures less than nothing.
    @Test func hostileSpacingIsBounded() throws {
        let wide = try line([Self.spaced("abc", letters: 1000, words: 1000)])
        #expect(wide.runs?.first?.letterSpacing == em && wide.runs?.first?.wordSpacing == 2 * em)
        let tight = try lines([Self.spaced("... ,,, word", letters: -50, words: -50)])
        #expect(tight.first?.runs?.first?.letterSpacing == -0.5 * em)
        #expect(tight.first?.runs?.first?.wordSpacing == -0.5 * em)
        #expect(tight.allSatisfy { $0.width >= 0 })
        let odd = try line([Self.spaced("abc", letters: .nan, words: .infinity)])
        #expect(odd.runs == nil)
    }

    /// Small capitals from a font that has them: one run, shaped with `smcp`, its letters as the
    /// book wrote them. Liberation Serif has none: synthesized from capitals, in runs by size.
    @Test(.needsTeXGyreTermes) func smallCapitalsComeFromTheFontThatHasThem() throws {
        let termes = try line([Self.spaced("Small Caps by Lewis Carroll", features: .smallCaps)], font: "TeX Gyre Termes")
        #expect(termes.text == "Small Caps by Lewis Carroll")
        #expect(termes.runs == [PageRun(start: 0, length: 27, face: 0, size: em, features: [.smallCaps])])
        let face = try FontSet(font: "TeX Gyre Termes").regular
        let measured = face.variant(with: [ShapingFeature("smcp")]).advance(of: "Small Caps by Lewis Carroll", size: em)
        #expect(abs(termes.width - measured) < TestBooks.precision)
        #expect(measured > face.advance(of: "Small Caps by Lewis Carroll", size: em) + 1)

        let liberation = try line([Self.spaced("Small Caps", features: .smallCaps)])
        #expect(liberation.text == "SMALL CAPS")
        let sizes: [Double] = [em, 0.7 * em, em, 0.7 * em].map { TestBooks.written($0) }
        #expect(liberation.runs?.map(\.size) == sizes)
        #expect(liberation.runs?.allSatisfy(\.features.isEmpty) == true)
    }

    /// All small capitals: `smcp` and `c2sc` where the font has both, the capitals kept as
    /// written; synthesized, every letter a small capital.
    @Test func allSmallCapitalsMakeEveryLetterOne() throws {
        let liberation = try line([Inline("by "), Self.spaced("NASA and Co", features: [.smallCaps, .capitalsToSmallCaps])])
        #expect(liberation.text == "by NASA AND CO")
        let sizes: [Double] = [em, 0.7 * em, em, 0.7 * em, em, 0.7 * em].map { TestBooks.written($0) }
        #expect(liberation.runs?.map(\.size) == sizes)
        guard Available.texGyreTermes else { return }
        let termes = try line([Self.spaced("NASA and Co", features: [.smallCaps, .capitalsToSmallCaps])], font: "TeX Gyre Termes")
        #expect(termes.text == "NASA and Co")
        #expect(termes.runs?.first?.features == [.smallCaps, .capitalsToSmallCaps])
    }

    /// Numerals are measured with the feature the run asks for, where the font has it; a font
    /// without leaves the run plain.
    @Test(.needsTeXGyreTermes) func oldstyleNumeralsAreMeasuredWithTheFeature() throws {
        let text = "In 1871 and 1111"
        let termes = try line([Self.spaced(text, features: .oldstyleNumerals)], font: "TeX Gyre Termes")
        #expect(termes.runs?.first?.features == [.oldstyleNumerals])
        let face = try FontSet(font: "TeX Gyre Termes").regular
        let oldstyle = face.variant(with: [ShapingFeature("onum")]).advance(of: text, size: em)
        #expect(abs(termes.width - oldstyle) < TestBooks.precision)
        #expect(oldstyle < face.advance(of: text, size: em) - 1)
        // Liberation Serif has no old-style numerals: as if none were asked for.
        #expect(try line([Self.spaced(text, features: .oldstyleNumerals)]) == line([Inline(text)]))
    }

    /// Letter-spaced text is measured without ligatures, as browsers set it: "ffi" three letters.
    @Test(.needsTeXGyreTermes) func letterSpacingTurnsLigaturesOff() throws {
        let spaced = try line([Self.spaced("office", letters: 0.1)], font: "TeX Gyre Termes")
        let face = try FontSet(font: "TeX Gyre Termes").regular
        let unjoined = face.variant(with: [ShapingFeature("liga", 0), ShapingFeature("clig", 0)]).advance(of: "office", size: em)
        #expect(abs(spaced.width - unjoined - 6 * 1.2) < TestBooks.precision)
        #expect(unjoined > face.advance(of: "office", size: em))
        #expect(spaced.runs?.first?.features == [])
    }
}
