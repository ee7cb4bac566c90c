/// One table cell's box on a page: which cell of which table it is, and the part of its border
/// box the page shows, in points from the page's top-left corner. The cell's text is the page's
/// lines whose `cell` names it (`ChapterPage.lines(in:)`), positioned inside this box; its
/// borders and background are the page's `boxes`. An app that makes its own table views (an
/// accessibility element per cell, a tap on a cell) reads the grid from here.
public struct PageCell: Sendable, Hashable {
    /// The table's index among its chapter's tables, from 0: the same on every page the table
    /// continues on.
    public var table: Int
    /// The cell's first row and first column in the table's grid, from 0. Rows count the
    /// header rows, the body rows and the footer rows in the order they are drawn.
    public var row: Int
    public var column: Int
    /// How many rows and columns the cell spans (1 when it spans none, which JSON leaves unsaid).
    public var rowSpan: Int
    public var columnSpan: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// A header cell (`th`, or a cell of a header row).
    public var header: Bool
    /// A cell of a header row drawn again at the top of a page the table continues on: its text
    /// is the header's, shown once more, and not more of the chapter's text.
    public var repeated: Bool

    public init(table: Int, row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, x: Double, y: Double,
                width: Double, height: Double, header: Bool = false, repeated: Bool = false) {
        self.table = table
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.header = header
        self.repeated = repeated
    }

    /// What a line of this cell's text names in its `cell`.
    public var place: CellPlace {
        CellPlace(table: table, row: row, column: column, repeated: repeated)
    }

    /// Whether `line` is a line of this cell's text.
    public func holds(_ line: PageLine) -> Bool {
        line.cell == place
    }
}

/// In JSON, spans of 1 and false flags are left out.
extension PageCell: Codable {
    enum CodingKeys: String, CodingKey {
        case table, row, column, rowSpan, columnSpan, x, y, width, height, header, repeated
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        table = try container.decode(Int.self, forKey: .table)
        row = try container.decode(Int.self, forKey: .row)
        column = try container.decode(Int.self, forKey: .column)
        rowSpan = try container.decodeIfPresent(Int.self, forKey: .rowSpan) ?? 1
        columnSpan = try container.decodeIfPresent(Int.self, forKey: .columnSpan) ?? 1
        x = try container.decode(Double.self, forKey: .x)
        y = try container.decode(Double.self, forKey: .y)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        header = try container.decodeIfPresent(Bool.self, forKey: .header) ?? false
        repeated = try container.decodeIfPresent(Bool.self, forKey: .repeated) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(table, forKey: .table)
        try container.encode(row, forKey: .row)
        try container.encode(column, forKey: .column)
        if rowSpan != 1 { try container.encode(rowSpan, forKey: .rowSpan) }
        if columnSpan != 1 { try container.encode(columnSpan, forKey: .columnSpan) }
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        if header { try container.encode(true, forKey: .header) }
        if repeated { try container.encode(true, forKey: .repeated) }
    }
}

/// The table cell a line's text belongs to (`PageLine.cell`): the cell's table, first row and
/// first column, as its `PageCell` gives them, and whether it is a repeated header's.
public struct CellPlace: Sendable, Hashable {
    // Stored in 32 bits: every line of a page has room for a place, most lines none, and a
    // line is copied often on its way to the page. No table reaches 2^31 rows.
    private var tableIndex, rowIndex, columnIndex: Int32

    public var table: Int {
        get { Int(tableIndex) }
        set { tableIndex = Int32(newValue) }
    }
    public var row: Int {
        get { Int(rowIndex) }
        set { rowIndex = Int32(newValue) }
    }
    public var column: Int {
        get { Int(columnIndex) }
        set { columnIndex = Int32(newValue) }
    }
    /// The line is a repeated header row's, drawn again on a page the table continues on.
    public var repeated: Bool

    public init(table: Int, row: Int, column: Int, repeated: Bool = false) {
        tableIndex = Int32(table)
        rowIndex = Int32(row)
        columnIndex = Int32(column)
        self.repeated = repeated
    }
}

/// In JSON `repeated` is left out when false.
extension CellPlace: Codable {
    enum CodingKeys: String, CodingKey {
        case table, row, column, repeated
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tableIndex = try container.decode(Int32.self, forKey: .table)
        rowIndex = try container.decode(Int32.self, forKey: .row)
        columnIndex = try container.decode(Int32.self, forKey: .column)
        repeated = try container.decodeIfPresent(Bool.self, forKey: .repeated) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tableIndex, forKey: .table)
        try container.encode(rowIndex, forKey: .row)
        try container.encode(columnIndex, forKey: .column)
        if repeated { try container.encode(true, forKey: .repeated) }
    }
}
