import Foundation
import Testing
@testable import Fonts

/// A face's variants shaped with OpenType features: which features a face has, that a variant
/// shapes with them, is one object for its features on every thread, and is measured, cached
/// and shared as a face of its own.
@Suite struct FaceVariantTests {
    let liberation: FontSet
    init() throws { liberation = try FontSet(font: "Liberation Serif") }

    @Test func aFaceSaysWhichFeaturesItHas() {
        // Liberation Serif has kerning and subscripts, no small capitals and no old-style numerals.
        #expect(liberation.regular.hasFeature("kern") && liberation.regular.hasFeature("subs"))
        #expect(!liberation.regular.hasFeature("smcp") && !liberation.regular.hasFeature("onum"))
        #expect(!liberation.regular.hasFeature("liga") && !liberation.regular.hasFeature("smc"))
    }

    @Test(.needsTeXGyreTermes) func aFontWithSmallCapitalsSaysSo() throws {
        let termes = try FontSet(font: "TeX Gyre Termes")
        for tag in ["smcp", "c2sc", "onum", "lnum", "pnum", "tnum", "frac", "zero", "liga"] {
            #expect(termes.regular.hasFeature(tag) && termes.boldItalic.hasFeature(tag), "\(tag)")
        }
    }

    @Test(.needsTeXGyreTermes) func aVariantShapesWithItsFeatures() throws {
        let face = try FontSet(font: "TeX Gyre Termes").regular
        let smallCaps = face.variant(with: [ShapingFeature("smcp")])
        // Lowercase letters drawn as small capitals are wider; capitals are not changed.
        #expect(smallCaps.advance(of: "Small Caps", size: 1000) > face.advance(of: "Small Caps", size: 1000) + 50)
        #expect(smallCaps.advance(of: "NASA", size: 1000) == face.advance(of: "NASA", size: 1000))
        let oldstyle = face.variant(with: [ShapingFeature("onum")])
        #expect(oldstyle.advance(of: "1871", size: 1000) < face.advance(of: "1871", size: 1000) - 100)
        // Ligatures off: "ffi" as three letters.
        let unjoined = face.variant(with: [ShapingFeature("liga", 0), ShapingFeature("clig", 0)])
        #expect(unjoined.advance(of: "office", size: 1000) > face.advance(of: "office", size: 1000))
        #expect(unjoined.features == [ShapingFeature("liga", 0), ShapingFeature("clig", 0)])
        // What it shares with its face.
        #expect(smallCaps.postScriptName == face.postScriptName && smallCaps.fileName == face.fileName)
        #expect(smallCaps.unitsPerEm == face.unitsPerEm && smallCaps.hasGlyph(for: "a"))
    }

    @Test func theSameFeaturesGiveTheSameVariant() async {
        let face = liberation.regular
        #expect(face.variant(with: []) === face)
        let first = face.variant(with: [ShapingFeature("sups")])
        #expect(face.variant(with: [ShapingFeature("sups")]) === first)
        #expect(face.variant(with: [ShapingFeature("subs")]) !== first)
        #expect(face.variant(with: [ShapingFeature("sups", 0)]) !== first)
        // From several threads at once, still one.
        let made = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for n in 0..<16 {
                group.addTask { ObjectIdentifier(face.variant(with: [ShapingFeature("ss0\(n % 4)")])) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(made.count == 4)
    }

    /// A measurer numbers a variant as a face of its own: the same word keeps a width for each,
    /// whichever was measured first, remembered or shared between measurers.
    @Test func aVariantsWidthsAreKeptApartFromItsFaces() {
        let face = liberation.regular
        // Liberation Serif's subscript figures are narrower than its figures.
        let lowered = face.variant(with: [ShapingFeature("subs")])
        let shared = SharedWidths()
        let first = TextMeasurer(language: "en", shared: shared)
        let plain = first.width(of: "x2", in: face, size: 17)
        let superscript = first.width(of: "x2", in: lowered, size: 17)
        #expect(plain == face.advance(of: "x2", size: 17))
        #expect(superscript == lowered.advance(of: "x2", size: 17))
        #expect(plain != superscript)
        #expect(first.cachedCount == 2)
        // Another measurer of the layout, taking them in the other order from the shared widths.
        let second = TextMeasurer(language: "en", shared: shared)
        #expect(second.width(of: "x2", in: lowered, size: 17) == superscript)
        #expect(second.width(of: "x2", in: face, size: 17) == plain)
    }
}
