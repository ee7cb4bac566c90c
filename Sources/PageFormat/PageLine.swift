/// One line of a content page as laid out, so that a renderer can draw exactly what was
/// measured. Positions are in points from the page's top-left corner; an empty line is the gap
/// between two blocks.
public struct PageLine: Codable, Sendable, Equatable {
    /// What the line shows, an inserted hyphen included.
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

    public init(text: String, x: Double, y: Double, width: Double, hyphenated: Bool = false, justified: Bool = false,
                height: Double? = nil, runs: [PageRun]? = nil) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.hyphenated = hyphenated ? true : nil
        self.justified = justified ? true : nil
        self.height = height
        self.runs = runs
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

    public init(start: Int, length: Int, face: Int, size: Double, shift: String? = nil) {
        self.start = start
        self.length = length
        self.face = face
        self.size = size
        self.shift = shift
    }
}
