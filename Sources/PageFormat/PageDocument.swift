import Foundation

/// The whole output of one conversion: what `book2pages` writes as JSON and what an app decodes.
/// Foundation-only, so an iOS app can depend on this module alone.
public struct PageDocument: Codable, Sendable, Equatable {
    /// Always `book2pages`: tells this format from other JSON.
    public var format: String
    /// The format's version: it changes when a field is removed or changes meaning, not when
    /// one is added (decoders ignore fields they don't know).
    public var version: Int
    public var metadata: BookMetadata
    public var layout: LayoutDescription
    /// What the pages were made from; absent in documents from before it was recorded.
    public var provenance: Provenance?
    /// The system the pages were made for and how its screens group them; absent in documents
    /// from before targets existed, which are `booklayout`.
    public var target: TargetDescription?
    /// The book's chapters in reading order; a content page's `chapter` indexes this list.
    public var chapters: [ChapterItem]
    public var toc: [TOCItem]
    /// The printed edition's page numbers (EPUB `page-list`) and the pages they fall on; empty
    /// when the book has none.
    public var pageList: [PageListItem]
    /// An even number of pages in BookLayout's order: two invisible pages, the cover, the inside
    /// cover, the content pages, then the back inside cover.
    public var pages: [Page]
    /// Where the links into the book land (the places runs' `link`s name), sorted by target;
    /// empty when no run links into the book. `destination(of:)` follows a run's link.
    public var links: [PageLink]

    enum CodingKeys: String, CodingKey {
        case format, version, provenance, metadata, layout, target, chapters, toc, pageList, pages, links
    }

    /// The page list's fixed places, whatever the book: the cover is the third page, and the
    /// content starts after it and the inside cover.
    public static let coverIndex = 2
    public static let firstContentIndex = 4

    public static let formatName = "book2pages"
    public static let currentVersion = 1

    public init(metadata: BookMetadata, layout: LayoutDescription, target: TargetDescription? = nil,
                provenance: Provenance? = nil, chapters: [ChapterItem], toc: [TOCItem], pageList: [PageListItem] = [], pages: [Page],
                links: [PageLink] = [], version: Int = PageDocument.currentVersion) {
        self.format = PageDocument.formatName
        self.version = version
        self.metadata = metadata
        self.layout = layout
        self.target = target
        self.provenance = provenance
        self.chapters = chapters
        self.toc = toc
        self.pageList = pageList
        self.pages = pages
        self.links = links
    }

    /// Where a run's link leads: the page a link into the book lands on, or the URL of one that
    /// leaves it; nil for a run that is no link, or one into the book that lands on no page (a
    /// document the spine leaves out).
    public func destination(of run: PageRun) -> LinkDestination? {
        guard let target = run.link else { return nil }
        var low = 0, high = links.count
        while low < high {
            let middle = (low + high) / 2
            if links[middle].target < target { low = middle + 1 } else { high = middle }
        }
        if low < links.count, links[low].target == target { return .page(links[low].page, chapter: links[low].chapter) }
        return Self.isExternal(target) ? .external(target) : nil
    }

    /// `scheme:` before any `/`, `?` or `#`: a URL, not a path in the book.
    static func isExternal(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":"), colon > target.startIndex,
              let first = target.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return target[..<colon].unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil
            || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}

public struct BookMetadata: Codable, Sendable, Equatable {
    public var title: String
    /// The creators whose role is author (or who have no role): the cover's subtitle.
    public var authors: [String]
    /// Every creator, authors first, each with its MARC relator role (`aut`, `ill`, …) when the
    /// book gives one.
    public var creators: [Creator]
    public var language: String?
    public var identifier: String?
    /// The publication date as the book writes it (`2024`, `2024-05-01`).
    public var date: String?
    /// The book's page progression: `rtl` when its pages turn from left to right.
    public var direction: WritingDirection
    /// How a book with designed pages asks to be shown; nil for a book the layout flowed whole.
    public var rendition: BookRendition?

    public init(title: String, authors: [String], creators: [Creator], language: String?, identifier: String?,
                date: String? = nil, direction: WritingDirection, rendition: BookRendition? = nil) {
        self.title = title
        self.authors = authors
        self.creators = creators
        self.language = language
        self.identifier = identifier
        self.date = date
        self.direction = direction
        self.rendition = rendition
    }
}

public struct Creator: Codable, Sendable, Equatable {
    public var name: String
    public var role: String?

    public init(name: String, role: String?) {
        self.name = name
        self.role = role
    }
}

/// One chapter (a spine item, or a lone document), in reading order.
public struct ChapterItem: Codable, Sendable, Equatable {
    /// From the table of contents, else the chapter's first heading.
    public var title: String?
    /// Where it came from inside the book, such as `OEBPS/chapter-1.xhtml`.
    public var source: String
    /// False for spine items marked `linear="no"`, which come after the linear ones.
    public var linear: Bool
    /// Index into `pages` of the chapter's first page; absent when the chapter shows nothing.
    public var page: Int?
    /// How many content pages the chapter fills.
    public var pageCount: Int

    public init(title: String?, source: String, linear: Bool, page: Int?, pageCount: Int) {
        self.title = title
        self.source = source
        self.linear = linear
        self.page = page
        self.pageCount = pageCount
    }
}

/// A page of a printed edition: its label and where it begins in these pages.
public struct PageListItem: Codable, Sendable, Equatable {
    /// As printed: `169`, `xii`.
    public var label: String
    /// Index into `pages` of the page where the printed page begins.
    public var page: Int
    /// The printed number of that page here.
    public var folio: Int?

    public init(label: String, page: Int, folio: Int?) {
        self.label = label
        self.page = page
        self.folio = folio
    }
}

public struct TOCItem: Codable, Sendable, Equatable {
    public var title: String
    /// 1 for top-level entries.
    public var level: Int
    /// Index into `pages`.
    public var page: Int
    /// The printed page number of that page.
    public var folio: Int?

    public init(title: String, level: Int, page: Int, folio: Int?) {
        self.title = title
        self.level = level
        self.page = page
        self.folio = folio
    }
}
