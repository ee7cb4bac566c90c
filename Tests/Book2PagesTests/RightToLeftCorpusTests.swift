import Book2PagesKit
import Fonts
import Foundation
import PageFormat
import Testing

/// The Arabic book of the corpus, right to left from its package to its lines: mirrored spreads,
/// every line right to left, ragged lines ending at the right edge, and each ragged line's width
/// found again by a fresh shaping pass over its runs and visual pieces.
struct RightToLeftCorpusTests {
    static let name = "regime-anticancer-arabic.epub"

    @Test(.needsSharedCorpus) func theArabicBookIsRightToLeft() throws {
        let corpus = try #require(TestPaths.corpus)
        let path = corpus.appendingPathComponent(Self.name).path
        let document = try Converter.convert(path: path, options: ConversionOptions()).document
        #expect(document.metadata.direction == .rightToLeft)
        #expect(document.target?.spreads?.first == TargetDescription.Spread(left: 2, right: 1))
        let box = document.layout.contentBox
        let headingIndent = 2.15 * 1.1 * ConversionOptions().layout.fontSize
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
        #expect(lines.count > 300)
        for line in lines {
            #expect(line.isRightToLeft, "\(line.text)")
            // Every right-to-left line has its pieces, and they cover its text.
            #expect(!line.bidi.isEmpty, "\(line.text)")
            #expect(line.bidi.reduce(0) { $0 + $1.length } == line.text.utf16.count)
            #expect(line.x >= box.x - 0.01 && line.x + line.width <= box.x + box.width + 0.01, "\(line.text)")
            if !line.justified, line.text != "* * *" {
                // Ragged (a paragraph's last line, headings): flush with the right edge, or for
                // a second-level heading with the start margin its CSS gives it (`margin: 1.23em
                // 2.15em …` at 110 %), on the right in right-to-left text.
                let gap = box.x + box.width - (line.x + line.width)
                #expect(abs(gap) < 0.02 || abs(gap - headingIndent) < 0.05, "\(line.text): \(gap)")
            }
        }
        // Numbers and Latin inside the Arabic run left to right, in pieces of their own.
        #expect(lines.contains { line in line.bidi.contains { !$0.rightToLeft } })
    }

    @Test(.needsSharedCorpus) func raggedLinesMeasureTheSameInAFreshShapingPass() throws {
        let corpus = try #require(TestPaths.corpus)
        let document = try Converter.convert(path: corpus.appendingPathComponent(Self.name).path,
                                             options: ConversionOptions()).document
        let faces = try OutputFaces.load(document.layout, book: corpus.appendingPathComponent(Self.name).path)
        let measurer = TextMeasurer(language: document.metadata.language)
        var checked = 0
        for line in document.pages.flatMap({ $0.shown?.lines ?? [] }) where !line.text.isEmpty && !line.justified {
            // LineFitTests checks that no line is wider than it says; a ragged line must be as
            // wide as it says, its Arabic measured joined, piece by piece in its direction.
            let runs = document.layout.runs(of: line)
            var width = 0.0
            for run in runs {
                for piece in LineFitTests.pieces(of: line, within: run) {
                    let units = Array(line.text.utf16)[piece.start..<(piece.start + piece.length)]
                    let text = String(decoding: units, as: UTF16.self)
                    width += measurer.width(of: text, in: faces[run.face], size: run.size, rightToLeft: piece.rightToLeft,
                                            remembering: false)
                }
            }
            // Word by word or a piece at once, and the output's hundredths.
            #expect(abs(width - line.width) < 0.5, "\(line.text): \(width) measured again, \(line.width) laid out")
            checked += 1
        }
        #expect(checked > 50)
    }
}
