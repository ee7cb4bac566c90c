import BookModel
import CSS
import Testing
@testable import XHTMLReader

/// `letter-spacing`, `word-spacing`, `font-variant-numeric` and the numerals of `font-variant`:
/// how they are read and inherited, and what the runs of text carry of them.
struct SpacingCSSTests {
    let p = StylesheetTests.element("p")
    let span = StylesheetTests.element("span")
    let div = StylesheetTests.element("div")

    func style(_ css: String, _ path: [TestElementTree.Spec]) -> ComputedStyle {
        StylesheetTests.style(css, path)
    }

    // MARK: - Reading and inheriting

    @Test func spacingIsNormalOrALength() {
        #expect(style("p { letter-spacing: 0.1em }", [p]).typography.letterSpacing == 0.1)
        // 12 pt is the default size (16 px); `rem` is of it too.
        #expect(style("p { letter-spacing: 3pt }", [p]).typography.letterSpacing == 0.25)
        #expect(style("p { word-spacing: 0.5rem }", [p]).typography.wordSpacing == 0.5)
        #expect(style("p { letter-spacing: -1px }", [p]).typography.letterSpacing == -1.0 / 16)
        #expect(style("p { letter-spacing: 0 }", [p]).typography.letterSpacing == 0)
        #expect(style("p { letter-spacing: 0.1em; letter-spacing: normal }", [p]).typography.letterSpacing == nil)
        // No `auto`, no percentage, no number without a unit: the earlier value stands.
        for value in ["auto", "10%", "2", "1e999em", "wide"] {
            #expect(style("p { word-spacing: 2px; word-spacing: \(value) }", [p]).typography.wordSpacing == 2.0 / 16, "\(value)")
        }
    }

    /// An `em` is of the element's own size, and the length so computed is what children inherit:
    /// a child set larger keeps its parent's spacing, as CSS computes it.
    @Test func anEmOfSpacingIsComputedWhereItIsSetAndInheritedAsALength() {
        let inherited = style("div { font-size: 2em; letter-spacing: 0.1em } span { font-size: 3em }", [div, span])
        #expect(inherited.typography.letterSpacing == 0.2)
        #expect(style("div { word-spacing: 0.25em } p { font-size: 2em; word-spacing: 0.25em }", [div, p]).typography.wordSpacing == 0.5)
        #expect(style("div { letter-spacing: 1px } p { letter-spacing: normal }", [div, p]).typography.letterSpacing == nil)
        #expect(style("div { letter-spacing: 1px }", [div, p, span]).typography.letterSpacing == 1.0 / 16)
    }

    @Test func numeralsAreReadAndInherited() {
        #expect(style("p { font-variant-numeric: oldstyle-nums }", [p]).typography.numerals == .oldstyle)
        #expect(style("p { font-variant-numeric: tabular-nums  slashed-zero lining-nums }", [p]).typography.numerals
                == [.tabular, .slashedZero, .lining])
        #expect(style("p { font-variant-numeric: diagonal-fractions ordinal proportional-nums }", [p]).typography.numerals
                == [.diagonalFractions, .ordinal, .proportional])
        #expect(style("p { font-variant-numeric: stacked-fractions }", [p]).typography.numerals == .stackedFractions)
        #expect(style("div { font-variant-numeric: oldstyle-nums }", [div, p, span]).typography.numerals == .oldstyle)
        #expect(style("div { font-variant-numeric: oldstyle-nums } p { font-variant-numeric: normal }", [div, p]).typography.numerals == [])
        // Two of one kind, one twice, or a word that is no numeral: invalid, the earlier value stands.
        for value in ["lining-nums oldstyle-nums", "tabular-nums proportional-nums", "diagonal-fractions stacked-fractions",
                      "ordinal ordinal", "small-caps", "normal ordinal", ""] {
            #expect(style("p { font-variant-numeric: slashed-zero; font-variant-numeric: \(value) }", [p]).typography.numerals
                    == .slashedZero, "\(value)")
        }
    }

    /// The shorthand sets the caps and the numerals it names, and the ones it leaves out back to
    /// normal; `font` sets both back to normal.
    @Test func fontVariantAndFontSetTheNumeralsToo() {
        let both = style("p { font-variant: small-caps oldstyle-nums common-ligatures }", [p])
        #expect(both.caps == .smallCaps && both.typography.numerals == .oldstyle)
        let reset = style("div { font-variant-numeric: tabular-nums } p { font-variant: all-small-caps }", [div, p])
        #expect(reset.caps == .allSmallCaps && reset.typography.numerals == [])
        let invalid = style("p { font-variant: small-caps; font-variant: oldstyle-nums lining-nums }", [p])
        #expect(invalid.caps == .smallCaps && invalid.typography.numerals == [])
        let font = style("div { font-variant-numeric: oldstyle-nums } p { font: italic 12pt serif }", [div, p])
        #expect(font.typography.numerals == [])
    }

    /// Most elements set none of this: their styles keep no typography at all.
    @Test func aStyleWithoutSpacingOrNumeralsHasNone() {
        #expect(style("p { font-variant-numeric: normal; letter-spacing: normal; word-spacing: normal }", [p]).typography
                == TextTypography())
        #expect(style("div { letter-spacing: normal } p { font-variant-numeric: normal }", [div, p]) == style("", [div, p]))
    }

    // MARK: - The runs

    func runs(css: String, body: String) -> [Inline] {
        BookCSSTests().read(css: css, body: body).blocks.flatMap(\.runs)
    }

    @Test func runsCarryTheirSpacingAsAMultipleOfTheirBlocksSize() {
        let runs = runs(css: """
            .wide { letter-spacing: 0.1em } .words { word-spacing: 4px } h2 { letter-spacing: 0.05em }
            .big { font-size: 2em; letter-spacing: 0.1em }
            """, body: """
            <p>plain <span class="wide">wide</span> <span class="words">far apart</span> <span class="big">big</span></p>
            <h2>Spaced <em>heading</em></h2>
            """)
        func run(_ text: String) -> Inline? { runs.first { $0.text == text } }
        #expect(run("plain ")?.typography == nil)
        #expect(run("wide")?.typography == RunTypography(letterSpacing: 0.1))
        #expect(run("far apart")?.typography == RunTypography(wordSpacing: 0.25))
        // 0.1 of its own size, twice the paragraph's.
        #expect(run("big")?.typography?.letterSpacing == 0.2)
        // A heading's runs: of the heading's size, the emphasis within it too.
        #expect(run("Spaced ")?.typography == RunTypography(letterSpacing: 0.05))
        #expect(run("heading")?.typography == RunTypography(letterSpacing: 0.05))
    }

    @Test func runsCarryTheirSmallCapitalsAndNumeralsAsFeatures() {
        let runs = runs(css: """
            .sc { font-variant: small-caps } .all { font-variant: all-small-caps } .old { font-variant-numeric: oldstyle-nums }
            .off { font-variant: normal } .frac { font-variant-numeric: diagonal-fractions slashed-zero }
            """, body: """
            <p><span class="sc">Lewis Carroll</span> <span class="all">AD 1871</span> <span class="old">in 1865</span>
            <span class="sc">by <span class="off">plain</span></span> <span class="frac">1/2 0</span></p>
            """)
        func run(_ text: String) -> Inline? { runs.first { $0.text == text } }
        #expect(run("Lewis Carroll")?.typography?.features == .smallCaps)
        // All small capitals keep the book's letters: the font's `c2sc` or the layout makes them small.
        #expect(run("AD 1871")?.typography?.features == [.smallCaps, .capitalsToSmallCaps])
        #expect(run("in 1865")?.typography?.features == .oldstyleNumerals)
        #expect(run("plain")?.typography == nil)
        #expect(run("1/2 0")?.typography?.features == [.diagonalFractions, .slashedZero])
        #expect(runs.allSatisfy { $0.style == [] })
    }
}
