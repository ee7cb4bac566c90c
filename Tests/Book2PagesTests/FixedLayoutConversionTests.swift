import Book2PagesKit
import Foundation
import PageFormat
import Targets
import Testing

/// Fixed-layout books converted whole: each designed spine item is exactly one page, in spine
/// order, its text where the designer put it (scaled), the sides of its spreads kept; and every
/// word of the book is on its page, against an independent reading of its text.
@Suite struct FixedLayoutConversionTests {
    static var sample: String { TestPaths.repositoryFile("Samples/the-tide-clock.epub") }

    /// The designed pages of a document, with their designs.
    static func designed(_ document: PageDocument) -> [(page: ChapterPage, design: DesignedPage)] {
        document.pages.compactMap { page in page.shown.flatMap { shown in shown.design.map { (shown, $0) } } }
    }

    /// A frame of the viewport on the page, as the design scales it.
    static func scaled(_ design: DesignedPage, x: Double, y: Double, width: Double, height: Double)
        -> (x: Double, y: Double, width: Double, height: Double) {
        (design.x + x * design.scale, design.y + y * design.scale, width * design.scale, height * design.scale)
    }

    @Test func theSampleIsOnePagePerDesignedItemWithItsTextInItsBoxes() throws {
        let conversion = try Converter.convert(path: Self.sample, options: ConversionOptions())
        let document = conversion.document
        let designed = Self.designed(document)
        #expect(designed.map(\.design.spineItem) == ["OEBPS/pages/harbour.xhtml", "OEBPS/pages/tides.xhtml"])
        #expect(document.metadata.rendition?.layout == .mixed)
        let harbour = designed[0]
        let layout = document.layout
        #expect(harbour.design.viewport == Dimensions(width: 600, height: 800))
        // Contain, centred: the whole viewport on the page, as large as it goes.
        let page = layout.pageSize
        #expect(abs(harbour.design.scale - min(page.width / 600, page.height / 800)) < 1e-4)
        #expect(abs(harbour.design.x * 2 + 600 * harbour.design.scale - page.width) < 0.01)
        #expect(abs(harbour.design.y * 2 + 800 * harbour.design.scale - page.height) < 0.01)
        #expect(harbour.page.text.hasPrefix("The Tide Clock\nEvery morning Ilse"))
        #expect(harbour.page.images.map(\.path) == ["OEBPS/images/sea.png"])
        // The caption's content box: left 60 + padding 10, 480 wide; its border box ends 80 px
        // above the foot, 190 tall.
        let caption = Self.scaled(harbour.design, x: 70, y: 540, width: 480, height: 170)
        let captionLines = harbour.page.lines.filter { $0.text.contains("harbour clock") || $0.text.contains("gulls") }
        #expect(!captionLines.isEmpty)
        for line in harbour.page.lines where !line.text.isEmpty && line.text != "The Tide Clock" && line.text != "1" {
            #expect(line.x >= caption.x - 0.01 && line.x + line.width <= caption.x + caption.width + 0.01, "\(line.text)")
            #expect(line.y >= caption.y - 0.01 && line.y + layout.height(of: line) <= caption.y + caption.height + 0.01,
                    "\(line.text)")
        }
        // The title centred across the page, its folio set right in its box.
        let title = try #require(harbour.page.lines.first { $0.text == "The Tide Clock" })
        #expect(abs(title.x + title.width / 2 - page.width / 2) < 0.5)
        let folio = try #require(harbour.page.lines.first { $0.text == "1" })
        let folioBox = Self.scaled(harbour.design, x: 530, y: 0, width: 40, height: 0)
        #expect(abs(folio.x + folio.width - (folioBox.x + folioBox.width)) < 0.5)

        let tides = designed[1]
        let lines = tides.page.lines.filter { !$0.text.isEmpty }
        #expect(lines.map(\.text) == ["High Water", "Twice a day the sea comes in", "and twice a day it goes away;",
                                      "the clock keeps count of both.", "— from the harbour log"])
        // viewBox 300×400 into the 600×800 viewport: the heading centred on x = 150, the
        // signature ending at x = 260 (in the viewBox's units).
        let centre = Self.scaled(tides.design, x: 300, y: 0, width: 0, height: 0).x
        #expect(abs(lines[0].x + lines[0].width / 2 - centre) < 0.5)
        let end = Self.scaled(tides.design, x: 520, y: 0, width: 0, height: 0).x
        #expect(abs(lines[4].x + lines[4].width - end) < 0.5)
        #expect(conversion.warnings.contains { $0.entry == "OEBPS/pages/tides.xhtml" && $0.message.contains("SVG drawing") })
    }

    @Test func theSampleFallsOnTheSidesItAsksForInSpreads() throws {
        let spreads = try Converter.convert(path: Self.sample, options: ConversionOptions()).document
        // Both designed pages ask for the right: a blank goes before the second, and says so.
        let blanks = try #require(spreads.target?.blankPages)
        #expect(blanks.count == 1)
        let second = try #require(spreads.pages.firstIndex { $0.shown?.design?.spineItem == "OEBPS/pages/tides.xhtml" })
        #expect(blanks == [second - 1])
        #expect(spreads.pages[second - 1].kind == .blank)
        // One page a screen: no sides to keep.
        var single = ConversionOptions()
        single.target = try PageCurlTarget(TargetRequest())
        #expect(try Converter.convert(path: Self.sample, options: single).document.target?.blankPages == nil)
    }

    /// For an app that shows a designed page in a web view: its document and what it loads.
    @Test func assetsHoldWhatEachDesignedPageLoads() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = ConversionOptions()
        options.assetsDirectory = directory.path
        _ = try Converter.convert(path: Self.sample, options: options)
        let written = try #require(FileManager.default.subpaths(atPath: directory.path))
            .filter { !$0.hasSuffix("/") && !["OEBPS", "OEBPS/pages", "OEBPS/images", "OEBPS/style"].contains($0) }.sorted()
        // Not the flowed afterword, nor the navigation: no designed page loads them.
        #expect(written == ["OEBPS/images/sea.png", "OEBPS/pages/harbour.xhtml", "OEBPS/pages/tides.xhtml",
                            "OEBPS/style/pages.css"])
    }

    /// A page whose numbers run to infinity (a `viewBox` of 1e-300, a `transform` of 1e308, an
    /// offset of 1e308 px) converts, its text kept and drawn at the bound, with a warning.
    @Test func aDesignedPageOfInfiniteNumbersConvertsWithAWarning() throws {
        let path = try Run.temporaryDirectory().appendingPathComponent("infinite.epub").path
        let writer = try TestEPUB.start(at: path)
        try writer.add("content.opf", bytes: Array("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="i">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="i">x</dc:identifier>
            <dc:title>Infinite</dc:title><meta property="rendition:layout">pre-paginated</meta></metadata>
            <manifest><item id="p" href="p.xhtml" media-type="application/xhtml+xml" properties="svg"/></manifest>
            <spine><itemref idref="p"/></spine></package>
            """.utf8))
        try writer.add("p.xhtml", bytes: Array("""
            <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>P</title>
            <meta name="viewport" content="width=600, height=800"/></head><body>
            <div style="position: absolute; top: 1e308px; left: 10px; width: 1e308%">Far below</div>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e-300 400" style="position: absolute; width: 600px; height: 800px">
            <text x="1e308" y="70" transform="matrix(1e308 0 0 1e308 1e308 1e308)">Far right</text></svg>
            </body></html>
            """.utf8))
        try writer.close()
        let conversion = try Converter.convert(path: path, options: ConversionOptions())
        let page = try #require(Self.designed(conversion.document).first?.page)
        #expect(page.text.contains("Far below") && page.text.contains("Far right"))
        #expect(page.lines.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.width.isFinite })
        #expect(conversion.warnings.contains { $0.message.contains("past any page") })
    }

    @Test(.needsSharedCorpus) func corpusBooksAreOnePagePerDesignedSpineItem() throws {
        let corpus = try #require(TestPaths.corpus)
        for (name, count, blank) in [("cole-voyage-of-life-tol.epub", 4, 0), ("sous-le-vent.epub", 13, 1),
                                     ("page-blanche.epub", 10, 1)] {
            let document = try Converter.convert(path: corpus.appendingPathComponent(name).path,
                                                 options: ConversionOptions()).document
            let designed = Self.designed(document)
            #expect(designed.count == count, "\(name)")
            #expect(Set(designed.map(\.design.spineItem)).count == count, "\(name): a spine item twice")
            // A page left blank by its designer is still there, showing nothing.
            #expect(designed.filter { $0.page.lines.isEmpty && $0.page.images.isEmpty }.count == blank, "\(name)")
            for (page, design) in designed {
                let viewport = Self.scaled(design, x: 0, y: 0, width: design.viewport.width, height: design.viewport.height)
                for line in page.lines where !line.text.isEmpty {
                    #expect(line.x >= viewport.x - 1 && line.x + line.width <= viewport.x + viewport.width + 1,
                            "\(name) \(design.spineItem): \(line.text)")
                }
            }
            if name.hasPrefix("cole") {
                // The captions' box: 80 px in, 850 wide (the figure's margin and padding, its max-width).
                for (page, design) in designed {
                    let box = Self.scaled(design, x: 80, y: 32, width: 850, height: 0)
                    #expect(page.lines.count > 5)
                    // The figure's dark backdrop over the painting: its padding box, 1em and 2em round the text.
                    let backdrop = try #require(page.boxes.first)
                    let padding = Self.scaled(design, x: 48, y: 16, width: 914, height: 0)
                    #expect(backdrop.overPictures && backdrop.kind == .background && backdrop.color.hex == "#3C3C3C")
                    #expect(abs(backdrop.x - padding.x) < 0.01 && abs(backdrop.y - padding.y) < 0.01
                            && abs(backdrop.width - padding.width) < 0.01)
                    let lastLine = try #require(page.lines.last)
                    #expect(abs(backdrop.y + backdrop.height - (lastLine.y + document.layout.height(of: lastLine) + 16 * design.scale)) < 0.02)
                    for line in page.lines where !line.text.isEmpty {
                        #expect(line.x >= box.x - 0.01 && line.x + line.width <= box.x + box.width + 0.01, "\(line.text)")
                        #expect(line.y >= box.y - 0.01)
                    }
                }
            }
        }
    }

    /// Against the text nodes of the spine items (`SpineText`), both ways: pandoc's plain text
    /// of these books puts the pictures' descriptions among the text (which a page keeps with
    /// its pictures, `images[].alt`), and misses SVG pages' text.
    @Test(.needsSharedCorpus, .needsSharedTools, .needsPython3, arguments: ["cole-voyage-of-life-tol.epub", "sous-le-vent.epub"])
    func corpusBooksKeepEveryWord(_ name: String) throws {
        let book = try #require(TestPaths.corpus).appendingPathComponent(name).path
        let score = try FidelityTests.fidelity(of: [book]) { reference in
            try SpineText.text(ofBook: book).write(toFile: reference, atomically: true, encoding: .utf8)
            return ProcessResult(status: 0, stdout: Data(), stderr: "")
        }
        #expect(score.recall >= 0.99)
        #expect(score.precision >= 0.99)
    }

    /// A book of pictures alone: no words in, none out.
    @Test(.needsSharedCorpus) func pageBlancheHasNoTextToLose() throws {
        let book = try #require(TestPaths.corpus).appendingPathComponent("page-blanche.epub").path
        #expect(try SpineText.text(ofBook: book).split(whereSeparator: \.isWhitespace).isEmpty)
        let document = try Converter.convert(path: book, options: ConversionOptions()).document
        #expect(document.pages.allSatisfy { $0.content == nil })
    }

    @Test(.needsSharedTools, .needsPandoc) func theSampleKeepsEveryWordAgainstPandoc() throws {
        let score = try FidelityTests.fidelity(of: [Self.sample], pandocFormat: "epub")
        #expect(score.recall >= 0.99)
        #expect(score.precision >= 0.99)
    }
}
