import BookModel
@testable import Layout
import PageFormat
import Testing

/// A chapter its designer drew (a fixed-layout spine item) is one page: the viewport scaled to
/// fit the whole page and centred, pictures at their frames, text boxes set by the chapters' own
/// line breaking at the box's scaled size and width, placed lines at their anchors.
struct DesignedPageLayoutTests {
    /// A portrait page, 300 × 400, and a landscape viewport, 800 × 600: the width decides the
    /// scale, 300 / 800 = 0.375, and the drawing, 225 points tall, is centred down the page.
    static let scale = 0.375
    static let top = (400 - 600 * 0.375) / 2

    static func layout(_ designs: [PageDesign?], reflowing text: String = "A flowed chapter.",
                       language: String = "en") throws -> PagedBook {
        let chapters = designs.enumerated().map { n, design in
            design.map { Chapter(source: "page\(n).xhtml", blocks: [], design: $0) }
                ?? Chapter(source: "flowed\(n).xhtml", blocks: [TestBooks.paragraph(text)])
        }
        let book = Book(metadata: Metadata(title: "Designed", language: language), chapters: chapters)
        return try Layouter(options: TestBooks.options(width: 300, height: 400)).layout(book)
    }

    static func page(_ design: PageDesign) throws -> ChapterPage {
        try #require(try layout([design]).pages.first?.shown)
    }

    static func box(_ text: String, frame: DesignFrame = DesignFrame(x: 80, y: 40, width: 400, height: 300),
                    fontSize: Double = 20) -> DesignItem {
        .textBox(DesignTextBox(frame: frame, blocks: [TestBooks.paragraph(text)], fontSize: fontSize, lineHeight: 1.5))
    }

    static func line(_ text: String, x: Double = 400, baseline: Double = 300,
                     anchor: DesignTextLine.TextAnchor = .start) -> DesignItem {
        .textLine(DesignTextLine(x: x, baseline: baseline, anchor: anchor, fontSize: 40, runs: [Inline(text)]))
    }

    @Test func eachDesignedChapterIsOnePageEvenWhenEmpty() throws {
        let long = TestBooks.words(400, seed: 3)
        let picture = DesignItem.image(Image(source: ImageReference(path: "img/p.png"), alt: "p"),
                                       frame: DesignFrame(x: 0, y: 0, width: 800, height: 600))
        let paged = try Self.layout([nil, PageDesign(width: 800, height: 600), PageDesign(width: 800, height: 600, items: [picture]),
                                     PageDesign(width: 800, height: 600, items: [Self.box(long)]), nil],
                                    reflowing: TestBooks.words(600, seed: 1))
        // The flowed chapters take what their text needs; each designed one takes one page.
        #expect(paged.chapterPageCounts[1...3] == [1, 1, 1])
        #expect(paged.chapterPageCounts[0] > 1 && paged.chapterPageCounts[4] > 1)
        let designed = paged.pages[paged.chapterPageCounts[0]..<paged.chapterPageCounts[0] + 3]
        let kinds = designed.map(\.kind.type)
        #expect(kinds == ["image", "image", "content"])
        // A page left blank by its designer is an image page with no pictures.
        let blank = try #require(designed.first?.shown)
        #expect(blank.images.isEmpty && blank.lines.isEmpty && blank.text.isEmpty)
        #expect(blank.design?.spineItem == "page1.xhtml")
        // Flowed pages say nothing of a design.
        #expect(paged.pages.first?.shown?.design == nil)
    }

    @Test func theViewportIsScaledToFitTheWholePageAndCentred() throws {
        let frame = DesignFrame(x: 100, y: 50, width: 200, height: 100)
        let page = try Self.page(PageDesign(width: 800, height: 600, side: .right,
                                            items: [.image(Image(source: ImageReference(path: "a.png"), alt: ""), frame: frame)]))
        let design = try #require(page.design)
        #expect(design.viewport == Dimensions(width: 800, height: 600))
        #expect(design.scale == Self.scale && design.x == 0 && design.y == 87.5)
        #expect(design.side == .right)
        let image = try #require(page.images.first)
        #expect(image.x == 37.5 && image.y == 87.5 + 18.75 && image.width == 75 && image.height == 37.5)
    }

    @Test func aTextBoxIsBrokenIntoLinesInsideItsScaledBoxFromItsTop() throws {
        let text = TestBooks.words(60, seed: 7)
        let page = try Self.page(PageDesign(width: 800, height: 600, items: [Self.box(text)]))
        // The box is at x 30, y 87.5 + 15 on the page, 150 points wide; its type 7.5 points,
        // 11.25 between baselines.
        let lines = page.lines
        #expect(lines.count > 3)
        for line in lines {
            #expect(line.x >= 30 - TestBooks.precision && line.x + line.width <= 180 + TestBooks.precision)
            #expect(line.height == 11.25)
            #expect(line.runs?.allSatisfy { $0.size == 7.5 } == true)
        }
        #expect(lines.first?.y == 102.5)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { abs($1.y - $0.y - 11.25) < TestBooks.precision })
        // Every word is there, in order.
        #expect(page.text.replacingOccurrences(of: "-\n", with: "").replacingOccurrences(of: "\n", with: " ") == text)
        #expect(page.location == PageLocation(start: 0, end: text.unicodeScalars.count))
    }

    @Test func textTallerThanItsBoxKeepsEveryLineAndSaysSoPastThePage() throws {
        let text = TestBooks.words(500, seed: 11)
        let frame = DesignFrame(x: 0, y: 500, width: 800, height: 100)
        let paged = try Self.layout([PageDesign(width: 800, height: 600, items: [Self.box(text, frame: frame)])])
        let page = try #require(paged.pages.first?.shown)
        #expect(paged.pages.count == 1)
        #expect(page.text.replacingOccurrences(of: "-\n", with: "").replacingOccurrences(of: "\n", with: " ") == text)
        #expect(paged.warnings.contains { $0.message.contains("page0.xhtml") && $0.message.contains("run past the page") })
    }

    @Test func aPlacedLineStandsOnItsAnchor() throws {
        // x 400 of the viewport is 150 on the page; the baseline, 300, is 87.5 + 112.5 = 200.
        for anchor in [DesignTextLine.TextAnchor.start, .middle, .end] {
            let page = try Self.page(PageDesign(width: 800, height: 600, items: [Self.line("Chapter One", anchor: anchor)]))
            let line = try #require(page.lines.first)
            #expect(page.lines.count == 1 && line.text == "Chapter One")
            #expect(line.runs?.first?.size == 15)
            let at = switch anchor {
            case .start: line.x
            case .middle: line.x + line.width / 2
            case .end: line.x + line.width
            }
            #expect(abs(at - 150) <= 2 * TestBooks.precision, "\(anchor)")
            let height = try #require(line.height)
            #expect(line.y < 200 && line.y + height > 200 && abs(height - 18) < TestBooks.precision)
        }
    }

    /// SVG's `text-anchor` follows the text's direction: right to left (in an Arabic book),
    /// `start` is its right end.
    @Test func aRightToLeftPlacedLineStartsAtItsRight() throws {
        let arabic = "السلام عليكم"
        for anchor in [DesignTextLine.TextAnchor.start, .end] {
            let line = DesignTextLine(x: 400, baseline: 300, anchor: anchor, fontSize: 40, runs: [Inline(arabic)])
            let paged = try Self.layout([PageDesign(width: 800, height: 600, items: [.textLine(line)])], language: "ar")
            let placed = try #require(paged.pages.first?.shown?.lines.first)
            #expect(placed.direction == .rightToLeft)
            let at = anchor == .start ? placed.x + placed.width : placed.x
            #expect(abs(at - 150) <= 2 * TestBooks.precision, "\(anchor)")
        }
    }

    @Test func aLongPlacedLineIsNeverBroken() throws {
        let text = TestBooks.words(40, seed: 5)
        let page = try Self.page(PageDesign(width: 800, height: 600, items: [Self.line(text, x: 0)]))
        #expect(page.lines.count == 1 && page.lines.first?.text == text)
    }

    @Test func theTextIsItsLinesInTheOrderOfTheItems() throws {
        let page = try Self.page(PageDesign(width: 800, height: 600, items: [
            Self.line("Title", baseline: 500), Self.box("Body text"), Self.line("Footer", baseline: 20),
        ]))
        #expect(page.text == "Title\nBody text\nFooter")
        #expect(page.location == PageLocation(start: 0, end: 20))
    }
}
