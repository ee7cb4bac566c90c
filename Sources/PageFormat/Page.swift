/// One page, shaped like seed 000's `BookPageModel`: a type, an optional title and subtitle, and
/// for content pages the text they show.
public struct Page: Codable, Sendable, Equatable {
    public var type: PageType
    public var title: String?
    public var subtitle: String?
    /// On `content` pages: the page's lines, joined by `\n`, in reading order.
    public var text: String?
    /// On `content` pages: the page number printed on it, counting from 1 at the first content page.
    public var folio: Int?
    /// On `content` pages: the index in the document's `chapters` of the chapter the page belongs to.
    public var chapter: Int?
    /// On the `cover` page: the book's cover image, as a path inside the book.
    public var image: String?
    /// On `content` pages: the lines of `text`, one for each, where the layout put them.
    public var lines: [PageLine]?

    public init(type: PageType, title: String? = nil, subtitle: String? = nil, text: String? = nil,
                folio: Int? = nil, chapter: Int? = nil, image: String? = nil, lines: [PageLine]? = nil) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.text = text
        self.folio = folio
        self.chapter = chapter
        self.image = image
        self.lines = lines
    }
}

/// One line of a content page as laid out, so that a renderer can draw exactly what was
/// measured. Positions are in points from the page's top-left corner; an empty line is the gap
/// between two blocks.
public struct PageLine: Codable, Sendable, Equatable {
    /// What the line shows, an inserted hyphen included.
    public var text: String
    /// The left edge of the line's box and its top (the box is one line-height tall).
    public var x: Double
    public var y: Double
    /// The advance of the text; for a justified line, the width its spaces stretch it to.
    public var width: Double
    /// True when the layout broke a word at the line's end and added the hyphen that ends
    /// `text` (absent otherwise): a hyphen that was in the book's text does not count.
    public var hyphenated: Bool?
    /// True when the line's spaces stretch to fill `width` (absent otherwise).
    public var justified: Bool?

    public init(text: String, x: Double, y: Double, width: Double, hyphenated: Bool = false, justified: Bool = false) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.hyphenated = hyphenated ? true : nil
        self.justified = justified ? true : nil
    }
}

/// A page type. A string rather than a closed enum, so that an app decoding output from a newer
/// tool meets an unknown type as a value it can skip, not as a decoding failure.
public struct PageType: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static let invisible = PageType(rawValue: "invisible")
    public static let blank = PageType(rawValue: "blank")
    public static let cover = PageType(rawValue: "cover")
    public static let content = PageType(rawValue: "content")
    public static let colored = PageType(rawValue: "colored")
    public static let decorative = PageType(rawValue: "decorative")
}
