@testable import Book2PagesKit
import BookModel
import Fonts
import Foundation
import PageFormat
import Testing

/// The Arabic book of the corpus, right to left from its package to its lines: mirrored spreads,
/// every line right to left, ragged lines ending at the right edge, and each body line's width
/// found again by a fresh shaping pass over its visual pieces.
struct RightToLeftCorpusTests {
    static let name = "regime-anticancer-arabic.epub"

    @Test func theArabicBookIsRightToLeft() throws {
        guard let corpus = TestPaths.corpus else { return TestPaths.noteCorpusMissing("RightToLeftCorpusTests") }
        let path = corpus.appendingPathComponent(Self.name).path
        let document = try Converter.convert(path: path, options: ConversionOptions()).document
        #expect(document.metadata.direction == "rtl")
        #expect(document.target?.spreads?.first == TargetDescription.Spread(left: 2, right: 1))
        let box = document.layout.contentBox
        let lines = document.pages.flatMap { $0.lines ?? [] }.filter { !$0.text.isEmpty }
        #expect(lines.count > 300)
        for line in lines {
            #expect(line.isRightToLeft, "\(line.text)")
            let pieces = try #require(line.bidi, "\(line.text)")
            #expect(pieces.reduce(0) { $0 + $1.length } == line.text.utf16.count)
            #expect(line.x >= box.x - 0.01 && line.x + line.width <= box.x + box.width + 0.01, "\(line.text)")
            if line.justified != true, line.text != "* * *" {
                // Ragged (a paragraph's last line, headings): flush with the right edge.
                #expect(abs(line.x + line.width - (box.x + box.width)) < 0.02, "\(line.text)")
            }
        }
        // Numbers and Latin inside the Arabic run left to right, in pieces of their own.
        #expect(lines.contains { line in line.bidi?.contains { !$0.isRightToLeft } == true })
    }

    @Test func bodyLinesMeasureTheSameInAFreshShapingPass() throws {
        guard let corpus = TestPaths.corpus else { return TestPaths.noteCorpusMissing("RightToLeftCorpusTests") }
        let path = corpus.appendingPathComponent(Self.name).path
        let options = ConversionOptions()
        let document = try Converter.convert(path: path, options: options).document
        // Body text: paragraphs in the body size, with no bold, italic or smaller runs in them,
        // and lines found in no other block (a heading).
        let book = try Converter.readBook(.paths([path]), asked: .epub).book
        var plain: [String] = []
        var others: [String] = []
        for block in book.chapters.flatMap(\.blocks) {
            switch block.kind {
            case .paragraph(let runs) where block.style.fontScale == nil && runs.allSatisfy({ $0.style.isEmpty }):
                plain.append(runs.plainText)
            case .paragraph(let runs), .heading(_, let runs): others.append(runs.plainText)
            default: break
            }
        }
        let face = try FontSet(font: options.layout.font).regular
        let measurer = TextMeasurer(language: book.metadata.language)
        let size = options.layout.fontSize
        let box = document.layout.contentBox
        var checked = 0
        for line in document.pages.flatMap({ $0.lines ?? [] }) where !line.text.isEmpty {
            guard plain.contains(where: { $0.contains(line.text) }), !others.contains(where: { $0.contains(line.text) })
            else { continue }
            var width = 0.0
            for piece in line.visualPieces {
                var text = piece.text
                width += text.withUTF8 { measurer.width(ofUTF8: $0, in: face, size: size, rightToLeft: piece.rightToLeft) }
            }
            #expect(width <= box.width + 0.5, "\(line.text): \(width)")
            if line.justified != true {
                // Word by word or a piece at once, and the output's hundredths.
                #expect(abs(width - line.width) < 0.5, "\(line.text): \(width) measured again, \(line.width) laid out")
            }
            checked += 1
        }
        #expect(checked > 200)
    }
}
