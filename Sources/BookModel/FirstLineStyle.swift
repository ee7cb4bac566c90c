/// What the book's CSS changes in the text of a block's first line (`::first-line`): which
/// text that is depends on where the layout breaks the line, so the reader keeps the change
/// and the layout applies it. Every field's default changes nothing.
public struct FirstLineStyle: Sendable, Equatable {
    /// Set in italic or bold, or not, whatever the runs are.
    public var italic: Bool?
    public var bold: Bool?
    public var letterCase: LetterCase?
    /// Letter and word spacing, as multiples of the block's size (as `RunTypography`'s), in
    /// place of the runs' own.
    public var letterSpacing: Double?
    public var wordSpacing: Double?
    /// OpenType features added to the runs' own: small capitals, numerals.
    public var features: FontFeatures = []
    /// The size, as a multiple of the block's.
    public var scale: Double?
    public var color: BookColor?
    public var background: BookColor?
    /// Lines drawn through the text, besides the runs' own.
    public var underline = false
    public var strikethrough = false

    public init() {}

    /// This style where it sets something, else `outer`'s: a paragraph's own first-line style
    /// inside a division that has one too.
    public func over(_ outer: FirstLineStyle?) -> FirstLineStyle {
        guard let outer else { return self }
        var merged = self
        merged.italic = italic ?? outer.italic
        merged.bold = bold ?? outer.bold
        merged.letterCase = letterCase ?? outer.letterCase
        merged.letterSpacing = letterSpacing ?? outer.letterSpacing
        merged.wordSpacing = wordSpacing ?? outer.wordSpacing
        merged.features = features.union(outer.features)
        merged.scale = scale ?? outer.scale
        merged.color = color ?? outer.color
        merged.background = background ?? outer.background
        merged.underline = underline || outer.underline
        merged.strikethrough = strikethrough || outer.strikethrough
        return merged
    }

    /// Whether it changes anything.
    public var isEmpty: Bool { self == FirstLineStyle() }
}
