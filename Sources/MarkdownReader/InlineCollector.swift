import BookModel
import MarkdownParser

/// What a paragraph's inline content becomes: runs of styled text, and the images between them,
/// which are blocks of their own (as the XHTML reader makes them).
enum InlinePiece: Equatable {
    case runs([Inline])
    case image(url: String, alt: String, line: Int)
}

/// Turns inline nodes into styled runs, walking them with an explicit stack (emphasis can nest
/// as deep as a hostile file likes).
struct InlineCollector {
    let document: MarkdownDocument
    /// Where the text's links point, as the book names them.
    let resolveLink: (String) -> String?
    /// Footnote numbers in the order referenced, repeats included.
    private(set) var footnoteReferences: [Int] = []

    init(document: MarkdownDocument, resolveLink: @escaping (String) -> String?) {
        self.document = document
        self.resolveLink = resolveLink
    }

    /// The content of a paragraph, images split out.
    mutating func pieces(of node: Int) -> [InlinePiece] {
        collect(node, imagesAsText: false)
    }

    /// The content of a heading or table cell, where an image stands for its description.
    mutating func runs(of node: Int) -> [Inline] {
        collect(node, imagesAsText: true).flatMap { piece -> [Inline] in
            if case .runs(let runs) = piece { return runs }
            return []
        }
    }

    private mutating func collect(_ node: Int, imagesAsText: Bool) -> [InlinePiece] {
        var pieces: [InlinePiece] = []
        var runs = InlineRuns()
        var style: TextStyle = []
        var link: String?
        var saved: [(TextStyle, String?)] = []
        var stack: [(node: Int, exiting: Bool)] = document.children(of: node).reversed().map { ($0, false) }
        func enter(_ index: Int) {
            saved.append((style, link))
            stack.append((index, true))
            stack += document.children(of: index).reversed().map { ($0, false) }
        }
        while let (index, exiting) = stack.popLast() {
            if exiting {
                (style, link) = saved.removeLast()
                continue
            }
            switch document[index].kind {
            case .text(let text): runs.append(text, style: style, link: link)
            case .softBreak: runs.append(" ", style: style, link: link)
            case .lineBreak: runs.append("\n", style: style, link: link)
            case .code(let text): runs.append(text, style: style.union(.code), link: link)
            case .emphasis: enter(index); style.insert(.italic)
            case .strong: enter(index); style.insert(.bold)
            case .strikethrough: enter(index); style.insert(.strikethrough)
            case .link(let url, _): enter(index); link = resolveLink(url)
            case .image(let url, _):
                if imagesAsText {
                    enter(index)
                } else {
                    if !runs.isEmpty { pieces.append(.runs(runs.take())) }
                    pieces.append(.image(url: url, alt: InlineHTML.plainText(of: index, in: document), line: document[index].line))
                }
            case .footnoteReference(let number):
                footnoteReferences.append(number)
                runs.append(String(number), style: style.union(.superscript), link: resolveLink("#\(FootnoteAnchor.name(number))"),
                            note: FootnoteAnchor.name(number))
            case .htmlInline:
                // Content with tags is read by the HTML reader instead (see `InlineHTML`).
                continue
            default:
                enter(index)
            }
        }
        if !runs.isEmpty { pieces.append(.runs(runs.take())) }
        return pieces
    }

    /// Notes the footnote references inside `node`, for content read some other way.
    mutating func recordReferences(in node: Int) {
        var stack = document.children(of: node).reversed() as [Int]
        while let index = stack.popLast() {
            if case .footnoteReference(let number) = document[index].kind { footnoteReferences.append(number) }
            stack += document.children(of: index).reversed()
        }
    }
}

/// Runs of text that merge while the style and link stay the same.
struct InlineRuns {
    private var runs: [Inline] = []

    var isEmpty: Bool { runs.isEmpty }

    mutating func append(_ text: String, style: TextStyle, link: String?, note: String? = nil) {
        guard !text.isEmpty else { return }
        // Compared in place, not through a copy of the last run, which would make the append copy
        // all its text (`appendMerging`).
        let end = runs.count - 1
        if end >= 0, runs[end].style == style, runs[end].link == link, runs[end].note == note {
            runs[end].text += text
        } else {
            runs.append(Inline(text, style: style, link: link, note: note))
        }
    }

    mutating func take() -> [Inline] {
        defer { runs = [] }
        return runs
    }
}

/// The anchor a footnote's text carries, which its references link to, and its note's id.
enum FootnoteAnchor {
    static func name(_ number: Int) -> String { "fn-\(number)" }

    /// The note a link calls when it points at footnote anchor `fn-N` of the file, whose own
    /// links resolve like `"#"` + an anchor through `resolve`.
    static func note(calledBy link: String?, resolve: (String) -> String?) -> String? {
        guard let link, let prefix = resolve("#fn-"), link.hasPrefix(prefix),
              let number = Int(link.dropFirst(prefix.count)), number > 0 else { return nil }
        return name(number)
    }
}
