import BookModel
import Markup

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

    var firstHeading: String? { blocks.firstHeading }

    /// `source` is the document's archive path, which links and images resolve against.
    init(document: MarkupDocument, source: String) {
        self.document = document
        self.references = ReferenceResolver(source: source)
    }

    /// What the walk knows about where it is. Entering an element may change it; leaving the
    /// element puts back the context from before, so nothing needs undoing by hand.
    private struct Context {
        var style: TextStyle = []
        var link: String?
        /// Inside `svg`, whose text (`title`, `desc`) is not shown.
        var inSVG = false
        /// Inside `pre`, where block elements are just more preformatted text.
        var inPreformatted = false
        /// Inside `thead`, whose cells are header cells.
        var inHeaderGroup = false
        /// How many `q` enclose this point: the marks alternate between double and single.
        var quotationDepth = 0
        /// The nearest `lang` or `xml:lang` around this point inside the body.
        var language: String?
    }

    private enum Step {
        case enter(Int)
        case leave(Exit)
    }

    /// What leaving an element does.
    private struct Exit {
        var context: Context
        /// Text that closes what entering opened (a closing quotation mark, a parenthesis).
        var closingText: String?
        var ending: Ending = .nothing
    }

    private enum Ending {
        case nothing
        /// The element was a block read as a plain container: the paragraph inside it ends.
        case paragraph
        /// The element opened a frame: it closes.
        case frame
    }

    mutating func build(from start: Int) -> [Block] {
        var steps: [Step] = [.enter(start)]
        while let step = steps.popLast() {
            switch step {
            case .enter(let index): enter(index, steps: &steps)
            case .leave(let exit): leave(exit)
            }
        }
        return blocks.finish()
    }

    // MARK: - Entering and leaving

    private mutating func enter(_ index: Int, steps: inout [Step]) {
        let node = document[index]
        guard node.kind == .element else {
            if !context.inSVG { blocks.appendText(node.text, style: context.style, link: context.link) }
            return
        }
        if ElementRole.isHidden(node) { return }
        var exit = Exit(context: context)
        switch role(of: node) {
        case .skipped:
            return
        case .inline(let added):
            blocks.addAnchors(references.anchors(of: node))
            context.style.formUnion(added)
        case .link:
            blocks.addAnchors(references.anchors(of: node))
            if let href = node.attribute("href") { context.link = references.link(href) }
        case .lineBreak:
            blocks.addAnchors(references.anchors(of: node))
            blocks.appendLineBreak(style: context.style, link: context.link)
        case .quotation:
            blocks.addAnchors(references.anchors(of: node))
            let marks = context.quotationDepth % 2 == 0 ? ("\u{201C}", "\u{201D}") : ("\u{2018}", "\u{2019}")
            blocks.appendText(marks.0, style: context.style, link: context.link)
            context.quotationDepth += 1
            exit.closingText = marks.1
        case .rubyText:
            blocks.addAnchors(references.anchors(of: node))
            let siblings = node.parent.map { document.childElements(of: $0) } ?? []
            if !siblings.contains(where: { document[$0].name.lowercased() == "rp" }) {
                blocks.appendText("(", style: context.style, link: context.link)
                exit.closingText = ")"
            }
        case .container:
            startBlock(at: node)
            exit.ending = .paragraph
        case .paragraph:
            open(.paragraph, at: node, exit: &exit)
        case .heading(let level):
            open(.heading(level: level), at: node, exit: &exit)
        case .preformatted:
            open(.preformatted, at: node, exit: &exit)
            context.inPreformatted = true
        case .definitionTerm:
            open(.paragraph, at: node, exit: &exit)
            context.style.insert(.bold)
        case .list(let ordered):
            let start = node.attribute("start").flatMap { Int(TextCleanup.trimmed($0)) } ?? 1
            openNested(.list(ordered: ordered, start: start), at: node, exit: &exit)
        case .listItem:
            if case .list = blocks.innermost {
                blocks.wrapLooseBlocksAsItem()
                openNested(.listItem, at: node, exit: &exit)
            } else {
                // An `li` outside any list is read as a plain container.
                startBlock(at: node)
                exit.ending = .paragraph
            }
        case .quote, .definitionDescription:
            openNested(.quote, at: node, exit: &exit)
        case .table:
            openNested(.table, at: node, exit: &exit)
        case .tableGroup(let header):
            startBlock(at: node)
            if header { context.inHeaderGroup = true }
        case .tableRow:
            openNested(.row, at: node, exit: &exit)
        case .tableCell(let header):
            if blocks.innermost == .row { blocks.wrapLooseBlocksAsCell() }
            openNested(.cell(header: header || context.inHeaderGroup), at: node, exit: &exit)
        case .tableCaption:
            openNested(.caption, at: node, exit: &exit)
        case .rule:
            startBlock(at: node)
            blocks.add(.rule)
        case .image:
            startBlock(at: node)
            if let image = references.image(node, warnings: &warnings) { blocks.add(.image(image)) }
        case .svg:
            startBlock(at: node)
            context.inSVG = true
            exit.ending = .paragraph
        }
        // After the switch: a paragraph the element ended was in the language from before.
        if let language = XHTMLReader.language(of: node) {
            context.language = language
            blocks.language = language
        }
        steps.append(.leave(exit))
        let children = Array(document.children(of: index))
        for child in children.reversed() { steps.append(.enter(child)) }
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
        context = exit.context
        blocks.language = context.language
    }

    /// The role, adjusted for where the element is: inside `svg` only images count, inside
    /// `pre` block elements are just more preformatted text.
    private func role(of node: MarkupNode) -> ElementRole {
        if context.inSVG { return node.name == "image" ? .image : .inline([]) }
        let role = ElementRole.of(node)
        guard context.inPreformatted else { return role }
        switch role {
        case .skipped, .inline, .link, .lineBreak, .quotation, .rubyText, .image, .svg: return role
        default: return .inline([])
        }
    }

    // MARK: - Blocks

    /// A block-level element starts: the paragraph before it ends, and the element's ids wait
    /// for the first block made inside it (or after it).
    private mutating func startBlock(at node: MarkupNode) {
        blocks.endParagraph()
        blocks.addAnchors(references.anchors(of: node))
    }

    private mutating func open(_ kind: Frame.Kind, at node: MarkupNode, exit: inout Exit) {
        startBlock(at: node)
        blocks.open(kind)
        exit.ending = .frame
    }

    /// Opens a frame that nests blocks, or past the nesting bound, reads the element as a
    /// plain container.
    private mutating func openNested(_ kind: Frame.Kind, at node: MarkupNode, exit: inout Exit) {
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
        open(kind, at: node, exit: &exit)
    }
}
