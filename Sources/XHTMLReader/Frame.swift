import BookModel

/// One block-level element being read: what it has gathered so far. The reader keeps a stack of
/// these instead of recursing, so a deeply nested document costs heap, not stack.
struct Frame {
    enum Kind: Equatable {
        /// The body: gathers blocks.
        case flow
        case paragraph
        case heading(level: Int)
        case preformatted
        case quote
        /// `start`: the `start` attribute, if any.
        case list(ordered: Bool, start: Int?, reversed: Bool, marker: ListMarker?)
        /// `value`: the item's own number, if it sets one; `marker`: its own marker, if its CSS
        /// or `type` gives one.
        case listItem(value: Int?, marker: ListMarker?)
        case table
        case row
        case cell(header: Bool)
        case caption
        /// A box floated to one side (`FloatBox`): `anchor` is how much of the paragraph it
        /// was met in came before it.
        case float(FloatBox.Side, width: FloatBox.Width?, anchor: Int)
        /// A container the book's CSS draws a box around (`Block.Kind.division`).
        case division
    }

    let kind: Kind
    /// Blocks gathered inside; for a list, table or row, the loose ones outside items and cells.
    var blocks: [Block] = []
    /// The text being read that will become the next paragraph (or this heading, this `pre`).
    var inline: InlineBuffer
    var items: [[Block]] = []
    /// A paragraph with a block inside it (a `span` made a block): its margins go to the
    /// blocks around that one.
    var holdsBlocks = false
    /// For a list, each item's own number and marker, beside `items`.
    var itemMarks: [(value: Int?, marker: ListMarker?)] = []
    /// What a table, row, cell or caption element gathers: nil (no room taken) in the frames
    /// of every other element.
    @OutOfLine private var tableParts: TableParts? = nil
    /// Anchors from cells met outside any row or table, whose content is flattened to runs:
    /// they belong to the table.
    var anchors: [String] = []
    /// The element's style from the book's CSS, for the block it makes; nil for the body,
    /// whose loose text takes the style around it.
    var style: BlockStyle?
    /// The box the book draws around the block it makes (`Block.box`).
    var box: BlockBox?
    /// The CFI path of the element (see `SourceMap`); nil for the body's flow.
    var elementPath: String?

    /// `whiteSpace`: what of its text's white space the element keeps (CSS `white-space`);
    /// a `pre` keeps all of it.
    init(_ kind: Kind, style: BlockStyle? = nil, elementPath: String? = nil, whiteSpace: KeptWhiteSpace = .none) {
        self.kind = kind
        self.style = style
        self.elementPath = elementPath
        self.inline = InlineBuffer(preservesWhitespace: kind == .preformatted || whiteSpace == .all,
                                   keepsNewlines: whiteSpace == .lineBreaks)
    }

    /// What of the white space in an element's text is kept: none (it collapses), its line
    /// breaks (`pre-line`), or all of it (`pre`, `pre-wrap`).
    enum KeptWhiteSpace: Equatable {
        case none, lineBreaks, all
    }

    /// Paragraphs, headings and `pre` hold runs only; a block met inside them goes to the nearest
    /// frame below that gathers blocks.
    var gathersBlocks: Bool {
        switch kind {
        case .paragraph, .heading, .preformatted: false
        default: true
        }
    }

    /// Where a block made by this frame came from: its element, or for loose text (straight
    /// inside a `div`) the element holding the text.
    func source(spans: [TextSpan] = []) -> SourceMap? {
        if let elementPath { return SourceMap(element: elementPath, spans: spans) }
        guard let first = spans.first, let step = first.path.lastIndex(of: "/") else { return nil }
        return SourceMap(element: String(first.path[..<step]), spans: spans)
    }

    /// The kind of block this frame's pending runs become.
    func block(from runs: [Inline]) -> Block.Kind {
        switch kind {
        case .heading(let level): .heading(level: level, runs)
        case .preformatted: .preformatted(runs)
        default: .paragraph(runs)
        }
    }
}

/// The state of a table element being read, and of its rows, cells and caption.
struct TableParts {
    /// A table's properties, and its row groups in source order as they are read.
    var table = Table()
    /// The table's explicit row group (`tbody`…) now open, and the anonymous one rows outside
    /// any group go to, as indices of `table.groups`.
    var openGroup: Int?
    var anonymousGroup: Int?
    /// The columns a `colgroup` adds when it holds no `col`; nil outside a column group.
    var pendingColumns: (span: Int, column: TableColumn)?
    /// What the table's attributes give its cells (`cellpadding`, `border`).
    var cellDefaults = TableAttributes.CellDefaults()
    /// A row's properties and cells, a cell's properties, a caption's side.
    var row = TableRow(cells: [])
    var cell = TableCell(blocks: [])
    var captionSide = TableCaption.Side.top
}

extension Frame {
    /// The frame's table parts, made when first changed.
    var parts: TableParts {
        get { tableParts ?? TableParts() }
        _modify {
            if tableParts == nil { tableParts = TableParts() }
            yield &tableParts!
        }
    }
}
