import Layout
import PageFormat

/// The seed systems the pages can be made for. Each decides the page size from what it is given
/// and adds its own grouping of the pages (docs/FORMAT.md, "Targets").
public enum OutputTarget: String, CaseIterable, Sendable {
    /// Seed 000: BookLayout's two-page spread; pages of (W/2 − 20) × (H − 50) for bounds W × H.
    case bookLayout = "booklayout"
    /// Seed 001: a SwiftUI `Book` of leaves, one page on screen, sized by the book's config.
    case swiftUIBook = "swiftui-book"
    /// Seed 002: `UIPageViewController` page curl, one page a screen (the view's bounds), or two
    /// with the spine in the middle.
    case pageCurl = "pagecurl"
    /// Seed 004: a chapter-based e-reader, one page a screen.
    case reader

    /// The SwiftUI book's default `Config` (width 350, height 500).
    public static let swiftUIBookPageSize = Dimensions(width: 350, height: 500)

    /// The page size for a view of `bounds`; nil for the SwiftUI book, whose page size is its
    /// config's, not the view's.
    public func pageSize(forBounds bounds: Dimensions, doubleSided: Bool) -> Dimensions? {
        switch self {
        case .bookLayout: LayoutOptions.pageSize(forBounds: bounds)
        case .swiftUIBook: nil
        case .pageCurl: doubleSided ? Dimensions(width: bounds.width / 2, height: bounds.height) : bounds
        case .reader: bounds
        }
    }

    var name: TargetName { TargetName(rawValue: rawValue) }
}

/// How the document is written.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One JSON object (compact, or indented with `pretty`).
    case json
    /// JSON Lines: a header, one page a line, an end line.
    case ndjson
}
