import BookModel
import Testing
@testable import Layout

/// Large books are laid out on several threads, each taking the next chapter; the result must not show it.
@Suite struct ParallelLayoutTests {
    @Test func manyThreadsGiveTheSameBookAsOne() throws {
        // About 900 KB of text, enough for several workers.
        let chapters = (0..<30).map { c in
            [TestBooks.heading("Chapter \(c)")] + (0..<40).map { p in
                TestBooks.paragraph(TestBooks.words(120, seed: UInt64(c * 1000 + p)), anchors: ["c\(c)p\(p)"])
            }
        }
        let toc = (0..<30).map { TOCEntry(title: "\($0)", level: 1, chapterIndex: $0, anchor: "c\($0)p20") }
        let book = TestBooks.book(chapters, toc: toc)
        #expect(ParallelChapters.textSize(of: book.chapters.flatMap(\.blocks)) > 3 * ParallelChapters.minimumBytesPerWorker)
        let layouter = try Layouter(options: LayoutOptions())
        #expect(layouter.layout(book, workers: 4) == layouter.layout(book, workers: 1))
        #expect(layouter.layout(book) == layouter.layout(book, workers: 1))
    }
}
