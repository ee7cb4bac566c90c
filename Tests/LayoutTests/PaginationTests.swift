import BookModel
import Testing
import Layout
import PageFormat

/// The page-breaking rules, checked on generated chapters of headings and tagged paragraphs.
@Suite struct PaginationTests {
    let layouter: Layouter
    let contentHeight: Double
    /// Where the content box starts on the page: the lines' `y` counts from the page's top.
    let top: Double
    let lineHeight = 12.0 * 1.4

    init() throws {
        let options = TestBooks.options()
        layouter = try Layouter(options: options)
        contentHeight = options.geometry.contentSize.height
        top = options.geometry.margins.top
    }

    /// Chapters of headings and paragraphs of random lengths; every word of paragraph n starts
    /// with "pn_" and every heading reads "Heading n".
    private func generatedBook(seed: UInt64, chapters: Int = 3) -> Book {
        var random = SeededRandom(seed: seed)
        var paragraphNumber = 0
        let chapters = (0..<chapters).map { _ in
            (0..<(10 + Int(random.next() % 20))).map { _ -> Block in
                paragraphNumber += 1
                if random.next() % 4 == 0 {
                    return TestBooks.heading("Heading \(paragraphNumber)", level: 1 + Int(random.next() % 3))
                }
                return TestBooks.paragraph(TestBooks.words(1 + Int(random.next() % 90), seed: random.next(),
                                                           tag: "p\(paragraphNumber)_"))
            }
        }
        return TestBooks.book(chapters)
    }

    private func paragraphTag(_ line: PageLine) -> String? {
        guard line.text.hasPrefix("p") else { return nil }
        return String(line.text.prefix { $0 != "_" })
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func pagesNeverOverflowAndGapsNeverStartOrEndAPage(seed: UInt64) {
        let paged = layouter.layout(generatedBook(seed: seed))
        #expect(paged.pages.count > 5)
        for page in paged.pages {
            // Each line right under the one before, the first at the content box's top. The
            // page rounds each position and height: three of them are added here.
            let lines = page.allLines
            #expect(abs((lines.first?.y ?? 0) - top) < TestBooks.precision)
            for (above, line) in zip(lines, lines.dropFirst()) {
                #expect(abs(line.y - (above.y + above.boxHeight(body: lineHeight))) < 2 * TestBooks.precision)
            }
            let bottom = lines.last.map { $0.y - top + $0.boxHeight(body: lineHeight) } ?? 0
            #expect(bottom <= contentHeight + TestBooks.precision)
            #expect(lines.first?.text.isEmpty == false)
            #expect(lines.last?.text.isEmpty == false)
        }
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func noWidowsOrOrphans(seed: UInt64) {
        let paged = layouter.layout(generatedBook(seed: seed))
        // For each paragraph, how many of its lines are on each page it touches.
        var perPage: [String: [Int]] = [:]
        var order: [String] = []
        for page in paged.pages {
            var counts: [String: Int] = [:]
            for line in page.allLines {
                guard let tag = paragraphTag(line) else { continue }
                if perPage[tag] == nil { order.append(tag); perPage[tag] = [] }
                counts[tag, default: 0] += 1
            }
            for (tag, count) in counts { perPage[tag]!.append(count) }
        }
        var split = 0
        for tag in order {
            let counts = perPage[tag]!
            guard counts.count > 1 else { continue }
            split += 1
            #expect(counts.allSatisfy { $0 >= 2 }, "\(tag) split as \(counts)")
        }
        #expect(split > 0, "the generated text should split some paragraphs")
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func headingNeverEndsAPage(seed: UInt64) {
        let book = generatedBook(seed: seed)
        let paged = layouter.layout(book)
        for (index, page) in paged.pages.enumerated() {
            let lastOfChapter = index + 1 == paged.pages.count || paged.pages[index + 1].shown?.chapter != page.shown?.chapter
            guard !lastOfChapter, let last = page.allLines.last else { continue }
            #expect(!last.text.hasPrefix("Heading"), "page \(index) ends with \(last.text)")
        }
    }

    @Test func headingKeepsTwoLinesOfWhatFollows() {
        // Nine short paragraphs fill the page to one line from the bottom, then a heading and a
        // long paragraph: the heading must move to the next page with the paragraph's start.
        let filler = (0..<5).map { TestBooks.paragraph("Filler \($0).") }
        let book = TestBooks.book([filler + [TestBooks.heading("Heading late", level: 4),
                                             TestBooks.paragraph(TestBooks.words(80, seed: 2))]])
        let paged = layouter.layout(book)
        #expect(paged.pages.count >= 2)
        #expect(paged.pages[1].allLines.first?.text == "Heading late")
        #expect(paged.pages[1].allLines.count >= 4)
    }

    @Test func eachChapterStartsANewPage() {
        let book = TestBooks.book([[TestBooks.paragraph("One.")], [TestBooks.paragraph("Two.")], [],
                                   [TestBooks.paragraph("Four.")]])
        let paged = layouter.layout(book)
        #expect(paged.pages.map(\.shown?.text) == ["One.", "Two.", "Four."])
        #expect(paged.pages.map(\.shown?.chapter) == [0, 1, 3])
        #expect(paged.pages.map(\.shown?.indexInChapter) == [0, 0, 0])
        #expect(paged.chapterPageCounts == [1, 1, 0, 1])
    }

    @Test func shortParagraphsMoveWhole() {
        // A page holds 11 lines. Five one-line paragraphs take 9 with their gaps; after the
        // next gap two lines are left, and a three-line paragraph would leave one alone.
        let lines = (0..<5).map { TestBooks.paragraph("Line \($0).") }
        let three = TestBooks.paragraph("three_a\nthree_b\nthree_c")
        let paged = layouter.layout(TestBooks.book([lines + [three]]))
        #expect(paged.pages.map(\.allLines.count) == [9, 3])
        #expect(paged.pages[1].shown?.text == "three_a\nthree_b\nthree_c")
    }

    @Test func lineTallerThanThePageStandsAlone() throws {
        let options = TestBooks.options(width: 300, height: 60, fontSize: 24)
        let paged = try Layouter(options: options).layout(
            TestBooks.book([[TestBooks.heading("Huge"), TestBooks.paragraph("small")]]))
        #expect(paged.pages.map(\.shown?.text) == ["Huge", "small"])
        let line = try #require(paged.pages[0].shown?.lines.first)
        #expect(line.boxHeight(body: options.fontSize * options.lineHeight) > options.geometry.contentSize.height)
    }

    @Test func emptyBookHasNoPages() {
        #expect(layouter.layout(TestBooks.book([[], []])).pages.isEmpty)
        #expect(layouter.layout(TestBooks.book([])).pages.isEmpty)
    }

    @Test func layoutIsDeterministic() throws {
        let book = generatedBook(seed: 42)
        let first = layouter.layout(book)
        #expect(layouter.layout(book) == first)
        #expect(try Layouter(options: TestBooks.options()).layout(book) == first)
    }
}
