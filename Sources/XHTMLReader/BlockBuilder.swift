import BookModel
import CSS
import Markup
import ProcessMemory

/// Reads the body of one document into blocks by walking its markup tree. The walk is a loop
/// over an explicit stack of steps (enter a node, leave an element), and the blocks being built
/// sit on the `BlockAssembler`'s stack of frames: neither recurses, however deep the markup.
/// This type decides what each element means where it stands; the assembler puts the blocks
/// together, and the `ReferenceResolver` works out links, anchors and images.
struct BlockBuilder {
    private let document: MarkupDocument
    private let references: ReferenceResolver
    private var blocks = BlockAssembler()
    private var context = Context()
    private(set) var warnings: [Warning] = []
    private var warnedAboutNesting = false
    private var styles: StyleResolver
    /// The document as selectors see it.
    private let selectorTree: DocumentSelectorTree
    /// False for the second reading of a document whose stylesheets hid all of it.
    private let honoursDisplayNone: Bool
    /// Whether `display: none` from the book's CSS left something out.
    private(set) var hidSomething = false
    /// The CFI path of where the walk is, for the blocks' `SourceMap`s.
    private var paths = DocumentPathTracker()
    /// The CFI path of the element being entered.
    private var elementPath = ""
    /// Whether the book's CSS sets some element in a vertical writing mode.
    private(set) var metVerticalWriting = false
    /// The media met that a page cannot play, by kind.
    private(set) var unshownMedia = UnshownMedia()
    /// The style the next letter of text takes (`::first-letter` of the block it starts).
    private var pendingFirstLetter: ComputedStyle?
    /// The document's outermost `svg` elements, found when the first is met (`InlineDrawing`).
    private var drawings: [Int: Int]?
    /// Elements the walk leaves out, what they hold too: the boxes a designed page places by
    /// themselves (`DesignedPageReader`).
    var leavesOut: Set<Int> = []
    /// The body keeps the font size its CSS gives it, as on a designed page, where sizes are the
    /// designer's; otherwise the body's size is the layout's.
    var keepsRootSize = false
    /// The element a designed page places by itself, whose margins, padding, border and
    /// background its frame already holds: its blocks start at the frame's content box.
    var placedBox: Int?
    /// The `ruby` being read: where its base text starts, its `rb` bases and which of them the
    /// next reading annotates.
    private var openRuby: RubyGathering?
    /// Where `text-transform: capitalize` is in its words.
    private var transformation = TextTransformation()
    /// The document's footnotes, taken out of the flow as the walk meets them.
    private var noteCollector: NoteCollector?
    /// The families the book brings faces for, which `font-family` lists are answered with.
    var fonts = BookFonts.none
    /// The `font-family` list `html` or `body` sets, and the choices made of the lists met.
    private var bodyFamilies: [FontFamilyName]?
    private var fontChoices: [[FontFamilyName]: FontChoice] = [:]
    private var lastFontChoice: (families: [FontFamilyName], choice: FontChoice)?

    var firstHeading: String? { blocks.firstHeading }
    /// The footnotes the walk took out of the flow, in document order.
    var notes: [Note] { noteCollector?.finished() ?? [] }
    var stylesRanOutOfBudget: Bool { styles.budgetExhausted }

    /// `source` is the document's archive path, which links and images resolve against.
    init(document: MarkupDocument, source: String, styles: StyleResolver = StyleResolver(stylesheets: []),
         honoursDisplayNone: Bool = true) {
        self.document = document
        self.selectorTree = DocumentSelectorTree(document: document)
        self.references = ReferenceResolver(source: source)
        self.styles = styles
        self.honoursDisplayNone = honoursDisplayNone
    }

    /// What the walk knows about where it is. Entering an element may change it; leaving the
    /// element puts back the context from before, so nothing needs undoing by hand.
    private struct Context {
        var style: TextStyle = []
        var link: String?
        /// The footnote the link around this point calls.
        var note: String?
        /// Inside `svg`, whose text (`title`, `desc`) is not shown.
        var inSVG = false
        /// The text's colours.
        var paint = InlinePaint()
        /// The font size (a multiple of the body's) of the element whose block the text here is
        /// in: a run's size is relative to it.
        var blockScale = 1.0
        /// `text-transform`.
        var transform: LetterCase?
        /// Inside `pre`, where block elements are just more preformatted text.
        var inPreformatted = false
        /// Inside `thead`, whose cells are header cells.
        var inHeaderGroup = false
        /// Inside `colgroup` or `col`, which show nothing: only `col`s count.
        var inColumnGroup = false
        /// How many `q` enclose this point: the marks alternate between double and single.
        var quotationDepth = 0
        /// The nearest `lang` or `xml:lang` around this point inside the body.
        var language: String?
        /// The nearest `dir` (or CSS `direction`) around this point, `html` included.
        var direction: ParagraphDirection?
        /// The book's CSS for the innermost element.
        var computed = ComputedStyle()
        /// Inside an element that avoids page breaks inside it.
        var keepGroup: BlockAssembler.KeepGroup?
    }

    /// Entering a node puts on the stack, in the order they must come off: its next sibling
    /// (the walk's start has none it follows), leaving it, its first child. So the stack holds
    /// two steps for each open element, not every child of each.
    private enum Step {
        case enter(Int)
        case leave(Exit)
    }

    /// What leaving an element does.
    private struct Exit {
        var context: Context
        var popsElement = false
        /// A page break and margin after an element that makes no block of its own.
        var breakAfter: PageBreak = .auto
        var marginAfter: Double?
        /// Text that closes what entering opened (a closing quotation mark, a parenthesis).
        var closingText: String?
        var ending: Ending = .nothing
        /// The element is a footnote, read into blocks of its own.
        var endsNote = false
        /// The element is a link that calls this footnote.
        var endsReference: String?
        /// The element is a table's row group, or its column group.
        var endsRowGroup = false
        var endsColumnGroup = false
        /// The element opened a float (`FloatBox`): it closes after the element's own block.
        var closesFloat = false
        /// The element gave its first letter a style (`::first-letter`), or its first line
        /// (`::first-line`), which ends with it.
        var endsFirstLetter = false
        var endsFirstLine = false
        /// The element is a `ruby` (its readings are done with), or an `rb` (its base ends).
        var endsRuby = false
        var endsRubyBase = false
        /// The element is a `math`: its formula, and where its text began.
        var endsFormula: (formula: Formula, start: (frame: Int, offset: Int))?
    }

    /// A `ruby` element as the walk reads it. A reading annotates the next `rb` not yet
    /// annotated (`<rb>東</rb><rb>京</rb><rt>とう</rt><rt>きょう</rt>`), or else the text since
    /// the last reading (`東<rt>とう</rt>京<rt>きょう</rt>`, or the whole base).
    private struct RubyGathering {
        typealias Mark = (frame: Int, offset: Int)
        var lastEnd: Mark
        var bases: [(start: Mark, end: Mark)] = []
        var nextBase = 0
        var baseStart: Mark?
    }

    private enum Ending {
        case nothing
        /// The element was a block read as a plain container: the paragraph inside it ends.
        case paragraph
        /// The element opened a frame: it closes.
        case frame
    }

    mutating func build(from start: Int) -> [Block] {
        paths = DocumentPathTracker(document: document, start: start)
        noteCollector = NoteCollector(document: document, body: start, source: references.source)
        styleAncestors(of: start)
        var steps: [Step] = [.enter(start)]
        // Past the memory bound the rest is left: the conversion is refused (`MemoryWatch`).
        while !MemoryWatch.isOver, let step = steps.popLast() {
            switch step {
            case .enter(let index):
                if index != start, let next = document[index].nextSibling { steps.append(.enter(next)) }
                enter(index, steps: &steps)
            case .leave(let exit): leave(exit)
            }
        }
        return blocks.finish()
    }

    // MARK: - Entering and leaving

    private mutating func enter(_ index: Int, steps: inout [Step]) {
        let node = document[index]
        guard node.kind == .element else {
            let origin = paths.text(node.text)
            if !context.inSVG, !context.inColumnGroup {
                let text = context.transform == nil ? node.text : transformation.apply(context.transform, to: node.text)
                // A float's text is out of the flow: not the block's first letter.
                if let letter = pendingFirstLetter, !blocks.inFloat, case let found = FirstLetter.split(text), found != .notYet {
                    pendingFirstLetter = nil
                    if case .letter(let parts) = found {
                        appendFirstLetter(parts, style: letter, origin: origin)
                    } else {
                        blocks.appendText(text, style: context.style, link: context.link, note: context.note, origin: origin)
                    }
                } else {
                    blocks.appendText(text, style: context.style, link: context.link, note: context.note, origin: origin)
                }
                if let note = context.note { noteCollector?.addReferenceText(node.text, for: note) }
            }
            return
        }
        elementPath = paths.element(id: node.attribute("id"))
        if ElementRole.isHidden(node) || leavesOut.contains(index) { return }
        var role = role(of: node)
        if role == .skipped { return }
        // `rp` is shown only by a reader that does not set ruby: inside one, none of it is text.
        if role == .rubyParenthesis, openRuby != nil { return }
        let style = computedStyle(of: index, node: node, role: role)
        if style.isHidden, honoursDisplayNone, !Self.isRoot(node) {
            hidSomething = true
            return
        }
        if !Self.isRoot(node), !context.inPreformatted { role = ElementRole.role(role, display: style.table.display) }
        // An inline element the CSS makes a block (a line of verse in a `span`) is a paragraph
        // of its own, with no margins unless the CSS gives some, as a browser sets it.
        var inlineMadeBlock: TextStyle?
        if case .inline(let added) = role, style.displaysAsBlock, !context.inPreformatted, !context.inSVG {
            role = .paragraph
            inlineMadeBlock = added
        }
        // `white-space: pre` makes a listing; `pre-wrap` and `pre-line` keep the text's line breaks
        // (and spaces) in a paragraph of the body's face, as browsers set them. A `div` of such
        // text is read as a paragraph, for its text to keep them.
        if !context.inPreformatted, style.keepsLineBreaks, !Self.isRoot(node) {
            if role == .paragraph || role == .definitionTerm, style.preservesWhitespace, style.noWrap {
                role = .preformatted
            } else if role == .container, !(node.name.lowercased() == "figure") {
                role = .paragraph
            }
        }
        var exit = Exit(context: context)
        // False for media shown by a line naming them: what they hold is not theirs to show.
        var showsChildren = true
        context.computed = style
        paths.open(elementPath)
        exit.popsElement = true
        var blockStyle = BlockStyle(style, rightToLeft: style.isRightToLeft ?? (context.direction == .rightToLeft))
        var box: BlockBox?
        if role.mayDrawBox, !Self.isRoot(node), !context.inSVG { box = blockStyle.drawBox(of: style, page: pageColors) }
        if let added = inlineMadeBlock {
            // What the element means inline (`em` is italic) still holds of its text.
            context.style.formUnion(added)
            blockStyle.marginTop = blockStyle.marginTop ?? 0
            blockStyle.marginBottom = blockStyle.marginBottom ?? 0
        }
        if !Self.isRoot(node), let id = noteCollector?.noteID(of: node) {
            // A footnote makes no break in the flow: what it holds goes into blocks of its own.
            noteCollector?.beginNote(id, blocks: &blocks)
            exit.endsNote = true
            context.keepGroup = nil
            context.link = nil
            context.note = nil
        }
        if let side = floatSide(style, role: role, isRoot: Self.isRoot(node)), !exit.endsNote {
            blocks.openFloat(side, width: Self.floatWidth(style), element: elementPath)
            exit.closesFloat = true
            transformation.atWordStart = true
        }
        switch role {
        case .skipped:
            return
        case .inline(let added):
            blocks.addAnchors(references.anchors(of: node))
            context.style.formUnion(added)
        case .link:
            blocks.addAnchors(references.anchors(of: node))
            if let href = node.attribute("href") {
                context.link = references.link(href)
                context.note = noteCollector?.callee(ofLink: href)
                exit.endsReference = context.note
            }
        case .lineBreak:
            blocks.addAnchors(references.anchors(of: node))
            blocks.appendLineBreak(style: context.style, link: context.link)
        case .quotation:
            blocks.addAnchors(references.anchors(of: node))
            let marks = context.quotationDepth % 2 == 0 ? ("\u{201C}", "\u{201D}") : ("\u{2018}", "\u{2019}")
            blocks.appendText(marks.0, style: context.style, link: context.link)
            context.quotationDepth += 1
            exit.closingText = marks.1
        case .ruby:
            blocks.addAnchors(references.anchors(of: node))
            openRuby = RubyGathering(lastEnd: blocks.textMark)
            exit.endsRuby = true
        case .rubyBase:
            blocks.addAnchors(references.anchors(of: node))
            if openRuby != nil {
                openRuby?.baseStart = blocks.textMark
                exit.endsRubyBase = true
            }
        case .rubyParenthesis:
            blocks.addAnchors(references.anchors(of: node))
        case .math:
            blocks.addAnchors(references.anchors(of: node))
            exit.endsFormula = (FormulaReader.formula(at: index, in: document), blocks.textMark)
        case .rubyText:
            blocks.addAnchors(references.anchors(of: node))
            if openRuby != nil, annotateRuby(with: document.textContent(of: index)) {
                showsChildren = false
            } else {
                let siblings = node.parent.map { document.childElements(of: $0) } ?? []
                if !siblings.contains(where: { document[$0].name.lowercased() == "rp" }) {
                    blocks.appendText("(", style: context.style, link: context.link)
                    exit.closingText = ")"
                }
            }
        case .container:
            if box != nil, blocks.nesting < XHTMLReader.maximumBlockNesting {
                // A box around what it holds: a block of its own, so the blocks inside are known
                // to be inside it; its margins and breaks are its own, outside the box.
                if node.name.lowercased() == "figure" { blockStyle.keepsTogether = true }
                open(.division, at: node, style: blockStyle, box: box, exit: &exit)
            } else {
                box = nil
                startContainer(at: node, style: style, exit: &exit)
            }
        case .paragraph:
            open(.paragraph, at: node, style: blockStyle, box: box, exit: &exit)
        case .heading(let level):
            open(.heading(level: level), at: node, style: blockStyle, box: box, exit: &exit)
        case .preformatted:
            open(.preformatted, at: node, style: blockStyle, box: box, exit: &exit)
            context.inPreformatted = true
        case .definitionTerm:
            open(.paragraph, at: node, style: blockStyle, box: box, exit: &exit)
            context.style.insert(.bold)
        case .list(let ordered):
            let start = Self.integerAttribute("start", of: node)
            let reversed = ordered && node.attribute("reversed") != nil
            openNested(.list(ordered: ordered, start: start, reversed: reversed, marker: Self.listMarker(of: node, style: style)),
                       at: node, style: blockStyle, box: box, exit: &exit)
            if exit.ending != .frame { box = nil }
        case .listItem:
            if case .list = blocks.innermost {
                blocks.wrapLooseBlocksAsItem()
                // An item's box goes around its blocks; its margins pass to them as a container's.
                openNested(.listItem(value: Self.integerAttribute("value", of: node), marker: Self.listMarker(of: node, style: style)),
                           at: node, style: BlockStyle(inheritedFrom: style), box: box, exit: &exit)
                if exit.ending != .frame { box = nil }
                addContainerStyle(style, exit: &exit)
            } else {
                // An `li` outside any list is read as a plain container.
                box = nil
                startContainer(at: node, style: style, exit: &exit)
            }
        case .quote, .definitionDescription:
            openNested(.quote, at: node, style: blockStyle, box: box, exit: &exit)
            if exit.ending != .frame { box = nil }
        case .table:
            openNested(.table, at: node, style: blockStyle, exit: &exit)
            if exit.ending == .frame {
                let (table, defaults) = TableAttributes.table(node, style: style)
                blocks.setTable(table, cellDefaults: defaults)
            }
            context.inHeaderGroup = false
        case .tableGroup(let kind):
            startBlock(at: node)
            if blocks.innermost == .table {
                blocks.beginRowGroup(kind)
                exit.endsRowGroup = true
            }
            if kind == .header { context.inHeaderGroup = true }
        case .tableColumnGroup, .tableColumn:
            // No text, and no anchors: columns only size and colour the grid.
            let (column, span) = TableAttributes.column(node, style: style)
            if role == .tableColumn {
                blocks.addColumns(column, span: span)
            } else if blocks.innermost == .table {
                blocks.beginColumnGroup(column, span: span)
                exit.endsColumnGroup = true
            }
            context.inColumnGroup = true
        case .tableRow:
            openNested(.row, at: node, style: BlockStyle(inheritedFrom: style), exit: &exit)
            if exit.ending == .frame { blocks.setRow(TableAttributes.row(node, style: style)) }
        case .tableCell(let header):
            if blocks.innermost == .row { blocks.wrapLooseBlocksAsCell() }
            let isHeader = header || context.inHeaderGroup
            let defaults = blocks.cellDefaults
            openNested(.cell(header: isHeader), at: node, style: BlockStyle(inheritedFrom: style), exit: &exit)
            if exit.ending == .frame {
                blocks.setCell(TableAttributes.cell(node, style: style, isHeader: isHeader, defaults: defaults,
                                                    inheritedAlign: exit.context.computed.textAlign))
            }
        case .tableCaption:
            openNested(.caption, at: node, style: blockStyle, exit: &exit)
            if exit.ending == .frame { blocks.setCaptionSide(TableAttributes.captionSide(style)) }
        case .rule:
            startBlock(at: node)
            blocks.add(.rule, style: blockStyle, element: elementPath)
        case .image:
            startBlock(at: node)
            if let image = references.image(node, warnings: &warnings) {
                blocks.add(.image(image), style: blockStyle, element: elementPath)
            }
        case .svg:
            if InlineDrawing.isDrawing(index, in: document), InlineDrawing.canBeMade(from: references.source),
               let number = drawingNumber(of: index) {
                // Drawn as a picture of its own: what it holds is the picture's, not text.
                startBlock(at: node)
                let source = ImageReference(path: InlineDrawing.path(chapter: references.source, number: number),
                                            mediaType: "image/svg+xml")
                blocks.add(.image(Image(source: source, alt: InlineDrawing.alt(of: index, in: document))), style: blockStyle,
                           element: elementPath)
                showsChildren = false
            } else {
                startContainer(at: node, style: style, exit: &exit)
                context.inSVG = true
            }
        case .media(let kind):
            blocks.addAnchors(references.anchors(of: node))
            startContainer(at: node, style: style, exit: &exit)
            unshownMedia.note(kind, in: references.source)
            if !UnshownMedia.hasFallback(kind, at: index, in: document) {
                blocks.appendText(UnshownMedia.placeholder(kind, of: node, in: document, at: index), style: context.style,
                                  link: context.link)
                showsChildren = false
            }
        }
        switch role {
        case .inline, .link, .lineBreak, .quotation, .ruby, .rubyBase, .rubyText, .rubyParenthesis, .math, .media: break
        default: context.blockScale = style.fontScale
        }
        switch role {
        case .paragraph, .heading, .definitionTerm, .container, .quote, .definitionDescription, .listItem, .tableCell:
            if let letter = styles.firstLetterStyle(of: index, in: selectorTree, style: style) {
                pendingFirstLetter = letter
                exit.endsFirstLetter = true
            }
            if let line = styles.firstLineStyle(of: index, in: selectorTree, style: style),
               let firstLine = FirstLineStyle(line, of: style, typography: (Self.typography(of: line, blockScale: style.fontScale),
                                                                            Self.typography(of: style, blockScale: style.fontScale))) {
                // Inside a division whose first line is still to come, both apply.
                blocks.pendingFirstLine = firstLine.over(blocks.pendingFirstLine)
                exit.endsFirstLine = true
            }
        default: break
        }
        if exit.closesFloat { context.blockScale = style.fontScale }
        // After the switch: the element's own meaning (`strong` is bold) gives way to its CSS, and
        // a paragraph the element ended was in the language and style from before.
        applyRunStyle(style, before: exit.context.style, isRoot: Self.isRoot(node),
                      drawsBackground: role.drawsItsBackground || box?.background != nil)
        if let language = XHTMLReader.language(of: node) {
            context.language = language
        }
        applyDirection(of: node, style: style)
        synchronizeAssembler()
        steps.append(.leave(exit))
        if showsChildren, let child = node.firstChild { steps.append(.enter(child)) }
    }

    private mutating func leave(_ exit: Exit) {
        if let closing = exit.closingText {
            blocks.appendText(closing, style: context.style, link: context.link)
        }
        switch exit.ending {
        case .nothing: break
        case .paragraph: blocks.endParagraph()
        case .frame: blocks.close()
        }
        if exit.closesFloat { blocks.close() }
        if exit.endsRubyBase, let start = openRuby?.baseStart {
            openRuby?.bases.append((start, blocks.textMark))
            openRuby?.baseStart = nil
        }
        if exit.endsRuby { openRuby = nil }
        if let (formula, start) = exit.endsFormula, !blocks.attach(formula, from: start, to: blocks.textMark),
           start.frame == blocks.textMark.frame, formula.nodes.count > 1 {
            // A formula of no text (an empty set's braces, a space) still draws: an object's mark
            // stands for it in the text.
            let mark = blocks.textMark
            blocks.appendText("\u{FFFC}", style: context.style, link: context.link)
            _ = blocks.attach(formula, from: mark, to: blocks.textMark)
        }
        if exit.endsFirstLetter { pendingFirstLetter = nil }
        if exit.endsFirstLine { blocks.pendingFirstLine = nil }
        if exit.endsRowGroup { blocks.endRowGroup() }
        if exit.endsColumnGroup { blocks.endColumnGroup() }
        if let note = exit.endsReference { noteCollector?.endReference(to: note) }
        if exit.endsNote {
            noteCollector?.endNote(blocks: &blocks)
        } else if exit.breakAfter != .auto || exit.marginAfter != nil {
            blocks.addBeforeNextBlock(exit.breakAfter, margin: exit.marginAfter)
        }
        if exit.popsElement { paths.close() }
        context = exit.context
        synchronizeAssembler()
    }

    /// Sets a reading of the open `ruby` on its base: the next `rb` not yet annotated, or the
    /// text since the last reading. False when there is no base to set it on (a reading before
    /// any text, or after a block began inside the ruby): then it is read as text.
    private mutating func annotateRuby(with text: String) -> Bool {
        guard var ruby = openRuby else { return false }
        let reading = TextCleanup.singleLine(text)
        guard !reading.isEmpty else { return true }
        let end = blocks.textMark
        let base = ruby.nextBase < ruby.bases.count ? ruby.bases[ruby.nextBase] : (start: ruby.lastEnd, end: end)
        guard blocks.annotate(from: base.start, to: base.end, with: reading) else { return false }
        if ruby.nextBase < ruby.bases.count { ruby.nextBase += 1 }
        ruby.lastEnd = end
        openRuby = ruby
        return true
    }

    /// Hands the assembler what it needs of the context for the blocks it ends.
    private mutating func synchronizeAssembler() {
        blocks.language = context.language
        blocks.direction = context.direction
        blocks.inheritedStyle = BlockStyle(inheritedFrom: context.computed)
        blocks.keepGroup = context.keepGroup
        var paint = context.paint
        let scale = context.computed.fontScale / context.blockScale
        if abs(scale - 1) > 1e-6, scale.isFinite, scale > 0 { paint.scale = scale }
        // Most text has none: asked here, without a call.
        let caps = context.computed.caps
        paint.typography = context.computed.hasTypography || (caps != nil && caps != .normal)
            ? Self.typography(of: context.computed, blockScale: context.blockScale) : nil
        paint.font = context.computed.fontFamily.map { fontChoice(for: $0) } ?? .body
        switch context.computed.textOrientation {
        case .mixed: break
        case .upright: paint.standing.insert(.upright)
        case .sideways: paint.standing.insert(.sideways)
        }
        switch context.computed.combineUpright {
        case .none: break
        case .all: paint.standing.insert(.combinedUpright)
        case .digits(let count): paint.combinedDigits = count
        }
        blocks.paint = paint
    }

    /// What a `font-family` list asks for of the book's faces and the generic families.
    private mutating func fontChoice(for families: [FontFamilyName]) -> FontChoice {
        // Every element below the one that set a list has it, in the same storage: compared
        // first, without hashing it.
        if let last = lastFontChoice, last.families == families { return last.choice }
        let fonts = fonts, bodyFamilies = bodyFamilies
        let choice = fontChoices[families] ?? {
            let end = FontFamilyName.firstGeneric(in: families)
            // Past 255 families a book's is passed over, as one not installed would be.
            let index = families[..<(end?.index ?? families.count)].lazy
                .compactMap { $0.name.flatMap(fonts.familyIndex) }.first { $0 < 255 }
            let generic: FontChoice.GenericFamily = switch end?.family {
            case .sansSerif?, .systemUI?: .sansSerif
            case .monospace?: .monospace
            default: .body
            }
            return FontChoice(family: index.map { UInt8($0 + 1) } ?? 0, generic: generic, isBodyFamily: families == bodyFamilies)
        }()
        fontChoices[families] = choice
        lastFontChoice = (families, choice)
        return choice
    }

    /// What the runs of text in `style` carry of its spacing and small capitals and numerals;
    /// nil when it sets none (most text). Spacings become multiples of the block's size.
    private static func typography(of style: ComputedStyle, blockScale: Double) -> RunTypography? {
        var features: FontFeatures = switch style.caps {
        case .smallCaps?: .smallCaps
        case .allSmallCaps?: [.smallCaps, .capitalsToSmallCaps]
        case .normal?, nil: []
        }
        let css = style.typography
        guard css != TextTypography() || !features.isEmpty else { return nil }
        for (numeral, feature) in numeralFeatures where css.numerals.contains(numeral) { features.insert(feature) }
        func ofBlock(_ spacing: Double?) -> Double {
            guard let spacing, blockScale > 0, case let relative = spacing / blockScale, relative.isFinite else { return 0 }
            return relative
        }
        let typography = RunTypography(letterSpacing: ofBlock(css.letterSpacing), wordSpacing: ofBlock(css.wordSpacing),
                                       features: features)
        return typography.isPlain ? nil : typography
    }

    private static let numeralFeatures: [(FontNumeric, FontFeatures)] = [
        (.lining, .liningNumerals), (.oldstyle, .oldstyleNumerals), (.proportional, .proportionalNumerals),
        (.tabular, .tabularNumerals), (.diagonalFractions, .diagonalFractions), (.stackedFractions, .stackedFractions),
        (.ordinal, .ordinals), (.slashedZero, .slashedZero),
    ]

    // MARK: - Styles

    /// The elements around the walk's start (`html` around `body`) are styled first, so their
    /// inherited properties and their place in selectors count.
    private mutating func styleAncestors(of start: Int) {
        var chain: [Int] = []
        var parent = document[start].parent
        while let index = parent {
            if document[index].kind == .element { chain.append(index) }
            parent = document[index].parent
        }
        for index in chain.reversed() {
            let node = document[index]
            context.computed = computedStyle(of: index, node: node, role: .container)
            applyDirection(of: node, style: context.computed)
        }
        synchronizeAssembler()
    }

    private mutating func computedStyle(of index: Int, node: MarkupNode, role: ElementRole) -> ComputedStyle {
        var defaultScale = 1.0
        if case .heading(let level) = role { defaultScale = BlockStyle.headingScale(level: level) }
        var style = styles.style(of: index, in: selectorTree, styleAttribute: node.attribute("style"),
                                 parent: context.computed, defaultFontScale: defaultScale)
        if index == placedBox {
            style.marginTop = 0
            style.marginBottom = 0
            style.marginLeft = 0
            style.marginRight = 0
            style.table.padding = CSSSides(nil)
            style.table.borders = CSSSides(CSSBorderSide())
            style.table.backgroundColor = nil
        }
        if Self.isRoot(node) {
            bodyFamilies = style.fontFamily
            // The body's size and line height are the ones the layout is asked for; its margins
            // are the page's. What the book sets below is taken relative to its own for the body.
            style.takeAsRoot(keepingSize: keepsRootSize)
            style.marginTop = nil
            style.marginBottom = nil
        }
        return style
    }

    /// The element's direction: CSS `direction` set on it wins over its `dir` attribute (a
    /// presentational hint, in CSS's terms), and either over the one inherited.
    private mutating func applyDirection(of node: MarkupNode, style: ComputedStyle) {
        if let rightToLeft = style.isRightToLeft {
            context.direction = rightToLeft ? .rightToLeft : .leftToRight
        } else if let direction = XHTMLReader.direction(of: node) {
            context.direction = direction
        }
        if style.writesVertically { metVerticalWriting = true }
    }

    /// `font-style`, `font-weight` and `vertical-align` set on the element change the runs
    /// inside it: a note call set `vertical-align: super` is raised (and set smaller) as `sup`
    /// is, and `baseline` undoes `sup`'s.
    /// `before`: the run style outside the element, which `text-decoration: none` goes back to.
    /// `isRoot`: `html` or `body`, whose colours are the page's (`pageColors`), not the text's.
    /// `drawsBackground`: the element's background is a box of its own (a table's cell), not
    /// the text's.
    private mutating func applyRunStyle(_ style: ComputedStyle, before: TextStyle, isRoot: Bool, drawsBackground: Bool) {
        switch style.verticalAlign {
        case .raised?:
            context.style.remove(.subscript)
            context.style.insert(.superscript)
        case .lowered?:
            context.style.remove(.superscript)
            context.style.insert(.subscript)
        case .baseline?: context.style.subtract([.superscript, .subscript])
        default: break
        }
        if let italic = style.isItalic {
            if italic { context.style.insert(.italic) } else { context.style.remove(.italic) }
        }
        if let bold = style.isBold {
            if bold { context.style.insert(.bold) } else { context.style.remove(.bold) }
        }
        // `none` takes away the element's own lines (a `u`'s, a link's); an ancestor's stay drawn.
        if let decoration = style.decoration {
            if decoration.underline || decoration.lineThrough {
                if decoration.underline { context.style.insert(.underline) }
                if decoration.lineThrough { context.style.insert(.strikethrough) }
            } else {
                context.style.subtract(context.style.subtracting(before).intersection([.underline, .strikethrough]))
            }
        }
        context.transform = style.textTransform.flatMap(LetterCase.init)
        // The page's own colours are the app's to choose (a dark mode's): text is coloured only
        // where it differs from the body's colour (black when the book sets none), and has a
        // background only where an element sets one other than the page's.
        if isRoot {
            if let color = style.color { pageColors.text = color }
            if let background = style.backgroundColor, background.alpha > 0 { pageColors.background = background }
            return
        }
        if let color = style.color { context.paint.color = color == pageColors.text ? nil : BookColor(color) }
        if let background = style.backgroundColor, background.alpha > 0, !drawsBackground {
            context.paint.background = background == pageColors.background ? nil : BookColor(background)
        }
    }

    /// The colours `html` and `body` set: the page's.
    private var pageColors = PageColors()

    /// A whole number an attribute gives (`start`, `value`), within ±10⁹ so counting on from it
    /// cannot overflow.
    private static func integerAttribute(_ name: String, of node: MarkupNode) -> Int? {
        guard let value = node.attribute(name).flatMap({ Int(TextCleanup.trimmed($0)) }), abs(value) <= 1_000_000_000 else {
            return nil
        }
        return value
    }

    /// The marker a list (or an item) sets: `list-style-type` set on it, else its `type`
    /// attribute, a presentational hint any CSS rule for the element overrides; nil when it
    /// sets none. An item without one takes its list's, and a list without one the layout's
    /// default for its kind and depth: browsers' own stylesheet sets one on every list, so a
    /// value set outside a list never reaches its items.
    static func listMarker(of node: MarkupNode, style: ComputedStyle) -> ListMarker? {
        if let type = style.listStyleType { return ListMarker(type) }
        switch node.attribute("type").map(TextCleanup.trimmed) {
        case "1": return .decimal
        case "a": return .lowerAlpha
        case "A": return .upperAlpha
        case "i": return .lowerRoman
        case "I": return .upperRoman
        case let type?:
            switch type.lowercased() {
            case "disc": return .disc
            case "circle": return .circle
            case "square": return .square
            case "none": return ListMarker.none
            default: break
            }
        case nil: break
        }
        return nil
    }

    /// `html` and `body`: never hidden, and their size and margins are the layout's.
    private static func isRoot(_ node: MarkupNode) -> Bool {
        let name = node.name.lowercased()
        return name == "html" || name == "body"
    }

    /// The role, adjusted for where the element is: inside `svg` only images count, inside
    /// `pre` block elements are just more preformatted text.
    private func role(of node: MarkupNode) -> ElementRole {
        if context.inSVG { return node.name == "image" ? .image : .inline([]) }
        if context.inColumnGroup { return node.name.lowercased() == "col" ? .tableColumn : .skipped }
        let role = ElementRole.of(node)
        guard context.inPreformatted else { return role }
        switch role {
        case .skipped, .inline, .link, .lineBreak, .quotation, .ruby, .rubyBase, .rubyText, .rubyParenthesis, .math, .image, .svg:
            return role
        default: return .inline([])
        }
    }

    /// The place (from 1) of the outermost `svg` at `index` among the document's.
    private mutating func drawingNumber(of index: Int) -> Int? {
        if drawings == nil {
            drawings = Dictionary(uniqueKeysWithValues: InlineDrawing.outermostDrawings(in: document).enumerated().map { ($1, $0 + 1) })
        }
        return drawings?[index]
    }

    /// A block's first letter in its own style, which may float it (a drop cap), between the
    /// text before it (white space) and after it.
    private mutating func appendFirstLetter(_ parts: FirstLetter.Parts, style letter: ComputedStyle, origin: DocumentPosition?) {
        let outside = context
        blocks.appendText(parts.before, style: context.style, link: context.link, note: context.note, origin: origin)
        context.computed = letter
        applyRunStyle(letter, before: outside.style, isRoot: false, drawsBackground: false)
        let side = floatSide(letter, role: .inline([]), isRoot: false)
        if let side {
            blocks.openFloat(side, width: Self.floatWidth(letter), element: nil)
            context.blockScale = letter.fontScale
        }
        synchronizeAssembler()
        blocks.appendText(parts.letter, style: context.style, link: context.link, note: context.note,
                          origin: origin?.advanced(by: parts.before.utf16.count))
        if side != nil { blocks.close() }
        context = outside
        synchronizeAssembler()
        blocks.appendText(parts.after, style: context.style, link: context.link, note: context.note,
                          origin: origin?.advanced(by: parts.before.utf16.count + parts.letter.utf16.count))
    }

    // MARK: - Floats

    /// The side an element floats to, when it may: text, a picture or a box of blocks, outside
    /// preformatted text, SVG, tables and other floats. Nil for every other element.
    private func floatSide(_ style: ComputedStyle, role: ElementRole, isRoot: Bool) -> FloatBox.Side? {
        guard let float = style.float, float != .none, !isRoot, !context.inPreformatted, !context.inSVG,
              blocks.canFloat else { return nil }
        switch role {
        case .inline, .link, .image, .container, .paragraph, .heading, .quote, .svg: break
        default: return nil
        }
        return float == .left ? .left : .right
    }

    /// The width the book's CSS gives a float; nil leaves it as wide as what it holds.
    private static func floatWidth(_ style: ComputedStyle) -> FloatBox.Width? {
        switch style.table.width {
        case .length(let scale)?: scale > 0 ? .ems(scale) : nil
        case .percent(let percent)?: percent > 0 ? .percent(percent) : nil
        case nil: nil
        }
    }

    // MARK: - Blocks

    /// A block-level element starts: the paragraph before it ends, and the element's ids wait
    /// for the first block made inside it (or after it).
    private mutating func startBlock(at node: MarkupNode) {
        transformation.atWordStart = true
        blocks.endParagraph()
        blocks.addAnchors(references.anchors(of: node))
    }

    private mutating func open(_ kind: Frame.Kind, at node: MarkupNode, style: BlockStyle, box: BlockBox? = nil,
                               exit: inout Exit) {
        startBlock(at: node)
        let kept: Frame.KeptWhiteSpace = context.computed.preservesWhitespace ? .all
            : context.computed.keepsLineBreaks ? .lineBreaks : .none
        blocks.open(kind, style: style, box: box, element: elementPath, whiteSpace: kept)
        exit.ending = .frame
    }

    /// An element that makes no block of its own (`div`, `section`): its break and margin go
    /// to the blocks before and after it, or the first and last inside it, and a group of the
    /// blocks inside it may keep together.
    private mutating func startContainer(at node: MarkupNode, style: ComputedStyle, exit: inout Exit) {
        startBlock(at: node)
        exit.ending = .paragraph
        addContainerStyle(style, exit: &exit)
        // A figure keeps its picture and its caption together, as print does.
        if node.name.lowercased() == "figure", context.keepGroup == nil { context.keepGroup = blocks.keepGroupHere }
    }

    private mutating func addContainerStyle(_ style: ComputedStyle, exit: inout Exit) {
        if style.breakBefore != .auto || style.marginTop != nil {
            blocks.addBeforeNextBlock(PageBreak(style.breakBefore), margin: style.marginTop)
        }
        exit.breakAfter = PageBreak(style.breakAfter)
        exit.marginAfter = style.marginBottom
        if style.avoidsBreakInside, context.keepGroup == nil { context.keepGroup = blocks.keepGroupHere }
    }

    /// Opens a frame that nests blocks, or past the nesting bound, reads the element as a
    /// plain container.
    private mutating func openNested(_ kind: Frame.Kind, at node: MarkupNode, style: BlockStyle, box: BlockBox? = nil,
                                     exit: inout Exit) {
        guard blocks.nesting < XHTMLReader.maximumBlockNesting else {
            if !warnedAboutNesting {
                warnedAboutNesting = true
                warnings.append(Warning(entry: references.source, line: node.line,
                                        "blocks nested more than \(XHTMLReader.maximumBlockNesting) deep are read flat"))
            }
            startBlock(at: node)
            exit.ending = .paragraph
            return
        }
        open(kind, at: node, style: style, box: box, exit: &exit)
    }
}
