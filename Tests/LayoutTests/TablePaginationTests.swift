@testable import Layout
import PageFormat
import Testing

/// The paginator with a table's slices: pages break between bands of rows only, and a page the
/// table goes on to starts with its header again.
@Suite struct TablePaginationTests {
    private static func slice(_ row: Int, height: Double, breakable: Bool, repeated: Bool = false) -> SetTable.Slice {
        let place = CellPlace(table: 0, row: row, column: 0, repeated: repeated)
        var line = SetLine(text: "row \(row)", x: 2, y: 2, width: 30, height: 12, source: repeated ? nil : row * 10..<row * 10 + 5)
        line.cell = place
        line.role = .table
        return SetTable.Slice(height: height, lines: [line],
                              cells: [PageCell(table: 0, row: row, column: 0, x: 0, y: 0, width: 100, height: height,
                                               header: row == 0, repeated: repeated)],
                              breakable: breakable)
    }

    /// A header row and nine rows of 40 on pages 200 tall.
    private static func table() -> SetParagraph {
        let slices = [slice(0, height: 30, breakable: false), slice(1, height: 40, breakable: false)]
            + (2..<10).map { slice($0, height: 40, breakable: true) }
        let table = SetTable(slices: slices, header: slice(0, height: 30, breakable: false, repeated: true), headerSlices: 1)
        return SetParagraph(lines: slices.map { SetLine(text: "", x: 0, y: 0, width: 0, height: $0.height) },
                            pageBreak: .splittable, gapBefore: false, table: table)
    }

    @Test func theHeaderRepeatsOnEveryPageTheTableGoesOnTo() {
        let pages = Paginator(contentHeight: 200, gapHeight: 16).paginate([Self.table()]).pages
        #expect(pages.count == 3)
        // 30 + 4 × 40 = 190 on the first page; then the header and four more; then the header and one.
        #expect(pages.map { $0.cells.filter { !$0.repeated }.map(\.row) } == [[0, 1, 2, 3, 4], [5, 6, 7, 8], [9]])
        #expect(pages.dropFirst().allSatisfy { $0.cells.first?.repeated == true && $0.cells.first?.y == 0 })
        #expect(pages[1].cells[1].y == 30, "the rows go on below the header")
        // The header shown again is not the page's text, nor its location.
        #expect(pages[1].text == "row 5\nrow 6\nrow 7\nrow 8")
        #expect(pages[1].source == 50..<85)
    }
}
