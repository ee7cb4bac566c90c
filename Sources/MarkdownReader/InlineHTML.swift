import MarkdownParser

/// A paragraph, heading or table cell whose Markdown mixes in HTML tags (`<kbd>Ctrl</kbd>`,
/// `<sup>2</sup>`), written out as one piece of HTML so the XHTML reader reads the tags and the
/// Markdown around them together — tags are neither dropped nor shown as text.
enum InlineHTML {
    /// True when a tag appears anywhere inside `node`.
    static func isMixed(_ node: Int, in document: MarkdownDocument) -> Bool {
        var stack = document.children(of: node)
        while let index = stack.popLast() {
            if case .htmlInline = document[index].kind { return true }
            stack += document.children(of: index)
        }
        return false
    }

    /// The content of `node` as HTML, with no enclosing element.
    static func html(of node: Int, in document: MarkdownDocument) -> String {
        var html = ""
        var stack: [(node: Int, close: String?)] = document.children(of: node).reversed().map { ($0, nil) }
        func enter(_ index: Int, open: String, close: String) {
            html += open
            stack.append((index, close))
            stack += document.children(of: index).reversed().map { ($0, nil) }
        }
        while let (index, close) = stack.popLast() {
            if let close {
                html += close
                continue
            }
            switch document[index].kind {
            case .text(let text): html += escaped(text)
            case .softBreak: html += "\n"
            case .lineBreak: html += "<br/>"
            case .code(let text): html += "<code>\(escaped(text))</code>"
            case .htmlInline(let tag): html += tag
            case .emphasis: enter(index, open: "<em>", close: "</em>")
            case .strong: enter(index, open: "<strong>", close: "</strong>")
            case .strikethrough: enter(index, open: "<del>", close: "</del>")
            case .link(let url, _): enter(index, open: "<a href=\"\(escaped(url))\">", close: "</a>")
            case .image(let url, _):
                html += "<img src=\"\(escaped(url))\" alt=\"\(escaped(plainText(of: index, in: document)))\"/>"
            case .footnoteReference(let number):
                html += "<sup><a href=\"#\(FootnoteAnchor.name(number))\">\(number)</a></sup>"
            default: enter(index, open: "", close: "")
            }
        }
        return html
    }

    /// The text inside a node (an image's description), without styles.
    static func plainText(of node: Int, in document: MarkdownDocument) -> String {
        var text = ""
        var stack = document.children(of: node).reversed() as [Int]
        while let index = stack.popLast() {
            switch document[index].kind {
            case .text(let literal), .code(let literal): text += literal
            case .softBreak, .lineBreak: text += " "
            default: stack += document.children(of: index).reversed()
            }
        }
        return text
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
