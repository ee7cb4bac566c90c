/// A whole book as the readers understand it, before any layout: what every reader produces and
/// the layout consumes. Plain values, no dependencies, so each stage can be tested alone.
public struct Book: Sendable, Equatable {
    public var metadata: Metadata
    /// Reading order: the linear spine items first, then the non-linear ones.
    public var chapters: [Chapter]
    public var toc: [TOCEntry]
    /// The cover image, when the book names one.
    public var cover: ImageReference?
    /// The page numbers of a printed edition (EPUB `page-list`), in order, when the book has them.
    public var pageList: [PageListEntry]

    public init(metadata: Metadata, chapters: [Chapter], toc: [TOCEntry] = [], cover: ImageReference? = nil,
                pageList: [PageListEntry] = []) {
        self.metadata = metadata
        self.chapters = chapters
        self.toc = toc
        self.cover = cover
        self.pageList = pageList
    }
}

public struct Metadata: Sendable, Equatable {
    public var title: String
    /// Authors first (role `aut` or no role), then the other creators, each group in the order
    /// the book lists them.
    public var creators: [Creator]
    /// A BCP 47 tag such as `en` or `ar`, when the book gives one.
    public var language: String?
    public var identifier: String?
    /// The publication date as the book writes it (`2024`, `2024-05-01`), when it gives one.
    public var date: String?
    /// The page progression (EPUB's `page-progression-direction`), and the direction of
    /// paragraphs that name none and whose language says none.
    public var direction: TextDirection
    /// The book is written vertically (its CSS or package says so, or its right-to-left page
    /// progression in Japanese, Chinese or Korean implies it). It is laid out horizontally:
    /// its paragraphs run left to right, while its pages keep their progression.
    public var writesVertically = false
    /// How the book asks its fixed-layout pages to be shown, when it has any (`PageDesign`).
    public var rendition: Rendition?
    /// The fonts the book brings, known before its chapters (a layout that starts early needs
    /// them): a run names one of their families (`Inline.font`).
    public var fonts: BookFonts = .none

    /// A person credited with the book (EPUB's `dc:creator`).
    public struct Creator: Sendable, Equatable {
        public var name: String
        /// The MARC relator code, lowercased (`aut`, `ill`, `trl`), nil when the book gives none.
        public var role: String?

        public init(name: String, role: String? = nil) {
            self.name = name
            self.role = role
        }

        /// A creator with no role is taken to be an author, as reading systems do.
        public var isAuthor: Bool { role == nil || role == "aut" }
    }

    /// The names of the creators who are authors, in order.
    public var authors: [String] { creators.filter(\.isAuthor).map(\.name) }

    /// Every name is an author with no role given.
    public init(title: String, authors: [String] = [], language: String? = nil,
                identifier: String? = nil, date: String? = nil, direction: TextDirection = .leftToRight) {
        self.init(title: title, creators: authors.map { Creator(name: $0) }, language: language,
                  identifier: identifier, date: date, direction: direction)
    }

    /// `creators` in the book's order; the authors are moved to the front, keeping their order.
    public init(title: String, creators: [Creator], language: String? = nil,
                identifier: String? = nil, date: String? = nil, direction: TextDirection = .leftToRight) {
        self.title = title
        self.creators = creators.filter(\.isAuthor) + creators.filter { !$0.isAuthor }
        self.language = language
        self.identifier = identifier
        self.date = date
        self.direction = direction
    }
}

public enum TextDirection: String, Sendable, Equatable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// A paragraph's base direction as the markup names it (HTML's `dir`): `auto` takes the
/// direction of its first strong character (UAX #9), which only the layout knows how to find.
public enum ParagraphDirection: String, Sendable, Equatable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
    case auto
}

/// One spine item (or one Markdown file): always starts a new page.
public struct Chapter: Sendable, Equatable {
    /// Where the chapter came from, such as `OEBPS/chapter-1.xhtml`.
    public var source: String
    public var title: String?
    public var blocks: [Block]
    /// False for spine items marked `linear="no"`.
    public var isLinear: Bool
    /// For an EPUB's spine item, the CFI steps from the package document to its `itemref`:
    /// `/6/4[chap01]`, the part of an EPUB CFI before the `!`.
    public var spineCFI: String?
    /// The chapter's footnotes, taken out of its flow: the layout sets each at the foot of the
    /// page whose text first calls it (an `Inline` whose `note` is its id), in this order when
    /// several are called at once.
    public var notes: [Note]
    /// For a fixed-layout spine item, the page its designer drew: the chapter is that one page,
    /// and its text is in the design's boxes and lines, not in `blocks`.
    public var design: PageDesign?
    /// For a chapter its reader handed to a `ChapterReceiver`, which took its blocks and notes
    /// (both left empty here): what is known of them. Nil for a chapter held whole.
    public var handedOverContent: HandedOverContent?

    public init(source: String, title: String? = nil, blocks: [Block], isLinear: Bool = true,
                spineCFI: String? = nil, notes: [Note] = [], design: PageDesign? = nil) {
        self.source = source
        self.title = title
        self.blocks = blocks
        self.isLinear = isLinear
        self.spineCFI = spineCFI
        self.notes = notes
        self.design = design
    }
}

/// A footnote: text that belongs at the foot of the page that refers to it, not in the flow.
public struct Note: Sendable, Equatable {
    /// What the references call it by: unique among its chapter's notes (the note element's
    /// `id`, or `fn-3` for Markdown's third footnote).
    public var id: String
    /// The mark shown before the note's text at the foot (`1`, `*`), when the text does not
    /// begin with it already; nil: the note shows its own.
    public var marker: String?
    public var blocks: [Block]

    public init(id: String, marker: String? = nil, blocks: [Block]) {
        self.id = id
        self.marker = marker
        self.blocks = blocks
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

/// Where a page of a printed edition begins: its label (`169`, `xii`) and the place in a
/// chapter, as the table of contents points.
public struct PageListEntry: Sendable, Equatable {
    public var label: String
    public var chapterIndex: Int
    public var anchor: String?

    public init(label: String, chapterIndex: Int, anchor: String? = nil) {
        self.label = label
        self.chapterIndex = chapterIndex
        self.anchor = anchor
    }
}

/// An image named by the book: a path inside the book (archive path for EPUB).
public struct ImageReference: Sendable, Equatable {
    public var path: String
    public var mediaType: String?
    /// The image's natural size, read from its bytes by the reader; nil when it was not read or
    /// could not be (the layout then shows the image's alt text in its place).
    public var pixelSize: PixelSize?

    public init(path: String, mediaType: String? = nil, pixelSize: PixelSize? = nil) {
        self.path = path
        self.mediaType = mediaType
        self.pixelSize = pixelSize
    }
}

/// An image's natural size in pixels (for SVG, in CSS pixels).
public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `800x480`.
    public var description: String { "\(width)x\(height)" }
}
