import BookModel
import Foundation
import Layout
import PageFormat
import PageWriter
import Testing
import PageJSON

/// Each content page carries its lines as the layout placed them, and the JSON writes a line's
/// flags only when they are true.
struct PageLinesTests {
    static func document() -> PageDocument {
        let lines = [
            PageLine(text: "A justified line that ends in a hyph-", x: 25, y: 30, width: 255, hyphenated: true, justified: true),
            PageLine(text: "enated word.", x: 25, y: 53.8, width: 80.12),
            PageLine(text: "", x: 25, y: 77.6, width: 0),
        ]
        let paged = PagedBook(pages: [TestPages.content(chapter: 0, index: 0, lines: lines)], tocPageIndices: [])
        let book = Book(metadata: Metadata(title: "T"), chapters: [Chapter(source: "c.xhtml", blocks: [])])
        return PageListBuilder.document(for: book, paged: paged, layout: TestPages.layout, target: TestPages.target)
    }

    @Test func linesAreTheLayoutsAsTheyCame() throws {
        let page = try #require(Self.document().pages.first { $0.content != nil })
        #expect(page.shown?.lines.map(\.x) == [25, 25, 25] && page.shown?.lines.map(\.y) == [30, 53.8, 77.6])
        #expect(page.shown?.folio == 1)
    }

    @Test func flagsAppearOnlyWhenTrue() throws {
        let json = try JSONSerialization.jsonObject(with: Self.document().jsonData()) as! [String: Any]
        let page = (json["pages"] as! [[String: Any]]).first { $0["type"] as? String == "content" }!
        let lines = page["lines"] as! [[String: Any]]
        #expect(lines[0]["hyphenated"] as? Bool == true)
        #expect(lines[0]["justified"] as? Bool == true)
        #expect(lines[1]["hyphenated"] == nil && lines[1]["justified"] == nil)
        #expect(Set(lines[1].keys) == ["text", "x", "y", "width"])
    }
}
