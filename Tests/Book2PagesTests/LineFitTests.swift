import Book2PagesKit
import Fonts
import Foundation
import PageFormat
import Testing

/// An independent check of the layout, from its output alone: every line of every book is
/// shaped again, run by run, in the faces and sizes the output names and in the directions of
/// its bidi pieces (one HarfBuzz pass over each stretch of one face and one direction, in a
/// fresh measurer, not the layout's cached word-by-word measuring; a run the output says a
/// stand-in face set, in that face, which must have its characters), and must fit the content
/// box; every page's lines and images must fit its height. Only a line or image taller than the
/// page itself may overflow (it is cut, the one thing that ever is).
struct LineFitTests {
    static var books: [String] {
        ["Samples/the-lighthouse-keeper.epub", "Samples/chapter.xhtml", "Samples/the-clockmakers-garden", "Samples/boxes.xhtml"]
            .map(TestPaths.repositoryFile)
    }

    /// Output positions are rounded to hundredths of a point; sums of rounded values drift a
    /// little more.
    static let tolerance = 0.05

    @Test(arguments: books)
    func everyLineFitsWhenShapedAgain(book: String) throws {
        let document = try Converter.convert(path: book, options: ConversionOptions()).document
        let layout = document.layout
        let fonts = try FontSet(font: layout.font.requested)
        let faces = [fonts.regular, fonts.italic, fonts.bold, fonts.boldItalic, fonts.monospace]
        #expect(layout.faces?.map(\.file) == faces.map(\.fileName), "the output names the faces measured with")
        let standIns = try Self.standInFaces(of: layout)
        let box = layout.contentBox
        let measurer = TextMeasurer(language: document.metadata.language)
        var lines = 0
        var styledLines = 0
        for (index, page) in document.pages.enumerated() {
            for line in page.shown?.lines ?? [] where !line.text.isEmpty {
                let runs = layout.runs(of: line)
                if line.runs != nil { styledLines += 1 }
                #expect(runs.reduce(0) { $0 + $1.length } == line.text.utf16.count, "page \(index): runs cover the line")
                var natural = 0.0
                for run in runs {
                    let face = try run.standIn.map { try #require(standIns[$0], "page \(index): \($0) is not in layout.standIns") }
                        ?? faces[run.face]
                    if run.standIn != nil {
                        let text = Self.slice(line.text, start: run.start, length: run.length)
                        #expect(text.unicodeScalars.allSatisfy(face.hasGlyph), "page \(index): \(face.fileName) lacks some of \(text)")
                    }
                    for piece in Self.pieces(of: line, within: run) {
                        let text = Self.slice(line.text, start: piece.start, length: piece.length)
                        natural += measurer.width(of: text, in: face, size: run.size,
                                                  rightToLeft: line.bidi.isEmpty ? nil : piece.rightToLeft, remembering: false)
                    }
                }
                #expect(line.x >= box.x - Self.tolerance, "page \(index): \(line.text) starts left of the box")
                #expect(line.x + natural <= box.x + box.width + Self.tolerance,
                        "page \(index): \(line.text) is \(natural) wide at x \(line.x)")
                #expect(natural <= line.width + Self.tolerance, "page \(index): \(line.text) is wider than said")
                lines += 1
            }
            let bottom = box.y + box.height + Self.tolerance
            for line in page.shown?.lines ?? [] {
                let height = layout.height(of: line)
                guard height <= box.height else { continue }
                #expect(line.y + height <= bottom, "page \(index): a line overflows the page")
            }
            for image in page.shown?.images ?? [] where image.height <= box.height {
                #expect(image.y + image.height <= bottom, "page \(index): \(image.path) overflows the page")
            }
        }
        #expect(lines > 0)
        print("LineFitTests: \((book as NSString).lastPathComponent): \(lines) lines shaped again, \(styledLines) with runs")
    }

    /// The same, for every corpus book with text.
    @Test(.needsSharedCorpus,
          .outsideTheSanitizerPass("it converts every corpus book elsewhere; here it checks the samples"),
          arguments: CorpusTests.booksWithText.map(\.path))
    func everyCorpusLineFitsWhenShapedAgain(book: String) throws {
        try everyLineFitsWhenShapedAgain(book: book)
    }

    /// The stand-in faces the output names, found again through fontconfig by their family and
    /// PostScript name, by that name.
    static func standInFaces(of layout: LayoutDescription) throws -> [String: FontFace] {
        var faces: [String: FontFace] = [:]
        for description in layout.standIns ?? [] {
            let family = try FontSet(font: description.family)
            let face = [family.regular, family.italic, family.bold, family.boldItalic].first { $0.postScriptName == description.postScriptName }
            let found = try #require(face, "\(description.postScriptName) is found again")
            #expect(found.fileName == description.file)
            faces[description.postScriptName] = found
        }
        return faces
    }

    /// The parts of a style run in each of the line's bidi pieces (the whole run, in no set
    /// direction, when the line has none), in UTF-16 units of the line's text.
    static func pieces(of line: PageLine, within run: PageRun) -> [(start: Int, length: Int, rightToLeft: Bool)] {
        guard !line.bidi.isEmpty else { return [(run.start, run.length, false)] }
        return line.bidi.compactMap { piece in
            let start = max(piece.start, run.start)
            let end = min(piece.start + piece.length, run.start + run.length)
            return end > start ? (start, end - start, piece.rightToLeft) : nil
        }
    }

    private static func slice(_ text: String, start: Int, length: Int) -> String {
        let units = Array(text.utf16)
        return String(decoding: units[start..<(start + length)], as: UTF16.self)
    }
}
