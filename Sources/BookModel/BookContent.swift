/// What a book holds to show, measured without recursion (blocks nest, if only a few deep).
extension Sequence where Element == Block {
    /// The UTF-8 size of all the text in these blocks and the blocks nested in them.
    public var textSize: Int {
        var size = 0
        forEachBlock { block in
            switch block.kind {
            case .heading(_, let runs), .paragraph(let runs), .preformatted(let runs):
                for run in runs { size += run.text.utf8.count }
            case .table(let table):
                size += table.textSize
            case .image(let image): size += image.alt.utf8.count
            case .list, .quote, .rule, .float, .division: break
            }
        }
        return size
    }

    /// True when some block shows something: a letter or mark that is not white space, or an image.
    public var showsSomething: Bool {
        var shows = false
        forEachBlock { block in
            guard !shows else { return }
            switch block.kind {
            case .heading(_, let runs), .paragraph(let runs), .preformatted(let runs):
                shows = runs.contains { !$0.text.allSatisfy(\.isWhitespace) }
            case .table(let table):
                shows = table.textShowsSomething
            case .image: shows = true
            case .list, .quote, .rule, .float, .division: break
            }
        }
        return shows
    }

    /// Calls `body` on every block, nested ones included, in document order.
    private func forEachBlock(_ body: (Block) -> Void) {
        var pending: [Block] = Array(self).reversed()
        while let block = pending.popLast() {
            body(block)
            switch block.kind {
            case .quote(let inner), .division(let inner): pending += inner.reversed()
            case .list(let list): pending += list.items.reversed().flatMap { $0.reversed() }
            case .float(let box): pending += box.blocks.reversed()
            default: break
            }
        }
    }
}

extension Book {
    /// The UTF-8 size of the text of every chapter, its notes included.
    public var textSize: Int { chapters.reduce(0) { $0 + $1.textSize } }

    /// False for a book with no text and no image at all, not even a cover: converting it
    /// would make pages with nothing on them. A designed page shows what its designer drew,
    /// even a page left blank on purpose.
    public var showsSomething: Bool {
        cover != nil || chapters.contains { $0.design != nil || $0.blocks.showsSomething
            || $0.notes.contains { $0.blocks.showsSomething } || $0.handedOverContent?.showsSomething == true }
    }
}

extension Chapter {
    /// The UTF-8 size of the chapter's text and its notes' text.
    public var textSize: Int {
        notes.reduce(blocks.textSize + (design?.textSize ?? 0) + (handedOverContent?.textSize ?? 0)) { $0 + $1.blocks.textSize }
    }
}

extension Table {
    /// The UTF-8 size of the table's text as the layout shows it today (`TableText`): its
    /// caption's and its cells'.
    public var textSize: Int {
        var size = 0
        var anchors: [String] = []
        for run in TableText.runs(of: caption?.blocks ?? [], anchors: &anchors) { size += run.text.utf8.count }
        for row in rows {
            for cell in row.cells { for run in TableText.runs(of: cell) { size += run.text.utf8.count } }
        }
        return size
    }
}

extension Table {
    /// Whether the caption or a cell holds a letter or mark that is not white space.
    var textShowsSomething: Bool {
        let captionCell = TableCell(blocks: caption?.blocks ?? [])
        return ([captionCell] + rows.flatMap(\.cells)).contains { cell in
            TableText.runs(of: cell).contains { !$0.text.allSatisfy(\.isWhitespace) }
        }
    }
}

extension PageDesign {
    /// The UTF-8 size of the text of its boxes and lines.
    public var textSize: Int {
        items.reduce(0) { size, item in
            switch item {
            case .image(let image, _): size + image.alt.utf8.count
            case .textBox(let box): size + box.blocks.textSize
            case .textLine(let line): size + line.runs.reduce(0) { $0 + $1.text.utf8.count }
            }
        }
    }
}
