import Foundation

/// The whole output of one conversion: what `book2pages` writes as JSON and what an app decodes.
/// Foundation-only, so an iOS app can depend on this module alone.
public struct PageDocument: Codable, Sendable, Equatable {
    /// Always `book2pages`: tells this format from other JSON.
    public var format: String
    /// The format's version; see docs/FORMAT.md for what changes it.
    public var version: Int
    public var metadata: BookMetadata
    public var layout: LayoutDescription
    public var toc: [TOCItem]
    /// An even number of pages in BookLayout's order: two invisible pages, the cover, the inside
    /// cover, the content pages, then the back inside cover.
    public var pages: [Page]

    public static let formatName = "book2pages"
    public static let currentVersion = 1

    public init(metadata: BookMetadata, layout: LayoutDescription, toc: [TOCItem], pages: [Page],
                version: Int = PageDocument.currentVersion) {
        self.format = PageDocument.formatName
        self.version = version
        self.metadata = metadata
        self.layout = layout
        self.toc = toc
        self.pages = pages
    }
}

public struct BookMetadata: Codable, Sendable, Equatable {
    public var title: String
    public var authors: [String]
    public var language: String?
    public var identifier: String?
    /// `ltr` or `rtl`: the book's page progression.
    public var direction: String

    public init(title: String, authors: [String], language: String?, identifier: String?, direction: String) {
        self.title = title
        self.authors = authors
        self.language = language
        self.identifier = identifier
        self.direction = direction
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
