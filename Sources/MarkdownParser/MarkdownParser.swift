import CCmarkGFM
import ProcessMemory
import Synchronization

/// Parses CommonMark with GitHub's extensions (tables, strikethrough, autolinks, task lists,
/// footnotes) with cmark-gfm, the parser GitHub itself uses, into a `MarkdownDocument`. This is
/// the only file that touches cmark-gfm.
///
/// Smart punctuation is on: straight quotes become curly and `--`/`---` become dashes, as a
/// printed book sets them. Invalid UTF-8 is replaced with U+FFFD by the parser.
public enum MarkdownParser {
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    static let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SMART

    /// Registering the extensions writes cmark-gfm's global registry: once, before any parse.
    private static let registerExtensions: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// cmark-gfm adds an extension's characters (`~`, `|`) to a global table while it parses
    /// inlines and takes them out after, so two parses at once corrupt each other (strikethrough
    /// silently lost): one parse at a time in the process.
    private static let oneAtATime = Mutex(())

    /// About what one node of cmark-gfm's tree takes, its text aside.
    public static let nodeBytes = 176

    /// The most nodes cmark-gfm may make of `text`: a block for each line, and an inline node
    /// for each byte where its inline parser cuts the text (the autolink extension cuts at every
    /// `w`, `:` and `@`). It holds them all at once, out of reach of the memory watch, so a
    /// reader asks first: one 50 MB paragraph makes ten million of them.
    public static func worstCaseNodes(in text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var count = 0
            for byte in bytes where cutsText[Int(byte)] { count += 1 }
            return count
        }
    }

    private static let cutsText: [Bool] = (0..<256).map { byte in
        Array("\n\\`*_[]!<&~|:@w".utf8).contains(UInt8(byte))
    }

    public static func parse(_ text: String) -> MarkdownDocument {
        oneAtATime.withLock { _ in parseAlone(text) }
    }

    private static func parseAlone(_ text: String) -> MarkdownDocument {
        _ = registerExtensions
        guard let parser = cmark_parser_new(options) else { return MarkdownDocument(nodes: []) }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let root = cmark_parser_finish(parser) else { return MarkdownDocument(nodes: []) }
        defer { cmark_node_free(root) }
        var copier = TreeCopier(root: root)
        return copier.copy()
    }
}

/// Copies cmark-gfm's tree into flat nodes, walking it without recursion (a thousand nested
/// block quotes are a thousand levels deep).
private struct TreeCopier {
    let root: OpaquePointer
    private var nodes: [MarkdownNode] = []

    init(root: OpaquePointer) {
        self.root = root
    }

    mutating func copy() -> MarkdownDocument {
        var current = root
        // The open ancestors of `current`, as flat indices and as cmark nodes.
        var path: [Int] = []
        var pointerPath: [OpaquePointer] = []
        nodes.reserveCapacity(64)
        // Past the memory bound the rest is left: the conversion is refused (`MemoryWatch`).
        while !MemoryWatch.isOver {
            let index = nodes.count
            nodes.append(MarkdownNode(kind: Self.kind(of: current), line: Int(cmark_node_get_start_line(current)),
                                      parent: path.last))
            if let parent = path.last { nodes[parent].children.append(index) }
            if let child = cmark_node_first_child(current) {
                path.append(index)
                pointerPath.append(current)
                current = child
                continue
            }
            // Climb until a node has a next sibling, or the walk is back at the root.
            while current != root, cmark_node_next(current) == nil, let parent = pointerPath.popLast() {
                current = parent
                path.removeLast()
            }
            guard current != root, let next = cmark_node_next(current) else { break }
            current = next
        }
        return MarkdownDocument(nodes: nodes)
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            return .list(ordered: ordered, start: ordered ? Int(cmark_node_get_list_start(node)) : 1)
        case CMARK_NODE_ITEM:
            let isTask = string(cmark_node_get_type_string(node)) == "tasklist"
            return .item(task: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
        case CMARK_NODE_CODE_BLOCK:
            return .codeBlock(info: string(cmark_node_get_fence_info(node)), code: literal)
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(literal)
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
        case CMARK_NODE_TEXT: return .text(literal)
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(literal)
        case CMARK_NODE_HTML_INLINE: return .htmlInline(literal)
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_FOOTNOTE_REFERENCE: return .footnoteReference(number: Int(literal) ?? 0)
        default:
            // Extension nodes have no fixed type numbers: they are told apart by name.
            switch string(cmark_node_get_type_string(node)) {
            case "table": return .table(alignments: alignments(of: node))
            case "table_header": return .tableRow(isHeader: true)
            case "table_row": return .tableRow(isHeader: false)
            case "table_cell": return .tableCell
            case "strikethrough": return .strikethrough
            case let name: return .other(name)
            }
        }
    }

    /// cmark-gfm's `l`, `c`, `r` (or 0) for each of the table's columns.
    private static func alignments(of node: OpaquePointer) -> [MarkdownNode.ColumnAlignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard count > 0, let bytes = cmark_gfm_extensions_get_table_alignments(node) else { return [] }
        return (0..<count).map { index in
            switch bytes[index] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .none
            }
        }
    }

    private static func string(_ chars: UnsafePointer<CChar>?) -> String {
        chars.map { String(cString: $0) } ?? ""
    }
}
