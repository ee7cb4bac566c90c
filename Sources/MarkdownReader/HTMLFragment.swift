import BookModel
import Markup
import XHTMLReader

/// HTML written inside Markdown, read by the XHTML reader so it becomes the same blocks and
/// styles as in an EPUB, instead of being dropped or shown as tags.
enum HTMLFragment {
    /// The blocks of `html`, which starts on `line` of the file at `source`. HTML in Markdown is
    /// a fragment by nature (an unclosed `<details>`, a `<kbd>` an HTML 4 parser does not know),
    /// so the parser's recovery is not worth a warning; what the reader leaves out still is.
    static func read(_ html: String, source: String, line: Int) -> (blocks: [Block], warnings: [Warning]) {
        let document = Markup.parse(Array("<html><body>\(html)</body></html>".utf8), as: .html)
        var content = XHTMLReader.read(document: document, source: source)
        if !document.parsedCleanly, !content.warnings.isEmpty { content.warnings.removeFirst() }
        let warnings = (content.warnings + content.unshownMedia.warnings).map { warning in
            Warning(entry: warning.entry, line: warning.line.map { $0 + line - 1 }, warning.message)
        }
        // Footnotes in the fragment stay in its flow, after it: the Markdown book's own footnotes
        // are the ones that move to the foot of the page.
        return (content.blocks + content.notes.flatMap(\.blocks), warnings)
    }
}
