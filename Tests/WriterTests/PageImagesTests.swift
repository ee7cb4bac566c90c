import BookModel
import Foundation
import Layout
import PageFormat
import PageWriter
import Testing

/// Images on the output's pages: boxes in page coordinates, alt text only when there is one,
/// and a page of images alone written as an `image` page that keeps its place in the chapter.
struct PageImagesTests {
    static let geometry = PageGeometry(pageSize: Size(width: 300, height: 400),
                                       margins: EdgeInsets(top: 30, right: 20, bottom: 30, left: 25))

    static func document() -> PageDocument {
        let line = LaidOutLine(text: "Text.", x: 0, y: 0, width: 30, height: 20)
        let pages = [
            LaidOutPage(chapterIndex: 0, lines: [line],
                        images: [LaidOutImage(path: "OEBPS/a.png", alt: "", x: 12.5, y: 40, width: 230.004, height: 100)]),
            LaidOutPage(chapterIndex: 0, lines: [],
                        images: [LaidOutImage(path: "OEBPS/b.jpg", alt: "A plate", x: 0, y: 0, width: 255, height: 340)]),
        ]
        let fonts = FontReport(requested: "Liberation Serif", family: "Liberation Serif", file: "f.ttf",
                               postScriptName: "LiberationSerif", iOSFontName: "TimesNewRomanPSMT", size: 17, lineHeight: 23.8)
        let paged = PagedBook(pages: pages, tocPageIndices: [], geometry: geometry, fonts: fonts)
        let book = Book(metadata: Metadata(title: "T"), chapters: [Chapter(source: "c.xhtml", blocks: [])])
        return PageListBuilder.document(for: book, paged: paged, bounds: nil, target: .reader)
    }

    @Test func boxesAreInPageCoordinatesRounded() throws {
        let page = Self.document().pages[4]
        #expect(page.type == .content)
        #expect(page.images == [PageImage(path: "OEBPS/a.png", x: 37.5, y: 70, width: 230, height: 100)])
        #expect(page.images?.first?.alt == nil)
        #expect(page.text == "Text.")
    }

    @Test func aPageOfImagesAloneIsAnImagePage() throws {
        let document = Self.document()
        let page = document.pages[5]
        #expect(page.type == .image && page.hasKnownType)
        #expect(page.text == nil && page.lines == nil)
        #expect(page.images == [PageImage(path: "OEBPS/b.jpg", alt: "A plate", x: 25, y: 30, width: 255, height: 340)])
        #expect(page.folio == 2 && page.chapter == 0 && page.indexInChapter == 1)
        // It counts in its chapter, for every target's grouping.
        #expect(document.chapters.first?.pageCount == 2)
        #expect(document.target?.chapters?.first?.pages == [4, 5])
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
