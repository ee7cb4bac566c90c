/// One line of a content page as laid out, so that a renderer can draw exactly what was
/// measured. Positions are in points from the page's top-left corner; an empty line is the gap
/// between two blocks.
public struct PageLine: Sendable, Equatable {
    // The small fields sit together, so that a line, copied often on its way to the page, is
    // no wider than it must be.

    /// What the line shows, an inserted hyphen included, in reading (logical) order.
    public var text: String
    /// The left edge of the line's box and its top (the box is one line-height tall).
    public var x: Double
    public var y: Double
    /// The advance of the text; for a justified line, the width its spaces stretch it to.
    public var width: Double
    /// The height of the line's box when it is not `layout.font.lineHeight` (a heading, text the
    /// book's CSS sets larger or smaller); nil otherwise (`LayoutDescription.height(of:)`).
    public var height: Double?
    /// The layout broke a word at the line's end and added the hyphen that ends `text`: a hyphen
    /// that was in the book's text does not count.
    public var hyphenated: Bool
    /// The line's spaces stretch to fill `width`.
    public var justified: Bool
    /// How much wider than its natural width a justified line's text is drawn: the whole line
    /// scaled horizontally from its start by this much (at most 1.02 by default: `--glyph-scaling`),
    /// its spaces then changed to fill `width` (docs/FORMAT.md, "Justified lines"). 1, and left
    /// out of the JSON, for every other line. A renderer that does not scale text draws the
    /// line at 1 and its spaces fill the rest: the line is as wide, its spaces a little looser.
    public var expansion: Double
    /// The line goes on with the source line above it: a line of a code listing too long for
    /// the page, broken at a space and indented. A renderer may mark it (the preview draws `↪`
    /// in the indent).
    public var continuation: Bool
    /// The line is a column of a vertical book (CSS `vertical-rl`): set top to bottom from
    /// (`x`, `y`), its box's top-left corner, `width` its length down the page and its box
    /// `height` wide across it; a book's columns stand from the right. Each run says how it
    /// stands (`PageRun.orientation`).
    public var vertical: Bool
    /// For a line of a table cell's text (role `table`), the cell it is drawn in: the page's
    /// `cells` has its box (`ChapterPage.cell(of:)`). Nil for every other line.
    public var cell: CellPlace?
    /// The faces and sizes of the text, in order, covering all of it; nil when the whole line is
    /// set in the regular face (`layout.faces[0]`) at the body size (`layout.font.size`), which
    /// most lines are (`LayoutDescription.runs(of:)` gives them either way).
    public var runs: [PageRun]?
    /// The direction of the line's paragraph. A right-to-left line starts at the right: a ragged
    /// one ends at `x + width` on the content box's right edge.
    public var direction: WritingDirection
    /// The line's text in pieces of one direction, in visual order from the left, for a line of
    /// a right-to-left paragraph or one that mixes directions (empty otherwise): drawing the
    /// pieces one after another from `x`, each right-to-left piece's glyphs shaped and laid right
    /// to left, shows the line in the order the Unicode Bidirectional Algorithm gives it.
    public var bidi: [BidiPiece]
    /// What the line belongs to: the page's text, a footnote at its foot, the rule above them, a
    /// table cell's text.
    public var role: LineRole
    /// The ruby annotations over its text, in order (empty for most lines).
    public var ruby: [PageRuby]
    /// Its formulas, in order, each drawn in the place of its text (empty for most lines).
    public var formulas: [PageFormula]

    public init(text: String, x: Double, y: Double, width: Double, hyphenated: Bool = false, justified: Bool = false,
                expansion: Double = 1, continuation: Bool = false, height: Double? = nil, runs: [PageRun]? = nil,
                direction: WritingDirection = .leftToRight, bidi: [BidiPiece] = [], role: LineRole = .body,
                cell: CellPlace? = nil, vertical: Bool = false, ruby: [PageRuby] = [], formulas: [PageFormula] = []) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.hyphenated = hyphenated
        self.justified = justified
        self.expansion = expansion
        self.continuation = continuation
        self.height = height
        self.runs = runs
        self.direction = direction
        self.bidi = bidi
        self.role = role
        self.cell = cell
        self.vertical = vertical
        self.ruby = ruby
        self.formulas = formulas
    }

    /// Whether the line belongs to a right-to-left paragraph.
    public var isRightToLeft: Bool { direction == .rightToLeft }

    /// A piece of a line's text in one direction: `length` UTF-16 units of `text` from `start`
    /// (the units of `NSString` and `String.utf16`).
    public struct BidiPiece: Codable, Sendable, Equatable {
        public var start: Int
        public var length: Int
        /// Drawn right to left: the piece's glyphs shaped and laid right to left. In JSON `rtl`,
        /// absent when false.
        public var rightToLeft: Bool

        public init(start: Int, length: Int, rightToLeft: Bool) {
            self.start = start
            self.length = length
            self.rightToLeft = rightToLeft
        }

        /// Just past the piece's last unit.
        public var end: Int { start + length }

        enum CodingKeys: String, CodingKey {
            case start, length, rightToLeft = "rtl"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            start = try container.decode(Int.self, forKey: .start)
            length = try container.decode(Int.self, forKey: .length)
            rightToLeft = try container.decodeIfPresent(Bool.self, forKey: .rightToLeft) ?? false
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(start, forKey: .start)
            try container.encode(length, forKey: .length)
            if rightToLeft { try container.encode(true, forKey: .rightToLeft) }
        }
    }

    /// The text of each piece, left to right, as a renderer without its own bidi takes them:
    /// the whole text as one left-to-right piece when the line has no `bidi`. Pieces that do
    /// not lie inside `text` are left out.
    public var visualPieces: [(text: String, rightToLeft: Bool)] {
        guard !bidi.isEmpty else { return [(text, false)] }
        let units = text.utf16
        return bidi.compactMap { piece in
            guard piece.start >= 0, piece.length >= 0, piece.start <= units.count - piece.length else { return nil }
            let low = units.index(units.startIndex, offsetBy: piece.start)
            let high = units.index(low, offsetBy: piece.length)
            return (String(Substring(units[low..<high])), piece.rightToLeft)
        }
    }
}

/// In JSON, what is false, empty or the default is left out: most lines are `text`, `x`, `y`
/// and `width` alone.
extension PageLine: Codable {
    enum CodingKeys: String, CodingKey {
        case text, x, y, width, hyphenated, justified, expansion, continuation, height, runs, direction, bidi, role, cell, vertical,
             ruby, formulas
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        x = try container.decode(Double.self, forKey: .x)
        y = try container.decode(Double.self, forKey: .y)
        width = try container.decode(Double.self, forKey: .width)
        hyphenated = try container.decodeIfPresent(Bool.self, forKey: .hyphenated) ?? false
        justified = try container.decodeIfPresent(Bool.self, forKey: .justified) ?? false
        expansion = try container.decodeIfPresent(Double.self, forKey: .expansion) ?? 1
        continuation = try container.decodeIfPresent(Bool.self, forKey: .continuation) ?? false
        height = try container.decodeIfPresent(Double.self, forKey: .height)
        runs = try container.decodeIfPresent([PageRun].self, forKey: .runs)
        direction = try container.decodeIfPresent(WritingDirection.self, forKey: .direction) ?? .leftToRight
        bidi = try container.decodeIfPresent([BidiPiece].self, forKey: .bidi) ?? []
        role = try container.decodeIfPresent(LineRole.self, forKey: .role) ?? .body
        cell = try container.decodeIfPresent(CellPlace.self, forKey: .cell)
        vertical = try container.decodeIfPresent(Bool.self, forKey: .vertical) ?? false
        ruby = try container.decodeIfPresent([PageRuby].self, forKey: .ruby) ?? []
        formulas = try container.decodeIfPresent([PageFormula].self, forKey: .formulas) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        if hyphenated { try container.encode(true, forKey: .hyphenated) }
        if justified { try container.encode(true, forKey: .justified) }
        if expansion != 1 { try container.encode(expansion, forKey: .expansion) }
        if continuation { try container.encode(true, forKey: .continuation) }
        try container.encodeIfPresent(height, forKey: .height)
        try container.encodeIfPresent(runs, forKey: .runs)
        if direction != .leftToRight { try container.encode(direction, forKey: .direction) }
        if !bidi.isEmpty { try container.encode(bidi, forKey: .bidi) }
        if role != .body { try container.encode(role, forKey: .role) }
        try container.encodeIfPresent(cell, forKey: .cell)
        if vertical { try container.encode(true, forKey: .vertical) }
        if !ruby.isEmpty { try container.encode(ruby, forKey: .ruby) }
        if !formulas.isEmpty { try container.encode(formulas, forKey: .formulas) }
    }
}

/// A stretch of a line set in one face and size.
public struct PageRun: Sendable, Equatable {
    /// Where it starts in the line's `text` and how long it is, in UTF-16 code units: an
    /// `NSRange` of the line's string.
    public var start: Int
    public var length: Int
    /// The index in `layout.faces` of the face it is set in (`LayoutDescription.face(of:)`).
    public var face: Int
    /// Points.
    public var size: Double
    /// Raised or lowered from the baseline (set smaller already), or on it.
    public var shift: BaselineShift
    /// The PostScript name of the face (in `layout.standIns`) its characters were measured in
    /// because `face` has no glyphs for them: Arabic or Han in a Latin font. Nil when `face`
    /// set them.
    public var standIn: String?
    /// In a vertical line, how the run stands: upright, sideways, or combined into one upright
    /// character. `.upright` in a horizontal line.
    public var orientation: RunOrientation
    /// Where the run's text links to: a URL as the book wrote it (`https://…`, `mailto:…`), or
    /// a place in the book, named as the book names it (`OEBPS/ch2.xhtml#note-3`), which the
    /// document's `links` resolve to a page (`PageDocument.destination(of:)`).
    public var link: String?
    /// Lines the book's CSS (or `u`, `ins`, `s`, `del`) draws through the text: under it, and
    /// through its middle. They change nothing of the layout.
    public var underline: Bool
    public var strikethrough: Bool
    /// The text's colour and the colour behind it, when the book sets them; nil: the page's.
    public var color: PageColor?
    public var background: PageColor?
    /// Points added after each character (grapheme cluster) of the run, the last included (CSS
    /// `letter-spacing`; `NSAttributedString.Key.kern`); 0 for none. Negative draws letters
    /// closer. Letter-spaced text was measured without the ligatures `liga` and `clig`.
    public var letterSpacing: Double
    /// Points added to each space (U+0020, U+00A0) of the run on top of `letterSpacing` (CSS
    /// `word-spacing`: a kern on the space characters); 0 for none.
    public var wordSpacing: Double
    /// The OpenType features the run was shaped with besides the font's defaults (`smcp` for
    /// small capitals from the font, `onum` for old-style numerals), in the order of
    /// `OpenTypeFeature.known`; empty for none.
    public var features: [OpenTypeFeature]

    public init(start: Int, length: Int, face: Int, size: Double, shift: BaselineShift = .none, standIn: String? = nil,
                orientation: RunOrientation = .upright, link: String? = nil, underline: Bool = false, strikethrough: Bool = false, color: PageColor? = nil,
                background: PageColor? = nil, letterSpacing: Double = 0, wordSpacing: Double = 0,
                features: [OpenTypeFeature] = []) {
        self.start = start
        self.length = length
        self.face = face
        self.size = size
        self.shift = shift
        self.standIn = standIn
        self.orientation = orientation
        self.link = link
        self.underline = underline
        self.strikethrough = strikethrough
        self.color = color
        self.background = background
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.features = features
    }
}

extension PageRun: Codable {
    enum CodingKeys: String, CodingKey {
        case start, length, face, size, shift, standIn, orientation, link, underline, strikethrough, color, background,
             letterSpacing, wordSpacing, features
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Int.self, forKey: .start)
        length = try container.decode(Int.self, forKey: .length)
        face = try container.decode(Int.self, forKey: .face)
        size = try container.decode(Double.self, forKey: .size)
        shift = try container.decodeIfPresent(BaselineShift.self, forKey: .shift) ?? .none
        standIn = try container.decodeIfPresent(String.self, forKey: .standIn)
        orientation = try container.decodeIfPresent(RunOrientation.self, forKey: .orientation) ?? .upright
        link = try container.decodeIfPresent(String.self, forKey: .link)
        underline = try container.decodeIfPresent(Bool.self, forKey: .underline) ?? false
        strikethrough = try container.decodeIfPresent(Bool.self, forKey: .strikethrough) ?? false
        color = try container.decodeIfPresent(PageColor.self, forKey: .color)
        background = try container.decodeIfPresent(PageColor.self, forKey: .background)
        letterSpacing = try container.decodeIfPresent(Double.self, forKey: .letterSpacing) ?? 0
        wordSpacing = try container.decodeIfPresent(Double.self, forKey: .wordSpacing) ?? 0
        features = try container.decodeIfPresent([OpenTypeFeature].self, forKey: .features) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(length, forKey: .length)
        try container.encode(face, forKey: .face)
        try container.encode(size, forKey: .size)
        if shift != .none { try container.encode(shift, forKey: .shift) }
        try container.encodeIfPresent(standIn, forKey: .standIn)
        if orientation != .upright { try container.encode(orientation, forKey: .orientation) }
        try container.encodeIfPresent(link, forKey: .link)
        if underline { try container.encode(true, forKey: .underline) }
        if strikethrough { try container.encode(true, forKey: .strikethrough) }
        try container.encodeIfPresent(color, forKey: .color)
        try container.encodeIfPresent(background, forKey: .background)
        if letterSpacing != 0 { try container.encode(letterSpacing, forKey: .letterSpacing) }
        if wordSpacing != 0 { try container.encode(wordSpacing, forKey: .wordSpacing) }
        if !features.isEmpty { try container.encode(features, forKey: .features) }
    }
}
