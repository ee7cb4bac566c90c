import Book2PagesKit
import Fonts
import Foundation
import PageFormat
import Testing

/// An independent check of the layout, from its output alone: every line of every book is
/// shaped again, run by run, in the faces and sizes the output names (one HarfBuzz pass over
/// each run's whole text, not the layout's cached word-by-word measuring), and must fit the
/// content box; every page's lines and images must fit its height. Only a line or image taller
/// than the page itself may overflow (it is cut, the one thing that ever is).
struct LineFitTests {
    static var books: [String] {
        ["Samples/the-lighthouse-keeper.epub", "Samples/chapter.xhtml", "Samples/the-clockmakers-garden"]
            .map(TestPaths.repositoryFile)
            + TestPaths.corpusBooks.filter { $0.lastPathComponent != CorpusTests.nothingToShow }.map(\.path)
    }

    /// Output positions are rounded to hundredths of a point; sums of rounded values drift a
    /// little more.
    static let tolerance = 0.05

    @Test(arguments: books)
    func everyLineFitsWhenShapedAgain(book: String) throws {
        if TestPaths.corpus == nil { TestPaths.noteCorpusMissing("everyLineFitsWhenShapedAgain (samples only)") }
        let document = try Converter.convert(path: book, options: ConversionOptions()).document
        let layout = document.layout
        let fonts = try FontSet(font: layout.font.requested)
        let faces = [fonts.regular, fonts.italic, fonts.bold, fonts.boldItalic, fonts.monospace]
        #expect(layout.faces?.map(\.file) == faces.map(\.fileName), "the output names the faces measured with")
        let box = layout.contentBox
        var lines = 0
        var styledLines = 0
        for (index, page) in document.pages.enumerated() {
            for line in page.lines ?? [] where !line.text.isEmpty {
                let runs = line.runs ?? [PageRun(start: 0, length: line.text.utf16.count, face: 0, size: layout.font.size)]
                if line.runs != nil { styledLines += 1 }
                #expect(runs.reduce(0) { $0 + $1.length } == line.text.utf16.count, "page \(index): runs cover the line")
                let natural = runs.reduce(0.0) { sum, run in
                    sum + faces[run.face].advance(of: Self.slice(line.text, run), size: run.size,
                                                  language: document.metadata.language)
                }
                let check = {
                    #expect(line.x >= box.x - Self.tolerance, "page \(index): \(line.text) starts left of the box")
                    #expect(line.x + natural <= box.x + box.width + Self.tolerance,
                            "page \(index): \(line.text) is \(natural) wide at x \(line.x)")
                    #expect(natural <= line.width + Self.tolerance, "page \(index): \(line.text) is wider than said")
                }
                if Self.mixesDirections(line.text) {
                    // Shaping a run that mixes scripts of both directions in one pass is not how
                    // it is drawn (bidi splits it first); such lines wait for per-line bidi.
                    withKnownIssue("mixed-direction lines are shaped without bidi itemization", isIntermittent: true) {
                        check()
                    }
                } else {
                    check()
                }
                lines += 1
            }
            let bottom = box.y + box.height + Self.tolerance
            for line in page.lines ?? [] {
                let height = line.height ?? layout.font.lineHeight
                guard height <= box.height else { continue }
                #expect(line.y + height <= bottom, "page \(index): a line overflows the page")
            }
            for image in page.images ?? [] where image.height <= box.height {
                #expect(image.y + image.height <= bottom, "page \(index): \(image.path) overflows the page")
            }
        }
        #expect(lines > 0)
        print("LineFitTests: \((book as NSString).lastPathComponent): \(lines) lines shaped again, \(styledLines) with runs")
    }

    /// Whether the text holds letters of a right-to-left script and of a left-to-right one.
    static func mixesDirections(_ text: String) -> Bool {
        var rightToLeft = false
        var leftToRight = false
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            let value = scalar.value
            if (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value) {
                rightToLeft = true
            } else {
                leftToRight = true
            }
        }
        return rightToLeft && leftToRight
    }

    private static func slice(_ text: String, _ run: PageRun) -> String {
        let units = Array(text.utf16)
        return String(decoding: units[run.start..<(run.start + run.length)], as: UTF16.self)
    }
}
