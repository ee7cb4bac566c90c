/// A table as a grid: its caption, columns, row groups, rows and cells, with what the book's
/// markup and CSS say of their sizes, spacing, borders and alignment (CSS 2.1 §17). Lengths
/// are in points (1 CSS px = 0.75 pt) unless a `TableLength` says percent; nil always means
/// "the book says nothing", and the layout's defaults apply.
///
/// Rows keep render order: the first header group (`thead`, `display: table-header-group`)
/// first, the bodies in source order, the first footer group last, as CSS displays them even
/// when a `tfoot` comes first in the source. Each group remembers its place in the source.
public struct Table: Sendable, Equatable {
    public var caption: TableCaption?
    /// One column per grid column the markup declares (`col`, `colgroup`, `span` expanded);
    /// empty when it declares none. The grid may have more columns than this.
    public var columns: [TableColumn]
    /// The row groups in render order (see above). Rows outside any group in the markup form
    /// an anonymous body group, as HTML's parser makes a `tbody` for them.
    public var groups: [TableRowGroup]
    /// `table-layout`.
    public var layout: TableLayoutMode
    /// CSS `width` or the `width` attribute.
    public var width: TableLength?
    /// `border-collapse: collapse`.
    public var bordersCollapse: Bool
    /// `border-spacing` (or `cellspacing`), horizontal and vertical, in points; HTML's default
    /// is 2 px. Not used when borders collapse.
    public var borderSpacing: TableSpacing
    /// The table's own border (CSS `border*`, or the `border` attribute: N > 0 draws N px).
    public var borders: TableBorders
    public var backgroundColor: BookColor?

    public init(caption: TableCaption? = nil, columns: [TableColumn] = [], groups: [TableRowGroup] = [],
                layout: TableLayoutMode = .auto, width: TableLength? = nil, bordersCollapse: Bool = false,
                borderSpacing: TableSpacing = .htmlDefault, borders: TableBorders = TableBorders(),
                backgroundColor: BookColor? = nil) {
        self.caption = caption
        self.columns = columns
        self.groups = groups
        self.layout = layout
        self.width = width
        self.bordersCollapse = bordersCollapse
        self.borderSpacing = borderSpacing
        self.borders = borders
        self.backgroundColor = backgroundColor
    }

    /// A table of body rows only, its cells plain: what tests and simple readers make.
    public init(rows: [[TableCell]]) {
        self.init(groups: rows.isEmpty ? [] : [TableRowGroup(.body, rows: rows.map { TableRow(cells: $0) })])
    }

    /// Every row in render order.
    public var rows: [TableRow] { groups.flatMap(\.rows) }

    /// The row groups in the order the source had them.
    public var groupsInSourceOrder: [TableRowGroup] {
        groups.enumerated().sorted { ($0.element.sourceIndex, $0.offset) < ($1.element.sourceIndex, $1.offset) }
            .map(\.element)
    }
}

/// `caption` (or `display: table-caption`).
public struct TableCaption: Sendable, Equatable {
    public var blocks: [Block]
    /// `caption-side`.
    public var side: Side

    public enum Side: Sendable, Equatable { case top, bottom }

    public init(blocks: [Block], side: Side = .top) {
        self.blocks = blocks
        self.side = side
    }
}

/// A grid column from `col` (or a `colgroup` without `col`s), each of a `span` on its own.
public struct TableColumn: Sendable, Equatable {
    public var width: TableLength?
    public var backgroundColor: BookColor?

    public init(width: TableLength? = nil, backgroundColor: BookColor? = nil) {
        self.width = width
        self.backgroundColor = backgroundColor
    }
}

/// `thead`, `tbody`, `tfoot` (or their `display` values), with its rows in source order.
public struct TableRowGroup: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Repeated at the head of each page the table continues on.
        case header
        case body
        /// Set after the last body row.
        case footer
    }

    public var kind: Kind
    public var rows: [TableRow]
    /// The group's place among the table's groups in the source.
    public var sourceIndex: Int

    public init(_ kind: Kind, rows: [TableRow] = [], sourceIndex: Int = 0) {
        self.kind = kind
        self.rows = rows
        self.sourceIndex = sourceIndex
    }
}

public struct TableRow: Sendable, Equatable {
    public var cells: [TableCell]
    /// CSS `height` (or the `height` attribute): the row's least height.
    public var height: Double?
    public var backgroundColor: BookColor?

    public init(cells: [TableCell], height: Double? = nil, backgroundColor: BookColor? = nil) {
        self.cells = cells
        self.height = height
        self.backgroundColor = backgroundColor
    }
}

public struct TableCell: Sendable, Equatable {
    /// The cell's content as ordinary blocks; bare inline text is one paragraph.
    public var blocks: [Block]
    /// `th`.
    public var isHeader: Bool
    /// `colspan`, 1…1000 as HTML clamps it (an invalid value is 1).
    public var columnSpan: Int
    /// `rowspan`, 0…65534; 0 spans to the end of the row group. An invalid value is 1.
    public var rowSpan: Int
    public var width: TableLength?
    /// CSS `padding*`, else the table's `cellpadding`, else 1 px as browsers.
    public var padding: TableInsets
    /// CSS `border*` of the cell; a table's `border` attribute gives its cells 1 px.
    public var borders: TableBorders
    /// CSS `text-align` or the `align` attribute; nil: the layout's (a `th` is centred).
    public var textAlign: TextAlignment?
    public var verticalAlign: VerticalAlignment
    public var backgroundColor: BookColor?
    /// `white-space: nowrap` or the `nowrap` attribute.
    public var noWrap: Bool

    public init(blocks: [Block], isHeader: Bool = false, columnSpan: Int = 1, rowSpan: Int = 1,
                width: TableLength? = nil, padding: TableInsets = .htmlDefault, borders: TableBorders = TableBorders(),
                textAlign: TextAlignment? = nil, verticalAlign: VerticalAlignment = .middle,
                backgroundColor: BookColor? = nil, noWrap: Bool = false) {
        self.blocks = blocks
        self.isHeader = isHeader
        self.columnSpan = columnSpan
        self.rowSpan = rowSpan
        self.width = width
        self.padding = padding
        self.borders = borders
        self.textAlign = textAlign
        self.verticalAlign = verticalAlign
        self.backgroundColor = backgroundColor
        self.noWrap = noWrap
    }

    /// A cell of one paragraph of `runs` (none when `runs` is empty).
    public init(_ runs: [Inline], isHeader: Bool = false) {
        self.init(blocks: runs.isEmpty ? [] : [Block(.paragraph(runs))], isHeader: isHeader)
    }

    /// HTML's bounds on spans.
    public static let columnSpanRange = 1...1000
    public static let rowSpanRange = 0...65534
}

/// A width as the book gives it.
public enum TableLength: Sendable, Equatable {
    case points(Double)
    /// Percent of the containing block (the table's for a column or cell).
    case percent(Double)
}

public enum TableLayoutMode: Sendable, Equatable {
    /// CSS 2.1 §17.5.2.2: columns from their content's widths.
    case auto
    /// §17.5.2.1: columns from the first row and the columns' widths.
    case fixed
}

public enum VerticalAlignment: Sendable, Equatable {
    case top, middle, bottom, baseline
}

/// Spacing between cells, in points.
public struct TableSpacing: Sendable, Equatable {
    public var horizontal: Double
    public var vertical: Double

    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// 2 CSS px, browsers' default.
    public static let htmlDefault = TableSpacing(horizontal: 1.5, vertical: 1.5)
}

/// Space inside a cell's borders, in points.
public struct TableInsets: Sendable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public init(all value: Double) { self.init(top: value, right: value, bottom: value, left: value) }

    /// 1 CSS px, browsers' default cell padding.
    public static let htmlDefault = TableInsets(all: 0.75)
}

/// The four borders of a table or a cell.
public struct TableBorders: Sendable, Equatable {
    public var top: TableBorder
    public var right: TableBorder
    public var bottom: TableBorder
    public var left: TableBorder

    public init(top: TableBorder = .none, right: TableBorder = .none, bottom: TableBorder = .none,
                left: TableBorder = .none) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public init(all border: TableBorder) { self.init(top: border, right: border, bottom: border, left: border) }
}

/// One border: its width in points, style and colour (nil: the text's colour, as CSS's
/// `currentColor`).
public struct TableBorder: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        case none
        /// `hidden`: none, and in collapsed borders it wins over its neighbours.
        case hidden
        /// Every drawn style (dashed, double, inset, outset…) is drawn solid.
        case solid
    }

    public var width: Double
    public var style: Style
    public var color: BookColor?

    public init(width: Double, style: Style, color: BookColor? = nil) {
        self.width = width
        self.style = style
        self.color = color
    }

    public static let none = TableBorder(width: 0, style: .none)

    /// Whether it draws anything.
    public var isVisible: Bool { style == .solid && width > 0 }
}
