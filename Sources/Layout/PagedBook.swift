import BookModel
import PageFormat

/// A book laid out into pages: what the layout hands the writers. The pages are `PageFormat`'s,
/// the one page model every writer reads; what is left here is what only the page list needs to
/// know of the layout (how the chapters and entries fall on the pages).
public struct PagedBook: Sendable, Equatable {
    /// The content pages (`content` and `image`), in reading order, their folios 0: those count
    /// from the first content page, which the writer numbers as it adds the pages before and
    /// after (`PageStream`). Empty when the layout handed them on as it went and kept none
    /// (`Layouter.layout(_:keepingPages:onChapter:spreadSide:)`); `chapterPageCounts` still counts them.
    public var pages: [Page]
    /// How many pages each chapter has, by the chapters' places in the book: the pages of chapter
    /// k follow those of the chapters before it.
    public var chapterPageCounts: [Int]
    /// For each entry of the book's table of contents, the index of the content page where it
    /// lands (in `pages`, when they are kept): the page holding its anchor, else its chapter's
    /// first page, else (the chapter is empty) the next page there is, else (nothing follows, or
    /// the book has no such chapter) the last page. Nil only when there are no pages at all, so
    /// that no entry points at a page not there.
    public var tocPageIndices: [Int?]
    /// For each entry of the book's printed page list, the index of the content page where it
    /// lands, by the same rule.
    public var pageListPageIndices: [Int?]
    /// Where each of the book's links that leads into the book lands, sorted by target: its
    /// `page` is the content page's index (in `pages`), which the writer moves past the pages
    /// before the content.
    public var links: [PageLink]
    /// What the layout had to do without, such as a language with no hyphenation dictionary.
    public var warnings: [Warning]
    /// The faces that set characters the book's fonts have no glyphs for (Arabic or Han in a
    /// Latin font), each once, in the order of their PostScript names: what the lines' runs name
    /// as `standIn`, and the output's `layout.standIns`.
    public var standIns: [FaceDescription]
    /// The file of each stand-in face on this machine, by PostScript name: for a writer in this
    /// process that embeds the faces (the HTML preview). No output carries it.
    public var standInFiles: [String: String]

    /// `chapterPageCounts`: nil counts `pages` by their chapters.
    public init(pages: [Page], chapterPageCounts: [Int]? = nil, tocPageIndices: [Int?], pageListPageIndices: [Int?] = [],
                links: [PageLink] = [], warnings: [Warning] = [], standIns: [FaceDescription] = [], standInFiles: [String: String] = [:]) {
        self.pages = pages
        self.chapterPageCounts = chapterPageCounts ?? pages.reduce(into: []) { counts, page in
            guard let chapter = page.shown?.chapter else { return }
            while counts.count <= chapter { counts.append(0) }
            counts[chapter] += 1
        }
        self.tocPageIndices = tocPageIndices
        self.pageListPageIndices = pageListPageIndices
        self.links = links
        self.warnings = warnings
        self.standIns = standIns
        self.standInFiles = standInFiles
    }

    /// The stand-in faces' families, sorted.
    public var fallbackFamilies: [String] { Set(standIns.map(\.family)).sorted() }
}
