/// Which system the pages were made for, and how that system's screens take them. The page list
/// itself is the same for every target (BookLayout's structure); the target sets the page size
/// and adds the grouping its system needs.
public struct TargetDescription: Codable, Sendable, Equatable {
    public var name: TargetName
    /// `pagecurl` only: two pages on screen with the spine in the middle.
    public var doubleSided: Bool?
    /// `booklayout`, and `pagecurl` when double-sided: each screen's left and right page.
    public var spreads: [Spread]?
    /// `swiftui-book`: the leaves of the book, each a page and its back.
    public var leaves: [Leaf]?
    /// `pagecurl` single-sided: the page each screen shows, in order.
    public var screens: [Int]?
    /// `reader`: each chapter's pages.
    public var chapters: [ChapterPages]?

    public init(name: TargetName, doubleSided: Bool? = nil, spreads: [Spread]? = nil, leaves: [Leaf]? = nil,
                screens: [Int]? = nil, chapters: [ChapterPages]? = nil) {
        self.name = name
        self.doubleSided = doubleSided
        self.spreads = spreads
        self.leaves = leaves
        self.screens = screens
        self.chapters = chapters
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
