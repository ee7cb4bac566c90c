import BookModel
import Foundation
import PageFormat
import Testing
@testable import Layout

/// The two facing pages of a spread end on the same line (`--align-spreads`), with every page
/// rule still held; a book laid out on several threads, whose chapters are cut into pages before
/// the side of their first page is known, comes out as one laid out on one thread.
@Suite struct SpreadAlignmentTests {
    let layouter: Layouter
    let lineHeight = 12.0 * 1.4
    let top: Double
    let contentHeight: Double

    init() throws {
        let options = TestBooks.options(height: 300)
        layouter = try Layouter(options: options)
        top = options.geometry.margins.top
        contentHeight = options.geometry.contentSize.height
    }

    /// A page list as BookLayout's: content from `PageDocument.firstContentIndex`, pages at odd
    /// indices opening spreads, no blank between chapters.
    final class PageList: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var pages: [Page] = []

        func add(_ chapter: [Page]) { lock.withLock { pages += chapter } }

        func nextChapterOpensSpread() -> Bool {
            lock.withLock { (PageDocument.firstContentIndex + pages.count) % 2 == 1 }
        }

        /// The spreads of two pages of one chapter, its last page on neither: those that end together.
        var spreads: [(left: Page, right: Page)] {
            let pages = lock.withLock { self.pages }
            var spreads: [(left: Page, right: Page)] = []
            // Content page `first` is at `firstContentIndex + first` in the list.
            for first in stride(from: 1 - PageDocument.firstContentIndex % 2, to: pages.count - 2, by: 2) {
                let chapter = pages[first].shown?.chapter
                if chapter != nil, pages[first + 1].shown?.chapter == chapter, pages[first + 2].shown?.chapter == chapter {
                    spreads.append((pages[first], pages[first + 1]))
                }
            }
            return spreads
        }
    }

    /// Chapters of headings, paragraphs of one to five lines (which the widow and orphan rules
    /// keep whole or split two and two), and longer ones.
    private func generatedBook(seed: UInt64, chapters: Int = 4) -> Book {
        var random = SeededRandom(seed: seed)
        var number = 0
        return TestBooks.book((0..<chapters).map { _ in
            (0..<(30 + Int(random.next() % 30))).map { _ -> Block in
                number += 1
                if random.next() % 7 == 0 { return TestBooks.heading("Heading \(number)", level: 2) }
                let words = random.next() % 3 == 0 ? 40 + Int(random.next() % 60) : 4 + Int(random.next() % 30)
                return TestBooks.paragraph(TestBooks.words(words, seed: random.next(), tag: "p\(number)_"))
            }
        })
    }

    /// Where the text of `page` ends, down from the content box's top.
    private func bottom(of page: Page) -> Double {
        var bottom = 0.0
        for line in page.allLines where !line.text.isEmpty {
            bottom = max(bottom, line.y - top + line.boxHeight(body: lineHeight))
        }
        return bottom
    }

    private func endApart(_ spread: (left: Page, right: Page)) -> Bool {
        abs(bottom(of: spread.left) - bottom(of: spread.right)) > 0.5
    }

    private func laidOut(_ book: Book, aligned: Bool, workers: Int = 1) -> (PageList, PagedBook) {
        let list = PageList()
        let opens: @Sendable () -> Bool? = { list.nextChapterOpensSpread() }
        let side = aligned ? opens : nil
        let paged = layouter.start(ChapterFeed(), metadata: book.metadata, workers: workers,
                                   onChapter: { _, pages in list.add(pages) }, spreadSide: side).finish(book)!
        return (list, paged)
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func facingPagesEndOnTheSameLine(seed: UInt64) {
        let book = generatedBook(seed: seed)
        let ragged = laidOut(book, aligned: false).0.spreads.filter(endApart)
        let (list, _) = laidOut(book, aligned: true)
        let spreads = list.spreads
        let apart = spreads.filter(endApart)
        // Without aligning, the rules leave pages short and spreads uneven: there is something to even.
        #expect(ragged.count > 2)
        #expect(spreads.count > 8)
        #expect(apart.count * 10 <= spreads.count, "\(apart.count) of \(spreads.count) spreads end apart")
        for page in list.pages {
            let lines = page.allLines
            // Nothing, not even an empty line, goes past the content box.
            #expect(lines.allSatisfy { $0.y - top + $0.boxHeight(body: lineHeight) <= contentHeight + TestBooks.precision })
            #expect(lines.first?.text.isEmpty == false)
            // Lines come down the page in order; the space between blocks grows by its own height at most.
            for (above, line) in zip(lines, lines.dropFirst()) {
                let step = line.y - above.y - above.boxHeight(body: lineHeight)
                #expect(step > -TestBooks.precision)
                #expect(step <= (above.text.isEmpty ? lineHeight : 0) + 2 * TestBooks.precision)
            }
        }
    }

    @Test func spreadsRunShortRatherThanBreakTheRules() {
        let book = generatedBook(seed: 11, chapters: 6)
        let (list, _) = laidOut(book, aligned: true)
        // For each paragraph, how many of its lines are on each page it touches: never one of several.
        var perPage: [String: [Int]] = [:]
        for page in list.pages {
            var counts: [String: Int] = [:]
            for line in page.allLines where line.text.hasPrefix("p") {
                counts[String(line.text.prefix { $0 != "_" }), default: 0] += 1
            }
            for (tag, count) in counts { perPage[tag, default: []].append(count) }
        }
        let split = perPage.values.filter { $0.count > 1 }
        #expect(split.count > 5)
        for counts in split {
            #expect(counts.first! >= 2 && counts.last! >= 2)
        }
        // A heading never ends a page that its chapter goes on from.
        for (page, next) in zip(list.pages, list.pages.dropFirst()) where next.shown?.chapter == page.shown?.chapter {
            #expect(page.allLines.last(where: { !$0.text.isEmpty })?.text.hasPrefix("Heading") != true)
        }
    }

    @Test func spaceBetweenBlocksGrowsWhereLinesCannotMove() {
        // Headings and short paragraphs, spaced apart: most spreads even by growing that space.
        let chapters = (0..<3).map { c in
            (0..<60).map { p -> Block in
                p % 5 == 0 ? TestBooks.heading("Heading \(c).\(p)", level: 2)
                           : TestBooks.paragraph(TestBooks.words(8 + (p * 7 + c) % 30, seed: UInt64(c * 100 + p)))
            }
        }
        let (list, _) = laidOut(TestBooks.book(chapters), aligned: true)
        let grown = list.pages.flatMap(\.allLines).filter { $0.text.isEmpty && $0.boxHeight(body: lineHeight) > lineHeight + 0.01 }
        #expect(!grown.isEmpty)
        #expect(grown.allSatisfy { $0.boxHeight(body: lineHeight) <= 2 * lineHeight + TestBooks.precision })
    }

    @Test func chaptersCutBeforeTheirSideIsKnownComeOutAsIfItWere() throws {
        // About 900 KB of text: enough for several workers, which lay chapters out before the
        // ones ahead of them are placed, guessing their side.
        let chapters = (0..<24).map { c in
            [TestBooks.heading("Chapter \(c)")] + (0..<40).map { p in
                TestBooks.paragraph(TestBooks.words(40 + (c * 13 + p * 7) % 120, seed: UInt64(c * 1000 + p)),
                                    anchors: ["c\(c)p\(p)"])
            }
        }
        let book = TestBooks.book(chapters, toc: (0..<24).map { TOCEntry(title: "\($0)", level: 1, chapterIndex: $0, anchor: "c\($0)p30") })
        let layouter = try Layouter(options: LayoutOptions())
        func laidOut(workers: Int) -> (pages: [Page], paged: PagedBook) {
            let list = PageList()
            let paged = layouter.start(ChapterFeed(), metadata: book.metadata, workers: workers,
                                       onChapter: { _, pages in list.add(pages) },
                                       spreadSide: { list.nextChapterOpensSpread() }).finish(book)!
            return (list.pages, paged)
        }
        let one = laidOut(workers: 1)
        let many = laidOut(workers: 4)
        // Compared whole, reported short: a difference would print every page.
        let samePages = many.pages == one.pages, sameBook = many.paged == one.paged
        #expect(samePages)
        #expect(sameBook)
        // Some chapter opens each way, so both sides were cut.
        let sides = Set(one.paged.chapterPageCounts.reduce(into: [0]) { $0.append($0.last! + $1) }.dropLast().map { $0 % 2 })
        #expect(sides.count == 2)
    }
}
