import MarkdownParser

/// One chapter listed in an mdBook `SUMMARY.md`.
struct SummaryEntry: Equatable {
    /// The link's target as written (`chapter_1.md`).
    let href: String
    /// 1 for a chapter at the top of the list (or a prefix or suffix chapter), 2 for one nested
    /// under it, and so on.
    let depth: Int
    let line: Int
}

/// Reads mdBook's `SUMMARY.md`: its links are the book's chapters, in order, and how deep a link
/// sits in the nested list is how deep the chapter sits in the book. A draft chapter (a link with
/// no target, `[Later]()`) is skipped; part titles (`# Part I`) and separators are layout for
/// mdBook's sidebar and add nothing here.
enum SummaryReader {
    static func entries(in text: String) -> [SummaryEntry] {
        let document = MarkdownParser.parse(text)
        var entries: [SummaryEntry] = []
        // The nodes are in document order, so a forward scan meets the links in reading order.
        for (index, node) in document.nodes.enumerated() {
            guard case .link(let url, _) = node.kind, !url.isEmpty else { continue }
            entries.append(SummaryEntry(href: url, depth: max(1, listDepth(of: index, in: document)), line: node.line))
        }
        return entries
    }

    private static func listDepth(of index: Int, in document: MarkdownDocument) -> Int {
        var depth = 0
        var current = document[index].parent
        while let node = current {
            if case .list = document[node].kind { depth += 1 }
            current = document[node].parent
        }
        return depth
    }
}
