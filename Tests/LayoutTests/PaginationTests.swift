import BookModel
import Testing
import Layout

/// The page-breaking rules, checked on generated chapters of headings and tagged paragraphs.
@Suite struct PaginationTests {
    let layouter: Layouter
    let contentHeight: Double
    let lineHeight = 12.0 * 1.4

    init() throws {
        let options = TestBooks.options()
        layouter = try Layouter(options: options)
        contentHeight = options.geometry.contentSize.height
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

    private func paragraphTag(_ line: LaidOutLine) -> String? {
        guard line.text.hasPrefix("p") else { return nil }
        return String(line.text.prefix { $0 != "_" })
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func pagesNeverOverflowAndGapsNeverStartOrEndAPage(seed: UInt64) {
        let paged = layouter.layout(generatedBook(seed: seed))
        #expect(paged.pages.count > 5)
        for page in paged.pages {
            var y = 0.0
            for line in page.lines {
                #expect(abs(line.y - y) < 1e-9)
                y += line.height
            }
            #expect(y <= contentHeight + 1e-9)
            #expect(page.lines.first?.text.isEmpty == false)
            #expect(page.lines.last?.text.isEmpty == false)
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
            for line in page.lines {
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
            let lastOfChapter = index + 1 == paged.pages.count || paged.pages[index + 1].chapterIndex != page.chapterIndex
            guard !lastOfChapter, let last = page.lines.last else { continue }
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
        #expect(paged.pages[1].lines.first?.text == "Heading late")
        #expect(paged.pages[1].lines.count >= 4)
    }

    @Test func eachChapterStartsANewPage() {
        let book = TestBooks.book([[TestBooks.paragraph("One.")], [TestBooks.paragraph("Two.")], [],
                                   [TestBooks.paragraph("Four.")]])
        let paged = layouter.layout(book)
        #expect(paged.pages.map(\.text) == ["One.", "Two.", "Four."])
        #expect(paged.pages.map(\.chapterIndex) == [0, 1, 3])
    }

    @Test func shortParagraphsMoveWhole() {
        // A page holds 11 lines. Five one-line paragraphs take 9 with their gaps; after the
        // next gap two lines are left, and a three-line paragraph would leave one alone.
        let lines = (0..<5).map { TestBooks.paragraph("Line \($0).") }
        let three = TestBooks.paragraph("three_a\nthree_b\nthree_c")
        let paged = layouter.layout(TestBooks.book([lines + [three]]))
        #expect(paged.pages.map(\.lines.count) == [9, 3])
        #expect(paged.pages[1].text == "three_a\nthree_b\nthree_c")
    }

    @Test func lineTallerThanThePageStandsAlone() throws {
        let options = TestBooks.options(width: 300, height: 60, fontSize: 24)
        let paged = try Layouter(options: options).layout(
            TestBooks.book([[TestBooks.heading("Huge"), TestBooks.paragraph("small")]]))
        #expect(paged.pages.map(\.text) == ["Huge", "small"])
        #expect(paged.pages[0].lines[0].height > options.geometry.contentSize.height)
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
