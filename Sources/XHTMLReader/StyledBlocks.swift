import BookModel
import CSS

extension UserStylesheets {
    /// Blocks that were made without markup (a Markdown book's), styled by the user's sheets as
    /// the elements they stand for would be: `h1`–`h6`, `p`, `blockquote`, `ul`/`ol` and `li`,
    /// `pre`, `hr`, `table`, `img` and `div`, inside `html` and `body`. Selectors match by name,
    /// nesting and position (`blockquote p`, `h1 + p`, `li:first-child`); such a book has no
    /// classes or ids. What a block's style gets is what `BlockStyle` holds (alignment, indents,
    /// margins, size, line height, breaks, hyphenation); its runs keep their own styles. What the
    /// block's style already sets (HTML written in the Markdown, with its own CSS) is kept.
    public func style(_ blocks: [Block]) -> [Block] {
        guard !isEmpty else { return blocks }
        var tree = BlockElementTree()
        let html = tree.add("html", parent: nil)
        let body = tree.add("body", parent: html)
        tree.addElements(of: blocks, parent: body)
        var resolver = StyleResolver(stylesheets: sheets)
        var root = resolver.style(of: html, in: tree, styleAttribute: nil, parent: ComputedStyle())
        root = resolver.style(of: body, in: tree, styleAttribute: nil, parent: root)
        // As for a document's body: its size and line height are the layout's.
        root.takeAsRoot()
        var next = body + 1
        return styled(blocks, parent: root, tree: tree, resolver: &resolver, next: &next)
    }

    /// `next`: the tree's element for the first of `blocks`, walked in the order they were added.
    private func styled(_ blocks: [Block], parent: ComputedStyle, tree: BlockElementTree,
                        resolver: inout StyleResolver, next: inout Int) -> [Block] {
        blocks.map { block in
            var block = block
            let element = next
            next += 1
            var scale = 1.0
            if case .heading(let level, _) = block.kind { scale = BlockStyle.headingScale(level: level) }
            let computed = resolver.style(of: element, in: tree, styleAttribute: nil, parent: parent,
                                          defaultFontScale: scale)
            block.style.fill(from: BlockStyle(computed, rightToLeft: computed.isRightToLeft ?? false))
            switch block.kind {
            case .quote(let inner):
                block.kind = .quote(styled(inner, parent: computed, tree: tree, resolver: &resolver, next: &next))
            case .division(let inner):
                block.kind = .division(styled(inner, parent: computed, tree: tree, resolver: &resolver, next: &next))
            case .float(var box):
                box.blocks = styled(box.blocks, parent: computed, tree: tree, resolver: &resolver, next: &next)
                block.kind = .float(box)
            case .list(var list):
                list.items = list.items.map { item in
                    let itemStyle = resolver.style(of: next, in: tree, styleAttribute: nil, parent: computed)
                    next += 1
                    return styled(item, parent: itemStyle, tree: tree, resolver: &resolver, next: &next)
                }
                block.kind = .list(list)
            default:
                break
            }
            return block
        }
    }
}

extension BlockStyle {
    /// What `other` sets where this style sets nothing.
    mutating func fill(from other: BlockStyle) {
        if breakBefore == .auto { breakBefore = other.breakBefore }
        if breakAfter == .auto { breakAfter = other.breakAfter }
        keepsTogether = keepsTogether || other.keepsTogether
        alignment = alignment ?? other.alignment
        textIndent = textIndent ?? other.textIndent
        marginTop = marginTop ?? other.marginTop
        marginBottom = marginBottom ?? other.marginBottom
        startIndent = startIndent ?? other.startIndent
        fontScale = fontScale ?? other.fontScale
        lineSpacing = lineSpacing ?? other.lineSpacing
        hyphenates = hyphenates ?? other.hyphenates
        strictLineBreaks = strictLineBreaks || other.strictLineBreaks
        keepsSpaces = keepsSpaces || other.keepsSpaces
        tabSize = tabSize ?? other.tabSize
        orphans = orphans ?? other.orphans
        widows = widows ?? other.widows
    }
}

/// The elements a list of blocks stands for, in document order, for selectors to match.
struct BlockElementTree: SelectorTree {
    private var names: [String] = []
    private var parents: [Int?] = []
    private var previous: [Int?] = []
    private var nextSibling: [Int?] = []
    private var lastChild: [Int?] = []

    mutating func add(_ name: String, parent: Int?) -> Int {
        let index = names.count
        names.append(name)
        parents.append(parent)
        lastChild.append(nil)
        nextSibling.append(nil)
        let before = parent.flatMap { lastChild[$0] }
        previous.append(before)
        if let before { nextSibling[before] = index }
        if let parent { lastChild[parent] = index }
        return index
    }

    /// Adds `blocks` and what they hold in the order `UserStylesheets.styled` walks them.
    mutating func addElements(of blocks: [Block], parent: Int) {
        for block in blocks {
            let element = add(Self.name(of: block), parent: parent)
            switch block.kind {
            case .quote(let inner), .division(let inner): addElements(of: inner, parent: element)
            case .float(let box): addElements(of: box.blocks, parent: element)
            case .list(let list):
                for item in list.items { addElements(of: item, parent: add("li", parent: element)) }
            default: break
            }
        }
    }

    private static func name(of block: Block) -> String {
        switch block.kind {
        case .heading(let level, _): "h\(min(max(level, 1), 6))"
        case .paragraph: "p"
        case .list(let list): list.isOrdered ? "ol" : "ul"
        case .quote: "blockquote"
        case .preformatted: "pre"
        case .rule: "hr"
        case .table: "table"
        case .image: "img"
        case .float, .division: "div"
        }
    }

    func localName(of element: Int) -> String { names[element] }
    func namespace(of element: Int) -> String? { "http://www.w3.org/1999/xhtml" }
    func attribute(of element: Int, localName: String, namespace match: NamespaceMatch) -> String? { nil }
    func parentElement(of element: Int) -> Int? { parents[element] }
    func previousSiblingElement(of element: Int) -> Int? { previous[element] }
    func nextSiblingElement(of element: Int) -> Int? { nextSibling[element] }
    // Only a rule and a picture hold nothing: the other blocks hold text.
    func hasNoChildren(_ element: Int) -> Bool { names[element] == "hr" || names[element] == "img" }
}
