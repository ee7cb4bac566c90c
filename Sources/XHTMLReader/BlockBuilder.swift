import BookModel
import Markup
import ZipArchive

/// Reads the body of one document into blocks. The walk is a loop over an explicit stack of
/// steps (enter a node, leave an element), and the blocks being built sit on a stack of
/// `Frame`s: neither recurses, however deep the markup.
struct BlockBuilder {
    private let document: MarkupDocument
    /// The document's archive path: relative `src` and `href` resolve against it.
    private let source: String
    private(set) var warnings: [Warning] = []
    private(set) var firstHeading: String?

    private var frames: [Frame] = [Frame(.flow)]
    private var style: TextStyle = []
    private var link: String?
    /// The ids met since the last block was made: they go to the next block made.
    private var pendingAnchors: [String] = []
    private var svgDepth = 0
    private var preDepth = 0
    private var headerGroupDepth = 0
    private var quotationDepth = 0
    private var nesting = 0
    private var warnedAboutNesting = false

    init(document: MarkupDocument, source: String) {
        self.document = document
        self.source = source
    }

    private enum Step {
        case enter(Int)
        case leave(Exit)
    }

    /// What leaving an element undoes.
    private struct Exit {
        var style: TextStyle
        var link: String?
        var popsFrame = false
        var nests = false
        var endsBlock = false
        var leavesPre = false
        var leavesSVG = false
        var leavesHeaderGroup = false
        var leavesQuotation = false
        /// Text that closes what entering opened (a closing quotation mark, a parenthesis).
        var closingText: String?
    }

    mutating func build(from start: Int) -> [Block] {
        var steps: [Step] = [.enter(start)]
        while let step = steps.popLast() {
            switch step {
            case .enter(let index): enter(index, steps: &steps)
            case .leave(let exit): leave(exit)
            }
        }
        flushInline()
        var blocks = frames[0].blocks
        if !pendingAnchors.isEmpty, !blocks.isEmpty {
            // Ids after the last text (an empty `<div id="end"/>`) still need a place to land.
            blocks[blocks.count - 1].anchors += pendingAnchors
            pendingAnchors = []
        }
        return blocks
    }

    // MARK: - Entering and leaving

    private mutating func enter(_ index: Int, steps: inout [Step]) {
        let node = document[index]
        guard node.kind == .element else {
            if svgDepth == 0 { frames[frames.count - 1].inline.append(text: node.text, style: style, link: link) }
            return
        }
        if ElementRole.isHidden(node) { return }
        var exit = Exit(style: style, link: link)
        switch role(of: node) {
        case .skipped:
            return
        case .inline(let added):
            collectAnchors(of: node)
            style.formUnion(added)
        case .link:
            collectAnchors(of: node)
            if let href = node.attribute("href") { link = resolvedLink(href) }
        case .lineBreak:
            collectAnchors(of: node)
            frames[frames.count - 1].inline.appendLineBreak(style: style, link: link)
        case .quotation:
            collectAnchors(of: node)
            let marks = quotationDepth % 2 == 0 ? ("\u{201C}", "\u{201D}") : ("\u{2018}", "\u{2019}")
            frames[frames.count - 1].inline.append(text: marks.0, style: style, link: link)
            quotationDepth += 1
            exit.closingText = marks.1
            exit.leavesQuotation = true
        case .rubyText:
            collectAnchors(of: node)
            let siblings = node.parent.map { document.childElements(of: $0) } ?? []
            if !siblings.contains(where: { document[$0].name.lowercased() == "rp" }) {
                frames[frames.count - 1].inline.append(text: "(", style: style, link: link)
                exit.closingText = ")"
            }
        case .container:
            flushInline()
            collectAnchors(of: node)
            exit.endsBlock = true
        case .paragraph:
            push(.paragraph, for: node, exit: &exit)
        case .heading(let level):
            push(.heading(level: level), for: node, exit: &exit)
        case .preformatted:
            push(.preformatted, for: node, exit: &exit)
            preDepth += 1
            exit.leavesPre = true
        case .definitionTerm:
            push(.paragraph, for: node, exit: &exit)
            style.insert(.bold)
        case .list(let ordered):
            let start = node.attribute("start").flatMap { Int(TextCleanup.trimmed($0)) } ?? 1
            pushNested(.list(ordered: ordered, start: start), for: node, exit: &exit)
        case .listItem:
            if case .list = frames[frames.count - 1].kind {
                flushInline()
                looseBlocksBecomeItem()
                pushNested(.listItem, for: node, exit: &exit)
            } else {
                flushInline()
                collectAnchors(of: node)
                exit.endsBlock = true
            }
        case .quote, .definitionDescription:
            pushNested(.quote, for: node, exit: &exit)
        case .table:
            pushNested(.table, for: node, exit: &exit)
        case .tableGroup(let header):
            flushInline()
            collectAnchors(of: node)
            if header {
                headerGroupDepth += 1
                exit.leavesHeaderGroup = true
            }
        case .tableRow:
            pushNested(.row, for: node, exit: &exit)
        case .tableCell(let header):
            if frames[frames.count - 1].kind == .row {
                flushInline()
                looseBlocksBecomeCell()
            }
            pushNested(.cell(header: header || headerGroupDepth > 0), for: node, exit: &exit)
        case .tableCaption:
            pushNested(.caption, for: node, exit: &exit)
        case .rule:
            flushInline()
            collectAnchors(of: node)
            emit(.rule)
        case .image:
            flushInline()
            collectAnchors(of: node)
            emitImage(node)
        case .svg:
            flushInline()
            collectAnchors(of: node)
            svgDepth += 1
            exit.leavesSVG = true
            exit.endsBlock = true
        }
        steps.append(.leave(exit))
        let children = Array(document.children(of: index))
        for child in children.reversed() { steps.append(.enter(child)) }
    }

    private mutating func leave(_ exit: Exit) {
        if let closing = exit.closingText {
            frames[frames.count - 1].inline.append(text: closing, style: style, link: link)
        }
        if exit.leavesQuotation { quotationDepth -= 1 }
        if exit.popsFrame { popFrame() }
        if exit.nests { nesting -= 1 }
        if exit.endsBlock { flushInline() }
        if exit.leavesPre { preDepth -= 1 }
        if exit.leavesSVG { svgDepth -= 1 }
        if exit.leavesHeaderGroup { headerGroupDepth -= 1 }
        style = exit.style
        link = exit.link
    }

    /// The role, adjusted for where the element is: inside `svg` only images count, inside
    /// `pre` block elements are just more preformatted text.
    private func role(of node: MarkupNode) -> ElementRole {
        if svgDepth > 0 { return node.name == "image" ? .image : .inline([]) }
        let role = ElementRole.of(node)
        guard preDepth > 0 else { return role }
        switch role {
        case .skipped, .inline, .link, .lineBreak, .quotation, .rubyText, .image, .svg: return role
        default: return .inline([])
        }
    }

    private mutating func push(_ kind: Frame.Kind, for node: MarkupNode, exit: inout Exit) {
        flushInline()
        collectAnchors(of: node)
        frames.append(Frame(kind))
        exit.popsFrame = true
    }

    /// Pushes a frame that nests blocks, or past the nesting bound, reads the element as a
    /// plain container.
    private mutating func pushNested(_ kind: Frame.Kind, for node: MarkupNode, exit: inout Exit) {
        guard nesting < XHTMLReader.maximumBlockNesting else {
            if !warnedAboutNesting {
                warnedAboutNesting = true
                warnings.append(Warning(entry: source, line: node.line,
                                        "blocks nested more than \(XHTMLReader.maximumBlockNesting) deep are read flat"))
            }
            flushInline()
            collectAnchors(of: node)
            exit.endsBlock = true
            return
        }
        push(kind, for: node, exit: &exit)
        nesting += 1
        exit.nests = true
    }

    // MARK: - Making blocks

    /// Ends the runs being gathered in the top frame: they become its paragraph (heading, `pre`).
    private mutating func flushInline() {
        let top = frames.count - 1
        let runs = frames[top].inline.finished()
        frames[top].inline = InlineBuffer(preservesWhitespace: frames[top].inline.preservesWhitespace)
        guard !runs.isEmpty else { return }
        emit(frames[top].block(from: runs))
    }

    private mutating func emit(_ kind: Block.Kind, anchors: [String] = []) {
        append(Block(kind, anchors: anchors))
    }

    /// Adds a block to the nearest frame that gathers blocks, with the ids met before it.
    private mutating func append(_ block: Block) {
        var block = block
        if !pendingAnchors.isEmpty {
            block.anchors = pendingAnchors + block.anchors
            pendingAnchors = []
        }
        if firstHeading == nil, case .heading(_, let runs) = block.kind {
            firstHeading = TextCleanup.singleLine(runs.plainText)
        }
        let target = frames.lastIndex { $0.gathersBlocks } ?? 0
        frames[target].blocks.append(block)
    }

    private mutating func popFrame() {
        flushInline()
        let frame = frames.removeLast()
        let top = frames.count - 1
        switch frame.kind {
        case .flow, .paragraph, .heading, .preformatted:
            break
        case .quote:
            if !frame.blocks.isEmpty { emit(.quote(frame.blocks)) }
        case .listItem:
            if case .list = frames[top].kind {
                frames[top].items.append(frame.blocks)
            } else {
                frame.blocks.forEach { append($0) }
            }
        case .list(let ordered, let start):
            var items = frame.items
            if !frame.blocks.isEmpty { items.append(frame.blocks) }
            if !items.isEmpty { emit(.list(List(isOrdered: ordered, start: start, items: items))) }
        case .cell(let header):
            let cell = TableCell(flattened(frame.blocks), isHeader: header)
            switch frames[top].kind {
            case .row: frames[top].cells.append(cell)
            case .table: frames[top].rows.append([cell])
            default: if !cell.content.isEmpty { emit(.paragraph(cell.content)) }
            }
        case .row:
            var cells = frame.cells
            if !frame.blocks.isEmpty { cells.append(TableCell(flattened(frame.blocks))) }
            if frames[top].kind == .table {
                if !cells.isEmpty { frames[top].rows.append(cells) }
            } else {
                let runs = flattened([Block(.table(Table(rows: [cells])))])
                if !runs.isEmpty { emit(.paragraph(runs)) }
            }
        case .caption:
            let runs = flattened(frame.blocks)
            if frames[top].kind == .table {
                frames[top].caption = runs
            } else if !runs.isEmpty {
                emit(.paragraph(runs))
            }
        case .table:
            // Content outside any cell shows before the table, as browsers place it.
            frame.blocks.forEach { append($0) }
            if !frame.caption.isEmpty { emit(.paragraph(frame.caption)) }
            if !frame.rows.isEmpty {
                emit(.table(Table(rows: frame.rows)), anchors: frame.anchors)
            } else {
                pendingAnchors += frame.anchors
            }
        }
    }

    private mutating func looseBlocksBecomeItem() {
        let top = frames.count - 1
        guard !frames[top].blocks.isEmpty else { return }
        frames[top].items.append(frames[top].blocks)
        frames[top].blocks = []
    }

    private mutating func looseBlocksBecomeCell() {
        let top = frames.count - 1
        guard !frames[top].blocks.isEmpty else { return }
        let blocks = frames[top].blocks
        frames[top].blocks = []
        frames[top].cells.append(TableCell(flattened(blocks)))
    }

    /// A cell's blocks as runs; their anchors move to the enclosing table (or the next block).
    private mutating func flattened(_ blocks: [Block]) -> [Inline] {
        var anchors: [String] = []
        let runs = Flattener.runs(of: blocks, anchors: &anchors)
        if !anchors.isEmpty {
            if let table = frames.lastIndex(where: { $0.kind == .table }) {
                frames[table].anchors += anchors
            } else {
                pendingAnchors += anchors
            }
        }
        return runs
    }

    private mutating func emitImage(_ node: MarkupNode) {
        let source = node.attribute("src") ?? node.attribute("href", namespace: Namespace.xlink) ?? node.attribute("href")
        let href = source.map(TextCleanup.trimmed) ?? ""
        guard !href.isEmpty else {
            warnings.append(Warning(entry: self.source, line: node.line, "an image without a source is left out"))
            return
        }
        guard let reference = ArchivePath.resolve(href, relativeTo: self.source) else {
            warnings.append(Warning(entry: self.source, line: node.line,
                                    "the image \(TextCleanup.quoted(href)) is not inside the book; left out"))
            return
        }
        let alt = TextCleanup.singleLine(node.attribute("alt") ?? "")
        let image = Image(source: ImageReference(path: reference.path, mediaType: ImageMediaType.guess(forPath: reference.path)),
                          alt: alt)
        emit(.image(image))
    }

    // MARK: - Anchors and links

    private mutating func collectAnchors(of node: MarkupNode) {
        if let id = node.attribute("id").map(TextCleanup.trimmed), !id.isEmpty {
            pendingAnchors.append(id)
        }
        if node.name.lowercased() == "a", let name = node.attribute("name").map(TextCleanup.trimmed),
           !name.isEmpty, name != node.attribute("id") {
            pendingAnchors.append(name)
        }
    }

    /// A link inside the book becomes its archive path and fragment (`OEBPS/ch2.xhtml#n3`); one
    /// outside (`https:`, `mailto:`) stays as written; a path that climbs out of the book is no
    /// link.
    private func resolvedLink(_ href: String) -> String? {
        let trimmed = TextCleanup.trimmed(href)
        if trimmed.isEmpty { return nil }
        if ArchivePath.isExternal(trimmed) { return trimmed }
        return ArchivePath.resolve(trimmed, relativeTo: source)?.description
    }
}
