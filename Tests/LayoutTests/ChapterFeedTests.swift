import BookModel
import Foundation
@testable import Layout
import Synchronization
import Testing

/// The feed holds a reader back once the chapters waiting hold enough text, so that a large
/// book is not read whole into memory ahead of its layout, but never while a worker waits for a
/// chapter the reader has not added (one it keeps back): that would stop both.
struct ChapterFeedTests {
    /// A chapter holding `size` bytes of text.
    private func chapter(_ index: Int, size: Int = 60) -> Chapter {
        Chapter(source: "c\(index).xhtml", blocks: [TestBooks.paragraph(String(repeating: "a", count: size))])
    }

    /// The indices a reader has added, in order.
    private final class AddedLog: Sendable {
        let indices = Mutex<[Int]>([])
    }

    /// A reader adding chapters on a thread of its own.
    private struct Reader {
        let log = AddedLog()
        let thread: Thread

        init(_ indices: [Int], into feed: ChapterFeed, making chapter: @escaping @Sendable (Int) -> Chapter) {
            let log = log
            thread = Thread {
                for index in indices {
                    feed.add(chapter(index), at: index)
                    log.indices.withLock { $0.append(index) }
                }
            }
            thread.start()
        }

        var addedSoFar: [Int] { log.indices.withLock { $0 } }
    }

    private func read(_ indices: [Int], into feed: ChapterFeed) -> Reader {
        Reader(indices, into: feed) { index in
            Chapter(source: "c\(index).xhtml", blocks: [TestBooks.paragraph(String(repeating: "a", count: 60))])
        }
    }

    private func wait(until done: () -> Bool) {
        for _ in 0..<2_000 where !done() { usleep(1_000) }
    }

    @Test func aReaderFarAheadWaitsForTheWorkers() throws {
        let feed = ChapterFeed(textAhead: 100)
        let reader = read([0, 1, 2, 3], into: feed)
        wait { reader.addedSoFar.count == 2 }
        usleep(50_000)
        // 120 bytes wait: the third chapter is not added until one is taken.
        #expect(reader.addedSoFar == [0, 1])
        #expect(feed.take(0)?.source == "c0.xhtml")
        wait { reader.addedSoFar.count == 3 }
        usleep(20_000)
        #expect(reader.addedSoFar == [0, 1, 2])
        #expect(feed.take(1) != nil && feed.take(2) != nil)
        wait { reader.thread.isFinished }
        #expect(reader.addedSoFar == [0, 1, 2, 3])
        feed.finish(with: Book(metadata: Metadata(title: "T"), chapters: (0..<4).map { chapter($0) }))
        #expect(feed.take(3)?.source == "c3.xhtml")
        #expect(feed.take(4) == nil)
    }

    @Test func aWorkerWaitingForAChapterKeptBackLetsTheReaderOn() throws {
        let feed = ChapterFeed(textAhead: 100)
        let taken = Mutex<Chapter?>(nil)
        // The worker asks for chapter 0, which the reader keeps back (it shows an image).
        let worker = Thread { taken.withLock { $0 = feed.take(0) } }
        worker.start()
        usleep(20_000)
        let reader = read([1, 2, 3, 4, 5], into: feed)
        wait { reader.thread.isFinished }
        #expect(reader.addedSoFar == [1, 2, 3, 4, 5])
        let book = Book(metadata: Metadata(title: "T"), chapters: (0..<6).map { chapter($0) })
        feed.finish(with: book)
        wait { worker.isFinished }
        #expect(taken.withLock { $0 }?.source == "c0.xhtml")
    }

    @Test func cancellingFreesAWaitingReader() throws {
        let feed = ChapterFeed(textAhead: 100)
        let reader = read([0, 1, 2, 3], into: feed)
        wait { reader.addedSoFar.count == 2 }
        feed.cancel()
        wait { reader.thread.isFinished }
        #expect(reader.thread.isFinished)
        #expect(feed.take(0) == nil)
    }
}
