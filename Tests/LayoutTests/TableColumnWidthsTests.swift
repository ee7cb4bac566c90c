import Testing
@testable import Layout

@Suite struct TableColumnWidthsTests {
    private typealias Cell = TableColumnWidths.Cell

    private func cell(_ column: Int, _ minimum: Double, _ maximum: Double, span: Int = 1,
                      width: TableColumnWidths.Width = .auto) -> Cell {
        Cell(columns: column..<column + span, minimum: minimum, maximum: maximum, width: width)
    }

    /// Room for every column's maximum: each takes it, and the table is no wider.
    @Test func roomForEverythingGivesTheMaximum() {
        let widths = TableColumnWidths(cells: [cell(0, 30, 100), cell(1, 20, 50), cell(0, 10, 80)],
                                       columnWidths: [.auto, .auto], spacing: 2, available: 500, tableWidth: .auto)
        #expect(widths.columns == [100, 50])
        #expect(widths.minimum == 56)
        #expect(widths.maximum == 156)
        #expect(widths.width == 156)
    }

    /// Less room than the maximum: each column is as far from its minimum towards its maximum
    /// as the others.
    @Test func lessRoomSharesTheWayFromMinimumToMaximum() {
        let widths = TableColumnWidths(cells: [cell(0, 20, 120), cell(1, 20, 220)],
                                       columnWidths: [.auto, .auto], spacing: 0, available: 190, tableWidth: .auto)
        // 40 at minimum, 340 at maximum: 150 of 300 more, half the way.
        #expect(widths.columns == [70, 120])
    }

    /// Too little room: every column at its minimum, wider than the room, which the caller sees.
    @Test func tooLittleRoomKeepsTheMinimum() {
        let widths = TableColumnWidths(cells: [cell(0, 80, 120), cell(1, 90, 220)],
                                       columnWidths: [.auto, .auto], spacing: 4, available: 100, tableWidth: .auto)
        #expect(widths.columns == [80, 90])
        #expect(widths.width == 182)
        #expect(widths.minimum > 100)
    }

    /// A table asking for more than its maximum widens the columns that asked for nothing, in
    /// proportion to their maximum; a column asking for a length keeps it.
    @Test func aWideTableWidensTheOpenColumns() {
        let widths = TableColumnWidths(cells: [cell(0, 10, 50), cell(1, 10, 150), cell(2, 10, 20, width: .points(60))],
                                       columnWidths: [.auto, .auto, .auto], spacing: 0, available: 500,
                                       tableWidth: .points(460))
        #expect(widths.columns == [100, 300, 60])
    }

    /// A percentage is of the width the columns share; lengths come before open columns.
    @Test func percentagesAndLengthsComeFirst() {
        let widths = TableColumnWidths(cells: [cell(0, 10, 300), cell(1, 10, 300), cell(2, 10, 300)],
                                       columnWidths: [.fraction(0.5), .points(100), .auto], spacing: 0,
                                       available: 400, tableWidth: .auto)
        // The half: 200. The length: 100. What is left: 100, for the open column.
        #expect(zip(widths.columns, [200, 100, 100]).allSatisfy { abs($0 - $1) < 1e-9 })
        let narrow = TableColumnWidths(cells: [cell(0, 10, 300), cell(1, 10, 300), cell(2, 10, 300)],
                                       columnWidths: [.fraction(0.5), .points(100), .auto], spacing: 0,
                                       available: 150, tableWidth: .auto)
        // Only 150: the percentage column takes its 75 first, then the length column goes from
        // its minimum towards its 100 as far as the rest allows; the open one keeps its minimum.
        #expect(zip(narrow.columns, [75, 65, 10]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    /// A spanning cell wider than its columns widens them in proportion to their maximum.
    @Test func aSpanningCellWidensItsColumns() {
        let widths = TableColumnWidths(cells: [cell(0, 10, 30), cell(1, 10, 90), cell(0, 200, 400, span: 2)],
                                       columnWidths: [.auto, .auto], spacing: 0, available: 1000, tableWidth: .auto)
        // Maximum 120 across, the cell wants 400: 100 and 300.
        #expect(widths.columns == [100, 300])
        #expect(widths.minimum == 200)
    }

    /// The fixed layout reads the columns and the first row only, and shares the rest evenly.
    @Test func fixedLayoutReadsTheFirstRow() {
        let widths = TableColumnWidths(fixedWithFirstRow: [cell(0, 0, 0, width: .points(100)), cell(1, 0, 0, span: 2)],
                                       columnWidths: [.auto, .auto, .fraction(0.25)], spacing: 0, available: 600,
                                       tableWidth: .points(500))
        #expect(widths.columns == [100, 275, 125])
        let narrow = TableColumnWidths(fixedWithFirstRow: [cell(0, 0, 0, width: .points(300)), cell(1, 0, 0, width: .points(300))],
                                       columnWidths: [.auto, .auto], spacing: 10, available: 600, tableWidth: .points(200))
        // Asked for less than its columns: widened to them.
        #expect(narrow.columns == [300, 300])
        #expect(narrow.width == 630)
    }
}
