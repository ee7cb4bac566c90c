import BookModel
import Layout
import PageFormat
@testable import PageWriter
import Testing
import PageJSON

/// Pages collected chapter by chapter, as the layout delivers them, are the page list made
/// from the whole laid-out book: numbered on across chapters, front and back matter included.
struct PageCollectorTests {
    @Test(arguments: [0, 1, 5, 8])
    func collectingChapterByChapterGivesTheWholeList(contentPages: Int) throws {
        let paged = PageListStructureTests.paged(contentPages: contentPages)
        let book = PageListStructureTests.book
        let collector = PageCollector(writesJSON: true)
        // Chapters as the layout hands them on: runs of pages of one chapter (three a chapter here).
        var start = 0
        while start < paged.pages.count {
            let chapter = paged.pages[start].shown?.chapter
            let end = paged.pages[start...].firstIndex { $0.shown?.chapter != chapter } ?? paged.pages.count
            collector.add(Array(paged.pages[start..<end]))
            start = end
        }
        let collected = collector.finish(book)
        #expect(collected == PageListBuilder.pages(of: book, paged: paged))
        #expect(collected.filter { $0.content != nil }.map(\.shown?.indexInChapter) == paged.pages.indices.map { $0 % 3 })
        let document = PageListBuilder.document(for: book, paged: paged, layout: TestPages.layout, target: TestPages.target, pages: collected)
        #expect(document == PageListBuilder.document(for: book, paged: paged, layout: TestPages.layout, target: TestPages.target))
        // The pages' JSON, written as they came, is the page list's.
        let encoded = try #require(collector.encodedPages)
        #expect(encoded.count == collected.count)
        #expect(try document.jsonData(encodedPages: encoded) == document.jsonData())
    }

    @Test func noJSONUnlessAsked() {
        let paged = PageListStructureTests.paged(contentPages: 2)
        let collector = PageCollector()
        collector.add(paged.pages)
        _ = collector.finish(PageListStructureTests.book)
        #expect(collector.encodedPages == nil)
    }
}
