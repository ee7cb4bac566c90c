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

    /// Pieces measured together measure as each face measures them alone, before and after the
    /// measurer has met the text, remembered or not, each face apart from the others and each
    /// direction apart (the same bytes shaped right to left are another entry).
    @Test func piecesMeasuredTogetherMeasureAsTheirFaces() {
        let measurer = TextMeasurer(language: "en")
        let faces = [fonts.regular, fonts.italic, fonts.bold]
        let words = ["whale", "Ahab,", "“Call", "leviathan", "whale"]
        let text = Array(words.joined().utf8)
        var pieces: [TextMeasurer.Piece] = []
        var expected: [Double] = []
        var start = 0
        for word in words {
            let range = start..<start + word.utf8.count
            for face in faces.indices {
                pieces.append(TextMeasurer.Piece(range: range, face: face, size: 17))
                expected.append(faces[face].advance(of: word, size: 17))
            }
            start = range.upperBound
        }
        text.withUnsafeBufferPointer { text in
            for remembering in [true, true, false] {
                let widths = measurer.widths(of: pieces, in: text, faces: faces, remembering: remembering)
                #expect(zip(widths, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "remembering: \(remembering)")
            }
            // The faces are told apart.
            #expect(Set(measurer.widths(of: Array(pieces[9..<12]), in: text, faces: faces)).count == 3)
            #expect(measurer.cachedCount == 12)
            // Faces given in another order keep their widths.
            let reversed = pieces.map { TextMeasurer.Piece(range: $0.range, face: 2 - $0.face, size: 17) }
            #expect(measurer.widths(of: reversed, in: text, faces: faces.reversed()) == measurer.widths(of: pieces, in: text, faces: faces))
            let rightToLeft = [TextMeasurer.Piece(range: 0..<5, face: 0, size: 17, rightToLeft: true)]
            _ = measurer.widths(of: rightToLeft, in: text, faces: faces)
            #expect(measurer.cachedCount == 13)
        }
    }

    @Test func verticalMetricsAreFractionsOfTheEm() {
        #expect(fonts.regular.ascender > 0.8 && fonts.regular.ascender < 1)
        #expect(fonts.regular.descender > 0.1 && fonts.regular.descender < 0.3)
        #expect(fonts.regular.unitsPerEm == 2048)
    }
}
