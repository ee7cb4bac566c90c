/// Where each cell of a table sits in its grid of rows and columns, found as HTML's table
/// processing model finds it: row by row, each cell in the first column no cell from a row
/// above still covers, spanning as many columns and rows as it says, a row span of 0 reaching
/// the end of its row group and no span past it.
struct TableGrid: Equatable {
    /// A cell as the table gives it: how many columns and rows it spans (a row span of 0: the
    /// rest of its row group).
    struct Span: Equatable {
        var columns: Int
        var rows: Int
    }

    /// A cell placed in the grid: its first row and column, and how many of each it covers.
    struct Slot: Equatable {
        var row: Int
        var column: Int
        var rows: Int
        var columns: Int

        var rowRange: Range<Int> { row..<row + rows }
        var columnRange: Range<Int> { column..<column + columns }
    }

    /// The cells' places, row by row as the table gave them.
    let slots: [[Slot]]
    let rowCount: Int
    let columnCount: Int

    /// `rows`: each row's cells in order. `groupEnds`: where each row group (thead, tbody,
    /// tfoot, in their order in the grid) ends, as a row index; a table without groups is one.
    init(rows: [[Span]], groupEnds: [Int]) {
        rowCount = rows.count
        var covered: [[Bool]] = Array(repeating: [], count: rows.count)
        var slots: [[Slot]] = []
        slots.reserveCapacity(rows.count)
        var columnCount = 0
        var group = 0
        for (r, cells) in rows.enumerated() {
            while group < groupEnds.count, groupEnds[group] <= r { group += 1 }
            let groupEnd = group < groupEnds.count ? min(groupEnds[group], rows.count) : rows.count
            var column = 0
            var placed: [Slot] = []
            placed.reserveCapacity(cells.count)
            for cell in cells {
                while column < covered[r].count, covered[r][column] { column += 1 }
                let columns = max(1, cell.columns)
                let rows = cell.rows <= 0 ? groupEnd - r : min(cell.rows, groupEnd - r)
                for row in r..<r + rows {
                    if covered[row].count < column + columns {
                        covered[row] += Array(repeating: false, count: column + columns - covered[row].count)
                    }
                    for c in column..<column + columns { covered[row][c] = true }
                }
                placed.append(Slot(row: r, column: column, rows: rows, columns: columns))
                column += columns
                columnCount = max(columnCount, column)
            }
            slots.append(placed)
        }
        self.slots = slots
        self.columnCount = columnCount
    }

    /// The rows that must go on one page together: each row with every row a cell starting in
    /// it spans into, joined while spans overlap. Ranges in order, covering every row.
    var rowBlocks: [Range<Int>] {
        var blocks: [Range<Int>] = []
        var start = 0
        var end = 0
        for (r, cells) in slots.enumerated() {
            if r == end, r > start {
                blocks.append(start..<end)
                start = r
            }
            end = max(end, r + 1, cells.map { $0.row + $0.rows }.max() ?? 0)
        }
        if rowCount > start { blocks.append(start..<rowCount) }
        return blocks
    }
}
