/// What a page drawn by the book's designer (a fixed-layout EPUB's `pre-paginated` spine item)
/// says beyond its lines and pictures: which document it is, the viewport it was drawn for and
/// where that viewport lands on the page. The layout scales the viewport to fit the whole page,
/// keeping its proportions, and centres it; its lines and pictures are already there in page
/// points. An app with a web view can instead load `spineItem` and scale it by `scale` at
/// (`x`, `y`), which puts every element where the page's lines and pictures are.
public struct DesignedPage: Codable, Sendable, Equatable {
    /// The page's document inside the book (its archive path, the chapter's `source`).
    public var spineItem: String
    /// The viewport the page was drawn for, in CSS pixels.
    public var viewport: Dimensions
    /// Points on the page per CSS pixel of the viewport, the same across and down.
    public var scale: Double
    /// Where the viewport's top-left corner lands on the page, in points.
    public var x: Double
    public var y: Double
    /// The side of a spread the book asks the page to fall on; absent when it asks for none.
    public var side: PageSide?

    public init(spineItem: String, viewport: Dimensions, scale: Double, x: Double, y: Double, side: PageSide? = nil) {
        self.spineItem = spineItem
        self.viewport = viewport
        self.scale = scale
        self.x = x
        self.y = y
        self.side = side
    }
}

/// The side of a spread a designed page asks to fall on (EPUB's `page-spread-left`, `-right`
/// and `rendition:page-spread-center`). A value a newer version writes and this one does not
/// know decodes as `other`: take it as no side asked for.
public enum PageSide: RawRepresentable, Codable, Sendable, Hashable {
    case left
    case right
    /// Across both pages of the spread, or alone on the screen.
    case center
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "left": self = .left
        case "right": self = .right
        case "center": self = .center
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .center: "center"
        case .other(let value): value
        }
    }
}
