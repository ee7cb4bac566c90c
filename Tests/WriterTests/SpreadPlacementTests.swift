import BookModel
import Layout
import PageFormat
@testable import PageWriter
import Targets
import Testing

/// A designed page that asks for a side of the spread falls on it: a blank page goes before it
/// when it would fall on the other, in the targets that show spreads, unless the book asks for
/// no spreads. The chapters, the table of contents and the links then point past the blanks.
struct SpreadPlacementTests {
    static func designed(chapter: Int, side: PageSide?) -> Page {
        Page(.image(ChapterPage(folio: 0, chapter: chapter, indexInChapter: 0,
                                design: DesignedPage(spineItem: "p\(chapter).xhtml", viewport: Dimensions(width: 600, height: 800),
                                                     scale: 1, x: 0, y: 0, side: side))))
    }

    static func book(sides: [PageSide?], spread: Rendition.Spread? = nil, direction: TextDirection = .leftToRight) -> Book {
        var metadata = Metadata(title: "Designed", direction: direction)
        metadata.rendition = spread.map { Rendition(spread: $0) }
        return Book(metadata: metadata, chapters: sides.indices.map { n in
            Chapter(source: "p\(n).xhtml", blocks: [], design: PageDesign(width: 600, height: 800))
        }, toc: sides.indices.map { TOCEntry(title: "Page \($0 + 1)", level: 1, chapterIndex: $0) })
    }

    static func document(sides: [PageSide?], spread: Rendition.Spread? = nil, direction: TextDirection = .leftToRight,
                         target: any PageTarget = TestPages.target) -> PageDocument {
        let pages = sides.enumerated().map { designed(chapter: $0.offset, side: $0.element) }
        let paged = PagedBook(pages: pages, tocPageIndices: sides.indices.map { $0 },
                              links: [PageLink(target: "p2.xhtml", page: 2, chapter: 2)])
        return PageListBuilder.document(for: book(sides: sides, spread: spread, direction: direction), paged: paged,
                                        layout: TestPages.layout, target: target)
    }

    static func chapterIndices(_ document: PageDocument) -> [Int] {
        document.pages.indices.filter { document.pages[$0].shown != nil }
    }

    @Test func aRightPageAfterARightPageGetsABlankBeforeIt() throws {
        // Index 4 is a right-hand page; the second page would fall on the left at 5.
        let document = Self.document(sides: [.right, .right, .left])
        #expect(Self.chapterIndices(document) == [4, 6, 7])
        #expect(document.pages[5].kind == .blank)
        #expect(document.target?.blankPages == [5])
        #expect(document.pages.count % 2 == 0)
        // Folios count the chapters' pages only; every place named in the document is past the blank.
        #expect(document.pages.compactMap(\.shown?.folio) == [1, 2, 3])
        #expect(document.chapters.map(\.page) == [4, 6, 7])
        #expect(document.toc.map(\.page) == [4, 6, 7] && document.toc.map(\.folio) == [1, 2, 3])
        #expect(document.links.map(\.page) == [7])
    }

    @Test func aLeftPageFirstGetsABlankBeforeIt() {
        let document = Self.document(sides: [.left, nil, .center])
        #expect(Self.chapterIndices(document) == [5, 6, 7])
        #expect(document.target?.blankPages == [4])
    }

    @Test func pagesOnTheirSidesOrAskingNoneGetNoBlank() {
        let document = Self.document(sides: [.right, .left, nil, nil, .center, .left])
        #expect(Self.chapterIndices(document) == [4, 5, 6, 7, 8, 9])
        #expect(document.target?.blankPages == nil)
    }

    @Test func aBookAskingForNoSpreadsGetsNoBlank() {
        let document = Self.document(sides: [.right, .right, .left], spread: Rendition.Spread.none)
        #expect(Self.chapterIndices(document) == [4, 5, 6])
        #expect(document.target?.blankPages == nil)
        #expect(document.metadata.rendition == BookRendition(layout: .prePaginated, spread: RenditionSpread.none))
    }

    @Test func aTargetOfOnePageAScreenGetsNoBlank() throws {
        let single = try PageCurlTarget(TargetRequest())
        #expect(Self.chapterIndices(Self.document(sides: [.right, .right], target: single)) == [4, 5])
        let double = try PageCurlTarget(TargetRequest(doubleSided: true))
        #expect(Self.chapterIndices(Self.document(sides: [.right, .right], target: double)) == [4, 6])
    }

    /// Right to left, even pages are left-hand ones (`PageTargets.spreads`): index 4 is on the left.
    @Test func rightToLeftTheSidesSwap() throws {
        let document = Self.document(sides: [.left, .right, .right], direction: .rightToLeft)
        #expect(Self.chapterIndices(document) == [4, 5, 7])
        #expect(document.target?.blankPages == [6])
        // The spreads the target gives put each page where it asked to be.
        guard case .spreads(let spreads) = document.target?.grouping else { Issue.record("no spreads"); return }
        #expect(spreads.contains { $0.left == 4 } && spreads.contains { $0.right == 5 } && spreads.contains { $0.right == 7 })
    }

    @Test func theStreamPlacesPagesAsTheWholeListDoes() {
        let book = Self.book(sides: [.right, .right, .left, .left])
        let pages = [PageSide.right, .right, .left, .left].enumerated().map { Self.designed(chapter: $0.offset, side: $0.element) }
        let spreads = SpreadPlacement(for: book.metadata, target: TestPages.target)
        let collector = PageCollector(spreads: spreads)
        collector.add(Array(pages[0..<1]))
        collector.add(Array(pages[1...]))
        #expect(collector.finish(book) == PageListBuilder.pages(of: book, paged: PagedBook(pages: pages, tocPageIndices: []),
                                                                 spreads: spreads))
    }

    @Test func aFlowedBookSaysNothingOfRendition() {
        let book = Book(metadata: Metadata(title: "Flowed"), chapters: [Chapter(source: "c.xhtml", blocks: [])])
        #expect(PageListBuilder.metadata(of: book).rendition == nil)
        var mixed = Self.book(sides: [nil])
        mixed.chapters.append(Chapter(source: "c.xhtml", blocks: []))
        #expect(PageListBuilder.metadata(of: mixed).rendition?.layout == .mixed)
    }
}
