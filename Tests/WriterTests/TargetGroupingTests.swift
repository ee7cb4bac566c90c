import BookModel
import Layout
import PageFormat
@testable import PageWriter
import Targets
import Testing

/// Each target's grouping of the same page list.
struct TargetGroupingTests {
    /// invisible, invisible, cover, blank, four content pages in two chapters, blank, blank.
    static let pages: [Page] = [
        Page(.invisible), Page(.invisible), Page(.cover(image: nil), title: "T"), Page(.blank),
        Page(.content(ChapterPage(text: "a", folio: 1, chapter: 0, indexInChapter: 0))),
        Page(.content(ChapterPage(text: "b", folio: 2, chapter: 0, indexInChapter: 1))),
        Page(.content(ChapterPage(text: "c", folio: 3, chapter: 2, indexInChapter: 0))),
        Page(.content(ChapterPage(text: "d", folio: 4, chapter: 2, indexInChapter: 1))),
        Page(.blank), Page(.blank),
    ]

    @Test func bookLayoutSpreadsPutEvenPagesOnTheRight() throws {
        let target = try BookLayoutTarget(TargetRequest()).grouping(of: Self.pages, rightToLeft: false)
        #expect(target.grouping == .spreads([
            .init(left: 1, right: 2), .init(left: 3, right: 4), .init(left: 5, right: 6),
            .init(left: 7, right: 8), .init(left: 9, right: nil),
        ]))
    }

    @Test func swiftUIBookLeavesStartAtTheCover() throws {
        let target = try SwiftUIBookTarget(TargetRequest()).grouping(of: Self.pages, rightToLeft: false)
        #expect(target.grouping == .leaves([.init(front: 2, back: 3), .init(front: 4, back: 5), .init(front: 6, back: 7),
                                            .init(front: 8, back: 9)]))
    }

    @Test func pageCurlShowsOnePageAScreenOrSpreads() throws {
        let single = try PageCurlTarget(TargetRequest()).grouping(of: Self.pages, rightToLeft: false)
        #expect(single.grouping == .screens([2, 4, 5, 6, 7]) && single.doubleSided == false)
        let double = try PageCurlTarget(TargetRequest(doubleSided: true)).grouping(of: Self.pages, rightToLeft: false)
        let spreads = try BookLayoutTarget(TargetRequest()).grouping(of: Self.pages, rightToLeft: false).grouping
        #expect(double.grouping == spreads && double.doubleSided == true)
    }

    @Test func readerGroupsPagesByChapter() throws {
        let target = try ReaderTarget(TargetRequest()).grouping(of: Self.pages, rightToLeft: false)
        #expect(target.grouping == .chapters([.init(chapter: 0, pages: [4, 5]), .init(chapter: 2, pages: [6, 7])]))
    }

    @Test func contentPagesKeepTheirPlaceInTheirChapterAndAreNumberedOnAcrossChapters() throws {
        let book = Book(metadata: Metadata(title: "T"), chapters: [
            Chapter(source: "a", blocks: []), Chapter(source: "b", blocks: []),
        ])
        let paged = PagedBook(pages: [
            TestPages.content(chapter: 0, index: 0, lines: []), TestPages.content(chapter: 0, index: 1, lines: []),
            TestPages.content(chapter: 1, index: 0, lines: []),
        ], tocPageIndices: [])
        let pages = PageListBuilder.pages(of: book, paged: paged)
        #expect(pages.compactMap(\.shown?.indexInChapter) == [0, 1, 0])
        #expect(pages.compactMap(\.shown?.folio) == [1, 2, 3])
        #expect(paged.chapterPageCounts == [2, 1])
    }
}
