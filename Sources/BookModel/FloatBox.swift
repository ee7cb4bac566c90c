/// A box the book's CSS floats to one side (`float: left|right`): a line number beside its
/// verse, a picture the text runs around, a sidebar. It stands in the blocks just before the
/// block whose lines run beside it (its host: the paragraph or heading that follows), and says
/// where in the host's text it was met, so the layout starts it at that line.
public struct FloatBox: Sendable, Equatable {
    public enum Side: Sendable, Equatable {
        case left, right
    }

    /// The width the book's CSS gives it.
    public enum Width: Sendable, Equatable {
        /// Multiples of the body text size.
        case ems(Double)
        /// Percent of the content box.
        case percent(Double)
    }

    public var side: Side
    /// Nil: as wide as its content (CSS's shrink-to-fit).
    public var width: Width?
    /// How many characters of the host's text that are not white space come before it: 0 for a
    /// box met before the host's text (a block floated ahead of a paragraph, a drop cap).
    public var anchor: Int
    public var blocks: [Block]

    public init(side: Side, width: Width? = nil, anchor: Int = 0, blocks: [Block]) {
        self.side = side
        self.width = width
        self.anchor = anchor
        self.blocks = blocks
    }
}
