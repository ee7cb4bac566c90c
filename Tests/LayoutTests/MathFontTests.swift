import Fonts
import Testing

/// The MATH table of TeX Gyre Termes Math as HarfBuzz reads it, against the values fontTools
/// reads from the same file (`fontTools.ttLib.TTFont(...)["MATH"]`), an independent parser.
struct MathFontTests {
    static let font = try? MathFont.load(MathFont.defaultFamily)

    @Test(.enabled(if: font != nil, "needs TeX Gyre Termes Math (fonts-texgyre-math)"))
    func constantsAreTheTable() throws {
        let math = try #require(Self.font)
        #expect(math.constant(.scriptPercentScaleDown) == 0.74)
        #expect(math.constant(.radicalDegreeBottomRaisePercent) == 0.55)
        #expect(math.constant(.axisHeight) == 0.25)
        #expect(math.constant(.fractionRuleThickness) == 0.052)
        #expect(math.constant(.superscriptShiftUp) == 0.339)
        #expect(math.constant(.fractionNumeratorDisplayStyleShiftUp) == 0.634)
    }

    @Test(.enabled(if: font != nil, "needs TeX Gyre Termes Math (fonts-texgyre-math)"))
    func aParenthesisHasItsVariantsAndItsAssembly() throws {
        let math = try #require(Self.font)
        let paren = try #require(math.glyph(for: "("))
        #expect(paren == 9)
        let variants = math.variants(of: paren, vertical: true)
        #expect(variants.map(\.glyph) == [9, 3461, 3483, 3505, 3527, 3549, 3571])
        #expect(variants.map(\.size) == [0.817, 0.977, 1.169, 1.399, 1.675, 2.007, 2.405])
        let assembly = try #require(math.assembly(of: paren, vertical: true))
        #expect(assembly.parts.map(\.fullAdvance) == [1.202, 0.396, 1.202])
        #expect(assembly.parts.map(\.isExtender) == [false, true, false])
        #expect(assembly.parts.map(\.endConnector) == [0.198, 0.396, 0])
        #expect(math.italicsCorrection(of: try #require(math.glyph(for: "A"))) == 0.012)
    }

    @Test func aFontWithoutAMathTableIsRefusedByName() {
        #expect(throws: FontError.noMathTable("Liberation Serif")) { try MathFont.load("Liberation Serif") }
    }
}
