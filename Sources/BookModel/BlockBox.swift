/// The box the book's CSS draws around a block (`border`, `padding`, `background-color`): a
/// boxed aside, a rule under a heading, a bar beside a quotation, a shaded note. A block has
/// one only when it draws something (a border some side shows, or a background other than the
/// page's); padding alone stays the block's indent (`BlockStyle.startIndent`), as it always was.
/// Lengths are multiples of the body text size; sides are the page's (left is left in
/// right-to-left text too), as CSS gives them.
///
/// A class, made once and shared: as a value its two hundred bytes were copied with every
/// block and reader frame that passed one on, or the space for one that most do not have.
public final class BlockBox: Sendable, Equatable {
    /// One border: a width of 0 draws nothing (CSS `none` and `hidden` are read as 0); a
    /// colour of nil is the text's (CSS `currentColor`).
    public struct Border: Sendable, Equatable {
        public var width: Double
        public var color: BookColor?

        public init(width: Double = 0, color: BookColor? = nil) {
            self.width = width
            self.color = color
        }

        public static let none = Border()
    }

    /// A value for each side of the box.
    public struct Sides<Value: Sendable & Equatable>: Sendable, Equatable {
        public var top: Value
        public var right: Value
        public var bottom: Value
        public var left: Value

        public init(top: Value, right: Value, bottom: Value, left: Value) {
            self.top = top
            self.right = right
            self.bottom = bottom
            self.left = left
        }

        public init(all value: Value) {
            self.init(top: value, right: value, bottom: value, left: value)
        }
    }

    public let borders: Sides<Border>
    /// Space between the borders and the text inside.
    public let padding: Sides<Double>
    /// Space outside the box on its left and right (CSS `margin-left`, `margin-right`): where the
    /// box stands across the measure. Its top and bottom margins are the block's own
    /// (`BlockStyle.marginTop`, `marginBottom`), space between blocks as for any other.
    public let marginLeft: Double
    public let marginRight: Double
    /// The colour it is filled with, under the text; nil: none.
    public let background: BookColor?

    public init(borders: Sides<Border> = Sides(all: Border.none), padding: Sides<Double> = Sides(all: 0), marginLeft: Double = 0,
                marginRight: Double = 0, background: BookColor? = nil) {
        self.borders = borders
        self.padding = padding
        self.marginLeft = marginLeft
        self.marginRight = marginRight
        self.background = background
    }

    public static func == (a: BlockBox, b: BlockBox) -> Bool {
        a === b || (a.borders == b.borders && a.padding == b.padding && a.marginLeft == b.marginLeft
                    && a.marginRight == b.marginRight && a.background == b.background)
    }

    /// Whether it draws anything: a border with a width, or a background.
    public var drawsSomething: Bool {
        background != nil || borders.top.width > 0 || borders.right.width > 0 || borders.bottom.width > 0 || borders.left.width > 0
    }
}
