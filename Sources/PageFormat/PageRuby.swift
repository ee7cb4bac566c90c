/// A ruby annotation of a line (furigana): its reading, set small beside its base, which is a
/// stretch of the line's `text`. The reading is not in the line's or the page's text, which
/// keep the base alone, so that a page reads as its words.
public struct PageRuby: Sendable, Equatable {
    /// The base in the line's `text`, in UTF-16 code units (an `NSRange`).
    public var start: Int
    public var length: Int
    /// The reading.
    public var text: String
    /// The reading's box in points from the page's top-left corner: above the base in a
    /// horizontal line, one `size` tall and as long as the base (or the reading, when longer).
    /// The reading is drawn in it as a line in its box is, from `x` + `letterSpacing` / 2, with
    /// `letterSpacing` after each character, or centred when it has none.
    public var x: Double
    public var y: Double
    public var width: Double
    /// Its face (an index in `layout.faces`), the stand-in that set its characters when the
    /// face has none for them (as a run's), and its size in points: half the base's.
    public var face: Int
    public var standIn: String?
    public var size: Double
    /// Points after each character of the reading: a reading shorter than its base is spread
    /// over it, half that space before its first character and after its last (JLReq §3.3.5).
    public var letterSpacing: Double

    public init(start: Int, length: Int, text: String, x: Double, y: Double, width: Double, face: Int,
                standIn: String? = nil, size: Double, letterSpacing: Double = 0) {
        self.start = start
        self.length = length
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.face = face
        self.standIn = standIn
        self.size = size
        self.letterSpacing = letterSpacing
    }
}

extension PageRuby: Codable {
    enum CodingKeys: String, CodingKey {
        case start, length, text, x, y, width, face, standIn, size, letterSpacing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Int.self, forKey: .start)
        length = try container.decode(Int.self, forKey: .length)
        text = try container.decode(String.self, forKey: .text)
        x = try container.decode(Double.self, forKey: .x)
        y = try container.decode(Double.self, forKey: .y)
        width = try container.decode(Double.self, forKey: .width)
        face = try container.decode(Int.self, forKey: .face)
        standIn = try container.decodeIfPresent(String.self, forKey: .standIn)
        size = try container.decode(Double.self, forKey: .size)
        letterSpacing = try container.decodeIfPresent(Double.self, forKey: .letterSpacing) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(length, forKey: .length)
        try container.encode(text, forKey: .text)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(face, forKey: .face)
        try container.encodeIfPresent(standIn, forKey: .standIn)
        try container.encode(size, forKey: .size)
        if letterSpacing != 0 { try container.encode(letterSpacing, forKey: .letterSpacing) }
    }
}
