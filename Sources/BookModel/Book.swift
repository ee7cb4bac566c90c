/// A whole book as the readers understand it, before any layout: what every reader produces and
/// the layout consumes. Plain values, no dependencies, so each stage can be tested alone.
public struct Book: Sendable, Equatable {
    public var metadata: Metadata
    /// Reading order: the linear spine items first, then the non-linear ones.
    public var chapters: [Chapter]
    public var toc: [TOCEntry]
    /// The cover image, when the book names one.
    public var cover: ImageReference?

    public init(metadata: Metadata, chapters: [Chapter], toc: [TOCEntry] = [], cover: ImageReference? = nil) {
        self.metadata = metadata
        self.chapters = chapters
        self.toc = toc
        self.cover = cover
    }
}

public struct Metadata: Sendable, Equatable {
    public var title: String
    /// Authors first (creators with role `aut` or no role), then other creators.
    public var authors: [String]
    /// A BCP 47 tag such as `en` or `ar`, when the book gives one.
    public var language: String?
    public var identifier: String?
    public var direction: TextDirection

    public init(title: String, authors: [String] = [], language: String? = nil,
                identifier: String? = nil, direction: TextDirection = .leftToRight) {
        self.title = title
        self.authors = authors
        self.language = language
        self.identifier = identifier
        self.direction = direction
    }
}

public enum TextDirection: String, Sendable, Equatable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// One spine item (or one Markdown file): always starts a new page.
public struct Chapter: Sendable, Equatable {
    /// Where the chapter came from, such as `OEBPS/chapter-1.xhtml`.
    public var source: String
    public var title: String?
    public var blocks: [Block]
    /// False for spine items marked `linear="no"`.
    public var isLinear: Bool

    public init(source: String, title: String? = nil, blocks: [Block], isLinear: Bool = true) {
        self.source = source
        self.title = title
        self.blocks = blocks
        self.isLinear = isLinear
    }
}

/// A table-of-contents entry, pointing at a chapter and optionally at an anchor inside it.
public struct TOCEntry: Sendable, Equatable {
    public var title: String
    /// 1 for top-level entries.
    public var level: Int
    public var chapterIndex: Int
    /// The `id` the entry points at (`chapter.xhtml#anchor`), or nil for the chapter's start.
    public var anchor: String?

    public init(title: String, level: Int, chapterIndex: Int, anchor: String? = nil) {
        self.title = title
        self.level = level
        self.chapterIndex = chapterIndex
        self.anchor = anchor
    }
}

/// An image named by the book: a path inside the book (archive path for EPUB).
public struct ImageReference: Sendable, Equatable {
    public var path: String
    public var mediaType: String?

    public init(path: String, mediaType: String? = nil) {
        self.path = path
        self.mediaType = mediaType
    }
}
