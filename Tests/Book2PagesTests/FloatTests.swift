import Book2PagesKit
import Foundation
import PageFormat
import Testing
import ZipArchive

/// Floats (CSS `float: left|right`), judged from the pages alone: each float stands at its side
/// of the content box, level with the line it was met in, and no line of text overlaps it. The
/// book is `Samples/floats.xhtml` (a drop cap, a picture, a sidebar, line numbers beside verse,
/// a note beside its line, a float too wide to float) in an EPUB with its picture.
struct FloatTests {
    static func sampleEPUB(in directory: URL) throws -> String {
        let chapter = try String(contentsOfFile: TestPaths.repositoryFile("Samples/floats.xhtml"), encoding: .utf8)
            .replacingOccurrences(of: "the-clockmakers-garden/images/sundial.png", with: "sundial.png")
        let picture = try Data(contentsOf: URL(fileURLWithPath: TestPaths.repositoryFile("Samples/the-clockmakers-garden/images/sundial.png")))
        let path = directory.appendingPathComponent("floats.epub").path
        let writer = try TestEPUB.start(at: path)
        try writer.add("content.opf", bytes: Array("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>The Tide Tables</dc:title><dc:language>en</dc:language></metadata>
            <manifest><item id="c" href="floats.xhtml" media-type="application/xhtml+xml"/>
            <item id="pic" href="sundial.png" media-type="image/png"/></manifest><spine><itemref idref="c"/></spine></package>
            """.utf8))
        try writer.add("floats.xhtml", bytes: Array(chapter.utf8))
        try writer.add("sundial.png", bytes: Array(picture))
        try writer.close()
        return path
    }

    static func convert() throws -> (document: PageDocument, warnings: [String]) {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let conversion = try Converter.convert(path: try sampleEPUB(in: directory), options: ConversionOptions())
        return (conversion.document, conversion.warnings.map(\.message))
    }

    struct Rect {
        var x, y, width, height: Double
        func overlaps(_ other: Rect) -> Bool {
            x < other.x + other.width - 0.01 && other.x < x + width - 0.01
                && y < other.y + other.height - 0.01 && other.y < y + height - 0.01
        }
    }

    static func rect(_ line: PageLine, _ layout: LayoutDescription) -> Rect {
        Rect(x: line.x, y: line.y, width: line.width, height: layout.height(of: line))
    }

    /// Every page's lines: pairs of lines with text that overlap.
    static func overlaps(on page: Page, layout: LayoutDescription) -> [String] {
        let lines = (page.shown?.lines ?? []).filter { !$0.text.isEmpty }
        var found: [String] = []
        for (i, a) in lines.enumerated() {
            for b in lines[(i + 1)...] where rect(a, layout).overlaps(rect(b, layout)) {
                found.append("\(a.text) / \(b.text)")
            }
            for image in page.shown?.images ?? []
            where rect(a, layout).overlaps(Rect(x: image.x, y: image.y, width: image.width, height: image.height)) {
                found.append("\(a.text) / the picture")
            }
        }
        return found
    }

    @Test func noLineOverlapsAFloatAndEachStandsAtItsSide() throws {
        let (document, warnings) = try Self.convert()
        let layout = document.layout
        let box = layout.contentBox
        var lines: [PageLine] = []
        for page in document.pages {
            #expect(Self.overlaps(on: page, layout: layout).isEmpty, "\(Self.overlaps(on: page, layout: layout))")
            lines += page.shown?.lines ?? []
        }
        func line(_ prefix: String) throws -> PageLine {
            try #require(lines.first { $0.text.hasPrefix(prefix) }, "no line starts \(prefix)")
        }
        // Line numbers: at the right edge, level with their verse line, not in it.
        for (number, verse) in [("5", "The water comes in"), ("8", "and is never too late")] {
            let shown = try line(number)
            let beside = try line(verse)
            #expect(abs(shown.x + shown.width - (box.x + box.width)) < 0.01)
            #expect(shown.y == beside.y)
            #expect(!beside.text.hasSuffix(number))
        }
        // The drop cap: the first three lines start right of it, the fourth at the margin.
        let initial = try line("E")
        #expect(initial.text == "E" && initial.x == box.x)
        let opening = lines.filter { $0.text != "E" }.drop { !$0.text.hasPrefix("very spring") }.prefix(4)
        #expect(opening.first?.y == initial.y)
        #expect(opening.prefix(3).allSatisfy { $0.x >= initial.x + initial.width })
        #expect(opening.last?.x == box.x)
        // The picture: at the left edge, its top level with the first line beside it, which starts
        // right of it; the paragraph's later lines go back to the margin.
        let page = try #require(document.pages.first { $0.shown?.images.isEmpty == false })
        let picture = try #require(page.shown?.images.first)
        #expect(picture.x == box.x)
        let beside = try line("The old")
        #expect(beside.y == picture.y)
        #expect(beside.x >= picture.x + picture.width)
        #expect(lines.contains { $0.text.hasPrefix("spring tides") || $0.text.contains("spring tides") && $0.x == box.x })
        // The sidebar: right, 35 % of the measure, beside the paragraph after it.
        let sidebar = try line("The highest tide")
        #expect(abs(sidebar.x - (box.x + box.width * 0.65)) < 0.5)
        #expect(sidebar.y == (try line("The harbour master kept")).y)
        // The note met inside a paragraph stands at the right of the line it was met on.
        let aside = try line("She read slowly.")
        #expect(lines.contains { $0.y == aside.y && $0.text.contains("winter.") })
        #expect(abs(aside.x + aside.width - (box.x + box.width)) < 0.01)
        // The float four fifths wide is set across the measure, and says so.
        let wide = try line("This box is floated")
        #expect(wide.x == box.x && wide.width > box.width * 0.9)
        #expect(warnings.contains { $0.contains("1 float is set in the flow") })
    }

    /// Floats on one side stack down it; those below their one-line paragraph make it taller,
    /// and the next paragraph starts below them all.
    @Test func floatsBelowTheirParagraphStackWithoutOverlapping() throws {
        let words = "one two three four five six seven eight nine ten eleven twelve"
        let chapter = """
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>Short.<span style="float: right; width: 20%">\(words)</span>
            <span style="float: right; width: 20%">\(words)</span><span style="float: left; width: 20%">\(words)</span></p>
            <p>After the floats.</p></body></html>
            """
        let document = try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                             options: ConversionOptions(inputFormat: .xhtml)).document
        let layout = document.layout
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }
        for page in document.pages { #expect(Self.overlaps(on: page, layout: layout).isEmpty, "\(Self.overlaps(on: page, layout: layout))") }
        let after = try #require(lines.first { $0.text == "After the floats." })
        let floated = lines.filter { $0.text != "After the floats." && $0.text != "Short." }
        #expect(floated.count >= 6)
        #expect(floated.allSatisfy { $0.y + layout.height(of: $0) <= after.y + 0.01 })
        let right = floated.filter { $0.x > layout.contentBox.x + layout.contentBox.width / 2 }
        #expect(Set(right.map(\.y)).count == right.count, "the right floats' lines stand one under another")
    }

    /// A table inside a float shows as its rows of text in the float's box.
    @Test func aTableInAFloatShowsItsRows() throws {
        let chapter = """
            <html xmlns="http://www.w3.org/1999/xhtml"><body><div style="float: left; width: 30%"><p>Tides</p>
            <table><tr><td>High</td><td>6:02</td></tr><tr><td>Low</td><td>12:15</td></tr></table></div>
            <p>\((1...40).map { "word\($0)" }.joined(separator: " "))</p></body></html>
            """
        let document = try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                             options: ConversionOptions(inputFormat: .xhtml)).document
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }
        let box = document.layout.contentBox
        for row in ["High | 6:02", "Low | 12:15"] {
            let line = try #require(lines.first { $0.text == row }, "no line \(row)")
            #expect(line.x + line.width <= box.x + box.width * 0.3 + 0.01)
        }
        for page in document.pages { #expect(Self.overlaps(on: page, layout: document.layout).isEmpty) }
    }

    /// A float in a footnote is set in the note's lines, where it stands: nothing of it is lost.
    @Test func aFloatInAFootnoteShowsInTheNote() throws {
        let chapter = """
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
            <p>A call<a epub:type="noteref" href="#n1">1</a>.</p>
            <aside epub:type="footnote" id="n1"><p><span style="float: left">Fig.</span> The note's text.</p></aside>
            </body></html>
            """
        let document = try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                             options: ConversionOptions(inputFormat: .xhtml)).document
        let notes = document.pages.flatMap { $0.shown?.lines ?? [] }.filter { $0.role == .note }.map(\.text).joined(separator: " ")
        #expect(notes.contains("Fig.") && notes.contains("The note's text."), "\(notes)")
    }

    /// wasteland sets its line numbers `float: right` in spans after the verse: each number sits
    /// at the right edge, level with the line it numbers, and no verse line ends in one.
    @Test(.needsSharedCorpus) func theWasteLandsLineNumbersStandBesideTheirLines() throws {
        let corpus = try #require(TestPaths.corpus)
        let document = try Converter.convert(path: corpus.appendingPathComponent("wasteland.epub").path,
                                             options: ConversionOptions()).document
        let box = document.layout.contentBox
        var numbers = 0
        for page in document.pages {
            let lines = page.shown?.lines ?? []
            #expect(Self.overlaps(on: page, layout: document.layout).isEmpty)
            for line in lines where Int(line.text) != nil && line.text.count <= 3 {
                numbers += 1
                #expect(abs(line.x + line.width - (box.x + box.width)) < 0.01, "\(line.text) is not at the right edge")
                #expect(lines.contains { $0.y == line.y && $0.text != line.text && !$0.text.isEmpty },
                        "\(line.text) stands beside no line")
            }
            for line in lines where line.text.count > 3 {
                #expect(line.text.range(of: #"[a-z,.;:!?’”]\*?\d{2,3}$"#, options: .regularExpression) == nil,
                        "\(line.text) ends in its line number")
            }
        }
        #expect(numbers == 43)
    }
}
