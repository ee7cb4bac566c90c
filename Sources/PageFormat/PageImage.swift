/// A picture on a page, where the layout put it, so a renderer can draw it there. Positions are
/// in points from the page's top-left corner; the box is inside the content box and keeps the
/// image's proportions.
public struct PageImage: Codable, Sendable, Equatable {
    /// The image's path inside the book (archive path, or path in the Markdown book's folder);
    /// with `--assets DIR` the file is written to `DIR/path`.
    public var path: String
    /// The book's text for it (`alt`), absent when it gives none. It is not drawn on the page.
    public var alt: String?
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(path: String, alt: String? = nil, x: Double, y: Double, width: Double, height: Double) {
        self.path = path
        self.alt = alt.flatMap { $0.isEmpty ? nil : $0 }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
