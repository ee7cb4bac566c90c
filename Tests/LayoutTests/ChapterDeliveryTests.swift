import BookModel
import Foundation
@testable import Layout
import PageFormat
import Synchronization
import Testing

/// `layout(_:onChapter:)` hands each chapter's pages on once, in reading order, whatever the
/// number of workers, and they are the pages the layout returns.
struct ChapterDeliveryTests {
    @Test(arguments: [1, 2, 4])
    func chaptersArriveInOrderOnceEach(workers: Int) throws {
        let layouter = try Layouter(options: TestBooks.options())
        // About 900 KB of text: enough for several workers (ParallelChapters.minimumBytesPerWorker).
        let chapters = (0..<12).map { chapter in
            (0..<60).map { TestBooks.paragraph(TestBooks.words(160, seed: UInt64(chapter * 100 + $0))) }
        }
        let book = TestBooks.book(chapters)
        #expect(book.chapters.map { ParallelChapters.textSize(of: $0.blocks) }.reduce(0, +) > 2 * ParallelChapters.minimumBytesPerWorker)
        let delivered = Mutex<[(Int, [Page])]>([])
        let paged = layouter.layout(book, workers: workers) { index, pages in delivered.withLock { $0.append((index, pages)) } }
        let received = delivered.withLock { $0 }
        #expect(received.map(\.0) == Array(0..<12))
        #expect(received.flatMap(\.1) == paged.pages)
    }

    /// One worker delivers at a time, outside the lock the others leave their chapters under:
    /// a slow receiver (a writer making each chapter's pages) never sees two calls at once.
    @Test func aSlowReceiverGetsOneChapterAtATime() throws {
        let layouter = try Layouter(options: TestBooks.options())
        let chapters = (0..<12).map { chapter in
            (0..<60).map { TestBooks.paragraph(TestBooks.words(160, seed: UInt64(chapter * 100 + $0))) }
        }
        let state = Mutex<(inside: Int, most: Int, order: [Int])>((0, 0, []))
        _ = layouter.layout(TestBooks.book(chapters), workers: 4) { index, _ in
            state.withLock { $0.inside += 1; $0.most = max($0.most, $0.inside); $0.order.append(index) }
            usleep(20_000)
            state.withLock { $0.inside -= 1 }
        }
        let seen = state.withLock { $0 }
        #expect(seen.most == 1)
        #expect(seen.order == Array(0..<12))
    }
}

