import Testing
@testable import Fonts

/// Text no book means to hold, measured as HarfBuzz would measure it but without handing
/// Debian's HarfBuzz what it takes quadratic time on: a letter carrying thousands of marks, a
/// stretch of nothing but invisible controls.
@Suite struct PathologicalTextTests {
    let fonts: FontSet
    init() throws { fonts = try FontSet(font: "Liberation Serif") }

    @Test func marksPastTheStreamSafeBoundAreLeftOutOfShapingOnly() {
        let bound = FontFace.shapedMarksInARow
        var word = "a" + String(repeating: "\u{301}", count: bound + 5) + "b"
        let kept = word.withUTF8 { FontFace.boundedMarks($0) }
        // "a", the first 30 marks, then "b": the five marks after them are skipped.
        #expect(kept == [0..<(1 + 2 * bound), (1 + 2 * (bound + 5))..<(2 + 2 * (bound + 5))])
        // Within the bound, or with the marks spread over letters, nothing is left out.
        var within = "a" + String(repeating: "\u{301}", count: bound) + "b" + String(repeating: "\u{301}", count: bound)
        #expect(within.withUTF8 { FontFace.boundedMarks($0) } == nil)
        // Spacing marks of Indic scripts (class 0) are not combining in the stream-safe sense.
        var devanagari = String(repeating: "क\u{93E}", count: 40)
        #expect(devanagari.withUTF8 { FontFace.boundedMarks($0) } == nil)
        // The marks take no room in Liberation Serif, however many there are.
        let few = fonts.regular.advance(of: "a" + String(repeating: "\u{301}", count: bound) + " b", size: 17)
        let many = fonts.regular.advance(of: "a" + String(repeating: "\u{301}", count: 50_000) + " b", size: 17)
        #expect(few == many && few == fonts.regular.advance(of: "a b", size: 17))
    }

    @Test func invisibleControlsAloneTakeNoRoomAndAreNotShaped() {
        for control in ["\u{2067}", "\u{202B}", "\u{200D}", "\u{AD}", "\u{2069}\u{200B}"] {
            var text = String(repeating: control, count: 50_000)
            #expect(text.withUTF8 { FontFace.isInvisible($0) }, "\(control.unicodeScalars.first!)")
            #expect(fonts.regular.advance(of: text, size: 17) == 0)
        }
        for visible in ["x", "\u{2067}x", "é\u{2067}", "\u{2067} "] {
            var text = visible
            #expect(!text.withUTF8 { FontFace.isInvisible($0) }, "\(visible)")
        }
        // HarfBuzz measures the controls as nothing wherever they stand.
        #expect(fonts.regular.advance(of: "\u{2067}x\u{2069}", size: 17) == fonts.regular.advance(of: "x", size: 17))
    }
}
