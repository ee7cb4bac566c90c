import BookModel
import Foundation
import Layout
import PageFormat
import PageWriter
import Testing

/// Each content page carries its lines: page coordinates, and flags present only when true.
struct PageLinesTests {
    static let geometry = PageGeometry(pageSize: Size(width: 300, height: 400),
                                       margins: EdgeInsets(top: 30, right: 20, bottom: 30, left: 25))

    static func document() -> PageDocument {
        let lines = [
            LaidOutLine(text: "A justified line that ends in a hyph-", x: 0, y: 0, width: 255, height: 23.8,
                        hyphenated: true, justified: true),
            LaidOutLine(text: "enated word.", x: 0, y: 23.8, width: 80.123456, height: 23.8),
            LaidOutLine(text: "", x: 0, y: 47.6, width: 0, height: 23.8),
        ]
        let fonts = FontReport(requested: "Liberation Serif", family: "Liberation Serif", file: "f.ttf",
                               postScriptName: "LiberationSerif", iOSFontName: "TimesNewRomanPSMT", size: 17, lineHeight: 23.8)
        let paged = PagedBook(pages: [LaidOutPage(chapterIndex: 0, lines: lines)], tocPageIndices: [],
                              geometry: geometry, fonts: fonts)
        let book = Book(metadata: Metadata(title: "T"), chapters: [Chapter(source: "c.xhtml", blocks: [])])
        return PageListBuilder.document(for: book, paged: paged, bounds: nil)
    }

    @Test func linesMatchTheTextOneForOne() throws {
        let page = try #require(Self.document().pages.first { $0.type == .content })
        let lines = try #require(page.lines)
        #expect(lines.map(\.text) == page.text?.components(separatedBy: "\n"))
    }

    @Test func positionsAreFromThePagesCorner() throws {
        let lines = try #require(Self.document().pages.first { $0.type == .content }?.lines)
        #expect(lines.map(\.x) == [25, 25, 25])
        #expect(lines.map(\.y) == [30, 53.8, 77.6])
        #expect(lines.map(\.width) == [255, 80.12, 0])
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
