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
    /// direction apart (the same bytes shaped right to left are another entry); pieces naming
    /// one total add up in it, to what was there before.
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
                pieces.append(TextMeasurer.Piece(range: range, face: face, size: 17, total: pieces.count))
                expected.append(faces[face].advance(of: word, size: 17))
            }
            start = range.upperBound
        }
        func widths(_ pieces: [TextMeasurer.Piece], faces: [FontFace], startingAt first: Double = 0,
                    remembering: Bool = true) -> [Double] {
            var totals = [Double](repeating: first, count: (pieces.map(\.total).max() ?? -1) + 1)
            text.withUnsafeBufferPointer { text in
                pieces.withUnsafeBufferPointer { pieces in
                    totals.withUnsafeMutableBufferPointer { totals in
                        measurer.addWidths(of: pieces, in: text, faces: faces, to: totals, remembering: remembering)
                    }
                }
            }
            return totals
        }
        for remembering in [true, true, false] {
            let measured = widths(pieces, faces: faces, remembering: remembering)
            #expect(zip(measured, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "remembering: \(remembering)")
        }
        // The faces are told apart.
        #expect(Set(widths(Array(pieces[9..<12]), faces: faces).suffix(3)).count == 3)
        #expect(measurer.cachedCount == 12)
        // Faces given in another order keep their widths.
        let reversed = pieces.map { TextMeasurer.Piece(range: $0.range, face: 2 - $0.face, size: 17, total: $0.total) }
        #expect(widths(reversed, faces: faces.reversed()) == widths(pieces, faces: faces))
        // Pieces of one total are summed into it, after what it held.
        let word = pieces.filter { $0.face == 0 }.map { TextMeasurer.Piece(range: $0.range, face: 0, size: 17, total: 0) }
        let sum = expected.enumerated().filter { $0.offset % 3 == 0 }.reduce(10) { $0 + $1.element }
        #expect(abs(widths(word, faces: faces, startingAt: 10)[0] - sum) < 1e-9)
        let rightToLeft = [TextMeasurer.Piece(range: 0..<5, face: 0, size: 17, rightToLeft: true, total: 0)]
        _ = widths(rightToLeft, faces: faces)
        #expect(measurer.cachedCount == 13)
    }

    @Test func verticalMetricsAreFractionsOfTheEm() {
        #expect(fonts.regular.ascender > 0.8 && fonts.regular.ascender < 1)
        #expect(fonts.regular.descender > 0.1 && fonts.regular.descender < 0.3)
        #expect(fonts.regular.unitsPerEm == 2048)
    }
}
