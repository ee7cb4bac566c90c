import Testing
@testable import Layout

@Suite struct TableGridTests {
    private typealias Span = TableGrid.Span
    private typealias Slot = TableGrid.Slot

    /// Cells go to the first column no cell from above covers, rows spans stop at their row
    /// group's end, and a row span of 0 reaches it.
    @Test func cellsTakeTheFirstFreeColumn() {
        let rows: [[Span]] = [
            [Span(columns: 1, rows: 2), Span(columns: 2, rows: 1)],
            [Span(columns: 1, rows: 1), Span(columns: 1, rows: 1)],
            [Span(columns: 3, rows: 1)],
        ]
        let grid = TableGrid(rows: rows, groupEnds: [3])
        #expect(grid.columnCount == 3)
        #expect(grid.slots[0] == [Slot(row: 0, column: 0, rows: 2, columns: 1), Slot(row: 0, column: 1, rows: 1, columns: 2)])
        #expect(grid.slots[1] == [Slot(row: 1, column: 1, rows: 1, columns: 1), Slot(row: 1, column: 2, rows: 1, columns: 1)])
        #expect(grid.slots[2] == [Slot(row: 2, column: 0, rows: 1, columns: 3)])
        #expect(grid.rowBlocks == [0..<2, 2..<3])
    }

    @Test func rowSpansEndWithTheirGroup() {
        let rows: [[Span]] = [
            [Span(columns: 1, rows: 5), Span(columns: 1, rows: 1)],
            [Span(columns: 1, rows: 1)],
            [Span(columns: 1, rows: 0), Span(columns: 1, rows: 1)],
            [Span(columns: 1, rows: 1)],
            [Span(columns: 1, rows: 1)],
        ]
        // A head of two rows, a body of three.
        let grid = TableGrid(rows: rows, groupEnds: [2, 5])
        #expect(grid.slots[0][0].rows == 2)
        #expect(grid.slots[1] == [Slot(row: 1, column: 1, rows: 1, columns: 1)])
        #expect(grid.slots[2][0] == Slot(row: 2, column: 0, rows: 3, columns: 1))
        #expect(grid.slots[3] == [Slot(row: 3, column: 1, rows: 1, columns: 1)])
        #expect(grid.slots[4] == [Slot(row: 4, column: 1, rows: 1, columns: 1)])
        #expect(grid.rowBlocks == [0..<2, 2..<5])
    }

    /// A ragged table: rows of different lengths make as many columns as the longest; a row
    /// of no cells is still a row.
    @Test func raggedRowsAndEmptyRows() {
        let grid = TableGrid(rows: [[Span(columns: 1, rows: 1)], [], [Span(columns: 4, rows: 1)]], groupEnds: [])
        #expect(grid.rowCount == 3)
        #expect(grid.columnCount == 4)
        #expect(grid.slots[1].isEmpty)
        #expect(grid.rowBlocks == [0..<1, 1..<2, 2..<3])
    }

    /// Spans that overlap join their rows into one block.
    @Test func overlappingSpansJoinRows() {
        let rows: [[Span]] = [
            [Span(columns: 1, rows: 2), Span(columns: 1, rows: 1)],
            [Span(columns: 1, rows: 2)],
            [Span(columns: 1, rows: 1)],
            [Span(columns: 1, rows: 1), Span(columns: 1, rows: 1)],
        ]
        let grid = TableGrid(rows: rows, groupEnds: [4])
        #expect(grid.rowBlocks == [0..<3, 3..<4])
    }
}
