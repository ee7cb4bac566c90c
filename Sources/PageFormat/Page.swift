/// One page, shaped like seed 000's `BookPageModel`: a type, an optional title and subtitle, and
/// for content pages the text they show.
public struct Page: Codable, Sendable, Equatable {
    public var type: PageType
    public var title: String?
    public var subtitle: String?
    /// On `content` pages: the page's lines, joined by `\n`, in reading order.
    public var text: String?
    /// On `content` and `image` pages: the page number printed on it, counting from 1 at the first
    /// content page.
    public var folio: Int?
    /// On `content` and `image` pages: the index in the document's `chapters` of the chapter the
    /// page belongs to.
    public var chapter: Int?
    /// On `content` and `image` pages: the page's place in its chapter, counting from 0.
    public var indexInChapter: Int?
    /// On the `cover` page: the book's cover image, as a path inside the book.
    public var image: String?
    /// On `colored` pages: the page's colour.
    public var color: PageColor?
    /// On `decorative` pages: the icons it shows.
    public var decoration: Decoration?
    /// On `content` pages: the lines of `text`, one for each, where the layout put them.
    public var lines: [PageLine]?
    /// On `content` pages with text: which of its chapter's text the page shows.
    public var location: PageLocation?
    /// On `content` and `image` pages: the pictures on the page, top to bottom.
    public var images: [PageImage]?

    public init(type: PageType, title: String? = nil, subtitle: String? = nil, text: String? = nil,
                folio: Int? = nil, chapter: Int? = nil, indexInChapter: Int? = nil, image: String? = nil,
                color: PageColor? = nil, decoration: Decoration? = nil, lines: [PageLine]? = nil,
                location: PageLocation? = nil, images: [PageImage]? = nil) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.text = text
        self.folio = folio
        self.chapter = chapter
        self.indexInChapter = indexInChapter
        self.image = image
        self.color = color
        self.decoration = decoration
        self.lines = lines
        self.location = location
        self.images = images
    }

    /// True for the types this version of the model knows; an app shows others as blank pages
    /// (or skips them), rather than failing on them.
    public var hasKnownType: Bool { PageType.known.contains(type) }
}

/// A page type: seed 000's, or an extension (see `OpenStringValue`).
public struct PageType: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let invisible = PageType(rawValue: "invisible")
    public static let blank = PageType(rawValue: "blank")
    public static let cover = PageType(rawValue: "cover")
    public static let content = PageType(rawValue: "content")
    public static let colored = PageType(rawValue: "colored")
    public static let decorative = PageType(rawValue: "decorative")
    /// An extension of BookLayout's types: a page of pictures and no text, in `images`. It has
    /// a folio and a chapter as a content page does; a BookLayout app without an image page
    /// type can show it as `.content("")` with its pictures drawn on top.
    public static let image = PageType(rawValue: "image")

    /// Every type this version of the format defines.
    public static let known: Set<PageType> = [.invisible, .blank, .cover, .content, .colored, .decorative, .image]
}
