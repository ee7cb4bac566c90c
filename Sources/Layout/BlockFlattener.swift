import BookModel
import MathLayout
import PageFormat

/// Turns a chapter's block tree into the flat list of paragraphs the line breaker and the
/// paginator work on: each heading, paragraph, list item, table row, rule and image (or, for an
/// image of unknown size, its alt text) becomes one `StyledParagraph` with its faces, sizes, indents and page-break rule.
struct BlockFlattener {
    /// The body text size and line height, in points.
    let fontSize: Double
    let lineHeight: Double
    /// How body paragraphs (not headings, rows or code) fill their lines.
    let alignment: LineAlignment
    /// The direction and language of paragraphs whose markup names neither.
    let bookDirection: TextDirection
    let bookLanguage: String?
    /// The languages the book's markup names are set aside, every paragraph set in
    /// `bookLanguage` (`--lang TAG!`).
    var ignoresMarkupLanguages = false
    /// Every paragraph at `fontSize`, whatever the book's CSS or a heading's level say: for
    /// footnotes, whose lines all have the size the output gives them.
    var keepsOneSize = false
    /// Tables as grids (a `FlatTable` for the table setter); else each row as a paragraph, its
    /// cells' text joined by " | ": for footnotes, whose foot holds lines alone.
    var setsTableGrids = true
    /// Floats beside the paragraphs they were met in (`FloatSetter`); else each float's blocks
    /// in the flow where it stands: for footnotes, whose foot holds lines alone.
    var setsFloats = true
    /// The boxes the book's CSS draws around blocks (`BlockBox`), drawn in their paragraphs'
    /// measure (`BoxStack`); else their blocks set as if unboxed: for footnotes and floats,
    /// which hold lines and pictures alone, and table cells, which are boxes already.
    var setsBoxes = true
    /// The measure boxes are set in, which keeps their insets within it.
    var contentWidth = Double.infinity
    /// Which OpenType features the faces have: small capitals a face lacks are synthesized.
    var faceFeatures = FaceFeatures()
    /// The book's faces, which answer a run's `font-family`; nil: every run in the layout's own.
    var bookFaces: BookFaces?
    /// Whether text the book's CSS says nothing of (`hyphens`) is hyphenated: the layout's own
    /// pages are; a designed page's are not, as a browser sets it (`hyphens: manual`).
    var hyphenatesUnlessTold = true
    /// The book is written vertically: its text is cut into runs upright and sideways
    /// (`TextOrientation`), and its pictures are laid out turned a quarter, as the whole page is
    /// (`PageAssembler` turns it back).
    var setsVertically = false

    /// How far each level of lists and block quotes is indented, in ems.
    static let indentEms = 1.5
    /// Sizes from the book's CSS are kept within these multiples of the body size, so no text
    /// is too small to read or a line too tall for a page.
    static let fontScales = 0.5...2.5
    /// The most empty lines a margin from the book's CSS makes.
    static let maximumGapLines = 4
    /// Superscripts and subscripts are set smaller.
    static let scriptScale = 0.75
    /// Monospace faces look large beside a serif of the same size (Courier's x-height is higher
    /// and every glyph is wide), so code is set smaller, as browsers do; it also lets a typical
    /// 60-column preformatted line fit the page instead of wrapping.
    static let codeScale = 0.85
    /// Synthesized small capitals are capitals at this share of the size, as browsers make them.
    static let smallCapsScale = 0.7

    private var paragraphs: [StyledParagraph] = []
    /// Anchors of blocks that produced no paragraph yet, given to the next one that does.
    private var pendingAnchors: [String] = []
    /// Scalars of the chapter's text so far: where the next paragraph starts; after `flatten`,
    /// where the text of the blocks flattened ends.
    private(set) var sourceOffset = 0
    /// A list item's marker, waiting for the first paragraph of the item; `list` is the list's
    /// own paragraph, whose direction a marker shown alone takes.
    private var pendingMarker: (text: String, minimumIndent: Double, itemIndent: Double, list: StyledParagraph)?
    /// The break and margins the book's CSS puts between the last paragraph and the next.
    private var pendingBreak = PageBreak.auto
    private var pendingMarginBelow: Double?
    private var pendingMarginAbove: Double?
    /// The last language asked about by `isRightToLeft`, and its answer.
    private var lastLanguage: (tag: String, rightToLeft: Bool)?
    /// The chapter's tables so far, which numbers the next.
    private var tableCount = 0
    /// Inside a table's cell (or caption): how its text is aligned when its own CSS says
    /// nothing (ragged, as browsers set cells, unless the cell's CSS says otherwise), and
    /// whether it is bold (a header cell).
    private var cell: CellText?
    /// Floats met and not yet given to a paragraph: the next paragraph or heading is their host.
    private var pendingFloats: [FloatBox] = []
    /// The boxes open where the walk is, and the chapter's so far.
    private var boxStack = BoxStack(fontSize: 0, lineHeight: 1, contentWidth: 0)
    /// While a table's cells are flattened: their paragraphs are the cells', not the chapter's.
    private var settingCells = false

    private struct CellText {
        var alignment: StyledParagraph.Alignment
        var bold: Bool
    }

    init(fontSize: Double, lineHeight: Double, alignment: LineAlignment = .left,
         bookDirection: TextDirection = .leftToRight, bookLanguage: String? = nil) {
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.alignment = alignment
        self.bookDirection = bookDirection
        self.bookLanguage = bookLanguage
    }

    /// The paragraphs of `blocks`, in reading order. Anchors of trailing blocks that show nothing
    /// go on the last paragraph. A `marker` (a footnote's number) runs into the first line of the
    /// first paragraph. `sourceStart`: where their text starts in the chapter's text, for blocks
    /// that follow others of the chapter flattened apart (a designed page's boxes and lines).
    mutating func flatten(_ blocks: [Block], marker: String? = nil, sourceStart: Int = 0) -> [StyledParagraph] {
        paragraphs = []
        pendingAnchors = []
        sourceOffset = sourceStart
        pendingMarker = marker.map { marker in
            var around = StyledParagraph(lineHeight: lineHeight)
            setDirection(of: &around, named: nil, language: nil)
            return (marker + " ", 0, 0, around)
        }
        pendingBreak = .auto
        pendingMarginBelow = nil
        pendingMarginAbove = nil
        tableCount = 0
        pendingFloats = []
        floatsInFlow = 0
        formulaScales = []
        formulasAsText = 0
        boxStack = BoxStack(fontSize: fontSize, lineHeight: lineHeight, contentWidth: contentWidth)
        add(blocks, indent: 0, listDepth: 0, gapBefore: true, language: nil, direction: nil)
        flushFloats(indent: 0, language: nil, direction: nil)
        if !pendingAnchors.isEmpty, !paragraphs.isEmpty {
            paragraphs[paragraphs.count - 1].anchors += pendingAnchors
        }
        return paragraphs
    }

    /// `language` and `direction`: of the blocks around, for blocks that name none.
    private mutating func add(_ blocks: [Block], indent: Double, listDepth: Int, gapBefore: Bool, language: String?,
                              direction: ParagraphDirection?) {
        for (i, block) in blocks.enumerated() {
            var block = block
            var gap = i == 0 ? gapBefore : true
            if !setsTableGrids, let caption = Self.captionParagraph(of: block) {
                add(caption, indent: indent, listDepth: listDepth, gapBefore: gap, language: language, direction: direction)
                block.anchors = []
                gap = true
            }
            add(block, indent: indent, listDepth: listDepth, gapBefore: gap, language: language, direction: direction)
        }
    }

    /// Until tables are set as grids, a table's caption is a paragraph of its own before the
    /// rows, in the table's style, wherever the caption side puts it: the table's own anchors
    /// go on it, its cells' on the first row.
    private static func captionParagraph(of block: Block) -> Block? {
        guard case .table(let table) = block.kind, let caption = table.caption else { return nil }
        var anchors: [String] = []
        let runs = TableText.runs(of: caption.blocks, anchors: &anchors)
        guard !runs.isEmpty else { return nil }
        return Block(.paragraph(runs), anchors: block.anchors, language: block.language, direction: block.direction,
                     style: block.style, source: block.source)
    }

    private mutating func add(_ block: Block, indent: Double, listDepth: Int, gapBefore: Bool, language: String?,
                              direction: ParagraphDirection?) {
        let language = ignoresMarkupLanguages ? nil : block.language ?? language
        let direction = block.direction ?? direction
        switch block.kind {
        case .float(let box) where setsFloats && cell == nil:
            pendingFloats.append(box)
            return
        case .float(let box):
            add(box.blocks, indent: indent, listDepth: listDepth, gapBefore: gapBefore, language: language, direction: direction)
            return
        case .paragraph, .heading, .quote, .list, .division: break
        case .preformatted, .rule, .image, .table:
            // Only text runs beside a float: before anything else it stands in the flow.
            flushFloats(indent: indent, language: language, direction: direction)
        }
        pendingAnchors += block.anchors
        let style = block.style
        let first = paragraphs.count
        addBefore(style)
        var paragraph = StyledParagraph(lineHeight: lineHeight)
        paragraph.indent = indent
        paragraph.gapBefore = gapBefore
        paragraph.language = language
        paragraph.source = block.source
        setDirection(of: &paragraph, named: direction, language: language)
        apply(style, to: &paragraph)
        // A box stands where the block does (a quotation's where its indent puts it), and what
        // it holds is set inside it, indented from its inner edge alone.
        let box = drawnBox(of: block)
        var indent = indent
        if let box {
            var position = indent
            if case .quote = block.kind { position += Self.indentEms * fontSize }
            boxStack.open(box, at: position, rightToLeft: paragraph.direction == .rightToLeft)
            paragraph.indent -= indent
            indent = 0
        }
        switch block.kind {
        case .heading(let level, let inlines):
            let scale = scale(style, default: BlockStyle.headingScale(level: level))
            paragraph.lineHeight = lineHeight * scale * spacing(style)
            paragraph.pageBreak = .withNext
            // Headings are set as written: short, and read at a glance; never stretched.
            paragraph.hyphenates = false
            paragraph.alignment = style.alignment == nil ? cell?.alignment ?? .start : Self.alignment(style.alignment, justifies: false)
            paragraph.firstLineIndent = (style.textIndent ?? 0) * fontSize
            setFirstLine(of: &paragraph, block.firstLine, size: fontSize * scale)
            append(inlines, to: &paragraph, size: fontSize * scale, bold: true)
            Self.checkExactness(of: &paragraph, against: inlines)
            takeFloats(into: &paragraph)
            emit(paragraph)
        case .paragraph(let inlines):
            let scale = scale(style, default: 1)
            paragraph.lineHeight = lineHeight * scale * spacing(style)
            paragraph.alignment = style.alignment == nil ? cell?.alignment ?? Self.alignment(nil, justifies: alignment == .justify)
                : Self.alignment(style.alignment, justifies: alignment == .justify)
            paragraph.firstLineIndent = (style.textIndent ?? 0) * fontSize
            paragraph.keepsSpaces = style.keepsSpaces
            paragraph.tabSize = style.tabSize ?? paragraph.tabSize
            setFirstLine(of: &paragraph, block.firstLine, size: fontSize * scale)
            append(inlines, to: &paragraph, size: fontSize * scale)
            Self.checkExactness(of: &paragraph, against: inlines)
            takeFloats(into: &paragraph)
            emit(paragraph)
        case .preformatted(let inlines):
            // A listing's lines are as far apart, for its size, as the body's are for theirs.
            let scale = scale(style, default: 1)
            paragraph.lineHeight = lineHeight * scale * Self.codeScale * spacing(style)
            paragraph.keepsSpaces = true
            paragraph.isCode = true
            paragraph.tabSize = style.tabSize ?? paragraph.tabSize
            paragraph.breaks.unsplitSourceLines = CodeLines.unsplitSourceLines
            paragraph.hyphenates = false
            if paragraph.alignment == .justify { paragraph.alignment = .start }
            for inline in inlines {
                paragraph.append(inline.text, face: FaceRole.monospace.rawValue, size: fontSize * Self.codeScale * scale, link: inline.link,
                                 paint: Self.paint(of: inline))
            }
            Self.checkExactness(of: &paragraph, against: inlines)
            emit(paragraph)
        case .rule:
            paragraph.alignment = .center
            paragraph.hyphenates = false
            paragraph.pageBreak = .together
            paragraph.append("* * *", face: FaceRole.regular.rawValue, size: fontSize)
            emit(paragraph)
        case .image(let image):
            paragraph.pageBreak = .together
            paragraph.hyphenates = false
            if var size = image.source.pixelSize {
                // A vertical book is laid out turned a quarter: its pictures are placed so too.
                if setsVertically { size = PixelSize(width: size.height, height: size.width) }
                var image = image
                image.source.pixelSize = size
                paragraph.image = image
                emit(paragraph, allowEmpty: true)
            } else {
                // Its bytes could not be read: the alt text stands in for it, as browsers do.
                paragraph.append(image.alt.isEmpty ? "[Image]" : "[Image: \(image.alt)]", face: FaceRole.regular.rawValue, size: fontSize)
                emit(paragraph)
            }
        case .table(let table) where setsTableGrids:
            addTable(table, paragraph: paragraph, indent: indent, gapBefore: gapBefore, language: language,
                     direction: direction)
        case .table(let table):
            // Where grids are not set (a footnote's table): each row, in source order, is a
            // paragraph of its cells' text (`TableText`), the cells joined by bars.
            var anchors: [String] = []
            if let caption = table.caption { _ = TableText.runs(of: caption.blocks, anchors: &anchors) }
            let rows = TableText.rowsInSourceOrder(of: table).map { row in
                row.cells.map { (runs: TableText.runs(of: $0, anchors: &anchors), isHeader: $0.isHeader) }
            }
            pendingAnchors += anchors
            for (r, row) in rows.enumerated() {
                var rowParagraph = paragraph
                rowParagraph.gapBefore = r == 0 ? gapBefore : false
                rowParagraph.pageBreak = .together
                for (c, cell) in row.enumerated() {
                    if c > 0 { rowParagraph.append(" | ", face: FaceRole.regular.rawValue, size: fontSize) }
                    append(cell.runs, to: &rowParagraph, bold: cell.isHeader)
                }
                emit(rowParagraph)
            }
        case .float:
            break
        case .quote(let blocks):
            add(blocks, indent: box == nil ? indent + Self.indentEms * fontSize : indent, listDepth: listDepth,
                gapBefore: gapBefore, language: language, direction: direction)
        case .division(let blocks):
            add(blocks, indent: indent, listDepth: listDepth, gapBefore: gapBefore, language: language, direction: direction)
        case .list(let list):
            let itemIndent = indent + Self.indentEms * fontSize
            for (i, item) in list.items.enumerated() {
                var itemGap = i == 0 ? gapBefore : false
                // An item that starts with a list: the outer marker gets a line of its own.
                if pendingMarker != nil {
                    emitPendingMarker(gapBefore: itemGap)
                    itemGap = false
                }
                let marker = Self.marker(of: list, item: i, depth: listDepth)
                pendingMarker = (marker, indent, itemIndent, paragraph)
                // Items follow one another without a gap; the list as a whole is set apart.
                add(item, indent: itemIndent, listDepth: listDepth + 1, gapBefore: itemGap, language: language,
                    direction: direction)
                emitPendingMarker(gapBefore: itemGap)
            }
        }
        if style.keepsTogether {
            for p in paragraphs.indices.dropFirst(first) {
                paragraphs[p].breaks.avoidedInside = true
                if p > first { paragraphs[p].breaks.avoidedBefore = true }
            }
        }
        if box != nil, let below = boxStack.close(paragraphCount: paragraphs.count) {
            paragraphs[paragraphs.count - 1].breaks.boxLinesAfter = boxLines(below)
        }
        addAfter(style)
    }

    // MARK: - Boxes

    /// The box drawn around the block, when there is one to draw here: a block of text, a
    /// quotation, a list or a division, in the chapter's flow (not in a cell) and not too deep.
    private func drawnBox(of block: Block) -> BlockBox? {
        guard setsBoxes, cell == nil, let box = block.box, boxStack.canOpen else { return nil }
        switch block.kind {
        case .paragraph, .heading, .preformatted, .quote, .list, .division: return box
        case .rule, .image, .table, .float: return nil
        }
    }

    /// The boxes the last `flatten` drew around its paragraphs, and how many of them it drew
    /// narrower than the book asks, to leave the text room.
    var boxes: [FlatBox] { boxStack.boxes }
    var boxesNarrowed: Int { boxStack.narrowed }

    /// The lines a box's border and padding take, `space` points: the nearest whole number, at
    /// most `maximumGapLines`. Unlike a margin, which is only space and takes a line from
    /// `marginLineThreshold` so that it shows, a box's edge is drawn either way: one thinner
    /// than half a line is drawn in the gap beside it (`placeBoxes` makes a line for it where
    /// there is none), so that a rule under a heading does not push the text a line further.
    private func boxLines(_ space: Double) -> Int {
        let lines = (space / lineHeight).rounded()
        return lines.isFinite ? Int(min(max(lines, 0), Double(Self.maximumGapLines))) : 0
    }

    /// The boxes starting with `paragraph` (about to be made) and ending with the one before:
    /// the edges (borders and padding) that meet between the two take, besides the gap's lines,
    /// the nearest whole number of lines to their sum, each side as near its own as that allows
    /// (the lines below go with the page the box ends on, those above with the next), and
    /// where no gap is left between them, at least the room they are drawn in: an edge never
    /// reaches into a line of text, nor into the margins' space by more than half a line.
    private mutating func placeBoxes(before paragraph: inout StyledParagraph) {
        paragraph.boxInsets = boxStack.insets
        let (above, below) = boxStack.paragraphMade(paragraphs.count)
        guard above > 0 || below > 0 else { return }
        var linesAbove = boxLines(above)
        if let previous = paragraphs.indices.last {
            var linesBelow = boxLines(below)
            let gap = paragraph.breaks.gapLines ?? (paragraph.gapBefore ? 1 : 0)
            let room = gap > 0 ? boxLines(below + above) : Int(min(((below + above) / lineHeight - 1e-6).rounded(.up), 1e6))
            let wanted = min(room, 2 * Self.maximumGapLines)
            while linesBelow + linesAbove < wanted {
                // To the side its lines cover least.
                if below - Double(linesBelow) * lineHeight >= above - Double(linesAbove) * lineHeight {
                    linesBelow += 1
                } else {
                    linesAbove += 1
                }
            }
            paragraphs[previous].breaks.boxLinesAfter = linesBelow
        }
        paragraph.breaks.boxLinesBefore = linesAbove
    }

    // MARK: - Floats

    /// Gives the waiting floats to `paragraph`, their host, when it shows text; their blocks
    /// are flattened on their own (they take no part in the chapter's text offsets: their lines
    /// have no `source`), and their anchors go to the host.
    private mutating func takeFloats(into paragraph: inout StyledParagraph) {
        guard !pendingFloats.isEmpty, !paragraph.isEmpty else { return }
        // A float's measure is narrow: its text is set ragged, as justified it would gape.
        var inner = BlockFlattener(fontSize: fontSize, lineHeight: lineHeight, alignment: .left,
                                   bookDirection: bookDirection, bookLanguage: bookLanguage)
        inner.setsFloats = false
        inner.setsBoxes = false
        inner.ignoresMarkupLanguages = ignoresMarkupLanguages
        inner.faceFeatures = faceFeatures
        inner.bookFaces = bookFaces
        // A float's box holds lines and pictures: a table in it is its rows as text.
        inner.setsTableGrids = false
        for box in pendingFloats {
            let content = inner.flatten(box.blocks)
            guard !content.isEmpty else { continue }
            pendingAnchors += content.flatMap(\.anchors)
            let width: FlatFloat.Width? = switch box.width {
            case .ems(let ems)?: .points(ems * fontSize)
            case .percent(let percent)?: .fraction(percent / 100)
            case nil: nil
            }
            paragraph.floats.append(FlatFloat(side: box.side, width: width, anchor: box.anchor, paragraphs: content))
        }
        pendingFloats = []
    }

    /// Floats no paragraph takes (before a table, an image, a listing, or at the chapter's end)
    /// are set in the flow, where they stand.
    private mutating func flushFloats(indent: Double, language: String?, direction: ParagraphDirection?) {
        guard !pendingFloats.isEmpty else { return }
        let boxes = pendingFloats
        pendingFloats = []
        floatsInFlow += boxes.count
        for box in boxes {
            add(box.blocks, indent: indent, listDepth: 0, gapBefore: true, language: language, direction: direction)
        }
    }

    /// How many floats the last `flatten` set in the flow, as ordinary blocks.
    private(set) var floatsInFlow = 0
    /// Sets the formulas; nil: each is set as its text.
    var formulaSetter: FormulaSetter?
    /// The scale of each formula set smaller to fit the page, and how many were set as text
    /// for want of a math face, since `flatten` began.
    private(set) var formulaScales: [Double] = []
    private(set) var formulasAsText = 0

    // MARK: - Tables

    /// A table as one paragraph holding its cells' paragraphs (`StyledParagraph.table`), in the
    /// chapter's text in reading order, with what the book's markup and CSS say of the grid. What
    /// waits for the next paragraph (a break, margins, anchors, a list item's marker) goes to the
    /// table, not to its first cell. A caption is a paragraph of its own, above the table and
    /// kept with it, or below it.
    private mutating func addTable(_ table: Table, paragraph: StyledParagraph, indent: Double, gapBefore: Bool,
                                   language: String?, direction: ParagraphDirection?) {
        var gapBefore = gapBefore
        if pendingMarker != nil {
            emitPendingMarker(gapBefore: gapBefore)
            gapBefore = false
        }
        if let caption = table.caption, caption.side == .top {
            let first = paragraphs.count
            addCaption(caption, indent: indent, gapBefore: gapBefore, language: language, direction: direction)
            if paragraphs.count > first {
                paragraphs[paragraphs.count - 1].pageBreak = .withNext
                gapBefore = false
            }
        }
        let outside = (paragraphs, pendingAnchors, pendingBreak, pendingMarginAbove, pendingMarginBelow, cell)
        paragraphs = []
        pendingAnchors = []
        let index = tableCount
        tableCount += 1
        var rows: [FlatTable.Row] = []
        // The header that shows again on each page the table goes on to: its `thead`, else its
        // leading rows of header cells alone (a first row of `th`s, as books without a `thead`
        // mark their column heads), when rows follow them.
        let leadingHeaders = table.rows.prefix { row in !row.cells.isEmpty && row.cells.allSatisfy(\.isHeader) }.count
        let headerRows = table.groups.first?.kind == .header ? table.groups[0].rows.count
            : leadingHeaders < table.rows.count ? leadingHeaders : 0
        for (r, row) in table.rows.enumerated() {
            var cells: [FlatTable.Cell] = []
            for source in row.cells {
                let isHeader = source.isHeader || r < headerRows
                pendingBreak = .auto
                pendingMarginAbove = nil
                pendingMarginBelow = nil
                cell = CellText(alignment: Self.alignment(source.textAlign ?? (isHeader ? .center : nil), justifies: false),
                                bold: isHeader)
                let first = paragraphs.count
                let around = settingCells
                settingCells = true
                add(source.blocks, indent: 0, listDepth: 0, gapBefore: false, language: language, direction: direction)
                emitPendingMarker(gapBefore: false)
                settingCells = around
                var flat = FlatTable.Cell(paragraphs: Array(paragraphs[first...]))
                flat.span = TableGrid.Span(columns: source.columnSpan, rows: source.rowSpan)
                flat.width = Self.width(source.width)
                flat.padding = FlatTable.Edges(top: source.padding.top, right: source.padding.right,
                                               bottom: source.padding.bottom, left: source.padding.left)
                flat.borders = Self.borders(source.borders)
                flat.verticalAlignment = switch source.verticalAlign {
                case .top, .baseline: .top
                case .middle: .middle
                case .bottom: .bottom
                }
                flat.background = source.backgroundColor.map(Self.color)
                flat.isHeader = isHeader
                flat.noWrap = source.noWrap
                cells.append(flat)
            }
            rows.append(FlatTable.Row(cells: cells, height: row.height, background: row.backgroundColor.map(Self.color)))
        }
        let cellAnchors = paragraphs.flatMap(\.anchors)
        (paragraphs, pendingAnchors, pendingBreak, pendingMarginAbove, pendingMarginBelow, cell) = outside
        pendingAnchors += cellAnchors
        var groupEnds: [Int] = []
        for group in table.groups { groupEnds.append((groupEnds.last ?? 0) + group.rows.count) }
        var flat = FlatTable(index: index, rows: rows, groupEnds: groupEnds, headerRows: headerRows)
        flat.columnWidths = table.columns.map { Self.width($0.width) }
        flat.width = Self.width(table.width)
        flat.isFixed = table.layout == .fixed
        flat.spacing = (table.borderSpacing.horizontal, table.borderSpacing.vertical)
        flat.collapsesBorders = table.bordersCollapse
        flat.borders = Self.borders(table.borders)
        flat.background = table.backgroundColor.map(Self.color)
        var grid = paragraph
        grid.indent = indent
        grid.gapBefore = gapBefore
        grid.table = flat
        emit(grid, allowEmpty: true)
        if let caption = table.caption, caption.side == .bottom {
            let first = paragraphs.count
            addCaption(caption, indent: indent, gapBefore: false, language: language, direction: direction)
            if paragraphs.count > first { paragraphs[first].breaks.avoidedBefore = true }
        }
    }

    private mutating func addCaption(_ caption: TableCaption, indent: Double, gapBefore: Bool, language: String?,
                                     direction: ParagraphDirection?) {
        let around = cell
        cell = CellText(alignment: .center, bold: false)
        add(caption.blocks, indent: indent, listDepth: 0, gapBefore: gapBefore, language: language, direction: direction)
        cell = around
    }

    private static func width(_ length: TableLength?) -> TableColumnWidths.Width {
        switch length {
        case nil: .auto
        case .points(let points)?: .points(points)
        case .percent(let percent)?: .fraction(percent / 100)
        }
    }

    /// `text` as small capitals are synthesized from a font without them (Liberation has none),
    /// as browsers make them: each lowercase letter (with `.all`, each letter) a capital at
    /// `smallCapsScale` of the size, in pieces of one size.
    static func smallCapsPieces(of text: String, _ letters: SmallCapitals = .lowercase) -> [(text: String, small: Bool)] {
        var pieces: [(text: String, small: Bool)] = []
        for character in text {
            // Every letter: its lowercase made a small capital, as `all-small-caps` is drawn.
            let character = letters == .all ? CaseMapping.lower(character) : character
            let small = CaseMapping.becomesCapital(character)
            let shown = small ? CaseMapping.upper(character) : character
            if pieces.last?.small == small {
                pieces[pieces.count - 1].text.append(shown)
            } else {
                pieces.append((String(shown), small))
            }
        }
        return pieces
    }

    /// The lines and colours `inline` is drawn with.
    private static func paint(of inline: Inline) -> RunPaint {
        RunPaint(underline: inline.style.contains(.underline), strikethrough: inline.style.contains(.strikethrough),
                 color: inline.color.map(color), background: inline.background.map(color))
    }

    static func color(_ color: BookColor) -> PageColor {
        PageColor(red: color.red, green: color.green, blue: color.blue,
                  alpha: UInt8((min(max(color.alpha, 0), 1) * 255).rounded()))
    }

    /// Borders as drawn: a style that shows nothing is no width; no colour is the text's, black.
    private static func borders(_ borders: TableBorders) -> FlatTable.Edges<FlatTable.Border> {
        func border(_ border: TableBorder) -> FlatTable.Border {
            border.isVisible ? FlatTable.Border(width: border.width, color: border.color.map(color) ?? PageColor(red: 0, green: 0, blue: 0))
                : .none
        }
        return FlatTable.Edges(top: border(borders.top), right: border(borders.right), bottom: border(borders.bottom),
                               left: border(borders.left))
    }

    // MARK: - Direction

    /// The base direction: the markup's `dir` on the block or around it, else right to left
    /// for a language written so (the block's, the blocks' around it, the book's), else the
    /// book's page progression.
    private mutating func setDirection(of paragraph: inout StyledParagraph, named: ParagraphDirection?, language: String?) {
        let unnamed = isRightToLeft(language ?? bookLanguage) ? .rightToLeft : bookDirection
        switch named {
        case .leftToRight?: paragraph.direction = .leftToRight
        case .rightToLeft?: paragraph.direction = .rightToLeft
        case .auto?:
            paragraph.direction = unnamed
            paragraph.directionFromText = true
        case nil: paragraph.direction = unnamed
        }
    }

    /// Whether `language` is written right to left, remembered for the last language asked:
    /// asked for every paragraph, nearly always of the same language, and reading a tag costs
    /// far more than comparing it with the last.
    private mutating func isRightToLeft(_ language: String?) -> Bool {
        guard let language else { return false }
        if let last = lastLanguage, last.tag == language { return last.rightToLeft }
        let rightToLeft = LanguageDirection.isRightToLeft(language)
        lastLanguage = (language, rightToLeft)
        return rightToLeft
    }

    // MARK: - The book's CSS

    /// What a block's style sets on the paragraphs it makes itself (not on those of the blocks
    /// inside it, which carry their own).
    private func apply(_ style: BlockStyle, to paragraph: inout StyledParagraph) {
        if let start = style.startIndent { paragraph.indent += start * fontSize }
        if !(style.hyphenates ?? hyphenatesUnlessTold) { paragraph.hyphenates = false }
        if style.strictLineBreaks { paragraph.strictLineBreaks = true }
        if let orphans = style.orphans { paragraph.breaks.orphans = min(orphans, 10) }
        if let widows = style.widows { paragraph.breaks.widows = min(widows, 10) }
    }

    /// The book's `::first-line` style for a paragraph set at `size`; its size is the layout's
    /// where every paragraph keeps one size (a footnote's).
    private func setFirstLine(of paragraph: inout StyledParagraph, _ firstLine: FirstLineStyle?, size: Double) {
        guard var firstLine else { return }
        if keepsOneSize { firstLine.scale = nil }
        paragraph.firstLine = FirstLineRestyle(style: firstLine, blockSize: size, faceFeatures: faceFeatures)
    }

    /// The book's line height for the block against the layout's (`BlockStyle.lineSpacing`),
    /// kept within `lineSpacings` so lines neither collide nor drift a page apart.
    static let lineSpacings = 0.75...2.5

    private func spacing(_ style: BlockStyle) -> Double {
        guard !keepsOneSize, let spacing = style.lineSpacing, spacing.isFinite else { return 1 }
        return min(max(spacing, Self.lineSpacings.lowerBound), Self.lineSpacings.upperBound)
    }

    private func scale(_ style: BlockStyle, default scale: Double) -> Double {
        if keepsOneSize { return 1 }
        guard let set = style.fontScale, set.isFinite else { return scale }
        return min(max(set, Self.fontScales.lowerBound), Self.fontScales.upperBound)
    }

    /// The book's `text-align`; `justify` only where lines may stretch (body text, and not
    /// with `--align left`, which the reader chose over the book).
    private static func alignment(_ book: TextAlignment?, justifies: Bool) -> StyledParagraph.Alignment {
        switch book {
        case nil, .justify: justifies ? .justify : .start
        case .start: .start
        case .end: .end
        case .left: .left
        case .right: .right
        case .center: .center
        }
    }

    /// A block's break and top margin wait for its first paragraph.
    private mutating func addBefore(_ style: BlockStyle) {
        pendingBreak = pendingBreak.combined(with: style.breakBefore)
        if let margin = style.marginTop { pendingMarginAbove = max(pendingMarginAbove ?? margin, margin) }
    }

    /// A block's break and bottom margin wait for the paragraph after its last.
    private mutating func addAfter(_ style: BlockStyle) {
        pendingBreak = pendingBreak.combined(with: style.breakAfter)
        if let margin = style.marginBottom { pendingMarginBelow = max(pendingMarginBelow ?? margin, margin) }
    }

    /// Gives the next paragraph the waiting break, and its gap from the margins: the larger of
    /// the one below and the one above (margins collapse), a side without one counting as the
    /// layout's own gap, in whole lines so text stays on the page's grid of lines. A margin of
    /// three tenths of a line or more makes a line: the space after a heading, set in ems that
    /// fall short of a line, still shows.
    static let marginLineThreshold = 0.3

    private mutating func takePendingBreak(into paragraph: inout StyledParagraph) {
        if pendingBreak == .page { paragraph.breaks.forcedBefore = true }
        if pendingBreak == .avoid { paragraph.breaks.avoidedBefore = true }
        if pendingMarginAbove != nil || pendingMarginBelow != nil {
            let usual = paragraph.gapBefore ? lineHeight : 0
            let space = max(pendingMarginBelow.map { $0 * fontSize } ?? usual, pendingMarginAbove.map { $0 * fontSize } ?? usual)
            let lines = (space / lineHeight + 1 - Self.marginLineThreshold).rounded(.down)
            paragraph.breaks.gapLines = lines.isFinite ? Int(min(max(lines, 0), Double(Self.maximumGapLines))) : 0
        }
        pendingBreak = .auto
        pendingMarginAbove = nil
        pendingMarginBelow = nil
    }

    /// Whether the paragraph's text is its block's runs scalar for scalar, so that offsets map
    /// through the block's spans. Outside preformatted text the paragraph only ever drops white
    /// space, so an equal count means equal text; preformatted text also widens tabs.
    private static func checkExactness(of paragraph: inout StyledParagraph, against inlines: [Inline]) {
        guard paragraph.source != nil else { return }
        let count = inlines.reduce(0) { $0 + $1.text.unicodeScalarCount }
        let widened = paragraph.keepsSpaces && inlines.contains { $0.text.utf8.contains(0x09) }
        let added = paragraph.sourceReplacements.reduce(0) { $0 + $1.length - $1.sourceLength }
        paragraph.sourceIsExact = !widened && paragraph.scalarCount - added == count
    }

    /// A task item shows its box as the writer typed it (the serif faces have no ballot-box
    /// glyphs); other items a number or a bullet.
    static func marker(of list: List, item: Int, depth: Int) -> String {
        if let checked = list.checkbox(at: item) { return (checked ? "[x]" : "[ ]") + ListNumbering.separator }
        // Browsers' defaults: numbers, or a disc, a circle inside one list, a square deeper.
        let style = list.marker(ofItem: item) ?? (list.isOrdered ? .decimal : depth == 0 ? .disc : depth == 1 ? .circle : .square)
        return ListNumbering.marker(style, number: list.number(ofItem: item))
    }

    private mutating func append(_ inlines: [Inline], to paragraph: inout StyledParagraph,
                        size: Double? = nil, bold: Bool = false) {
        let size = size ?? fontSize
        // Scalars counted so far, for the offsets of note references: counted only up to the
        // last reference, once.
        var counted = (bytes: 0, scalars: 0)
        // The paragraph's scalars before byte `byte` of its text: counted once, onwards.
        func scalars(before byte: Int, in text: [UInt8]) -> Int {
            while counted.bytes < byte {
                if text[counted.bytes] & 0xC0 != 0x80 { counted.scalars += 1 }
                counted.bytes += 1
            }
            return counted.scalars
        }
        // Text the block does not have (a formula's linear form, a line break around a display
        // formula) is recorded, so that offsets still map to the block's text.
        func replaced(from byte: Int, sourceScalars: Int, in paragraph: inout StyledParagraph) {
            let start = scalars(before: byte, in: paragraph.text)
            let length = scalars(before: paragraph.text.count, in: paragraph.text) - start
            guard length != sourceScalars else { return }
            paragraph.sourceReplacements.append(SourceReplacement(offset: start, length: length, sourceLength: sourceScalars))
        }
        func breakLine(in paragraph: inout StyledParagraph) {
            guard let last = paragraph.text.last, last != 0x0A else { return }
            let before = paragraph.text.count
            paragraph.append("\n", face: FaceRole.regular.rawValue, size: size)
            // A space before it became the break; else the break is new.
            if paragraph.text.count > before { replaced(from: before, sourceScalars: 0, in: &paragraph) }
        }
        var afterDisplay = false
        for inline in inlines {
            // Text after a display formula starts a line of its own.
            if afterDisplay, inline.text.contains(where: { !$0.isWhitespace }) {
                breakLine(in: &paragraph)
                afterDisplay = false
            }
            let style = inline.style
            let isBold = bold || cell?.bold == true || style.contains(.bold)
            let isItalic = style.contains(.italic)
            let isCode = style.contains(.code)
            let shift: BaselineShift = style.contains(.superscript) ? .superscript
                : style.contains(.`subscript`) ? .subscript : .none
            let runSize = self.runSize(of: inline, in: size, shift: shift, code: isCode)
            if runSize > size * (1 + 1e-9) { paragraph.lineHeightPerPoint = paragraph.lineHeight / size }
            let before = paragraph.text.count
            let paint = Self.paint(of: inline)
            let layoutFace = bookFaces?.layoutFace(for: inline.font, bold: isBold, italic: isItalic, code: isCode)
                ?? FaceRole(bold: isBold, italic: isItalic, code: isCode).rawValue
            // A formula's text is its linear form (`FormulaText`), set as the formula's run or,
            // without a math face or in a vertical line, as text.
            var inline = inline
            // A formula set as text: its linear form replaces the text the block has.
            var replacedScalars: Int?
            if let formula = inline.formula {
                if !setsVertically, let pieces = setFormula(formula, size: runSize, in: paragraph) {
                    // A display formula is a line of its own.
                    if pieces[0].span.isDisplay { breakLine(in: &paragraph) }
                    let start = paragraph.text.count
                    for (k, piece) in pieces.enumerated() {
                        // Between the pieces of a formula cut around its operators (`FormulaBreaks`), a
                        // space: one no line ends at before an operator, one a line may end at after it.
                        if k > 0 {
                            let space = pieces[k - 1].span.penaltyAfter > 0 ? " " : "\u{A0}"
                            paragraph.append(space, face: layoutFace, size: runSize, link: inline.link, paint: paint)
                        }
                        var span = piece.span
                        let pieceStart = paragraph.text.count
                        paragraph.append(piece.text, face: layoutFace, size: runSize, link: inline.link, paint: paint,
                                         shaping: RunShaping(objectWidth: span.box.width))
                        span.range = pieceStart..<paragraph.text.count
                        paragraph.formulas.append(span)
                    }
                    replaced(from: start, sourceScalars: inline.text.unicodeScalarCount, in: &paragraph)
                    afterDisplay = pieces[0].span.isDisplay
                    continue
                }
                let linear = FormulaText.linear(formula)
                if !setsVertically { formulasAsText += 1 }
                replacedScalars = inline.text.unicodeScalarCount
                if !linear.isEmpty { inline.text = linear }
            }
            if inline.font.family != 0, let bookFaces,
               let bookFace = bookFaces.bookFace(for: inline.font, bold: isBold, italic: isItalic) {
                for piece in Self.pieces(of: inline.text, in: bookFace, faces: bookFaces, otherwise: layoutFace) {
                    append(piece.text, of: inline, face: piece.face, size: size, runSize: runSize, shift: shift, paint: paint,
                           to: &paragraph)
                }
            } else {
                append(inline.text, of: inline, face: layoutFace, size: size, runSize: runSize, shift: shift, paint: paint,
                       to: &paragraph)
            }
            if let replacedScalars { replaced(from: before, sourceScalars: replacedScalars, in: &paragraph) }
            if let reading = inline.ruby, paragraph.text.count > before {
                paragraph.rubies.append(RubySpan(base: before..<paragraph.text.count, text: reading, face: layoutFace,
                                                 size: RubySpan.size(over: runSize)))
            }
            guard let note = inline.note, paragraph.text.count > before else { continue }
            paragraph.noteCalls.append(NoteCall(offset: scalars(before: paragraph.text.count, in: paragraph.text) - 1, note: note))
        }
    }

    /// `formula` set at `size` within the room a line of `paragraph` has (the measure less its
    /// boxes' insets and indents), in the pieces a line may end between (`FormulaBreaks`), each
    /// with its text (an object's mark when it has none); nil when there is no math face.
    private mutating func setFormula(_ formula: Formula, size: Double,
                                     in paragraph: StyledParagraph) -> [(span: FormulaSpan, text: String)]? {
        let insets = boxStack.insets
        let room = contentWidth - insets.left - insets.right
            - max(paragraph.indent, paragraph.indent + paragraph.firstLineIndent, 0)
        var set: [(span: FormulaSpan, text: String)] = []
        for piece in FormulaBreaks.pieces(of: formula) {
            guard var span = formulaSetter?.set(piece.formula, size: size, width: room) else { return nil }
            span.gap = piece.gap
            set.append((span, piece.text.isEmpty ? "\u{FFFC}" : piece.text))
        }
        if let smallest = set.map(\.span.scale).min(), smallest < 1 { formulaScales.append(smallest) }
        return set
    }

    /// `text` of `inline` in face number `face`: with its spacing and features, small capitals
    /// the face lacks synthesized; in a vertical book, in runs upright or sideways.
    private func append(_ text: String, of inline: Inline, face: Int, size: Double, runSize: Double, shift: BaselineShift,
                        paint: RunPaint, to paragraph: inout StyledParagraph) {
        guard setsVertically else {
            return append(text, of: inline, face: face, size: size, runSize: runSize, shift: shift, paint: paint,
                          upright: false, to: &paragraph)
        }
        // What the book says of the run's orientation wins over each character's own.
        if inline.style.contains(.combinedUpright) {
            return append(text, of: inline, face: face, size: size, runSize: runSize, shift: shift, paint: paint,
                          upright: false, combined: true, to: &paragraph)
        }
        if inline.style.contains(.upright) || inline.style.contains(.sideways) {
            return append(text, of: inline, face: face, size: size, runSize: runSize, shift: shift, paint: paint,
                          upright: inline.style.contains(.upright), to: &paragraph)
        }
        for piece in TextOrientation.pieces(of: text) {
            append(String(piece.text), of: inline, face: face, size: size, runSize: runSize, shift: shift, paint: paint,
                   upright: piece.upright, to: &paragraph)
        }
    }

    private func append(_ text: String, of inline: Inline, face: Int, size: Double, runSize: Double, shift: BaselineShift,
                        paint: RunPaint, upright: Bool, combined: Bool = false, to paragraph: inout StyledParagraph) {
        guard let typography = inline.typography, !combined else {
            var shaping = RunShaping()
            shaping.upright = upright
            shaping.combined = combined
            return paragraph.append(text, face: face, size: runSize, shift: shift, link: inline.link, paint: paint,
                                    shaping: shaping)
        }
        // Spacing is a length, the same in a synthesized small capital as beside it.
        let (features, synthesized) = faceFeatures.resolve(typography.features, in: face)
        var shaping = RunShaping(letterSpacing: typography.letterSpacing * size, wordSpacing: typography.wordSpacing * size,
                                 features: features, size: runSize)
        shaping.upright = upright
        if let synthesized {
            for piece in Self.smallCapsPieces(of: text, synthesized) {
                paragraph.append(piece.text, face: face, size: piece.small ? runSize * Self.smallCapsScale : runSize,
                                 shift: shift, link: inline.link, paint: paint, shaping: shaping)
            }
        } else {
            paragraph.append(text, face: face, size: runSize, shift: shift, link: inline.link, paint: paint, shaping: shaping)
        }
    }

    /// `text` cut where it goes from characters the book's face serves (its `unicode-range`)
    /// and has glyphs for to characters it does not, which take `otherwise`, the face after it in
    /// the run's family list. A mark, a joiner or a selector goes with the character before it,
    /// as does white space, which never starts a change of face.
    ///
    /// Every run of a book that brings its fonts passes here, so the text is read as UTF-8 and cut
    /// by offsets, a run in one face given back as it is; an ASCII character needs no Unicode
    /// look-up, and its face is asked once a call.
    static func pieces(of text: String, in face: BookFaces.Pick, faces: BookFaces,
                       otherwise: Int) -> [(text: String, face: Int)] {
        let font = faces.faces[face.number]
        let cut = text.utf8.withContiguousStorageIfAvailable { bytes -> [(text: String, face: Int)] in
            var pieces: [(text: String, face: Int)] = []
            // Bits 0–63 and 64–127: whether the ASCII character's face is known, and whether
            // it is the book's.
            var asciiKnown: (UInt64, UInt64) = (0, 0)
            var asciiServed: (UInt64, UInt64) = (0, 0)
            // Text outside ASCII repeats a character often (quotation marks, dashes, a script's letters).
            var lastValue: UInt32 = 0
            var lastNumber = -1
            var start = 0
            var offset = 0
            var current = -1
            while offset < bytes.count {
                let lead = bytes[offset]
                let number: Int
                let width: Int
                if lead < 0x80 {
                    width = 1
                    if current >= 0, lead == 0x20 || (0x09...0x0D).contains(lead) {
                        offset += 1
                        continue
                    }
                    let bit = UInt64(1) << (lead & 63)
                    var known = lead < 64 ? asciiKnown.0 : asciiKnown.1
                    var served = lead < 64 ? asciiServed.0 : asciiServed.1
                    if known & bit == 0 {
                        known |= bit
                        let scalar = Unicode.Scalar(lead)
                        if face.serves(scalar) && font.hasGlyph(for: scalar) { served |= bit }
                        if lead < 64 {
                            asciiKnown.0 = known
                            asciiServed.0 = served
                        } else {
                            asciiKnown.1 = known
                            asciiServed.1 = served
                        }
                    }
                    number = served & bit != 0 ? face.number : otherwise
                } else {
                    // A String's UTF-8 is valid: the lead byte tells the width.
                    var value: UInt32
                    if lead < 0xE0 {
                        value = UInt32(lead & 0x1F)
                        width = 2
                    } else if lead < 0xF0 {
                        value = UInt32(lead & 0x0F)
                        width = 3
                    } else {
                        value = UInt32(lead & 0x07)
                        width = 4
                    }
                    for next in (offset + 1)..<(offset + width) { value = value << 6 | UInt32(bytes[next] & 0x3F) }
                    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                    if current >= 0, Self.followsCharacterBefore(scalar) {
                        offset += width
                        continue
                    }
                    if lastNumber < 0 || value != lastValue {
                        lastValue = value
                        lastNumber = face.serves(scalar) && font.hasGlyph(for: scalar) ? face.number : otherwise
                    }
                    number = lastNumber
                }
                if number != current {
                    if current >= 0 { pieces.append((String(decoding: bytes[start..<offset], as: UTF8.self), current)) }
                    start = offset
                    current = number
                }
                offset += width
            }
            if current >= 0 { pieces.append((start == 0 ? text : String(decoding: bytes[start...], as: UTF8.self), current)) }
            return pieces
        }
        if let cut { return cut }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        return pieces(of: contiguous, in: face, faces: faces, otherwise: otherwise)
    }

    /// Whether `scalar` goes with the character before it, whatever face that is in: white
    /// space, a mark, a default-ignorable character (a joiner, a variation selector). White space
    /// is among the controls and separators, and the ignorable among the format, unassigned and
    /// other-letter characters and marks, so the general category, read once, tells which other
    /// property to ask; ASCII needs none (`isWhitespace` holds for U+0009–U+000D and the space,
    /// not for the separators U+001C–U+001F).
    static func followsCharacterBefore(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        case .control, .spaceSeparator, .lineSeparator, .paragraphSeparator: return properties.isWhitespace
        case .format, .unassigned, .otherLetter: return properties.isDefaultIgnorableCodePoint
        default: return false
        }
    }

    /// The size `inline` is set in, in a block set at `size`: the size the book's CSS gives it
    /// (kept within `fontScales` of the body), and smaller for a script or code — unless the book
    /// already made it smaller than the block, which then stands for the layout's own shrinking.
    private func runSize(of inline: Inline, in size: Double, shift: BaselineShift, code: Bool) -> Double {
        guard !keepsOneSize, let scale = inline.scale else {
            var runSize = size
            if shift != .none { runSize *= Self.scriptScale }
            if code { runSize *= Self.codeScale }
            return runSize
        }
        let bounds = (fontSize * Self.fontScales.lowerBound)...(fontSize * Self.fontScales.upperBound)
        var runSize = min(max(size * scale, bounds.lowerBound), bounds.upperBound)
        if scale >= 1 {
            if shift != .none { runSize *= Self.scriptScale }
            if code { runSize *= Self.codeScale }
        }
        return runSize
    }

    /// A waiting marker whose item had nothing to show before a nested list, or nothing at all.
    private mutating func emitPendingMarker(gapBefore: Bool) {
        guard let marker = pendingMarker else { return }
        // An item marked with nothing (`list-style-type: none`) shows no line for its marker.
        guard !marker.text.isEmpty else {
            pendingMarker = nil
            return
        }
        var markerOnly = StyledParagraph(lineHeight: lineHeight)
        markerOnly.direction = marker.list.direction
        markerOnly.directionFromText = marker.list.directionFromText
        markerOnly.indent = marker.itemIndent
        markerOnly.gapBefore = gapBefore
        emit(markerOnly, allowEmpty: true)
    }

    /// Keeps `paragraph` if it shows anything (or may be empty: an image, a lone marker), giving
    /// it the waiting marker and anchors.
    private mutating func emit(_ paragraph: StyledParagraph, allowEmpty: Bool = false) {
        var paragraph = paragraph
        if let marker = pendingMarker {
            guard !paragraph.isEmpty || allowEmpty else { return }
            paragraph.prefix = marker.text
            paragraph.prefixMinimumIndent = marker.minimumIndent
            pendingMarker = nil
        } else if paragraph.isEmpty, !allowEmpty {
            return
        }
        paragraph.anchors = pendingAnchors
        pendingAnchors = []
        paragraph.sourceStart = sourceOffset
        sourceOffset += paragraph.scalarCount
        takePendingBreak(into: &paragraph)
        if !settingCells, boxStack.isActive { placeBoxes(before: &paragraph) }
        paragraphs.append(paragraph)
    }
}
