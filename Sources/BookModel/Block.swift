/// A block of a chapter: what starts on its own line.
public struct Block: Sendable, Equatable {
    public var kind: Kind
    /// The `id`s of the elements that begin in this block, so links and the table of contents can
    /// find the page it lands on.
    public var anchors: [String]
    /// The BCP 47 tag of the block's language when the markup names one for it (`lang`,
    /// `xml:lang`) — it chooses the hyphenation dictionary; nil: the language of the blocks
    /// around it, else the book's.
    public var language: String?
    /// The direction the markup names for the block or the nearest element around it (`dir`,
    /// CSS `direction`); nil when none does, and the layout goes by the language, then the book.
    public var direction: ParagraphDirection?
    /// What the book's CSS says about its layout (breaks, alignment, indent, margins, size).
    public var style: BlockStyle
    /// Where in its XHTML document the block and its text came from; nil for blocks of Markdown
    /// and blocks the reader made up.
    public var source: SourceMap?
    /// The info string of a fenced code block (`swift`, `python title="x.py"`), as the writer
    /// gave it, for writers that mark or colour code; nil for every other block.
    public var infoString: String? {
        get { rare?.infoString }
        set { changeRare { $0.infoString = newValue } }
    }
    /// What the book's `::first-line` changes in the text of a paragraph's or heading's first
    /// line (apart from `style`, which the reader copies for every element it meets).
    public var firstLine: FirstLineStyle? {
        get { rare?.firstLine }
        set { changeRare { $0.firstLine = newValue } }
    }

    /// The border, padding and background the book draws around the block, when it draws one:
    /// around a paragraph's or heading's lines, or around all the blocks of a quotation, a
    /// list or a `division`.
    public var box: BlockBox? {
        get { rare?.box }
        set { changeRare { $0.box = newValue } }
    }

    /// What few blocks have, kept out of line together: a book copies its blocks often, and
    /// most are paragraphs with neither.
    private struct RareParts: Sendable, Equatable {
        var infoString: String?
        var firstLine: FirstLineStyle?
        var box: BlockBox?
    }

    @OutOfLine private var rare: RareParts? = nil

    private mutating func changeRare(_ change: (inout RareParts) -> Void) {
        var parts = rare ?? RareParts()
        change(&parts)
        rare = parts == RareParts() ? nil : parts
    }

    public init(_ kind: Kind, anchors: [String] = [], infoString: String? = nil, language: String? = nil,
                direction: ParagraphDirection? = nil, style: BlockStyle = BlockStyle(), box: BlockBox? = nil,
                source: SourceMap? = nil) {
        self.kind = kind
        self.anchors = anchors
        self.language = language
        self.direction = direction
        self.style = style
        self.source = source
        if let infoString { self.infoString = infoString }
        if let box { self.box = box }
    }

    /// Blocks are equal when they show the same thing the same way: where they were read from
    /// is not compared, so a block read from a file equals the one a test writes out by hand.
    public static func == (lhs: Block, rhs: Block) -> Bool {
        lhs.kind == rhs.kind && lhs.anchors == rhs.anchors && lhs.rare == rhs.rare
            && lhs.language == rhs.language && lhs.direction == rhs.direction && lhs.style == rhs.style
    }

    public enum Kind: Sendable, Equatable {
        /// Level 1 to 6.
        case heading(level: Int, [Inline])
        case paragraph([Inline])
        case list(List)
        case quote([Block])
        /// Preformatted text: its spaces and line breaks are kept as they are.
        case preformatted([Inline])
        /// A thematic break (`<hr>`).
        case rule
        /// Out of line: a table is large, and most blocks are not tables.
        indirect case table(Table)
        case image(Image)
        /// A box floated to one side; the block after it is its host (`FloatBox`).
        indirect case float(FloatBox)
        /// Blocks the book's CSS draws one box around (its `box`): a `div` or `section`
        /// with a border or a background, which would otherwise make no block of its own. Made
        /// only for such a box, so that the blocks inside it are known to be inside it.
        case division([Block])
    }
}

public struct List: Sendable, Equatable {
    public var isOrdered: Bool
    /// The number of the first item of an ordered list.
    public var start: Int
    public var items: [[Block]]
    /// For a task list (`- [x] done`): each item's box, ticked or not, nil for an item without
    /// one. Empty for an ordinary list.
    public var checkboxes: [Bool?]
    /// How each item is marked, beside `items`; an item past its end or nil is left to the
    /// layout (a number in an ordered list, a bullet for its depth in another).
    public var markers: [ListMarker?]
    /// Each item's number, when they do not simply count up from `start` (a reversed list, an
    /// item with its own `value`); empty otherwise.
    public var numbers: [Int]

    public init(isOrdered: Bool, start: Int = 1, items: [[Block]], checkboxes: [Bool?] = [],
                markers: [ListMarker?] = [], numbers: [Int] = []) {
        self.isOrdered = isOrdered
        self.start = start
        self.items = items
        self.checkboxes = checkboxes
        self.markers = markers
        self.numbers = numbers
    }

    public func marker(ofItem index: Int) -> ListMarker? {
        markers.indices.contains(index) ? markers[index] : nil
    }

    /// The number of item `index`.
    public func number(ofItem index: Int) -> Int {
        numbers.indices.contains(index) ? numbers[index] : start + index
    }

    /// The box of item `index`, or nil when it has none.
    public func checkbox(at index: Int) -> Bool? {
        checkboxes.indices.contains(index) ? checkboxes[index] : nil
    }
}

public struct Image: Sendable, Equatable {
    public var source: ImageReference
    public var alt: String

    public init(source: ImageReference, alt: String) {
        self.source = source
        self.alt = alt
    }
}
