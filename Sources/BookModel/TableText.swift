/// A table read as text: each row a line of its cells, each cell its blocks as lines. This is
/// how the layout shows a table until it sets grids, how a table's text is counted, and how a
/// cell met outside any table reads; it keeps the text a cell held when cells held runs only.
public enum TableText {
    /// The rows in the order the source had them (the model keeps render order).
    public static func rowsInSourceOrder(of table: Table) -> [TableRow] {
        table.groupsInSourceOrder.flatMap(\.rows)
    }

    /// A cell's blocks as runs: blocks become lines, a nested table's cells are separated by
    /// spaces and its rows by line breaks, an image leaves its alt text. The anchors of the
    /// blocks (nested ones included) are added to `anchors`, in document order.
    public static func runs(of cell: TableCell, anchors: inout [String]) -> [Inline] {
        runs(of: cell.blocks, anchors: &anchors)
    }

    /// The runs of a cell, without its anchors.
    public static func runs(of cell: TableCell) -> [Inline] {
        var anchors: [String] = []
        return runs(of: cell.blocks, anchors: &anchors)
    }

    public static func runs(of blocks: [Block], anchors: inout [String]) -> [Inline] {
        var lines: [[Inline]] = []
        for block in blocks {
            anchors += block.anchors
            let line = runs(of: block, anchors: &anchors)
            if !line.isEmpty { lines.append(line) }
        }
        return joined(lines, separator: "\n")
    }

    // Recursion is bounded: readers nest blocks only a few levels deep (the XHTML reader's
    // bound, `XHTMLReader.maximumBlockNesting`).
    private static func runs(of block: Block, anchors: inout [String]) -> [Inline] {
        switch block.kind {
        case .heading(_, let runs), .paragraph(let runs), .preformatted(let runs):
            return runs
        case .quote(let blocks), .division(let blocks):
            return self.runs(of: blocks, anchors: &anchors)
        case .float(let box):
            return self.runs(of: box.blocks, anchors: &anchors)
        case .list(let list):
            let items = list.items.map { runs(of: $0, anchors: &anchors) }.filter { !$0.isEmpty }
            return joined(items, separator: "\n")
        case .table(let table):
            var lines: [[Inline]] = []
            if let caption = table.caption {
                let line = runs(of: caption.blocks, anchors: &anchors)
                if !line.isEmpty { lines.append(line) }
            }
            for row in rowsInSourceOrder(of: table) {
                let line = joined(row.cells.map { runs(of: $0, anchors: &anchors) }.filter { !$0.isEmpty }, separator: " ")
                if !line.isEmpty { lines.append(line) }
            }
            return joined(lines, separator: "\n")
        case .image(let image):
            return image.alt.isEmpty ? [] : [Inline(image.alt)]
        case .rule:
            return []
        }
    }

    /// The parts one after another, `separator` between them, a run joined to the one before it
    /// when they share style, link and note. The first part is taken as it is: a single
    /// paragraph's runs stay the runs it has.
    private static func joined(_ parts: [[Inline]], separator: String) -> [Inline] {
        var result: [Inline] = parts.first ?? []
        for part in parts.dropFirst() {
            appendMerging(Inline(separator), to: &result)
            for run in part { appendMerging(run, to: &result) }
        }
        return result
    }

    private static func appendMerging(_ run: Inline, to runs: inout [Inline]) {
        // Compared in place: a copy of the last run, held while its text grows, would make the
        // append copy all its text.
        let end = runs.count - 1
        if end >= 0, runs[end].style == run.style, runs[end].link == run.link, runs[end].note == run.note,
           runs[end].color == run.color, runs[end].background == run.background, runs[end].scale == run.scale,
           runs[end].typography == run.typography, runs[end].font == run.font {
            runs[end].text += run.text
        } else {
            runs.append(run)
        }
    }
}
