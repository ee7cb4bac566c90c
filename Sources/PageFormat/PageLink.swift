/// A place in the book that a run links to (`PageRun.link`), and the page it lands on: the page
/// showing the element the link names, or, for a link to a whole document, its first page.
public struct PageLink: Codable, Sendable, Equatable {
    /// The place as runs name it: a document of the book, and the id in it after `#`.
    public var target: String
    /// The index in `pages` of the page it lands on.
    public var page: Int
    /// The chapter that page is in (an index in `chapters`).
    public var chapter: Int

    public init(target: String, page: Int, chapter: Int) {
        self.target = target
        self.page = page
        self.chapter = chapter
    }
}

/// Where a linked run leads, as an app follows it.
public enum LinkDestination: Sendable, Equatable {
    /// A page of this document: its index in `pages`, and its chapter.
    case page(Int, chapter: Int)
    /// Somewhere outside the book: a URL as the book wrote it (`https://…`, `mailto:…`).
    case external(String)
}
