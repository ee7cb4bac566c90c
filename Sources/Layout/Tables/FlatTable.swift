import PageFormat

/// A table as the flattener hands it to the table setter: each cell's content already turned
/// into the chapter's paragraphs (in reading order, row by row), and what the book's markup and
/// CSS say of the grid, resolved to points.
struct FlatTable: Equatable, Sendable {
    /// One side's rule: its width (0 for none) and colour.
    struct Border: Equatable, Sendable {
        var width: Double = 0
        var color = PageColor(red: 0, green: 0, blue: 0)

        static let none = Border()
    }

    /// Four sides of something: a cell's padding, its borders.
    struct Edges<Value: Equatable & Sendable>: Equatable, Sendable {
        var top: Value
        var right: Value
        var bottom: Value
        var left: Value

        init(top: Value, right: Value, bottom: Value, left: Value) {
            self.top = top
            self.right = right
            self.bottom = bottom
            self.left = left
        }

        init(all value: Value) {
            self.init(top: value, right: value, bottom: value, left: value)
        }
    }

    /// Where a cell's content sits when the row is taller than it.
    enum VerticalAlignment: Equatable, Sendable { case top, middle, bottom }

    struct Cell: Equatable, Sendable {
        var paragraphs: [StyledParagraph]
        var span = TableGrid.Span(columns: 1, rows: 1)
        var width: TableColumnWidths.Width = .auto
        var padding = Edges(all: 0.0)
        var borders = Edges(all: Border.none)
        var verticalAlignment = VerticalAlignment.middle
        var background: PageColor?
        /// A `th`, or a cell of a header row.
        var isHeader = false
        /// Its lines never wrap (`white-space: nowrap`): its narrowest width is its widest.
        var noWrap = false
    }

    struct Row: Equatable, Sendable {
        var cells: [Cell]
        /// The height the book asks for (CSS `height`), at least.
        var height: Double?
        var background: PageColor?
    }

    /// The table's place among its chapter's tables, counting from 0: what its page cells name.
    var index: Int
    /// In the order they are drawn: header rows, body rows, footer rows.
    var rows: [Row]
    /// Where each row group ends, as a row index (a row span of 0 reaches its group's end).
    var groupEnds: [Int]
    /// How many of the first rows are the header that repeats on each page the table goes on.
    var headerRows = 0
    /// What each column asks for (`col`, `colgroup`); columns past the list ask for nothing.
    var columnWidths: [TableColumnWidths.Width] = []
    var width: TableColumnWidths.Width = .auto
    /// `table-layout: fixed` (with a width): the columns come from the first row alone.
    var isFixed = false
    /// `border-spacing`, across and down; ignored when the borders collapse.
    var spacing = (horizontal: 0.0, vertical: 0.0)
    /// `border-collapse: collapse`: a cell shares each border with its neighbour.
    var collapsesBorders = false
    var borders = Edges(all: Border.none)
    var background: PageColor?

    static func == (a: FlatTable, b: FlatTable) -> Bool {
        a.index == b.index && a.rows == b.rows && a.groupEnds == b.groupEnds && a.headerRows == b.headerRows
            && a.columnWidths == b.columnWidths && a.width == b.width && a.isFixed == b.isFixed
            && a.spacing == b.spacing && a.collapsesBorders == b.collapsesBorders && a.borders == b.borders
            && a.background == b.background
    }
}
