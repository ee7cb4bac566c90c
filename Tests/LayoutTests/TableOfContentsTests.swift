import BookModel
import Testing
import Layout

/// `tocPageIndices`: where each table-of-contents entry lands.
@Suite struct TableOfContentsTests {
    let layouter: Layouter
    init() throws { layouter = try Layouter(options: TestBooks.options()) }

    /// Chapter 0 runs over several pages and has an anchored paragraph near its end; chapter 1 is
    /// empty; chapter 2 is one page; chapter 3 is empty and last.
    private var book: Book {
        let long = (0..<12).map { TestBooks.paragraph(TestBooks.words(30, seed: UInt64($0))) }
        let chapters: [[Block]] = [
            long + [TestBooks.paragraph("Anchored here.", anchors: ["deep"])],
            [],
            [Block(.quote([TestBooks.paragraph("Quoted.", anchors: ["inner"])]), anchors: ["outer"])],
            [],
        ]
        return TestBooks.book(chapters)
    }

    private func pageIndex(_ entry: TOCEntry) -> Int? {
        var book = self.book
        book.toc = [entry]
        return layouter.layout(book).tocPageIndices[0]
    }

    @Test func chapterEntriesPointAtTheChaptersFirstPage() {
        let paged = layouter.layout(book)
        #expect(paged.pages.count > 3)
        let lastPageOfChapter0 = paged.pages.lastIndex { $0.shown?.chapter == 0 }!
        #expect(pageIndex(TOCEntry(title: "One", level: 1, chapterIndex: 0)) == 0)
        #expect(pageIndex(TOCEntry(title: "Three", level: 1, chapterIndex: 2)) == lastPageOfChapter0 + 1)
    }

    @Test func anchorEntriesPointAtTheAnchorsPage() {
        let paged = layouter.layout(book)
        let anchored = paged.pages.firstIndex { $0.shown?.text.contains("Anchored here.") == true }!
        #expect(anchored > 0)
        #expect(pageIndex(TOCEntry(title: "Deep", level: 2, chapterIndex: 0, anchor: "deep")) == anchored)
        let quoted = paged.pages.firstIndex { $0.shown?.text.contains("Quoted.") == true }!
        #expect(pageIndex(TOCEntry(title: "Inner", level: 2, chapterIndex: 2, anchor: "inner")) == quoted)
        #expect(pageIndex(TOCEntry(title: "Outer", level: 2, chapterIndex: 2, anchor: "outer")) == quoted)
    }

    @Test func printedPagesLandByTheSameRule() {
        var book = self.book
        book.pageList = [PageListEntry(label: "12", chapterIndex: 0), PageListEntry(label: "13", chapterIndex: 0, anchor: "deep"),
                         PageListEntry(label: "14", chapterIndex: 1)]
        let paged = layouter.layout(book)
        let anchored = paged.pages.firstIndex { $0.shown?.text.contains("Anchored here.") == true }!
        #expect(paged.pageListPageIndices == [0, anchored, anchored + 1])
    }

    @Test func unknownAnchorsFallBackToTheChapter() {
        #expect(pageIndex(TOCEntry(title: "Lost", level: 2, chapterIndex: 0, anchor: "nowhere")) == 0)
    }

    @Test func emptyChaptersPointAtTheNextPageOrTheLast() {
        let paged = layouter.layout(book)
        let chapter2 = paged.pages.firstIndex { $0.shown?.chapter == 2 }!
        #expect(pageIndex(TOCEntry(title: "Empty", level: 1, chapterIndex: 1)) == chapter2)
        #expect(pageIndex(TOCEntry(title: "Empty at end", level: 1, chapterIndex: 3)) == paged.pages.count - 1)
        #expect(pageIndex(TOCEntry(title: "Out of range", level: 1, chapterIndex: 99)) == paged.pages.count - 1)
    }

    @Test func oneIndexPerEntryInOrder() {
        var book = self.book
        book.toc = [TOCEntry(title: "C", level: 1, chapterIndex: 2), TOCEntry(title: "A", level: 1, chapterIndex: 0)]
        let indices = layouter.layout(book).tocPageIndices
        #expect(indices.count == 2)
        #expect(indices[1] == 0)
        #expect((indices[0] ?? 0) > 0)
    }

    /// With no page at all there is nothing to point at: no entry may point at a blank page.
    @Test func entriesOfABookWithoutPagesPointNowhere() {
        let toc = [TOCEntry(title: "A", level: 1, chapterIndex: 0), TOCEntry(title: "B", level: 1, chapterIndex: 1, anchor: "b"),
                   TOCEntry(title: "Out of range", level: 1, chapterIndex: 7)]
        let paged = layouter.layout(TestBooks.book([[], [Block(.quote([]), anchors: ["b"])]], toc: toc))
        #expect(paged.pages.isEmpty)
        let indices: [Int?] = paged.tocPageIndices
        #expect(indices == [nil, nil, nil])
    }
}
