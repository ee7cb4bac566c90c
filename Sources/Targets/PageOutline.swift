import PageFormat

/// What is left of a page once it is written, for what follows the writing: the targets'
/// grouping, the blanks placed for spreads, where the content pages stand, the pictures to copy
/// and the content pages to count. A plain page of text takes a few bytes; the rare page with
/// pictures, a cover image or a design keeps those in a box of their own. A book's pages,
/// written as they are made, are then never all in memory (`Page`, even with its text and
/// lines dropped, is some 240 bytes).
public struct PageOutline: Sendable, Equatable {
    /// A page's kind, without the data it carries (`Page.Kind`).
    public enum Kind: UInt8, Sendable {
        case invisible, blank, cover, content, image, colored, decorative, unknown
    }

    public let kind: Kind
    /// Whether it is the first page of its chapter (`ChapterPage.indexInChapter` 0).
    public let opensChapter: Bool
    /// The chapter's index, or -1 for a page of no chapter.
    private let chapterIndex: Int32
    /// The pictures, cover image and design; nil on a page without any.
    private let details: Details?

    /// What few pages have; a class, so that a page without them pays one pointer.
    private final class Details: Sendable, Equatable {
        let images: [String]
        let cover: String?
        let design: DesignedPage?

        init(images: [String], cover: String?, design: DesignedPage?) {
            self.images = images
            self.cover = cover
            self.design = design
        }

        static func == (lhs: Details, rhs: Details) -> Bool {
            lhs.images == rhs.images && lhs.cover == rhs.cover && lhs.design == rhs.design
        }
    }

    public init(_ page: Page) {
        var cover: String?
        switch page.kind {
        case .invisible: kind = .invisible
        case .blank: kind = .blank
        case .cover(let image): kind = .cover; cover = image
        case .content: kind = .content
        case .image: kind = .image
        case .colored: kind = .colored
        case .decorative: kind = .decorative
        case .unknown: kind = .unknown
        }
        let shown = page.shown
        opensChapter = shown?.indexInChapter == 0
        // A chapter past Int32's range can't be laid out in memory; clamped rather than trapping.
        chapterIndex = shown.map { Int32(clamping: $0.chapter) } ?? -1
        let images = shown?.images.map(\.path) ?? []
        let design = shown?.design
        details = images.isEmpty && cover == nil && design == nil
            ? nil : Details(images: images, cover: cover, design: design)
    }

    /// Whether the page shows a part of a chapter (`Page.shown`): a content or image page.
    public var isShown: Bool { kind == .content || kind == .image }
    /// The chapter of a content or image page (`ChapterPage.chapter`).
    public var chapter: Int? { chapterIndex < 0 ? nil : Int(chapterIndex) }
    /// The paths of the pictures on the page, top to bottom.
    public var images: [String] { details?.images ?? [] }
    /// The cover's image, on a cover page that has one.
    public var coverImage: String? { details?.cover }
    /// The page's design, on a page the book's designer drew.
    public var design: DesignedPage? { details?.design }

    public static func == (lhs: PageOutline, rhs: PageOutline) -> Bool {
        lhs.kind == rhs.kind && lhs.opensChapter == rhs.opensChapter && lhs.chapterIndex == rhs.chapterIndex
            && lhs.details == rhs.details
    }
}
