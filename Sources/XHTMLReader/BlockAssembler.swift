import BookModel

/// The blocks of a document while it is read: a stack of the block-level elements still open
/// (`Frame`s), each gathering what is inside it, and the ids waiting for the next block. Closing
/// a frame turns what it gathered into its block; this is where lists and tables are put
/// together from their items, rows, cells and captions, and where content outside them goes
/// where a browser would show it.
struct BlockAssembler {
    private var frames: [Frame] = [Frame(.flow)]
    /// The ids met since the last block was made: they go to the next block made.
    private var pendingAnchors: [String] = []
    private(set) var firstHeading: String?
    /// How many open frames gather blocks (the body not counted): how deep the block tree is
    /// here, which the reader keeps bounded.
    private(set) var nesting = 0
    /// The language the reader is in (set by the walk): paragraphs, headings and `pre` ended
    /// while it holds carry it.
    var language: String?
    /// The direction the markup names where the reader is (set by the walk): every block made
    /// while it holds carries it.
    var direction: ParagraphDirection?
    /// The inherited style where the reader is (set by the walk), for text outside any
    /// paragraph element (straight inside a `div`).
    var inheritedStyle = BlockStyle()
    /// The colours of the text appended now.
    var paint = InlinePaint()
    /// While an element that avoids page breaks inside is open (set by the walk): the frame its
    /// blocks go to and how many that frame held before it. Its blocks keep together, and keep
    /// with one another.
    var keepGroup: KeepGroup?
    /// The `::first-line` style of the element being read (set by the walk), until the first
    /// paragraph or heading made inside it takes it: the element's, or its first block's.
    var pendingFirstLine: FirstLineStyle?
    /// A break and a margin from elements that make no block of their own (`div`, `section`):
    /// they go on the next block made.
    private var pendingBreak: PageBreak = .auto
    private var pendingMargin: Double?
    /// For each float open, the ids, break and margin that were waiting when it opened: they are
    /// the host's (a section's id before its heading), not the float's first block's, and wait
    /// again once it closes.
    private var heldForFloats: [(anchors: [String], rule: PageBreak, margin: Double?)] = []

    struct KeepGroup: Equatable {
        var frame: Int
        var count: Int
    }

    /// The innermost open element.
    var innermost: Frame.Kind { frames[frames.count - 1].kind }

    // MARK: - Text and anchors

    /// `origin`: where the text starts in the document; nil for text the reader adds. `note`:
    /// the footnote the text calls, when it is a reference.
    mutating func appendText(_ text: String, style: TextStyle, link: String?, note: String? = nil,
                             origin: DocumentPosition? = nil) {
        frames[frames.count - 1].inline.paint = paint
        frames[frames.count - 1].inline.append(text: text, style: style, link: link, note: note, origin: origin)
    }

    /// Where the text of the open block ends so far, and which block that is: a ruby's base
    /// starts or ends there (`annotate(_:with:)`).
    var textMark: (frame: Int, offset: Int) { (frames.count, frames[frames.count - 1].inline.textEnd) }

    /// Annotates the text of the open block between two marks with a ruby reading; false when a
    /// block began between them (then the reading is not shown).
    mutating func annotate(from start: (frame: Int, offset: Int), to end: (frame: Int, offset: Int),
                           with reading: String) -> Bool {
        guard start.frame == frames.count, end.frame == frames.count, start.offset <= end.offset else { return false }
        return frames[frames.count - 1].inline.annotate(start.offset..<end.offset, with: reading)
    }

    /// Makes the text from `start` to `end` (`textMark`s) one run setting `formula`.
    mutating func attach(_ formula: Formula, from start: (frame: Int, offset: Int), to end: (frame: Int, offset: Int)) -> Bool {
        guard start.frame == frames.count, end.frame == frames.count, start.offset <= end.offset else { return false }
        return frames[frames.count - 1].inline.attach(formula, to: start.offset..<end.offset)
    }

    mutating func appendLineBreak(style: TextStyle, link: String?) {
        frames[frames.count - 1].inline.paint = paint
        frames[frames.count - 1].inline.appendLineBreak(style: style, link: link)
    }

    mutating func addAnchors(_ anchors: [String]) {
        pendingAnchors += anchors
    }

    /// Ends the runs being gathered in the top frame: they become its paragraph (heading, `pre`).
    /// A paragraph split by a block inside it breaks and keeps its space only before its first
    /// part and (`closing`) after its last.
    @discardableResult
    mutating func endParagraph(closing: Bool = false) -> Bool {
        let top = frames.count - 1
        let (runs, spans) = frames[top].inline.takeFinished()
        guard !runs.isEmpty else { return false }
        // Text straight inside a `div` (or the body) is an anonymous block: no margins of its
        // own, so lines of verse each in a `div` stand one under the other, as in a browser,
        // not a paragraph's gap apart. The `div`'s own margins (and box) still count.
        let anonymous = frames[top].kind == .flow || frames[top].kind == .division
        var style = anonymous ? inheritedStyle : frames[top].style ?? inheritedStyle
        if anonymous {
            style.marginTop = style.marginTop ?? 0
            style.marginBottom = style.marginBottom ?? 0
        }
        if !closing, !anonymous, frames[top].style != nil {
            style.breakAfter = .auto
            style.marginBottom = nil
            frames[top].style?.breakBefore = .auto
            frames[top].style?.marginTop = nil
        }
        append(Block(frames[top].block(from: runs), language: language, style: style, box: anonymous ? nil : frames[top].box,
                     source: frames[top].source(spans: spans)))
        return true
    }

    /// `element`: the CFI path of the element that makes the block.
    mutating func add(_ kind: Block.Kind, anchors: [String] = [], style: BlockStyle? = nil, box: BlockBox? = nil,
                      element: String? = nil) {
        append(Block(kind, anchors: anchors, style: style ?? inheritedStyle, box: box,
                     source: element.map { SourceMap(element: $0) }))
    }

    /// A break and space for the next block made, from an element that makes none itself. The
    /// stronger break and the larger margin win, as margins collapse in CSS.
    mutating func addBeforeNextBlock(_ rule: PageBreak, margin: Double?) {
        pendingBreak = pendingBreak.combined(with: rule)
        if let margin { pendingMargin = max(pendingMargin ?? margin, margin) }
    }

    /// Where a group kept together would start now.
    var keepGroupHere: KeepGroup {
        let target = frames.lastIndex { $0.gathersBlocks } ?? 0
        return KeepGroup(frame: target, count: frames[target].blocks.count)
    }


    /// The blocks of the body, once every element is closed.
    mutating func finish() -> [Block] {
        endParagraph()
        var blocks = frames[0].blocks
        if !pendingAnchors.isEmpty, !blocks.isEmpty {
            // Ids after the last text (an empty `<div id="end"/>`) still need a place to land.
            blocks[blocks.count - 1].anchors += pendingAnchors
            pendingAnchors = []
        }
        return blocks
    }

    // MARK: - Opening and closing elements

    /// Whether a box may float here: not inside a table's parts, whose cells are set as grids,
    /// nor inside another float.
    var canFloat: Bool {
        !frames.contains { frame in
            switch frame.kind {
            case .table, .row, .cell, .caption, .float: true
            default: false
            }
        }
    }

    /// Inside a float.
    var inFloat: Bool {
        frames.contains { if case .float = $0.kind { true } else { false } }
    }

    /// A box floated to one side opens. Unlike other block-level elements it does not end the
    /// paragraph it is met in: that paragraph goes on after it, and is the float's host.
    mutating func openFloat(_ side: FloatBox.Side, width: FloatBox.Width?, element: String?) {
        let anchor = frames[frames.count - 1].inline.visibleCount()
        heldForFloats.append((pendingAnchors, pendingBreak, pendingMargin))
        pendingAnchors = []
        pendingBreak = .auto
        pendingMargin = nil
        frames.append(Frame(.float(side, width: width, anchor: anchor), elementPath: element))
        nesting += 1
    }

    /// Opens a block-level element. The paragraph before it must already be ended, so that
    /// anchors added in between land on this element's first block.
    /// `box`: the box the book draws around the block it makes.
    mutating func open(_ kind: Frame.Kind, style: BlockStyle, box: BlockBox? = nil, element: String?,
                       whiteSpace: Frame.KeptWhiteSpace = .none) {
        // A block opening inside a paragraph (a `span` the CSS makes a block, a `div` in a `p`):
        // the paragraph's break and space above go before it, unless text of the paragraph
        // before it took them.
        if let top = frames.indices.last, !frames[top].gathersBlocks, let outer = frames[top].style {
            if outer.breakBefore != .auto || outer.marginTop != nil { addBeforeNextBlock(outer.breakBefore, margin: outer.marginTop) }
            frames[top].style?.breakBefore = .auto
            frames[top].style?.marginTop = nil
            frames[top].holdsBlocks = true
        }
        var frame = Frame(kind, style: style, elementPath: element, whiteSpace: whiteSpace)
        frame.box = box
        if frame.gathersBlocks { nesting += 1 }
        frames.append(frame)
    }

    /// Closes the innermost element and hands what it gathered to the element around it.
    mutating func close() {
        let endedWithText = endParagraph(closing: true)
        let frame = frames.removeLast()
        if frame.gathersBlocks { nesting -= 1 }
        let top = frames.count - 1
        switch frame.kind {
        case .flow, .paragraph, .heading, .preformatted:
            // A paragraph that ended with a block of its own: its break and space below go
            // after that block.
            if !endedWithText, frame.holdsBlocks, let outer = frame.style,
               outer.breakAfter != .auto || outer.marginBottom != nil {
                addBeforeNextBlock(outer.breakAfter, margin: outer.marginBottom)
            }
        case .quote:
            if !frame.blocks.isEmpty { add(.quote(frame.blocks), style: frame.style, box: frame.box, element: frame.elementPath) }
        case .division:
            if !frame.blocks.isEmpty { add(.division(frame.blocks), style: frame.style, box: frame.box, element: frame.elementPath) }
        case .float(let side, let width, let anchor):
            if let held = heldForFloats.popLast() {
                // Ids of the float's own that found no block in it go on with the host's.
                pendingAnchors = held.anchors + pendingAnchors
                pendingBreak = held.rule
                pendingMargin = held.margin
            }
            // Straight into the blocks, ahead of its host: the ids, break and margin waiting are
            // the host's.
            guard !frame.blocks.isEmpty else { break }
            let target = frames.lastIndex { $0.gathersBlocks } ?? 0
            frames[target].blocks.append(Block(.float(FloatBox(side: side, width: width, anchor: anchor, blocks: frame.blocks)),
                                               direction: direction, source: frame.elementPath.map { SourceMap(element: $0) }))
        case .listItem(let value, let marker):
            if case .list = frames[top].kind {
                // An item the book draws a box around: its blocks in one division with the box.
                frames[top].items.append(frame.box == nil || frame.blocks.isEmpty ? frame.blocks
                    : [Block(.division(frame.blocks), direction: direction, box: frame.box,
                             source: frame.elementPath.map { SourceMap(element: $0) })])
                frames[top].itemMarks.append((value, marker))
            } else {
                frame.blocks.forEach { append($0) }
            }
        case .list(let ordered, let start, let reversed, let marker):
            var items = frame.items
            var marks = frame.itemMarks
            if !frame.blocks.isEmpty {
                items.append(frame.blocks)
                marks.append((nil, nil))
            }
            if !items.isEmpty {
                // HTML's numbering: from `start` (a reversed list from its item count), each
                // item one on (or back) from the one before, unless it sets its own `value`.
                var numbers: [Int] = []
                if reversed || marks.contains(where: { $0.value != nil }) {
                    var next = start ?? (reversed ? items.count : 1)
                    for mark in marks {
                        let number = mark.value ?? next
                        numbers.append(number)
                        next = reversed ? number &- 1 : number &+ 1
                    }
                }
                // An item's own marker, else the list's.
                let markers = marks.map { $0.marker ?? marker }
                let list = List(isOrdered: ordered, start: numbers.first ?? start ?? 1, items: items,
                                markers: markers.contains { $0 != nil } ? markers : [], numbers: numbers)
                add(.list(list), style: frame.style, box: frame.box, element: frame.elementPath)
            }
        case .cell:
            var cell = frame.parts.cell
            cell.blocks = frame.blocks
            switch frames[top].kind {
            case .row: frames[top].parts.row.cells.append(cell)
            case .table: appendRow(TableRow(cells: [cell]), toTableAt: top)
            default:
                let runs = flattened(frame.blocks)
                if !runs.isEmpty { add(.paragraph(runs), element: frame.elementPath) }
            }
        case .row:
            var row = frame.parts.row
            if !frame.blocks.isEmpty { row.cells.append(looseCell(frame.blocks)) }
            if frames[top].kind == .table {
                if !row.cells.isEmpty { appendRow(row, toTableAt: top) }
            } else {
                let runs = flattened([Block(.table(Table(rows: [row.cells])))])
                if !runs.isEmpty { add(.paragraph(runs), element: frame.elementPath) }
            }
        case .caption:
            if frames[top].kind == .table {
                frames[top].parts.table.caption = frame.blocks.isEmpty ? nil : TableCaption(blocks: frame.blocks, side: frame.parts.captionSide)
            } else {
                let runs = flattened(frame.blocks)
                if !runs.isEmpty { add(.paragraph(runs), style: frame.style, element: frame.elementPath) }
            }
        case .table:
            // Content outside any cell shows before the table, as browsers place it.
            frame.blocks.forEach { append($0) }
            var table = frame.parts.table
            table.groups = Self.renderOrder(of: table.groups.filter { !$0.rows.isEmpty })
            if !table.groups.isEmpty {
                add(.table(table), anchors: frame.anchors, style: frame.style, element: frame.elementPath)
            } else {
                // A table without rows shows its caption alone, as a paragraph.
                var captionAnchors: [String] = []
                let runs = TableText.runs(of: table.caption?.blocks ?? [], anchors: &captionAnchors)
                if !runs.isEmpty { add(.paragraph(runs), style: frame.style, element: frame.elementPath) }
                pendingAnchors += frame.anchors + captionAnchors
            }
        }
    }

    // MARK: - Tables

    /// Row groups (in source order, each told its place) in the order CSS displays them: the
    /// first header group first, the first footer group last; later ones stay where they are.
    static func renderOrder(of groups: [TableRowGroup]) -> [TableRowGroup] {
        var groups = groups
        for index in groups.indices { groups[index].sourceIndex = index }
        if let footer = groups.firstIndex(where: { $0.kind == .footer }) { groups.append(groups.remove(at: footer)) }
        if let header = groups.firstIndex(where: { $0.kind == .header }) { groups.insert(groups.remove(at: header), at: 0) }
        return groups
    }

    /// A row of the table frame at `index`: into its open group, else the anonymous body group
    /// that rows outside groups share until a group comes between them.
    private mutating func appendRow(_ row: TableRow, toTableAt index: Int) {
        if let group = frames[index].parts.openGroup ?? frames[index].parts.anonymousGroup {
            frames[index].parts.table.groups[group].rows.append(row)
        } else {
            frames[index].parts.anonymousGroup = frames[index].parts.table.groups.count
            frames[index].parts.table.groups.append(TableRowGroup(.body, rows: [row]))
        }
    }

    /// A row group opens in the innermost frame, when that is a table.
    mutating func beginRowGroup(_ kind: TableRowGroup.Kind) {
        let top = frames.count - 1
        guard frames[top].kind == .table else { return }
        frames[top].parts.openGroup = frames[top].parts.table.groups.count
        frames[top].parts.anonymousGroup = nil
        frames[top].parts.table.groups.append(TableRowGroup(kind))
    }

    mutating func endRowGroup() {
        let top = frames.count - 1
        guard frames[top].kind == .table else { return }
        frames[top].parts.openGroup = nil
    }

    /// Sets the properties of the table, row, cell or caption frame just opened.
    mutating func setTable(_ table: Table, cellDefaults: TableAttributes.CellDefaults) {
        frames[frames.count - 1].parts.table = table
        frames[frames.count - 1].parts.cellDefaults = cellDefaults
    }

    mutating func setRow(_ row: TableRow) { frames[frames.count - 1].parts.row = row }
    mutating func setCell(_ cell: TableCell) { frames[frames.count - 1].parts.cell = cell }
    mutating func setCaptionSide(_ side: TableCaption.Side) { frames[frames.count - 1].parts.captionSide = side }

    /// What the innermost table's attributes give a cell.
    var cellDefaults: TableAttributes.CellDefaults {
        frames.last { $0.kind == .table }?.parts.cellDefaults ?? TableAttributes.CellDefaults()
    }

    /// `col` (or a `colgroup` without any): `span` columns of the innermost table.
    mutating func addColumns(_ column: TableColumn, span: Int) {
        let top = frames.count - 1
        guard frames[top].kind == .table else { return }
        frames[top].parts.pendingColumns = nil
        // Bounded as HTML bounds `span`, and the columns of one table as its cells' spans.
        let room = max(0, TableCell.columnSpanRange.upperBound - frames[top].parts.table.columns.count)
        frames[top].parts.table.columns += Array(repeating: column, count: min(span, room))
    }

    /// A `colgroup` opens: its columns, unless a `col` inside it gives them.
    mutating func beginColumnGroup(_ column: TableColumn, span: Int) {
        let top = frames.count - 1
        guard frames[top].kind == .table else { return }
        frames[top].parts.pendingColumns = (span, column)
    }

    mutating func endColumnGroup() {
        let top = frames.count - 1
        guard frames[top].kind == .table, let (span, column) = frames[top].parts.pendingColumns else { return }
        addColumns(column, span: span)
    }

    private func looseCell(_ blocks: [Block]) -> TableCell {
        var cell = TableCell(blocks: blocks)
        cell.padding = cellDefaults.padding
        cell.borders = cellDefaults.borders
        return cell
    }

    /// Blocks in a list but outside any item (text straight inside `ul`) make an item of their
    /// own, ahead of the item about to open.
    mutating func wrapLooseBlocksAsItem() {
        endParagraph()
        let top = frames.count - 1
        guard !frames[top].blocks.isEmpty else { return }
        frames[top].items.append(frames[top].blocks)
        frames[top].itemMarks.append((nil, nil))
        frames[top].blocks = []
    }

    /// Blocks in a row but outside any cell make a cell of their own, ahead of the cell about
    /// to open.
    mutating func wrapLooseBlocksAsCell() {
        endParagraph()
        let top = frames.count - 1
        guard !frames[top].blocks.isEmpty else { return }
        let blocks = frames[top].blocks
        frames[top].blocks = []
        frames[top].parts.row.cells.append(looseCell(blocks))
    }

    // MARK: - Placing blocks

    /// Adds a block to the nearest frame that gathers blocks, with the ids met before it.
    private mutating func append(_ block: Block) {
        var block = block
        if block.direction == nil { block.direction = direction }
        if !pendingAnchors.isEmpty {
            block.anchors = pendingAnchors + block.anchors
            pendingAnchors = []
        }
        if firstHeading == nil, case .heading(_, let runs) = block.kind {
            firstHeading = TextCleanup.singleLine(runs.plainText)
        }
        let target = frames.lastIndex { $0.gathersBlocks } ?? 0
        // A float's blocks are out of the flow: the first line is the host's.
        if let firstLine = pendingFirstLine, !inFloat {
            switch block.kind {
            case .paragraph, .heading: block.firstLine = block.firstLine ?? firstLine
            default: break
            }
            pendingFirstLine = nil
        }
        if pendingBreak != .auto || pendingMargin != nil {
            block.style.breakBefore = block.style.breakBefore.combined(with: pendingBreak)
            if let margin = pendingMargin { block.style.marginTop = max(block.style.marginTop ?? margin, margin) }
            pendingBreak = .auto
            pendingMargin = nil
        }
        if let group = keepGroup, group.frame == target {
            block.style.keepsTogether = true
            if frames[target].blocks.count > group.count {
                block.style.breakBefore = block.style.breakBefore.combined(with: .avoid)
            }
        }
        frames[target].blocks.append(block)
    }

    /// The blocks of a cell or caption outside any table as runs; their anchors move to the enclosing table (or the next block).
    private mutating func flattened(_ blocks: [Block]) -> [Inline] {
        var anchors: [String] = []
        let runs = TableText.runs(of: blocks, anchors: &anchors)
        if !anchors.isEmpty {
            if let table = frames.lastIndex(where: { $0.kind == .table }) {
                frames[table].anchors += anchors
            } else {
                pendingAnchors += anchors
            }
        }
        return runs
    }
}
