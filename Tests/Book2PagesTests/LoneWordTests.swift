import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// A justified paragraph never sets a word alone on a line of its own inside it: a word cut at
/// a hyphenation point into two pieces is no line of Chinese, which has no space to stretch and
/// is judged as ragged, but one that can't stretch at all (TeX's underfull box). War and Peace
/// on a 350 × 500 page set "“Listen," alone above "dear Annette,” said the prince, sud-".
struct LoneWordTests {
    @Test func aJustifiedParagraphSetsNoWordAloneInsideIt() throws {
        let chapter = """
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><style>p { text-indent: 1em; margin: 0 }</style></head><body>
            <p>“Listen, dear Annette,” said the prince, suddenly taking Anna Pávlovna’s hand and for some reason drawing
            it downwards. “Arrange that affair for me and I shall always be your most devoted slave, as a village elder
            of mine writes in his reports. She is rich and of good family and that’s all I want.”</p>
            </body></html>
            """
        var options = ConversionOptions(inputFormat: .xhtml)
        options.layout.geometry.pageSize = Dimensions(width: 350, height: 500)
        let document = try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                             options: options).document
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
        #expect(lines.count > 4)
        // Every line but the last is justified: none is a word alone.
        for line in lines.dropLast() { #expect(line.justified, "\(line.text)") }
        #expect(lines.first?.text.hasPrefix("“Listen, dear") == true, "\(lines.first?.text ?? "")")
    }
}
