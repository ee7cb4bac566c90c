import BookModel
import PageFormat

/// Finds the pages the book's links land on, once every chapter is laid out: a link names a
/// document of the book and, after `#`, an id in it (`OEBPS/ch2.xhtml#note-3`, as the readers
/// resolve every `href` against the file that holds it). It lands on the page holding that
/// id's element, in the first chapter made from the document that has it (a Markdown file may
/// make several chapters); without an id, or when no chapter has the id, on the document's
/// first page, as a browser opens a document at its top. A link whose document is no chapter
/// of the book (a URL, a file the spine leaves out) lands nowhere here.
enum BookLinks {
    /// Where each of `targets` that leads into the book lands, sorted by target.
    /// `chapterStarts`: each chapter's first content page, nil for an empty chapter;
    /// `hasAnchor`: whether a chapter has an anchor;
    /// `pageIndex`: the content page a chapter's anchor (or its start) lands on, as the table of
    /// contents finds it.
    static func resolve(_ targets: some Sequence<String>, in book: Book, chapterStarts: [Int?], hasAnchor: (_ chapter: Int, _ anchor: String) -> Bool,
                        pageIndex: (_ chapter: Int, _ anchor: String?) -> Int?) -> [PageLink] {
        var chaptersOfSource: [String: [Int]] = [:]
        for (index, chapter) in book.chapters.enumerated() { chaptersOfSource[chapter.source, default: []].append(index) }
        var links: [PageLink] = []
        for target in Set(targets).sorted() {
            let hash = target.firstIndex(of: "#")
            let document = hash.map { String(target[..<$0]) } ?? target
            let anchor = hash.map { String(target[target.index(after: $0)...]) }
            guard let chapters = chaptersOfSource[document] else { continue }
            let holding = anchor.flatMap { anchor in chapters.first { hasAnchor($0, anchor) } }
            guard let page = pageIndex(holding ?? chapters[0], holding == nil ? nil : anchor) else { continue }
            // An empty chapter's link lands on the next page there is, in a later chapter.
            let chapter = chapterStarts.indices.last { chapterStarts[$0].map { $0 <= page } == true } ?? chapters[0]
            links.append(PageLink(target: target, page: page, chapter: chapter))
        }
        return links
    }
}
