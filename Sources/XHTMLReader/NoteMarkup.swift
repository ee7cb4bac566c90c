import Markup

/// Which elements of a document are footnotes that move to the foot of a page, and which links
/// call them.
///
/// Decisions: a footnote is an element whose EPUB 3 `epub:type` holds the token `footnote`, or
/// whose `role` holds `doc-footnote` (DPUB-ARIA). Endnotes (`endnote`, `rearnote`, `note`,
/// `doc-endnote`) stay where the book puts them, in its notes section, as a printed book keeps
/// them. A footnote moves only when a link in the same document points at it (its `id`): such a
/// link calls it, whether or not it is marked `noteref`, since the target says what it is. A
/// footnote no link of its document calls — in a document of notes of its own, or one reached
/// from another document — stays where it stands, so it is still read where a reader looks.
enum NoteMarkup {
    /// True for a footnote element (by its markup alone).
    static func isFootnote(_ node: MarkupNode) -> Bool {
        if let types = node.attribute("type", namespace: Namespace.ops), hasToken("footnote", in: types) { return true }
        if let roles = node.attribute("role"), hasToken("doc-footnote", in: roles) { return true }
        return false
    }

    /// The id a footnote element is called by: its `id`, trimmed as anchors are.
    static func id(of node: MarkupNode) -> String? {
        guard let id = node.attribute("id").map(TextCleanup.trimmed), !id.isEmpty else { return nil }
        return id
    }

    private static func hasToken(_ token: String, in list: String) -> Bool {
        list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .contains { $0.lowercased() == token }
    }
}
