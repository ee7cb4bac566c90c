import BookModel
import Testing
@testable import Layout

/// Large books are laid out a run of chapters per thread; the result must not show it.
@Suite struct ParallelLayoutTests {
    @Test func splitBalancesTextAcrossGroups() {
        #expect(ParallelChapters.split([10, 10, 10, 10], into: 2) == [0..<2, 2..<4])
        #expect(ParallelChapters.split([30, 1, 1, 1, 30], into: 2) == [0..<2, 2..<5])
        #expect(ParallelChapters.split([5, 5], into: 1) == [0..<2])
        #expect(ParallelChapters.split([0, 0, 0], into: 2) == [0..<1, 1..<3])
        #expect(ParallelChapters.split([], into: 1) == [0..<0])
    }

    @Test func splitCoversEveryChapterOnce() {
        var random = SeededRandom(seed: 9)
        for count in 1...6 {
            let sizes = (0..<40).map { _ in Int(random.next() % 1000) }
            let groups = ParallelChapters.split(sizes, into: count)
            #expect(groups.count == count)
            #expect(groups.flatMap { Array($0) } == Array(0..<40))
        }
    }

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
        var single = try Layouter(options: LayoutOptions())
        single.workerLimit = 1
        let parallel = try Layouter(options: LayoutOptions())
        #expect(parallel.layout(book) == single.layout(book))
    }
}
