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

    public init(text: String, x: Double, y: Double, width: Double, hyphenated: Bool = false, justified: Bool = false) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.hyphenated = hyphenated ? true : nil
        self.justified = justified ? true : nil
    }
}
