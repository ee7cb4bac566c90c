/// Where a content page's text lies in its chapter, so a place in the book (a bookmark, a
/// highlight) can be found again after the book is laid out at another size. Offsets count the
/// Unicode scalars of the chapter's text as book2pages reads it: its paragraphs' texts one after
/// another, list markers and inserted hyphens left out. They depend only on the book, never on
/// the page size, margins, font or alignment.
public struct PageLocation: Codable, Sendable, Equatable {
    /// The offset of the page's first character.
    public var start: Int
    /// Just past the page's last character.
    public var end: Int
    /// For an EPUB, the same two places as EPUB CFIs (`epubcfi(/6/4[c1]!/4/2/3:10)`), which other
    /// reading systems understand: character offsets count UTF-16 units, as the DOM does, and a
    /// CFI names an element rather than a character where the page starts or ends in text the
    /// layout rearranged (a table, preformatted text with tabs). Nil for Markdown.
    public var startCFI: String?
    public var endCFI: String?

    public init(start: Int, end: Int, startCFI: String? = nil, endCFI: String? = nil) {
        self.start = start
        self.end = end
        self.startCFI = startCFI
        self.endCFI = endCFI
    }
}

extension PageDocument {
    /// The index in `pages` of the page showing `offset` of the chapter whose `source` is given
    /// (a bookmark kept as `chapters[shown.chapter].source` and `shown.location.start`): the last
    /// page of that chapter starting at or before it. Nil when no page of the chapter has text.
    public func pageIndex(source: String, offset: Int) -> Int? {
        guard let chapter = chapters.firstIndex(where: { $0.source == source }) else { return nil }
        var found: Int?
        for (index, page) in pages.enumerated() where page.shown?.chapter == chapter {
            guard let location = page.shown?.location else { continue }
            if location.start <= offset || found == nil { found = index }
            if location.start > offset { break }
        }
        return found
    }
}
