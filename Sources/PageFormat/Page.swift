/// One page, shaped like seed 000's `BookPageModel(pageType:title:subtitle:)`: what kind of page
/// it is, with the data that kind carries, and an optional title and subtitle.
///
/// ```swift
/// switch page.kind {
/// case .content(let shown): draw(shown.lines, shown.images)
/// case .image(let shown): draw(shown.images)
/// case .cover(let image): drawCover(image, title: page.title, subtitle: page.subtitle)
/// case .invisible, .blank, .colored, .decorative, .unknown: break
/// }
/// ```
public struct Page: Sendable, Equatable {
    public var kind: Kind
    public var title: String?
    public var subtitle: String?

    public init(_ kind: Kind, title: String? = nil, subtitle: String? = nil) {
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
    }

    /// A page's kind: seed 000's page types, the `image` extension, and any type a newer version
    /// of the format adds.
    public enum Kind: Sendable, Equatable {
        /// Not shown: BookLayout's closed book starts with two of them.
        case invisible
        case blank
        /// The book's cover, with its image's path inside the book when it has one.
        case cover(image: String?)
        /// A page of a chapter's text (and the pictures among it).
        case content(ChapterPage)
        /// An extension of BookLayout's types: a page of a chapter that shows pictures and no text.
        /// A BookLayout app without an image page type can show it as `.content("")` with its
        /// pictures drawn on top.
        case image(ChapterPage)
        case colored(PageColor)
        case decorative(Decoration)
        /// A type this version of the model does not know (its name as written): an app shows it
        /// as a blank page, or skips it, rather than failing on it.
        case unknown(type: String)

        /// The type's name in JSON.
        public var type: String {
            switch self {
            case .invisible: "invisible"
            case .blank: "blank"
            case .cover: "cover"
            case .content: "content"
            case .image: "image"
            case .colored: "colored"
            case .decorative: "decorative"
            case .unknown(let type): type
            }
        }
    }

    /// What a content or image page shows of its chapter; nil on every other page, which have
    /// none to set (`page.shown?.folio = 3` numbers a page of a chapter and leaves others be).
    public var shown: ChapterPage? {
        get {
            switch kind {
            case .content(let shown), .image(let shown): shown
            default: nil
            }
        }
        set {
            guard let newValue else { return }
            switch kind {
            case .content: kind = .content(newValue)
            case .image: kind = .image(newValue)
            default: break
            }
        }
    }

    /// What a content page shows; nil on every other page, an image page included.
    public var content: ChapterPage? {
        if case .content(let shown) = kind { shown } else { nil }
    }
}

/// What a page of a chapter shows, and where it stands: its number, its chapter, its place in it;
/// its lines, pictures and tables where the layout put them (positions in points from the page's
/// top-left corner); which of the chapter's text it holds.
///
/// A renderer draws the boxes first (backgrounds, then rules, in their order), then the
/// pictures, then the lines; a table's cells say where each cell's lines belong.
public struct ChapterPage: Sendable, Equatable {
    /// The page's lines, joined by `\n`, in reading order; empty on an image page. A table is a
    /// row a line, its cells' text apart by a tab, without a header shown again.
    public var text: String
    /// The page number printed on it, counting from 1 at the first content page.
    public var folio: Int
    /// The index in the document's `chapters` of the chapter the page belongs to.
    public var chapter: Int
    /// The page's place in its chapter, counting from 0.
    public var indexInChapter: Int
    /// The lines of `text`, one for each, where the layout put them; empty when `linesLeftOut`.
    public var lines: [PageLine]
    /// The output was made without lines (`--lines none`): a content page's `lines` is empty
    /// because it was not written, not because the page has none; `text` is all there is.
    public var linesLeftOut: Bool
    /// The pictures on the page, top to bottom.
    public var images: [PageImage]
    /// The boxes the page fills with a colour, in drawing order, all under the lines: the rules
    /// and backgrounds of the boxes the book draws around blocks (backgrounds before rules),
    /// then each table's (backgrounds before rules). Empty on a page that draws none.
    public var boxes: [PageBox]
    /// The table cells the page shows, row by row; the lines of a cell's text name it in their
    /// `cell`. Empty on a page without a table.
    public var cells: [PageCell]
    /// Which of its chapter's text the page shows; nil on a page without text.
    public var location: PageLocation?
    /// For a page the book's designer drew (a fixed-layout chapter, always one page): its
    /// document, viewport and where the viewport lands on the page. Nil on a flowed page.
    public var design: DesignedPage?

    public init(text: String = "", folio: Int, chapter: Int, indexInChapter: Int, lines: [PageLine] = [],
                images: [PageImage] = [], boxes: [PageBox] = [], cells: [PageCell] = [], location: PageLocation? = nil,
                design: DesignedPage? = nil, linesLeftOut: Bool = false) {
        self.text = text
        self.folio = folio
        self.chapter = chapter
        self.indexInChapter = indexInChapter
        self.lines = lines
        self.images = images
        self.boxes = boxes
        self.cells = cells
        self.location = location
        self.design = design
        self.linesLeftOut = linesLeftOut
    }

    /// The lines of `cell`'s text, top to bottom.
    public func lines(in cell: PageCell) -> [PageLine] {
        lines.filter(cell.holds)
    }

    /// The cell whose text `line` is; nil for a line outside any table (or naming a cell the
    /// page does not have).
    public func cell(of line: PageLine) -> PageCell? {
        guard line.cell != nil else { return nil }
        return cells.first { $0.holds(line) }
    }
}

extension Page: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, title, subtitle, image, text, folio, chapter, indexInChapter, lines, images, boxes, cells, location,
             color, decoration, design
    }

    /// Reads the fields `type` says the page has; a type it does not know keeps only its name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        let type = try container.decode(String.self, forKey: .type)
        // A content page needs its text, an image page its pictures (the schema's `required`).
        func shown(needs needed: CodingKeys) throws -> ChapterPage {
            func list<Element: Decodable>(_ key: CodingKeys) throws -> [Element] {
                key == needed ? try container.decode([Element].self, forKey: key)
                    : try container.decodeIfPresent([Element].self, forKey: key) ?? []
            }
            return ChapterPage(text: needed == .text ? try container.decode(String.self, forKey: .text)
                                   : try container.decodeIfPresent(String.self, forKey: .text) ?? "",
                               folio: try container.decode(Int.self, forKey: .folio),
                               chapter: try container.decode(Int.self, forKey: .chapter),
                               indexInChapter: try container.decode(Int.self, forKey: .indexInChapter),
                               lines: try list(.lines), images: try list(.images), boxes: try list(.boxes),
                               cells: try list(.cells),
                               location: try container.decodeIfPresent(PageLocation.self, forKey: .location),
                               design: try container.decodeIfPresent(DesignedPage.self, forKey: .design),
                               // Only a content page always has them.
                               linesLeftOut: needed == .text && !container.contains(.lines))
        }
        switch type {
        case "invisible": kind = .invisible
        case "blank": kind = .blank
        case "cover": kind = .cover(image: try container.decodeIfPresent(String.self, forKey: .image))
        case "content": kind = .content(try shown(needs: .text))
        case "image": kind = .image(try shown(needs: .images))
        case "colored": kind = .colored(try container.decode(PageColor.self, forKey: .color))
        case "decorative": kind = .decorative(try container.decode(Decoration.self, forKey: .decoration))
        default: kind = .unknown(type: type)
        }
    }

    /// Writes what `docs/FORMAT.md` lists for the kind: a content page always has `text` and
    /// `lines` (unless they were left out), and `images` when it shows any; an image page always has `images`; `boxes` only
    /// on a page that draws some, `cells` only on a page with a table.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.type, forKey: .type)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(subtitle, forKey: .subtitle)
        switch kind {
        case .invisible, .blank, .unknown: break
        case .cover(let image): try container.encodeIfPresent(image, forKey: .image)
        case .colored(let color): try container.encode(color, forKey: .color)
        case .decorative(let decoration): try container.encode(decoration, forKey: .decoration)
        case .content(let shown), .image(let shown):
            let isContent = if case .content = kind { true } else { false }
            try container.encode(shown.folio, forKey: .folio)
            try container.encode(shown.chapter, forKey: .chapter)
            try container.encode(shown.indexInChapter, forKey: .indexInChapter)
            if isContent || !shown.text.isEmpty { try container.encode(shown.text, forKey: .text) }
            if isContent && !shown.linesLeftOut || !shown.lines.isEmpty { try container.encode(shown.lines, forKey: .lines) }
            if !isContent || !shown.images.isEmpty { try container.encode(shown.images, forKey: .images) }
            if !shown.boxes.isEmpty { try container.encode(shown.boxes, forKey: .boxes) }
            if !shown.cells.isEmpty { try container.encode(shown.cells, forKey: .cells) }
            try container.encodeIfPresent(shown.location, forKey: .location)
            try container.encodeIfPresent(shown.design, forKey: .design)
        }
    }
}
