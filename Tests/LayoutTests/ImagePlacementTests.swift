import BookModel
import Layout
import PageFormat
import Testing

/// Where images go between the pages: never split, a page of their own when nothing else is on
/// it, and, when one does not fit the rest of a page, at the top of the next while the text after
/// it fills the gap (never past a heading).
@Suite struct ImagePlacementTests {
    let layouter: Layouter
    /// 260 × 200 points; lines 16.8 points.
    let content: Dimensions
    /// Where the content box starts on the page: positions count from the page's top-left corner.
    let margins: Margins
    let lineHeight = 16.8

    init() throws {
        let options = TestBooks.options()
        layouter = try Layouter(options: options)
        content = options.geometry.contentSize
        margins = options.geometry.margins
    }

    /// The top of the content box, where an image heading a page stands.
    private var top: Double { TestBooks.written(0, from: margins.top) }

    private func image(_ height: Int, path: String = "images/a.png") -> Block {
        ImageScalingTests.image(260, height, path: path)
    }

    /// A paragraph of about `lines` lines, every word tagged.
    private func paragraph(_ tag: String, words: Int) -> Block {
        TestBooks.paragraph(TestBooks.words(words, seed: 7, tag: tag))
    }

    @Test func anImageAddsNoLineOfTextOnlyTheSpaceBetweenBlocks() throws {
        let page = layouter.layout(TestBooks.book([[TestBooks.paragraph("Before."), image(50), TestBooks.paragraph("After.")]])).pages[0]
        #expect(page.shown?.text == "Before.\n\nAfter.")
        #expect(page.allImages.count == 1)
        let image = try #require(page.shown?.images.first)
        // Below the first line and its gap; the text after it starts below it and a gap.
        #expect(abs(image.y - margins.top - 16.8 * 2) < TestBooks.precision)
        #expect(abs(page.allLines[2].y - (image.y + image.height + 16.8)) < 2 * TestBooks.precision)
    }

    @Test func anImageThatDoesNotFitWaitsAndTheTextAfterItFillsThePage() throws {
        // Seven lines or so of text, then an image 150 points tall that can't fit below them.
        let book = TestBooks.book([[paragraph("a_", words: 35), image(150), paragraph("b_", words: 40)]])
        let pages = layouter.layout(book).pages
        try #require(pages.count >= 2)
        #expect(pages[0].allLines.filter { $0.text.hasPrefix("a_") }.count < 8, "the test needs room left on the first page")
        #expect(pages[0].allImages.isEmpty)
        #expect(pages[0].allLines.contains { $0.text.hasPrefix("b_") }, "the text after the image fills the first page")
        try #require(pages[1].allImages.count == 1)
        #expect(pages[1].allImages[0].y == top, "the image heads the next page")
        let used = pages[0].allLines.last.map { $0.y - margins.top + $0.boxHeight(body: lineHeight) } ?? 0
        #expect(used > content.height - 2 * 16.8, "the first page is full")
    }

    @Test func aWaitingImageNeverPassesAHeading() throws {
        let book = TestBooks.book([[paragraph("a_", words: 35), image(150), TestBooks.heading("Next section"), paragraph("b_", words: 10)]])
        let pages = layouter.layout(book).pages
        try #require(pages.count >= 2)
        #expect(pages[0].allImages.isEmpty)
        #expect(pages[0].shown?.text.contains("Next section") == false)
        try #require(pages[1].allImages.count == 1)
        #expect(pages[1].allImages[0].y == top)
        #expect(pages[1].allLines.first?.text == "Next section")
        #expect(pages[1].allLines.first!.y - top > pages[1].allImages[0].height)
    }

    /// A figure's blocks as the reader marks them: kept together, no break before the caption.
    private func figure(_ height: Int, caption: String) -> [Block] {
        var picture = image(height)
        picture.style.keepsTogether = true
        var text = TestBooks.paragraph(caption)
        text.style.keepsTogether = true
        text.style.breakBefore = .avoid
        return [picture, text]
    }

    @Test func aCaptionWaitsWithItsImage() throws {
        let book = TestBooks.book([[paragraph("a_", words: 35)] + figure(120, caption: "Figure 1. The caption.")
                                   + [paragraph("b_", words: 40)]])
        let pages = layouter.layout(book).pages
        try #require(pages.count >= 2)
        #expect(pages[0].allImages.isEmpty && pages[0].shown?.text.contains("Figure 1.") == false)
        #expect(pages[0].allLines.contains { $0.text.hasPrefix("b_") }, "the text after the figure fills the first page")
        try #require(pages[1].allImages.count == 1)
        let caption = try #require(pages[1].allLines.first)
        #expect(caption.text == "Figure 1. The caption.", "the caption comes first on the page, under its image")
        #expect(abs(caption.y - margins.top - (pages[1].allImages[0].height + 16.8)) < TestBooks.precision)
    }

    @Test func aCaptionThatCannotShareThePageWithItsImageFlowsWithTheText() throws {
        // 190 points of image leave no room for a gap and a line on a 200-point page.
        let book = TestBooks.book([[paragraph("a_", words: 35)] + figure(190, caption: "Figure 2. Too much.")
                                   + [paragraph("b_", words: 40)]])
        let pages = layouter.layout(book).pages
        try #require(pages.count >= 2)
        #expect(pages[0].shown?.text.contains("Figure 2. Too much.") == true, "the caption is not held back with the image")
        #expect(pages[1].allImages.count == 1)
    }

    @Test func imagesKeepTheirOrder() {
        let book = TestBooks.book([[paragraph("a_", words: 35), image(150, path: "one.png"), image(20, path: "two.png"),
                                    paragraph("b_", words: 200)]])
        let paths = layouter.layout(book).pages.flatMap(\.allImages).map(\.path)
        #expect(paths == ["one.png", "two.png"])
    }

    @Test func anImageIsNeverSplitAndEveryImageIsPlacedOnce() {
        var blocks: [Block] = []
        for n in 0..<12 {
            blocks.append(paragraph("p\(n)_", words: 10 + n * 7))
            blocks.append(image(40 + n * 15, path: "image-\(n).png"))
        }
        let pages = layouter.layout(TestBooks.book([blocks, [paragraph("c_", words: 5)]])).pages
        let placed = pages.flatMap(\.allImages)
        #expect(placed.map(\.path) == (0..<12).map { "image-\($0).png" })
        for page in pages {
            for image in page.allImages {
                #expect(image.y >= top && image.y + image.height <= margins.top + content.height + TestBooks.precision)
                // Nothing overlaps it (each side of the comparisons up to three rounded lengths).
                for line in page.allLines where !line.text.isEmpty {
                    #expect(line.y + line.boxHeight(body: lineHeight) <= image.y + 2 * TestBooks.precision
                            || line.y >= image.y + image.height - 2 * TestBooks.precision)
                }
            }
        }
        // Waiting images are placed before their chapter ends.
        #expect(pages.last?.shown?.text.hasPrefix("c_") == true)
        #expect(pages.last?.content?.images.isEmpty == true)
    }

    @Test func aPageOfImagesAloneShowsOnlyImages() {
        let pages = layouter.layout(TestBooks.book([[image(200)], [TestBooks.paragraph("Text.")]])).pages
        #expect(pages.count == 2)
        #expect(pages[0].kind.type == "image" && pages[0].allImages.count == 1)
        #expect(pages[0].shown?.lines == [] && pages[0].shown?.text == "" && pages[0].shown?.location == nil)
        #expect(pages[1].content != nil)
    }

    @Test func anImageOfUnknownSizeShowsItsAltText() {
        let unknown = Block(.image(Image(source: ImageReference(path: "gone.png"), alt: "A lost picture")))
        let page = layouter.layout(TestBooks.book([[unknown]])).pages[0]
        #expect(page.shown?.images == [])
        #expect(page.shown?.text == "[Image: A lost picture]")
    }
}
