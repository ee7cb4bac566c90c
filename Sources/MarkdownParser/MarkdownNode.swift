/// One node of a parsed Markdown document: a plain value, so nothing outside this module ever
/// holds a cmark-gfm pointer. Nodes live in `MarkdownDocument.nodes` and point at one another by
/// index, which keeps even a pathologically deep document a flat array (no recursive values whose
/// destruction could overflow the stack).
public struct MarkdownNode: Sendable, Equatable {
    /// A table column's alignment; `none` for a plain `---`.
    public enum ColumnAlignment: Sendable, Equatable {
        case none, left, center, right
    }

    public enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        /// `start` is the number of the first item of an ordered list (1 for bullet lists).
        case list(ordered: Bool, start: Int)
        /// `task` is nil for an ordinary item, else whether its box is ticked (`- [x]`).
        case item(task: Bool?)
        /// `info` is the fenced block's info string (`swift`), empty when there is none.
        case codeBlock(info: String, code: String)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        /// A footnote's text; cmark-gfm moves them to the end of the document, in the order of
        /// their first reference, and drops those nothing refers to.
        case footnoteDefinition
        /// A GitHub table; `alignments`: each column's, from its delimiter row (`:--`, `:-:`, `--:`).
        case table(alignments: [ColumnAlignment])
        case tableRow(isHeader: Bool)
        case tableCell
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case strikethrough
        case link(url: String, title: String)
        case image(url: String, title: String)
        /// A reference to footnote number `number` (numbered from 1 in order of first reference).
        case footnoteReference(number: Int)
        /// A node of an extension this reader does not know, by its type name.
        case other(String)
    }

    public let kind: Kind
    /// The line it starts on, counting from 1, in the text that was parsed.
    public let line: Int
    public let parent: Int?
    public internal(set) var children: [Int] = []

    init(kind: Kind, line: Int, parent: Int?) {
        self.kind = kind
        self.line = line
        self.parent = parent
    }
}

/// A parsed Markdown document: `nodes[0]` is the document node; children are in order.
public struct MarkdownDocument: Sendable, Equatable {
    public let nodes: [MarkdownNode]

    public var root: Int { 0 }

    public subscript(index: Int) -> MarkdownNode { nodes[index] }

    public func children(of index: Int) -> [Int] { nodes[index].children }
}
