import BookModel
import Layout
import PageFormat
import Targets
@testable import PageWriter
import Testing

/// The fixed structure of BRIEF §3 and seed 000, whatever the number of content pages.
struct PageListStructureTests {
    static func paged(contentPages: Int, tocPages: [Int?] = []) -> PagedBook {
        let pages = (0..<contentPages).map { index in
            TestPages.content(chapter: index / 3, index: index % 3, lines: [
                PageLine(text: "page \(index + 1) line one", x: 40, y: 40, width: 100),
                PageLine(text: "line two", x: 40, y: 63.8, width: 50),
            ])
        }
        return PagedBook(pages: pages, tocPageIndices: tocPages)
    }

    static func layout(bounds: Dimensions) -> LayoutDescription {
        var layout = TestPages.layout
        layout.bounds = bounds
        return layout
    }

    static let book = Book(metadata: Metadata(title: "A Title", authors: ["First Author", "Second"]),
                           chapters: [], cover: ImageReference(path: "OEBPS/cover.png"))

    @Test(arguments: 0...7)
    func evenCountAndFixedFrontMatter(contentPages: Int) {
        let pages = PageListBuilder.pages(of: Self.book, paged: Self.paged(contentPages: contentPages))
        #expect(pages.count % 2 == 0)
        #expect(pages[0].kind.type == "invisible" && pages[1].kind.type == "invisible")
        #expect(pages[2] == Page(.cover(image: "OEBPS/cover.png"), title: "A Title", subtitle: "First Author, Second"))
        #expect(pages[3].kind.type == "blank")
        let content = pages.filter { $0.content != nil }
        #expect(content.count == contentPages)
        #expect(content.map(\.shown?.folio) == (0..<contentPages).map { $0 + 1 })
        // Content sits right after the inside cover, and only blanks follow it.
        #expect(pages[4..<(4 + contentPages)].allSatisfy { $0.content != nil })
        #expect(pages[(4 + contentPages)...].allSatisfy { $0.kind.type == "blank" })
        // At most one padding page before the back inside cover.
        #expect(pages.count - 4 - contentPages <= 2)
    }

    @Test func contentPagesCarryTheirTextAndChapter() {
        let pages = PageListBuilder.pages(of: Self.book, paged: Self.paged(contentPages: 4))
        #expect(pages[4].shown?.text == "page 1 line one\nline two")
        #expect(pages[7].shown?.chapter == 1)
        #expect(pages[4].title == nil)
    }

    @Test func coverWithoutAuthorsOrImage() {
        let book = Book(metadata: Metadata(title: "Untitled"), chapters: [])
        let pages = PageListBuilder.pages(of: book, paged: Self.paged(contentPages: 1))
        #expect(pages[2] == Page(.cover(image: nil), title: "Untitled"))
    }

    @Test func tocPointsIntoThePageList() {
        var book = Self.book
        book.toc = [TOCEntry(title: "One", level: 1, chapterIndex: 0),
                    TOCEntry(title: "One, part two", level: 2, chapterIndex: 0, anchor: "p2")]
        let document = PageListBuilder.document(for: book, paged: Self.paged(contentPages: 5, tocPages: [0, 3]),
                                                layout: Self.layout(bounds: Dimensions(width: 1024, height: 768)), target: TestPages.target)
        #expect(document.toc == [TOCItem(title: "One", level: 1, page: 4, folio: 1),
                                 TOCItem(title: "One, part two", level: 2, page: 7, folio: 4)])
        #expect(document.pages[document.toc[1].page].shown?.folio == 4)
    }

    @Test func layoutIsTheLayoutsWithTheStandInsFound() {
        let document = PageListBuilder.document(for: Self.book, paged: Self.paged(contentPages: 1),
                                                layout: Self.layout(bounds: Dimensions(width: 1024, height: 768)), target: TestPages.target)
        #expect(document.layout == Self.layout(bounds: Dimensions(width: 1024, height: 768)))
        #expect(document.layout.standIns == nil)
        var paged = Self.paged(contentPages: 1)
        let face = FaceDescription(role: "standIn", family: "Noto Naskh Arabic", file: "NotoNaskhArabic-Regular.ttf",
                                   postScriptName: "NotoNaskhArabic", iOSFontName: "NotoNaskhArabic")
        paged.standIns = [face]
        let direct = PageListBuilder.document(for: Self.book, paged: paged, layout: TestPages.layout, target: TestPages.target)
        #expect(direct.layout.bounds == nil && direct.layout.standIns == [face] && direct.layout.font == TestPages.layout.font)
    }

    @Test func metadataCarriesDirection() {
        var book = Self.book
        book.metadata.direction = .rightToLeft
        book.metadata.language = "ar"
        let metadata = PageListBuilder.metadata(of: book)
        #expect(metadata.direction == .rightToLeft)
        #expect(metadata.language == "ar")
    }

    @Test func chaptersSayWhereTheyStartAndHowLongTheyAre() {
        var book = Self.book
        book.chapters = [Chapter(source: "a.xhtml", title: "A", blocks: []),
                         Chapter(source: "empty.xhtml", blocks: []),
                         Chapter(source: "b.xhtml", title: "B", blocks: []),
                         Chapter(source: "notes.xhtml", blocks: [], isLinear: false)]
        // Pages 0–2 belong to chapter 0 and 3–4 to chapter 1 in `paged`: renumber to skip "empty".
        let pages = Self.paged(contentPages: 5).pages.map { page in
            var page = page
            if page.shown?.chapter == 1 { page.shown?.chapter = 2 }
            return page
        }
        let paged = PagedBook(pages: pages, tocPageIndices: [])
        #expect(paged.chapterPageCounts == [3, 0, 2])
        let chapters = PageListBuilder.chapters(of: book, paged: paged)
        #expect(chapters == PageListBuilder.chapters(of: book, paged: PagedBook(
            pages: [], chapterPageCounts: [3, 0, 2, 0], tocPageIndices: [])))
        #expect(chapters == [
            ChapterItem(title: "A", source: "a.xhtml", linear: true, page: 4, pageCount: 3),
            ChapterItem(title: nil, source: "empty.xhtml", linear: true, page: nil, pageCount: 0),
            ChapterItem(title: "B", source: "b.xhtml", linear: true, page: 7, pageCount: 2),
            ChapterItem(title: nil, source: "notes.xhtml", linear: false, page: nil, pageCount: 0),
        ])
    }

    @Test func tocEntriesWithNowhereToPointAreLeftOut() {
        var book = Self.book
        book.toc = [TOCEntry(title: "One", level: 1, chapterIndex: 0)]
        let document = PageListBuilder.document(for: book, paged: Self.paged(contentPages: 0, tocPages: [nil]),
                                                layout: TestPages.layout, target: TestPages.target)
        #expect(document.toc.isEmpty)
        #expect(document.pages.allSatisfy { $0.content == nil })
    }
}

/// Where the layout's pages stand in the page list, found from the few pages that show no
/// chapter: the same as counting the shown pages one by one.
struct ContentPlacesTests {
    @Test(arguments: 0..<8)
    func eachContentPageIsFoundWhereItStands(seed: Int) {
        // Runs of shown pages among blanks, single and in runs, as spreads and the front and
        // back pages make them; the first case has none, the second no blank.
        let count = seed * 57
        let pages = (0..<count).map { index -> Page in
            seed > 1 && (index * index + seed * index) % (seed + 2) == 0
                ? Page(.blank) : TestPages.content(chapter: 0, index: index, lines: [])
        }
        let outlines = pages.map { PageOutline($0) }
        let shown = outlines.indices.filter { outlines[$0].isShown }
        let placed = PageListBuilder.ContentPlaces(outlines)
        for contentIndex in 0..<shown.count + 5 {
            let expected = contentIndex < shown.count ? shown[contentIndex] : PageListBuilder.firstContentIndex + contentIndex
            #expect(placed[contentIndex] == expected, "case \(seed), content page \(contentIndex)")
        }
    }

    @Test func withNoPagesEachFollowsTheFrontPages() {
        let placed = PageListBuilder.ContentPlaces([])
        #expect((0..<4).map { placed[$0] } == (0..<4).map { PageListBuilder.firstContentIndex + $0 })
    }
}
