import BookModel
import Foundation
@testable import Layout
import PageFormat
import Synchronization
import Testing

/// A layout started before its book is read whole (`Layouter.start`) takes the chapters as they
/// come, in any order, and gives the book that laying it out afterwards gives.
struct EarlyLayoutTests {
    private func book(chapters: Int = 12, language: String? = "en") -> Book {
        let blocks = (0..<chapters).map { c in
            [TestBooks.heading("Chapter \(c)", anchors: ["c\(c)"])] + (0..<8).map { p in
                TestBooks.paragraph(TestBooks.words(90, seed: UInt64(c * 100 + p)))
            }
        }
        let toc = (0..<chapters).map { TOCEntry(title: "\($0)", level: 1, chapterIndex: $0, anchor: "c\($0)") }
        var book = TestBooks.book(blocks, toc: toc, language: language)
        for index in book.chapters.indices { book.chapters[index].spineCFI = "/6/\(2 * index + 2)" }
        return book
    }

    @Test(arguments: [1, 2, 4])
    func chaptersAddedOutOfOrderGiveTheBookLaidOutWhole(workers: Int) throws {
        let layouter = try Layouter(options: TestBooks.options())
        let book = book()
        let feed = ChapterFeed()
        let delivered = Mutex<[Int]>([])
        let progress = layouter.start(feed, metadata: book.metadata, workers: workers) { index, _ in
            delivered.withLock { $0.append(index) }
        }
        // The reader's thread: chapters out of order, with pauses, two kept back for `finish`.
        let reader = Thread {
            for index in [1, 0, 2, 5, 4, 6, 8, 9, 11, 10] {
                feed.add(book.chapters[index], at: index)
                usleep(2_000)
            }
        }
        reader.start()
        while !reader.isFinished { usleep(1_000) }
        let early = try #require(progress.finish(book))
        #expect(early == layouter.layout(book))
        #expect(delivered.withLock { $0 } == Array(0..<12))
    }

    /// A layout that keeps no pages hands each chapter's to `onChapter` and gives a paged book
    /// with none, but with everything else the one that keeps them has: the pages' counts, where
    /// the table of contents points, the stand-in faces (an Arabic word in a Latin font).
    @Test func aLayoutKeepingNoPagesHandsThemOnAndKeepsTheRest() throws {
        let layouter = try Layouter(options: TestBooks.options())
        var book = book(chapters: 6)
        book.chapters[3].blocks.append(TestBooks.paragraph("the word كتاب in Arabic"))
        let feed = ChapterFeed()
        let handedOn = Mutex<[[Page]]>([])
        let progress = layouter.start(feed, metadata: book.metadata, workers: 2, keepingPages: false) { _, pages in
            handedOn.withLock { $0.append(pages) }
        }
        for index in book.chapters.indices { feed.add(book.chapters[index], at: index) }
        let paged = try #require(progress.finish(book))
        var kept = layouter.layout(book)
        #expect(paged.pages.isEmpty)
        #expect(handedOn.withLock { $0.flatMap { $0 } } == kept.pages)
        #expect(!kept.standIns.isEmpty)
        #expect(paged.chapterPageCounts == kept.chapterPageCounts && paged.chapterPageCounts.reduce(0, +) == kept.pages.count)
        kept.pages = []
        #expect(paged == kept)
    }

    @Test func aBookFoundToWriteVerticallyIsLaidOutAgain() throws {
        let layouter = try Layouter(options: TestBooks.options())
        var book = book(chapters: 3)
        book.metadata.direction = .rightToLeft
        var vertical = book
        vertical.metadata.writesVertically = true
        let progress = layouter.start(ChapterFeed(), metadata: book.metadata)
        // Set vertically, its paragraphs run left to right: the early layout's do not.
        #expect(progress.finish(vertical) == nil)

        var retitled = book
        retitled.metadata.title = "Another title"
        #expect(layouter.start(ChapterFeed(), metadata: book.metadata).finish(retitled) == layouter.layout(retitled))
    }

    @Test func cancellingStopsWorkersWaitingForChapters() throws {
        let layouter = try Layouter(options: TestBooks.options())
        let book = book(chapters: 3)
        let feed = ChapterFeed()
        let progress = layouter.start(feed, metadata: book.metadata, workers: 2)
        feed.add(book.chapters[0], at: 0)
        // Returns once both workers have stopped; one was waiting for chapter 1, which never comes.
        progress.cancel()
        feed.add(book.chapters[1], at: 1)
        #expect(feed.take(1) == nil)
    }

    /// The feed hands a worker the chapter it waits for, its spine CFI with it: the pages of a
    /// layout fed so name their places as CFIs in that spine item.
    @Test func theFeedWaitsForAChapterAndKeepsItsCFI() throws {
        var book = book(chapters: 3)
        // The heading of chapter 2 as read from XHTML: `/4/2`, its text the start of `/4/2/1`.
        book.chapters[2].blocks[0].source = SourceMap(element: "/4/2", spans: [
            TextSpan(start: 0, length: "Chapter 2".count, path: "/4/2/1", utf16Offset: 0),
        ])
        let feed = ChapterFeed()
        let taken = Mutex<Chapter?>(nil)
        let worker = Thread {
            let chapter = feed.take(2)
            taken.withLock { $0 = chapter }
        }
        worker.start()
        usleep(20_000)
        #expect(taken.withLock { $0 } == nil)
        feed.add(book.chapters[2], at: 2)
        while !worker.isFinished { usleep(1_000) }
        #expect(taken.withLock { $0 } == book.chapters[2])
        #expect(taken.withLock { $0 }?.spineCFI == "/6/6")
        // Added twice, it is taken once; what `finish` adds is what was never added.
        feed.add(book.chapters[2], at: 2)
        feed.finish(with: book)
        #expect(feed.take(0) == book.chapters[0])
        #expect(feed.take(0) == nil)
        #expect(feed.take(2) == nil)
        #expect(feed.take(3) == nil)

        let layouter = try Layouter(options: TestBooks.options())
        let fed = ChapterFeed()
        let progress = layouter.start(fed, metadata: book.metadata)
        for index in [2, 0, 1] { fed.add(book.chapters[index], at: index) }
        let paged = try #require(progress.finish(book))
        let first = try #require(paged.pages.first { $0.shown?.chapter == 2 })
        #expect(first.shown?.location?.startCFI == "epubcfi(/6/6!/4/2/1:0)")
        // Chapters read from no XHTML have no places in it.
        #expect(paged.pages.filter { $0.shown?.chapter != 2 }.allSatisfy { $0.shown?.location?.startCFI == nil })
    }
}
