import PageFormat

extension PageContent {
    /// Adds a table's slice `y` down the content box. A cell going on from the slice just above
    /// (a row taller than a page, cut) joins its part there, so the page has one box per cell.
    mutating func add(_ slice: SetTable.Slice, at y: Double) {
        for var line in slice.lines {
            line.y += y
            lines.append(line)
        }
        for var image in slice.images {
            image.y += y
            images.append(image)
        }
        for var box in slice.boxes {
            box.y += y
            boxes.append(box)
        }
        for var cell in slice.cells {
            cell.y += y
            if let above = cells.lastIndex(where: { $0.table == cell.table && $0.row == cell.row && $0.column == cell.column
                && $0.repeated == cell.repeated && abs($0.y + $0.height - cell.y) < 1e-6 }) {
                cells[above].height += cell.height
            } else {
                cells.append(cell)
            }
        }
    }

    /// The text of a page whose lines include a table's: each of the table's rows on a line of
    /// its own, its cells' text separated by a tab, a cell's lines joined by spaces (a word
    /// hyphenated across two lines whole again), so that an app showing only the text still
    /// reads the table; header rows shown again on a continued page are left out, having been
    /// read where they first showed. Other lines as `text` gives them.
    static func text(of lines: [SetLine]) -> String {
        var rows: [String] = []
        var i = 0
        while i < lines.count {
            guard let place = lines[i].cell else {
                rows.append(lines[i].text)
                i += 1
                continue
            }
            var end = i
            while end < lines.count, let next = lines[end].cell, next.table == place.table { end += 1 }
            // A row cut between pages, or cells set one after another: by row, then column.
            let shown = lines[i..<end].filter { $0.cell?.repeated == false }.enumerated().sorted { a, b in
                let p = a.element.cell!, q = b.element.cell!
                return (p.row, p.column, a.offset) < (q.row, q.column, b.offset)
            }.map(\.element)
            var row: [String] = []
            var cell = ""
            var last: SetLine?
            for line in shown {
                let place = line.cell!
                if let before = last?.cell, before.row != place.row || before.column != place.column {
                    row.append(cell)
                    cell = ""
                    last = nil
                    if before.row != place.row {
                        rows.append(row.joined(separator: "\t"))
                        row = []
                    }
                }
                if let last, !cell.isEmpty {
                    // The hyphen the layout added goes; one of the text stays, and the word goes on.
                    if last.hyphenated { cell.removeLast() } else if !cell.hasSuffix("-") { cell += " " }
                }
                cell += line.text
                last = line
            }
            if last != nil {
                row.append(cell)
                rows.append(row.joined(separator: "\t"))
            }
            i = end
        }
        return rows.joined(separator: "\n")
    }
}
