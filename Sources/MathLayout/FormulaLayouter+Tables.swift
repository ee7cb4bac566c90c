import BookModel
import Fonts

/// `mtable`: rows of cells in columns, as MathML Core's style sheet sets them (each cell padded
/// half an ex above and below and 0.4 em each side), the cells of a row on one baseline, each
/// column as wide as its widest cell, cells aligned by `columnalign` (of the cell, its row or the
/// table, a list taken a column at a time), and the whole centred on the math axis.
extension FormulaLayouter {
    func table(_ node: MathNode, in formula: Formula, style: MathStyle, depth: Int) -> MathBox {
        let size = style.size
        let padding = (across: 0.4 * size, down: 0.5 * xHeight * size)
        // A table's cells are set in text style, as MathML Core's `mtable { math-style: compact }`.
        var inner = style
        inner.display = false
        let tableAlign = aligns(node.attribute("columnalign"))
        var rows: [[(box: MathBox, align: String)]] = []
        for rowIndex in node.children {
            let row = formula.nodes[rowIndex]
            // A child that is no `mtr` is a row of one cell, as MathML Core lays it out.
            let cells = row.name == "mtr" || row.name == "mlabeledtr" ? row.children : [rowIndex]
            let rowAlign = aligns(row.attribute("columnalign"))
            var boxes: [(MathBox, String)] = []
            for (column, cell) in cells.enumerated() where !(row.name == "mlabeledtr" && column == 0) {
                let cellNode = formula.nodes[cell]
                let content = cellNode.name == "mtd"
                    ? self.row(of: cellNode.children, in: formula, style: inner.applying(cellNode, pixel: pixel), depth: depth + 2)
                    : box(cell, in: formula, style: inner, depth: depth + 2)
                let align = cellNode.attribute("columnalign") ?? pick(rowAlign, boxes.count) ?? pick(tableAlign, boxes.count) ?? "center"
                boxes.append((content, align))
            }
            rows.append(boxes)
        }
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0.0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.box.width) }
        }
        var box = MathBox()
        var top = 0.0
        var placed: [(MathBox, Double, Double)] = []
        // Each column's start: its cells padded on both sides.
        var starts: [Double] = []
        var x = 0.0
        for column in 0..<columns {
            starts.append(x + padding.across)
            x += widths[column] + 2 * padding.across
        }
        let tableWidth = x
        for row in rows {
            let ascent = row.map(\.box.ascent).max() ?? 0, descent = row.map(\.box.descent).max() ?? 0
            let baseline = top - padding.down - ascent
            for (column, cell) in row.enumerated() {
                let room = widths[column]
                let offset = cell.align == "left" ? 0 : cell.align == "right" ? room - cell.box.width : (room - cell.box.width) / 2
                placed.append((cell.box, starts[column] + offset, baseline))
            }
            top = baseline - descent - padding.down
        }
        let height = -top
        // The table's middle on the axis.
        let shift = font.constant(.axisHeight) * size + height / 2
        for (cell, x, y) in placed { box.place(cell, x: x, y: y + shift) }
        box.width = tableWidth
        box.ascent = shift
        box.descent = height - shift
        return box
    }

    /// A `columnalign` list: one value a column, the last going on for the rest.
    private func aligns(_ value: String?) -> [String] {
        value.map { $0.split(separator: " ").map(String.init) } ?? []
    }

    private func pick(_ list: [String], _ column: Int) -> String? {
        list.isEmpty ? nil : list[min(column, list.count - 1)]
    }
}
