/// How a book with designed pages (a fixed-layout EPUB) asks to be shown, in the output's
/// `metadata.rendition`; absent for a book whose pages are all flowed by the layout.
public struct BookRendition: Codable, Sendable, Equatable {
    /// `pre-paginated` when every chapter is a designed page, `mixed` when some are.
    public var layout: RenditionLayout
    /// EPUB's `rendition:orientation`: the orientation the pages were drawn for.
    public var orientation: RenditionOrientation
    /// EPUB's `rendition:spread`: when two pages are shown side by side. With `none` no blank
    /// page is added to put a page on the side it asks for (`target.blankPages`).
    public var spread: RenditionSpread

    public init(layout: RenditionLayout, orientation: RenditionOrientation = .auto, spread: RenditionSpread = .auto) {
        self.layout = layout
        self.orientation = orientation
        self.spread = spread
    }
}

/// Whether a book's pages are designed (see `OpenStringValue`).
public struct RenditionLayout: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Every chapter is one designed page.
    public static let prePaginated = RenditionLayout(rawValue: "pre-paginated")
    /// Some chapters are designed pages, the others flowed.
    public static let mixed = RenditionLayout(rawValue: "mixed")
}

/// EPUB's `rendition:orientation` (see `OpenStringValue`): `auto`, `landscape`, `portrait`.
public struct RenditionOrientation: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let auto = RenditionOrientation(rawValue: "auto")
    public static let landscape = RenditionOrientation(rawValue: "landscape")
    public static let portrait = RenditionOrientation(rawValue: "portrait")
}

/// EPUB's `rendition:spread` (see `OpenStringValue`): `auto`, `none`, `landscape`, `both`.
public struct RenditionSpread: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let auto = RenditionSpread(rawValue: "auto")
    public static let none = RenditionSpread(rawValue: "none")
    public static let landscape = RenditionSpread(rawValue: "landscape")
    public static let both = RenditionSpread(rawValue: "both")
}
