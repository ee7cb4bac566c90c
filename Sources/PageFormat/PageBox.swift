/// A box a page draws, filled with its colour: a rule (a side of a box the book's CSS draws
/// around a block, a border of a table or a cell, a line between cells) or a background (of
/// such a box, a cell, a row or a whole table). Positions are in points from the page's
/// top-left corner, as lines' are. A page's boxes are in drawing order (the blocks' boxes
/// first, then each table's, each backgrounds before rules), and all of them are drawn before
/// (under) the page's pictures and lines, but those marked `overPictures`, drawn after the
/// pictures (and still before the lines).
///
/// ```swift
/// for box in shown.boxes {
///     context.setFillColor(cgColor(box.color))
///     context.fill(CGRect(x: box.x, y: box.y, width: box.width, height: box.height))
/// }
/// ```
public struct PageBox: Codable, Sendable, Hashable {
    public var kind: Kind
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// What it is filled with: `#RRGGBB`, or `#RRGGBBAA` when not opaque, in JSON.
    public var color: PageColor
    /// Drawn over the page's pictures (still under its lines), not under them: a designed page's
    /// text box filled with a colour over the picture the page is drawn on.
    public var overPictures: Bool

    public init(kind: Kind, x: Double, y: Double, width: Double, height: Double, color: PageColor,
                overPictures: Bool = false) {
        self.kind = kind
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.color = color
        self.overPictures = overPictures
    }

    private enum CodingKeys: String, CodingKey {
        case kind, x, y, width, height, color, overPictures
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        x = try container.decode(Double.self, forKey: .x)
        y = try container.decode(Double.self, forKey: .y)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        color = try container.decode(PageColor.self, forKey: .color)
        overPictures = try container.decodeIfPresent(Bool.self, forKey: .overPictures) ?? false
    }

    /// `overPictures` only when true.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(color, forKey: .color)
        if overPictures { try container.encode(true, forKey: .overPictures) }
    }

    /// What a box is for. Both kinds are drawn the same way (the box filled with its colour);
    /// the kind says which are the rules, for an app that draws them its own way (hairlines on
    /// a Retina screen, a dark mode's colour). A kind a newer version writes and this one does
    /// not know decodes as `other`: an app fills it as the others, or skips it.
    public enum Kind: RawRepresentable, Codable, Sendable, Hashable {
        /// A side of a block's box, a border of a cell or a table, or the rule between rows or
        /// columns.
        case rule
        /// The background of a block's box, a cell, a row or a table, drawn before the rules
        /// over it.
        case background
        case other(String)

        public init(rawValue: String) {
            switch rawValue {
            case "rule": self = .rule
            case "background": self = .background
            default: self = .other(rawValue)
            }
        }

        public var rawValue: String {
            switch self {
            case .rule: "rule"
            case .background: "background"
            case .other(let value): value
            }
        }
    }
}
