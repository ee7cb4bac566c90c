import BookModel
import Foundation
import Layout
import PageFormat
import PageWriter
import Testing
import Targets
import PageJSON

/// Images on the output's pages: alt text only when there is one, and a page of images alone
/// numbered and grouped as a content page is, keeping its place in the chapter.
struct PageImagesTests {
    static func document() -> PageDocument {
        let line = PageLine(text: "Text.", x: 25, y: 30, width: 30)
        let pages = [
            TestPages.content(chapter: 0, index: 0, lines: [line],
                              images: [PageImage(path: "OEBPS/a.png", alt: "", x: 37.5, y: 70, width: 230, height: 100)]),
            Page(.image(ChapterPage(folio: 0, chapter: 0, indexInChapter: 1,
                                    images: [PageImage(path: "OEBPS/b.jpg", alt: "A plate", x: 25, y: 30, width: 255, height: 340)]))),
        ]
        let paged = PagedBook(pages: pages, tocPageIndices: [])
        let book = Book(metadata: Metadata(title: "T"), chapters: [Chapter(source: "c.xhtml", blocks: [])])
        return PageListBuilder.document(for: book, paged: paged, layout: TestPages.layout, target: try! ReaderTarget(TargetRequest()))
    }

    @Test func anEmptyAltIsNone() throws {
        let page = Self.document().pages[4]
        #expect(page.content?.images == [PageImage(path: "OEBPS/a.png", x: 37.5, y: 70, width: 230, height: 100)])
        #expect(page.content?.images.first?.alt == nil)
    }

    @Test func aPageOfImagesAloneIsNumberedAndGroupedInItsChapter() throws {
        let document = Self.document()
        let page = document.pages[5]
        guard case .image(let shown) = page.kind else {
            Issue.record("page 5 is \(page.kind.type), not image")
            return
        }
        #expect(shown.text.isEmpty && shown.lines.isEmpty)
        #expect(shown.folio == 2 && shown.chapter == 0 && shown.indexInChapter == 1)
        // It counts in its chapter, for every target's grouping.
        #expect(document.chapters.first?.pageCount == 2)
        #expect(document.target?.grouping == .chapters([.init(chapter: 0, pages: [4, 5])]))
    }

    @Test func imagesRoundTripThroughJSON() throws {
        let document = Self.document()
        let decoded = try PageDocument(jsonData: try document.jsonData(pretty: false))
        #expect(decoded.pages == document.pages)
        let json = String(decoding: try document.jsonData(pretty: false), as: UTF8.self)
        #expect(json.contains(#""images":[{"height":100,"path":"OEBPS\/a.png","width":230,"x":37.5,"y":70}]"#)
                || json.contains(#""images":[{"height":100,"path":"OEBPS/a.png","width":230,"x":37.5,"y":70}]"#))
    }
}
