/// Which system the pages were made for, and how that system's screens take them. The page list
/// itself is the same for every target (BookLayout's structure); the target sets the page size
/// and adds the grouping its system needs.
public struct TargetDescription: Sendable, Equatable {
    public var name: TargetName
    /// `pagecurl` only: two pages on screen with the spine in the middle.
    public var doubleSided: Bool?
    /// How the target's screens take the pages.
    public var grouping: Grouping
    /// The blank pages put in so that each designed page falls on the side of the spread it asks
    /// for (`ChapterPage.design`'s `side`), as indices into `pages`; nil when there are none
    /// (always, for a target that shows one page at a time).
    public var blankPages: [Int]?

    public init(name: TargetName, doubleSided: Bool? = nil, grouping: Grouping = .none, blankPages: [Int]? = nil) {
        self.name = name
        self.doubleSided = doubleSided
        self.grouping = grouping
        self.blankPages = blankPages
    }

    /// Which pages each screen shows, as the target's system takes them.
    public enum Grouping: Sendable, Equatable {
        /// `booklayout`, and `pagecurl` when double-sided: each screen's left and right page.
        case spreads([Spread])
        /// `swiftui-book`: the leaves of the book, each a page and its back.
        case leaves([Leaf])
        /// `pagecurl` single-sided: the page each screen shows, in order.
        case screens([Int])
        /// `reader`: each chapter's pages.
        case chapters([ChapterPages])
        /// None given: a JSON Lines header (the grouping comes in the end line, once every page
        /// is known), or a target this version of the model does not know.
        case none
    }

    /// Two facing pages: indices into `pages`, nil where the screen shows nothing on that side.
    public struct Spread: Codable, Sendable, Equatable {
        public var left: Int?
        public var right: Int?
        public init(left: Int?, right: Int?) {
            self.left = left
            self.right = right
        }
    }

    /// One sheet of the book: `front` is seen before the turn, `back` after it.
    public struct Leaf: Codable, Sendable, Equatable {
        public var front: Int
        public var back: Int
        public init(front: Int, back: Int) {
            self.front = front
            self.back = back
        }
    }

    public struct ChapterPages: Codable, Sendable, Equatable {
        /// Index into the document's `chapters`.
        public var chapter: Int
        /// Indices into `pages`, in order; a page's place in this list is its `indexInChapter`.
        public var pages: [Int]
        public init(chapter: Int, pages: [Int]) {
            self.chapter = chapter
            self.pages = pages
        }
    }
}

/// A target's name (see `OpenStringValue`).
public struct TargetName: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Seed 000: a `UICollectionView` two-page spread.
    public static let bookLayout = TargetName(rawValue: "booklayout")
    /// Seed 001: a SwiftUI `Book` of `Page { front } back: { back }` leaves, one page on screen.
    public static let swiftUIBook = TargetName(rawValue: "swiftui-book")
    /// Seed 002: `UIPageViewController` with the page-curl transition.
    public static let pageCurl = TargetName(rawValue: "pagecurl")
    /// Seed 004: a chapter-based e-reader.
    public static let reader = TargetName(rawValue: "reader")
}

extension TargetDescription: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, doubleSided, spreads, leaves, screens, chapters, blankPages
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(TargetName.self, forKey: .name)
        doubleSided = try container.decodeIfPresent(Bool.self, forKey: .doubleSided)
        blankPages = try container.decodeIfPresent([Int].self, forKey: .blankPages)
        grouping = if let spreads = try container.decodeIfPresent([Spread].self, forKey: .spreads) {
            .spreads(spreads)
        } else if let leaves = try container.decodeIfPresent([Leaf].self, forKey: .leaves) {
            .leaves(leaves)
        } else if let screens = try container.decodeIfPresent([Int].self, forKey: .screens) {
            .screens(screens)
        } else if let chapters = try container.decodeIfPresent([ChapterPages].self, forKey: .chapters) {
            .chapters(chapters)
        } else {
            .none
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(doubleSided, forKey: .doubleSided)
        try container.encodeIfPresent(blankPages, forKey: .blankPages)
        switch grouping {
        case .spreads(let spreads): try container.encode(spreads, forKey: .spreads)
        case .leaves(let leaves): try container.encode(leaves, forKey: .leaves)
        case .screens(let screens): try container.encode(screens, forKey: .screens)
        case .chapters(let chapters): try container.encode(chapters, forKey: .chapters)
        case .none: break
        }
    }
}
