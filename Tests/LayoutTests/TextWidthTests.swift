import Testing
@testable import Fonts

@Suite struct TextWidthTests {
    let fonts: FontSet
    init() throws { fonts = try FontSet(font: "Liberation Serif") }

    @Test func advancesArePlausible() {
        // Times New Roman's "m" is 0.778 em and its space 0.25 em.
        #expect(abs(fonts.regular.advance(of: "m", size: 1000) - 778) < 1)
        #expect(abs(fonts.regular.advance(of: " ", size: 1000) - 250) < 1)
        let hello = fonts.regular.advance(of: "Hello, world", size: 17)
        #expect(hello > 70 && hello < 110)
        #expect(fonts.regular.advance(of: "", size: 17) == 0)
    }

    @Test func widthsAddUpWithoutKerningPairs() {
        for (a, b) in [("a", "b"), ("book", "shelf"), ("x", "yz")] {
            let whole = fonts.regular.advance(of: a + b, size: 17)
            let parts = fonts.regular.advance(of: a, size: 17) + fonts.regular.advance(of: b, size: 17)
            #expect(abs(whole - parts) < 1e-9)
        }
    }

    @Test func boldIsWiderThanRegular() {
        let text = "The quick brown fox"
        #expect(fonts.bold.advance(of: text, size: 17) > fonts.regular.advance(of: text, size: 17))
    }

    @Test func widthScalesWithSize() {
        let small = fonts.regular.advance(of: "proportion", size: 10)
        let large = fonts.regular.advance(of: "proportion", size: 25)
        #expect(abs(large - 2.5 * small) < 1e-9)
    }

    @Test func monospaceAdvancesAreEqual() {
        let mono = fonts.monospace
        #expect(abs(mono.advance(of: "iiii", size: 12) - mono.advance(of: "MMMM", size: 12)) < 1e-9)
    }

    @Test func cachedWidthsMatchShapedWidths() {
        let measurer = TextMeasurer(language: "en")
        let first = measurer.width(of: "cached", in: fonts.italic, size: 17)
        let second = measurer.width(of: "cached", in: fonts.italic, size: 17)
        #expect(first == second)
        #expect(first == fonts.italic.advance(of: "cached", size: 17))
        #expect(measurer.width(of: "cached", in: fonts.bold, size: 17) != first)
        #expect(measurer.cachedCount == 2)
        #expect(measurer.width(of: "cached", in: fonts.italic, size: 34) == 2 * first)
    }

    /// A face numbered once by a measurer measures as the face itself does, before and after the
    /// measurer has met the text, each face apart from the others.
    @Test func aNumberedFaceMeasuresAsItsFace() {
        let measurer = TextMeasurer(language: "en")
        let faces = [fonts.regular, fonts.italic, fonts.bold]
        for text in ["whale", "Ahab,", "“Call", "leviathan", "whale"] {
            var bytes = Array(text.utf8)
            for face in faces {
                let numbered = measurer.numbered(face)
                let expected = face.advance(of: text, size: 17)
                bytes.withUnsafeBufferPointer { bytes in
                    measurer.noteForWarming(bytes, in: numbered)
                    let width = measurer.width(ofUTF8: bytes, in: numbered, size: 17)
                    #expect(abs(width - expected) < 1e-9, "\(text)")
                    #expect(width == measurer.width(ofUTF8: bytes, in: face, size: 17), "\(text)")
                }
            }
        }
        // The faces are told apart.
        let widths = faces.map { face in
            Array("leviathan".utf8).withUnsafeBufferPointer { measurer.width(ofUTF8: $0, in: measurer.numbered(face), size: 17) }
        }
        #expect(Set(widths).count == 3)
    }

    @Test func verticalMetricsAreFractionsOfTheEm() {
        #expect(fonts.regular.ascender > 0.8 && fonts.regular.ascender < 1)
        #expect(fonts.regular.descender > 0.1 && fonts.regular.descender < 0.3)
        #expect(fonts.regular.unitsPerEm == 2048)
    }
}
