/// A run of text in one style. A paragraph is a list of runs; a forced line break (`<br>`) is a
/// `"\n"` inside a run's text.
public struct Inline: Sendable, Equatable {
    public var text: String
    public var style: TextStyle
    /// The family its `font-family` asks for, among the book's faces (`Metadata.fonts`).
    public var font: FontChoice
    /// The target of a link (`href`), when the run is one.
    public var link: String?
    /// The id of the chapter's `Note` this run calls (a footnote reference), when it is one.
    public var note: String?
    /// The text's colour and the colour behind it, when the book's CSS sets them.
    public var color: BookColor?
    public var background: BookColor?
    /// The text's size as a multiple of its block's, when the book's CSS sizes an element inside
    /// the block (a `span` at 80 %); nil: the block's size.
    public var scale: Double?
    /// Its spacing and OpenType features (small capitals among them), when the book's CSS sets
    /// any: kept out of line, since few runs have them and every run is copied on its way.
    @OutOfLine public var typography: RunTypography?
    /// The run is the base of a ruby annotation (`<ruby>山路<rt>やまみち</rt></ruby>`), and this
    /// is the annotation: set small beside the base, never in the text. A run with one is never
    /// merged with its neighbours: two bases side by side are two annotations (mono ruby).
    @OutOfLine public var ruby: String?
    /// The run is a formula (MathML), and its text the formula's text as a line of type, for
    /// the page's `text` and search. Never merged with its neighbours.
    @OutOfLine public var formula: Formula?

    public init(_ text: String, style: TextStyle = [], link: String? = nil, note: String? = nil,
                color: BookColor? = nil, background: BookColor? = nil, scale: Double? = nil,
                typography: RunTypography? = nil, font: FontChoice = .body, ruby: String? = nil,
                formula: Formula? = nil) {
        self.text = text
        self.style = style
        self.font = font
        self.link = link
        self.note = note
        self.color = color
        self.background = background
        self.scale = scale
        self.typography = typography
        self.ruby = ruby
        self.formula = formula
    }
}

public struct TextStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let italic = TextStyle(rawValue: 1 << 0)
    public static let bold = TextStyle(rawValue: 1 << 1)
    public static let code = TextStyle(rawValue: 1 << 2)
    public static let superscript = TextStyle(rawValue: 1 << 3)
    public static let `subscript` = TextStyle(rawValue: 1 << 4)
    public static let strikethrough = TextStyle(rawValue: 1 << 5)
    public static let underline = TextStyle(rawValue: 1 << 6)
    /// How the text stands in a vertical line, when the book says (`text-orientation`): every
    /// character upright, or every one sideways; neither, each by its Unicode orientation.
    public static let upright = TextStyle(rawValue: 1 << 7)
    public static let sideways = TextStyle(rawValue: 1 << 8)
    /// In a vertical line, the run's characters set side by side in the space of one upright
    /// character (`text-combine-upright`, tate-chū-yoko): `12` in a column of Japanese.
    public static let combinedUpright = TextStyle(rawValue: 1 << 9)
}

extension Array where Element == Inline {
    /// The runs' text, without styles.
    public var plainText: String { map(\.text).joined() }
}
