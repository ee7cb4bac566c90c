/// A block of a chapter: what starts on its own line.
public struct Block: Sendable, Equatable {
    public var kind: Kind
    /// The `id`s of the elements that begin in this block, so links and the table of contents can
    /// find the page it lands on.
    public var anchors: [String]

    public init(_ kind: Kind, anchors: [String] = []) {
        self.kind = kind
        self.anchors = anchors
    }

    public enum Kind: Sendable, Equatable {
        /// Level 1 to 6.
        case heading(level: Int, [Inline])
        case paragraph([Inline])
        case list(List)
        case quote([Block])
        /// Preformatted text: its spaces and line breaks are kept as they are.
        case preformatted([Inline])
        /// A thematic break (`<hr>`).
        case rule
        case table(Table)
        case image(Image)
    }
}

public struct List: Sendable, Equatable {
    public var isOrdered: Bool
    /// The number of the first item of an ordered list.
    public var start: Int
    public var items: [[Block]]

    public init(isOrdered: Bool, start: Int = 1, items: [[Block]]) {
        self.isOrdered = isOrdered
        self.start = start
        self.items = items
    }
}

public struct Table: Sendable, Equatable {
    public var rows: [[TableCell]]

    public init(rows: [[TableCell]]) {
        self.rows = rows
    }
}

public struct TableCell: Sendable, Equatable {
    public var content: [Inline]
    public var isHeader: Bool

    public init(_ content: [Inline], isHeader: Bool = false) {
        self.content = content
        self.isHeader = isHeader
    }
}

public struct Image: Sendable, Equatable {
    public var source: ImageReference
    public var alt: String

    public init(source: ImageReference, alt: String) {
        self.source = source
        self.alt = alt
    }
}
