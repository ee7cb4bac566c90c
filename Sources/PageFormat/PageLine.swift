/// One line of a content page as laid out, so that a renderer can draw exactly what was
/// measured. Positions are in points from the page's top-left corner; an empty line is the gap
/// between two blocks.
public struct PageLine: Codable, Sendable, Equatable {
    /// What the line shows, an inserted hyphen included, in reading (logical) order.
    public var text: String
    /// The left edge of the line's box and its top (the box is one line-height tall).
    public var x: Double
    public var y: Double
    /// The advance of the text; for a justified line, the width its spaces stretch it to.
    public var width: Double
    /// True when the layout broke a word at the line's end and added the hyphen that ends
    /// `text` (absent otherwise): a hyphen that was in the book's text does not count.
    public var hyphenated: Bool?
    /// True when the line's spaces stretch to fill `width` (absent otherwise).
    public var justified: Bool?
    /// The height of the line's box when it is not `layout.font.lineHeight` (a heading, text the
    /// book's CSS sets larger or smaller); absent otherwise.
    public var height: Double?
    /// The faces and sizes of the text, in order, covering all of it; absent when the whole line
    /// is set in the regular face (`layout.faces[0]`) at the body size (`layout.font.size`),
    /// which most lines are.
    public var runs: [PageRun]?
    /// `rtl` for a line of a right-to-left paragraph (absent: left to right). It starts at the
    /// right: a ragged line ends at `x + width` on the content box's right edge.
    public var direction: String?
    /// The line's text in pieces of one direction, in visual order from the left, for a line of
    /// a right-to-left paragraph or one that mixes directions (absent otherwise): drawing the
    /// pieces one after another from `x`, each right-to-left piece's glyphs shaped and laid right
    /// to left, shows the line in the order the Unicode Bidirectional Algorithm gives it.
    public var bidi: [BidiPiece]?

    /// What the line belongs to when it is not the page's text (absent for the text): a footnote
    /// at the page's foot, or the rule above the footnotes.
    public var role: LineRole?

    public init(text: String, x: Double, y: Double, width: Double, hyphenated: Bool = false, justified: Bool = false,
                height: Double? = nil, runs: [PageRun]? = nil, rightToLeft: Bool = false, bidi: [BidiPiece] = [],
                role: LineRole? = nil) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.hyphenated = hyphenated ? true : nil
        self.justified = justified ? true : nil
        self.height = height
        self.runs = runs
        self.direction = rightToLeft ? "rtl" : nil
        self.bidi = bidi.isEmpty ? nil : bidi
        self.role = role
    }

    /// Whether the line belongs to a right-to-left paragraph.
    public var isRightToLeft: Bool { direction == "rtl" }

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
        guard let bidi else { return [(text, false)] }
        let units = text.utf16
        return bidi.compactMap { piece in
            guard piece.start >= 0, piece.length >= 0, piece.start <= units.count - piece.length else { return nil }
            let low = units.index(units.startIndex, offsetBy: piece.start)
            let high = units.index(low, offsetBy: piece.length)
            return (String(Substring(units[low..<high])), piece.rightToLeft)
        }
    }
}

/// A stretch of a line set in one face and size.
public struct PageRun: Codable, Sendable, Equatable {
    /// Where it starts in the line's `text` and how long it is, in UTF-16 code units: an
    /// `NSRange` of the line's string.
    public var start: Int
    public var length: Int
    /// The index in `layout.faces` of the face it is set in.
    public var face: Int
    /// Points.
    public var size: Double
    /// `superscript` or `subscript` for text raised or lowered from the baseline (set smaller
    /// already); absent on the baseline. Other values may come in newer versions: draw them on
    /// the baseline.
    public var shift: String?
    /// The PostScript name of the face (in `layout.standIns`) its characters were measured in
    /// because `face` has no glyphs for them: Arabic or Han in a Latin font. Absent when `face`
    /// set them.
    public var standIn: String?

    public init(start: Int, length: Int, face: Int, size: Double, shift: String? = nil, standIn: String? = nil) {
        self.start = start
        self.length = length
        self.face = face
        self.size = size
        self.shift = shift
        self.standIn = standIn
    }
}

/// What a line that is not the page's text belongs to (see `OpenStringValue`: later versions
/// may add roles; a line of a role an app does not know can be drawn as text).
public struct LineRole: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A line of a footnote, set at `layout.notes`' size and line height; an empty one is the
    /// space between two paragraphs of a note.
    public static let note = LineRole(rawValue: "note")
    /// The rule above the footnotes: an empty line whose box is where the rule is drawn — its
    /// `width` the rule's length, half way down the box, which is one note line tall.
    public static let noteSeparator = LineRole(rawValue: "noteSeparator")
}
