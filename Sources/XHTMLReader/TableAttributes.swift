import BookModel
import CSS
import Markup

/// The properties of a table, its columns, rows and cells, from the element's attributes
/// (HTML's presentational hints: `width`, `border`, `cellpadding`, `colspan`, `valign`…) and
/// its CSS, which wins over them as author styles win over hints.
enum TableAttributes {
    /// A CSS length is a multiple of the default font size (16 px); a point is 4/3 px.
    static let pointsPerScale = 12.0
    static let pointsPerPixel = 0.75

    /// What a table's attributes give each of its cells.
    struct CellDefaults: Equatable {
        /// `cellpadding`, else browsers' 1 px.
        var padding = TableInsets.htmlDefault
        /// 1 px on every side when the table has a `border` attribute above 0.
        var borders = TableBorders()
    }

    static func table(_ node: MarkupNode, style: ComputedStyle) -> (Table, CellDefaults) {
        let box = style.table
        var table = Table()
        table.layout = box.fixedLayout == true ? .fixed : .auto
        table.width = length(box.width) ?? attributeLength(node.attribute("width"))
        table.bordersCollapse = box.bordersCollapse ?? false
        if let (horizontal, vertical) = box.borderSpacing {
            table.borderSpacing = TableSpacing(horizontal: horizontal * pointsPerScale, vertical: vertical * pointsPerScale)
        } else if let spacing = pixels(node.attribute("cellspacing")) {
            table.borderSpacing = TableSpacing(horizontal: spacing * pointsPerPixel, vertical: spacing * pointsPerPixel)
        }
        var defaults = CellDefaults()
        // `border` with no number (`border=""`) is 1 px, as browsers read it; `border="0"` none.
        if let attribute = node.attribute("border") {
            let width = pixels(attribute) ?? 1
            if width > 0 {
                // Browsers draw the table `outset` and its cells `inset` 1 px: both solid here.
                table.borders = TableBorders(all: TableBorder(width: width * pointsPerPixel, style: .solid))
                defaults.borders = TableBorders(all: TableBorder(width: pointsPerPixel, style: .solid))
            }
        }
        table.borders = borders(box, over: table.borders)
        if let padding = pixels(node.attribute("cellpadding")) { defaults.padding = TableInsets(all: padding * pointsPerPixel) }
        table.backgroundColor = color(box.backgroundColor) ?? attributeColor(node.attribute("bgcolor"))
        return (table, defaults)
    }

    /// `col` or `colgroup`: the column and how many it stands for (`span`, 1…1000).
    static func column(_ node: MarkupNode, style: ComputedStyle) -> (TableColumn, span: Int) {
        let column = TableColumn(width: length(style.table.width) ?? attributeLength(node.attribute("width")),
                                 backgroundColor: color(style.table.backgroundColor) ?? attributeColor(node.attribute("bgcolor")))
        let span = integer(node.attribute("span")).map { $0 == 0 ? 1 : min($0, TableCell.columnSpanRange.upperBound) } ?? 1
        return (column, span)
    }

    static func row(_ node: MarkupNode, style: ComputedStyle) -> TableRow {
        var row = TableRow(cells: [])
        if case .length(let height)? = style.table.height { row.height = height * pointsPerScale }
        else if let height = pixels(node.attribute("height")) { row.height = height * pointsPerPixel }
        row.backgroundColor = color(style.table.backgroundColor) ?? attributeColor(node.attribute("bgcolor"))
        return row
    }

    /// `inheritedAlign`: the `text-align` the cell would inherit, which its `align` attribute
    /// and a `th`'s centring win over (they are the element's own, as a UA rule is).
    static func cell(_ node: MarkupNode, style: ComputedStyle, isHeader: Bool, defaults: CellDefaults,
                     inheritedAlign: TextAlign?) -> TableCell {
        let box = style.table
        var cell = TableCell(blocks: [], isHeader: isHeader)
        // HTML: a `colspan` of 0 or unreadable is 1, above 1000 is 1000; a `rowspan` unreadable
        // is 1, above 65534 is 65534, and 0 spans the rest of the group.
        cell.columnSpan = integer(node.attribute("colspan")).map { $0 == 0 ? 1 : min($0, TableCell.columnSpanRange.upperBound) } ?? 1
        cell.rowSpan = integer(node.attribute("rowspan")).map { min($0, TableCell.rowSpanRange.upperBound) } ?? 1
        cell.width = length(box.width) ?? attributeLength(node.attribute("width"))
        let sides = [defaults.padding.top, defaults.padding.right, defaults.padding.bottom, defaults.padding.left]
        let padding = (0..<4).map { box.padding[$0].map { $0 * pointsPerScale } ?? sides[$0] }
        cell.padding = TableInsets(top: padding[0], right: padding[1], bottom: padding[2], left: padding[3])
        cell.borders = borders(box, over: defaults.borders)
        if let align = style.textAlign, align != inheritedAlign {
            cell.textAlign = TextAlignment(align)
        } else if let align = node.attribute("align").flatMap(alignment) {
            cell.textAlign = align
        } else if isHeader {
            cell.textAlign = .center
        } else {
            cell.textAlign = style.textAlign.map(TextAlignment.init)
        }
        if let align = box.verticalAlign {
            cell.verticalAlign = VerticalAlignment(align)
        } else if let valign = node.attribute("valign").map({ TextCleanup.trimmed($0).lowercased() }),
                  let align = ["top": VerticalAlignment.top, "middle": .middle, "center": .middle, "bottom": .bottom,
                               "baseline": .baseline][valign] {
            cell.verticalAlign = align
        }
        cell.backgroundColor = color(box.backgroundColor) ?? attributeColor(node.attribute("bgcolor"))
        cell.noWrap = style.noWrap || node.attribute("nowrap") != nil
        return cell
    }

    static func captionSide(_ style: ComputedStyle) -> TableCaption.Side {
        style.table.captionAtBottom == true ? .bottom : .top
    }

    // MARK: - Values

    /// CSS's borders, each part the book sets over `base`.
    private static func borders(_ box: TableBoxStyle, over base: TableBorders) -> TableBorders {
        var sides = [base.top, base.right, base.bottom, base.left]
        for index in 0..<4 {
            let css = box.borders[index]
            if let width = css.width { sides[index].width = width * pointsPerScale }
            if let style = css.style {
                switch style {
                case .none: sides[index].style = .none
                case .hidden: sides[index].style = .hidden
                case .solid: sides[index].style = .solid
                }
                // A style set without a width is drawn at CSS's initial `medium`, 3 px.
                if style == .solid, css.width == nil, sides[index].width == 0 {
                    sides[index].width = 3 * pointsPerPixel
                }
            }
            if css.style != nil || css.color != nil { sides[index].color = color(css.color) }
        }
        return TableBorders(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
    }

    private static func length(_ size: CSSSize?) -> TableLength? {
        switch size {
        case .length(let scale)?: .points(scale * pointsPerScale)
        case .percent(let percent)?: .percent(percent)
        case nil: nil
        }
    }

    /// `width="120"` (pixels) or `width="50%"`; relative widths (`2*`) are not read.
    private static func attributeLength(_ value: String?) -> TableLength? {
        guard let value = value.map(TextCleanup.trimmed), !value.isEmpty else { return nil }
        if value.hasSuffix("%") {
            guard let number = Double(value.dropLast()), number.isFinite, number >= 0 else { return nil }
            return .percent(number)
        }
        return pixels(value).map { .points($0 * pointsPerPixel) }
    }

    /// A number of pixels, as HTML reads dimension attributes (`120`, `120px`, `1.5`).
    private static func pixels(_ value: String?) -> Double? {
        guard let value = value.map(TextCleanup.trimmed) else { return nil }
        let number = value.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard let pixels = Double(number), pixels.isFinite else { return nil }
        return pixels
    }

    /// HTML's rules for non-negative integers: leading digits, after white space and a `+`.
    private static func integer(_ value: String?) -> Int? {
        guard var text = value.map(TextCleanup.trimmed)?[...] else { return nil }
        if text.first == "+" { text = text.dropFirst() }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let significant = digits.drop { $0 == "0" }
        guard !significant.isEmpty else { return 0 }
        // Past any bound HTML clamps to: the clamp is all that matters of a longer number.
        return Int(significant.prefix(9)) ?? 0
    }

    private static func alignment(_ value: String) -> TextAlignment? {
        switch TextCleanup.trimmed(value).lowercased() {
        case "left": .left
        case "right": .right
        case "center", "middle": .center
        case "justify": .justify
        default: nil
        }
    }

    private static func color(_ color: CSSColor?) -> BookColor? {
        color.map(BookColor.init)
    }

    /// `bgcolor="#eeeeee"` or a name.
    private static func attributeColor(_ value: String?) -> BookColor? {
        guard let value = value.map({ TextCleanup.trimmed($0).lowercased() }), !value.isEmpty else { return nil }
        return color(CSSColor(value) ?? (value.count == 6 ? CSSColor("#" + value) : nil))
    }
}

extension VerticalAlignment {
    init(_ align: CSSVerticalAlign) {
        switch align {
        case .top: self = .top
        case .middle: self = .middle
        case .bottom: self = .bottom
        // In a cell, a raised or lowered baseline is still the baseline.
        case .baseline, .raised, .lowered: self = .baseline
        }
    }
}
