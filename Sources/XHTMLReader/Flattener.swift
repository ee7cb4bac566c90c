import BookModel

/// Turns blocks into runs for a table cell, which holds runs only: blocks become lines, a nested
/// table's cells are separated by spaces and its rows by line breaks, an image leaves its alt
/// text. The anchors of the blocks are handed back so the table can carry them.
enum Flattener {
    static func runs(of blocks: [Block], anchors: inout [String]) -> [Inline] {
        var lines: [[Inline]] = []
        for block in blocks {
            anchors += block.anchors
            let line = runs(of: block, anchors: &anchors)
            if !line.isEmpty { lines.append(line) }
        }
        return joined(lines, separator: "\n")
    }

    // Recursion is bounded: the reader nests blocks at most `XHTMLReader.maximumBlockNesting` deep.
    private static func runs(of block: Block, anchors: inout [String]) -> [Inline] {
        switch block.kind {
        case .heading(_, let runs), .paragraph(let runs), .preformatted(let runs):
            return runs
        case .quote(let blocks):
            return self.runs(of: blocks, anchors: &anchors)
        case .list(let list):
            let items = list.items.map { runs(of: $0, anchors: &anchors) }.filter { !$0.isEmpty }
            return joined(items, separator: "\n")
        case .table(let table):
            let rows = table.rows.map { row in
                joined(row.map(\.content).filter { !$0.isEmpty }, separator: " ")
            }
            return joined(rows.filter { !$0.isEmpty }, separator: "\n")
        case .image(let image):
            return image.alt.isEmpty ? [] : [Inline(image.alt)]
        case .rule:
            return []
        }
    }

    private static func joined(_ parts: [[Inline]], separator: String) -> [Inline] {
        var result: [Inline] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { result.appendMerging(Inline(separator)) }
            for run in part { result.appendMerging(run) }
        }
        return result
    }
}
