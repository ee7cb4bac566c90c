import BookModel
import Layout
import PageFormat
@testable import PageWriter
import Targets
import Testing

/// `--chapter-start right`: on a screen of two pages, each chapter opens on the right-hand page,
/// a blank page before it where it would fall on the left, as print does; the chapters, the
/// table of contents and the page numbers see through the blanks.
struct ChapterStartTests {
    static func book(chapters: Int, direction: TextDirection = .leftToRight) -> Book {
        Book(metadata: Metadata(title: "Chapters", direction: direction),
             chapters: (0..<chapters).map { Chapter(source: "c\($0).xhtml", blocks: []) },
             toc: (0..<chapters).map { TOCEntry(title: "Chapter \($0 + 1)", level: 1, chapterIndex: $0) })
    }

    /// A flowed book whose chapters are `lengths` pages long.
    static func document(lengths: [Int], chapterStart: ChapterStart, direction: TextDirection = .leftToRight,
                         target: (any PageTarget)? = nil) throws -> PageDocument {
        var pages: [Page] = []
        var firsts: [Int] = []
        for (chapter, length) in lengths.enumerated() {
            firsts.append(pages.count)
            for index in 0..<length {
                pages.append(TestPages.content(chapter: chapter, index: index, lines: [PageLine(text: "c\(chapter) p\(index)", x: 40, y: 40, width: 50)]))
            }
        }
        let target = try target ?? BookLayoutTarget(TargetRequest(chapterStart: chapterStart))
        return PageListBuilder.document(for: book(chapters: lengths.count, direction: direction),
                                        paged: PagedBook(pages: pages, tocPageIndices: firsts), layout: TestPages.layout,
                                        target: target)
    }

    static func firstPages(_ document: PageDocument) -> [Int] {
        document.pages.indices.filter { document.pages[$0].shown?.indexInChapter == 0 }
    }

    @Test func everyChapterOpensOnARightHandPage() throws {
        let document = try Self.document(lengths: [3, 2, 1, 4, 1], chapterStart: .right)
        let firsts = Self.firstPages(document)
        #expect(firsts == [4, 8, 10, 12, 16])
        #expect(firsts.allSatisfy { PageTargets.isRightHand($0, rightToLeft: false) })
        #expect(document.target?.blankPages == [7, 11])
        #expect(document.target?.blankPages?.allSatisfy { document.pages[$0].kind == .blank } == true)
        // The chapters and the table of contents name the first pages, and folios count only the
        // chapters' own pages.
        #expect(document.chapters.map(\.page) == firsts)
        #expect(document.toc.map(\.page) == firsts)
        #expect(document.pages.compactMap(\.shown?.folio) == Array(1...11))
        #expect(document.pages.count % 2 == 0)
    }

    @Test func anyLetsChaptersFallOnEitherSide() throws {
        let document = try Self.document(lengths: [3, 2, 1, 4, 1], chapterStart: .any)
        #expect(Self.firstPages(document) == [4, 7, 9, 10, 14])
        #expect(document.target?.blankPages == nil)
    }

    /// Right to left, the right-hand pages are the odd indices: the first chapter gets a blank.
    @Test func rightToLeftTheRightHandPagesAreTheOddOnes() throws {
        let document = try Self.document(lengths: [2, 2], chapterStart: .right, direction: .rightToLeft)
        let firsts = Self.firstPages(document)
        #expect(firsts == [5, 7])
        #expect(firsts.allSatisfy { PageTargets.isRightHand($0, rightToLeft: true) })
        #expect(document.target?.blankPages == [4])
    }

    @Test func aDoubleSidedPageCurlTakesItAndTargetsOfOnePageRefuseIt() throws {
        let curl = try PageCurlTarget(TargetRequest(doubleSided: true, chapterStart: .right))
        #expect(Self.firstPages(try Self.document(lengths: [1, 1], chapterStart: .right, target: curl)) == [4, 6])
        #expect(throws: TargetError.self) { try PageCurlTarget(TargetRequest(chapterStart: .right)) }
        #expect(throws: TargetError.self) { try ReaderTarget(TargetRequest(chapterStart: .right)) }
        #expect(throws: TargetError.self) { try SwiftUIBookTarget(TargetRequest(chapterStart: .right)) }
        #expect(try ReaderTarget(TargetRequest(chapterStart: .any)).chapterStart == .any)
    }

    @Test func theStreamPlacesChaptersAsTheWholeListDoes() throws {
        let book = Self.book(chapters: 3)
        let target = try BookLayoutTarget(TargetRequest(chapterStart: .right))
        let pages = [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)].map {
            TestPages.content(chapter: $0.0, index: $0.1, lines: [PageLine(text: "x", x: 40, y: 40, width: 5)])
        }
        let spreads = SpreadPlacement(for: book.metadata, target: target)
        #expect(spreads != nil)
        let collector = PageCollector(spreads: spreads)
        collector.add(Array(pages[0..<3]))
        collector.add(Array(pages[3...]))
        let whole = PageListBuilder.pages(of: book, paged: PagedBook(pages: pages, tocPageIndices: []), spreads: spreads)
        #expect(collector.finish(book) == whole)
        #expect(whole.indices.filter { whole[$0].shown?.indexInChapter == 0 } == [4, 6, 8])
    }

    /// The layout asks the page list, before it cuts a chapter into pages, whether its first page
    /// opens a spread: pages at odd indices do, after the blank `--chapter-start right` may add.
    @Test func theStreamSaysWhetherTheNextChapterOpensASpread() throws {
        func stream(_ request: TargetRequest, direction: TextDirection = .leftToRight, pages: Int) throws -> PageStream {
            var stream = PageStream(spreads: SpreadPlacement(for: Self.book(chapters: 1, direction: direction).metadata,
                                                            target: try BookLayoutTarget(request)))
            _ = stream.content((0..<pages).map { TestPages.content(chapter: 0, index: $0, lines: []) })
            return stream
        }
        // The first content page is at index 4, a right-hand page: it closes a spread.
        #expect(try stream(TargetRequest(), pages: 0).nextChapterOpensSpread() == false)
        #expect(try stream(TargetRequest(), pages: 1).nextChapterOpensSpread() == true)
        #expect(try stream(TargetRequest(), pages: 2).nextChapterOpensSpread() == false)
        // Opened on the right, a chapter's first page closes a spread left to right, opens one right to left.
        for pages in 0..<3 {
            #expect(try stream(TargetRequest(chapterStart: .right), pages: pages).nextChapterOpensSpread() == false)
            #expect(try stream(TargetRequest(chapterStart: .right), direction: .rightToLeft, pages: pages).nextChapterOpensSpread() == true)
        }
        #expect(try stream(TargetRequest(alignSpreads: false), pages: 1).nextChapterOpensSpread() == nil)
        #expect(PageStream().nextChapterOpensSpread() == nil)
    }
}
