import Foundation
import PageFormat
import Testing

/// Tables in the format: a page's `boxes` and `cells`, a line's `cell` and the `table` role,
/// all absent from pages without a table, so older documents read as pages without one.
struct TablePageFormatTests {
    static let page = #"""
    {"type":"content","text":"Name\nAda","folio":1,"chapter":0,"indexInChapter":0,
     "boxes":[{"kind":"background","x":40,"y":40,"width":200,"height":30,"color":"#E8E2D6"},
              {"kind":"rule","x":40,"y":70,"width":200,"height":1,"color":"#000000"},
              {"kind":"shadow","x":41,"y":71,"width":200,"height":1,"color":"#00000080"}],
     "cells":[{"table":0,"row":0,"column":0,"columnSpan":2,"x":40,"y":40,"width":200,"height":30,"header":true},
              {"table":0,"row":1,"column":0,"x":40,"y":70,"width":100,"height":30}],
     "lines":[{"text":"Name","x":46,"y":43,"width":40,"role":"table","cell":{"table":0,"row":0,"column":0}},
              {"text":"Ada","x":46,"y":73,"width":25,"role":"table","cell":{"table":0,"row":1,"column":0}}]}
    """#

    func decoded(_ page: String) throws -> ChapterPage {
        var object = try JSONSerialization.jsonObject(with: Data(PageFormatDecodingTests.minimal.utf8)) as! [String: Any]
        var pages = object["pages"] as! [[String: Any]]
        pages[4] = try JSONSerialization.jsonObject(with: Data(page.utf8)) as! [String: Any]
        object["pages"] = pages
        let document = try PageDocument(jsonData: JSONSerialization.data(withJSONObject: object))
        return try #require(document.pages[4].content)
    }

    @Test func boxesCellsAndCellLinesDecode() throws {
        let shown = try decoded(Self.page)
        #expect(shown.boxes.map(\.kind) == [.background, .rule, .other("shadow")])
        #expect(shown.boxes[0].color == PageColor(red: 0xE8, green: 0xE2, blue: 0xD6))
        #expect(shown.boxes[2].color.alpha == 0x80)
        // Spans of 1 and false flags go unsaid.
        #expect(shown.cells[0] == PageCell(table: 0, row: 0, column: 0, columnSpan: 2, x: 40, y: 40, width: 200, height: 30,
                                           header: true))
        #expect(shown.cells[1].rowSpan == 1 && shown.cells[1].columnSpan == 1 && !shown.cells[1].header && !shown.cells[1].repeated)
        #expect(shown.lines.map(\.role) == [.table, .table])
        #expect(shown.lines[0].cell == CellPlace(table: 0, row: 0, column: 0))
    }

    /// A line's cell keeps its numbers in 32 bits: a document with a larger one is refused as
    /// a decoding error, as the schema's maximum says, not cut short or trapped on.
    @Test func aCellNumberPast32BitsIsADecodingError() throws {
        let page = Self.page.replacingOccurrences(of: #""cell":{"table":0,"row":1,"#, with: #""cell":{"table":0,"row":2147483648,"#)
        #expect(page != Self.page)
        #expect(throws: DecodingError.self) { try decoded(page) }
        let largest = Self.page.replacingOccurrences(of: #""cell":{"table":0,"row":1,"#, with: #""cell":{"table":0,"row":2147483647,"#)
        #expect(try decoded(largest).lines[1].cell?.row == 2_147_483_647)
    }

    @Test func aCellsLinesAreFoundFromEitherSide() throws {
        let shown = try decoded(Self.page)
        #expect(shown.lines(in: shown.cells[0]).map(\.text) == ["Name"])
        #expect(shown.lines(in: shown.cells[1]).map(\.text) == ["Ada"])
        #expect(shown.cell(of: shown.lines[1]) == shown.cells[1])
        // A repeated header's lines belong to the repeated cell only.
        var repeated = shown.cells[0]
        repeated.repeated = true
        #expect(shown.lines(in: repeated).isEmpty)
        #expect(shown.cell(of: PageLine(text: "plain", x: 0, y: 0, width: 1)) == nil)
    }

    @Test func aPageWithoutATableHasNoneAndWritesNone() throws {
        let shown = try decoded(#"{"type":"content","text":"a","folio":1,"chapter":0,"indexInChapter":0,"lines":[{"text":"a","x":1,"y":2,"width":3}]}"#)
        #expect(shown.boxes.isEmpty && shown.cells.isEmpty && shown.lines[0].cell == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(Page(.content(shown))), as: UTF8.self)
        #expect(json == #"{"chapter":0,"folio":1,"indexInChapter":0,"lines":[{"text":"a","width":3,"x":1,"y":2}],"text":"a","type":"content"}"#)
    }

    @Test func aBoxWritesItsKindAndColour() throws {
        let box = PageBox(kind: .rule, x: 1, y: 2, width: 3, height: 0.5, color: PageColor(red: 0, green: 0, blue: 0))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(box), as: UTF8.self)
            == ##"{"color":"#000000","height":0.5,"kind":"rule","width":3,"x":1,"y":2}"##)
    }
}
