/// What the book's CSS says about a block that changes its layout. Every field's default is
/// "the book says nothing": Markdown blocks, and EPUB blocks without CSS, keep the defaults and
/// the layout's own rules. Sizes are multiples of the body text size.
public struct BlockStyle: Sendable, Equatable {
    public var breakBefore: PageBreak = .auto
    public var breakAfter: PageBreak = .auto
    /// `break-inside: avoid`: kept on one page when it fits one.
    public var keepsTogether = false
    /// Nil: the layout's alignment for the kind of block.
    public var alignment: TextAlignment?
    /// The first line's indent (negative: it hangs), nil when the book sets none.
    public var textIndent: Double?
    /// Space above and below, when the book sets it; nil: the layout's gap between blocks.
    public var marginTop: Double?
    public var marginBottom: Double?
    /// Space between the content box's start edge and the lines (CSS margin and padding on
    /// that side), when the book sets it; a negative `textIndent` hangs the first line into it.
    /// Nil for a block with a `box` (`Block.box`), whose margins and padding the box holds.
    public var startIndent: Double?
    /// The text size, when the book sets one (on the block or an element around it); nil: the
    /// layout's size for the kind of block (body text, a heading of its level).
    public var fontScale: Double?
    /// The book's `line-height` for the block as a multiple of the layout's line height for its
    /// size, when an element below the body sets one (the body's is the layout's): 1.5 against
    /// a body of 1.2 is 1.25; nil: the layout's.
    public var lineSpacing: Double?
    /// False when the book asks for no hyphenation by the layout (CSS `hyphens: none` or
    /// `manual`); nil or true leave it to the layout.
    public var hyphenates: Bool?
    /// No line starts with a small kana (CSS `line-break: strict`).
    public var strictLineBreaks = false
    /// Its text keeps its spaces as written, in the body's face (CSS `white-space: pre-wrap`);
    /// its line breaks are in its runs already.
    public var keepsSpaces = false
    /// How many spaces a tab of preformatted text reaches to (CSS `tab-size`), when the book
    /// sets it; nil: 8.
    public var tabSize: Int?
    /// Lines a paragraph must leave at a page's foot and carry to the next page's head, when
    /// the book sets them.
    public var orphans: Int?
    public var widows: Int?

    public init() {}

    /// Whether the book said anything at all.
    public var isDefault: Bool { self == BlockStyle() }

    /// A heading's size when the book sets none, for levels 1 to 6: what the layout sets
    /// headings in, and what a CSS size inside a heading is relative to.
    public static func headingScale(level: Int) -> Double {
        [1.6, 1.35, 1.17, 1, 1, 1][min(max(level, 1), 6) - 1]
    }
}

/// A page-break rule before, after or (`avoid` only) inside a block.
public enum PageBreak: Sendable, Equatable {
    case auto
    /// Not here, unless there is no other place.
    case avoid
    /// Always: the block starts (or the next one starts) a new page.
    case page

    /// Both rules at one place: a forced break wins over avoiding one, avoiding over nothing.
    public func combined(with other: PageBreak) -> PageBreak {
        if self == .page || other == .page { return .page }
        return self == .avoid || other == .avoid ? .avoid : .auto
    }
}

/// `text-align`: `start` and `end` follow the text's direction, `left` and `right` do not.
public enum TextAlignment: Sendable, Equatable {
    case start, end, left, right, center, justify
}
