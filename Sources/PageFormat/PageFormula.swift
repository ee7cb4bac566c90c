/// A formula of a line (MathML), drawn as it was measured: glyphs of a math face by id — a
/// stretched bracket or an assembled radical has no character — and filled rules (fraction
/// bars, radicals' overbars), all in points from the page's top-left corner. Its stretch of the
/// line's `text` (`start`, `length`) is its words, for search and for a reader's voice; a
/// renderer draws the formula in that text's place and not the text.
public struct PageFormula: Sendable, Equatable {
    /// Its text in the line's `text`, in UTF-16 code units (an `NSRange`).
    public var start: Int
    public var length: Int
    /// Its box: `x`, `y` its top-left corner, `width` its advance, `height` from its top to its
    /// bottom; `baseline` the y of the line's baseline, which the formula sits on.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var baseline: Double
    /// The PostScript name of the math face its glyphs are of, in `layout.standIns`
    /// (`LayoutDescription.face(of:)`).
    public var face: String
    public var glyphs: [Glyph]
    public var rules: [Rule]
    /// Set apart, centred on a line of its own (MathML `display="block"`).
    public var display: Bool
    /// The book's alternative text (`alttext`), when it gives one; not drawn.
    public var alt: String?
    /// Less than 1 when the formula was set smaller to fit the page (its glyphs' sizes say so
    /// already); 1 otherwise.
    public var scale: Double
    /// The formula goes on in the line's next formula, or the next line's first: a long inline
    /// formula broken after an operator of its outer row, each piece a formula of its own, a
    /// space between them. False for most.
    public var continues: Bool

    /// A glyph of the math face: `id` its glyph id, (`x`, `y`) its origin on its baseline, at
    /// `size` points.
    public struct Glyph: Sendable, Equatable, Codable {
        public var id: Int
        public var x: Double
        public var y: Double
        public var size: Double

        public init(id: Int, x: Double, y: Double, size: Double) {
            self.id = id
            self.x = x
            self.y = y
            self.size = size
        }
    }

    /// A filled rectangle, (`x`, `y`) its top-left corner; turned `angle` degrees
    /// counterclockwise about its centre, as seen on the page (a diagonal strike; 0, absent in
    /// JSON, for every other).
    public struct Rule: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var angle: Double

        public init(x: Double, y: Double, width: Double, height: Double, angle: Double = 0) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.angle = angle
        }
    }

    public init(start: Int, length: Int, x: Double, y: Double, width: Double, height: Double, baseline: Double,
                face: String, glyphs: [Glyph], rules: [Rule] = [], display: Bool = false, alt: String? = nil,
                scale: Double = 1, continues: Bool = false) {
        self.start = start
        self.length = length
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.baseline = baseline
        self.face = face
        self.glyphs = glyphs
        self.rules = rules
        self.display = display
        self.alt = alt
        self.scale = scale
        self.continues = continues
    }
}

/// In JSON, `rules` when empty, `display` and `continues` when false, `alt` when absent and
/// `scale` when 1 are left out.
extension PageFormula: Codable {
    enum CodingKeys: String, CodingKey {
        case start, length, x, y, width, height, baseline, face, glyphs, rules, display, alt, scale, continues
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Int.self, forKey: .start)
        length = try container.decode(Int.self, forKey: .length)
        x = try container.decode(Double.self, forKey: .x)
        y = try container.decode(Double.self, forKey: .y)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        baseline = try container.decode(Double.self, forKey: .baseline)
        face = try container.decode(String.self, forKey: .face)
        glyphs = try container.decode([Glyph].self, forKey: .glyphs)
        rules = try container.decodeIfPresent([Rule].self, forKey: .rules) ?? []
        display = try container.decodeIfPresent(Bool.self, forKey: .display) ?? false
        alt = try container.decodeIfPresent(String.self, forKey: .alt)
        scale = try container.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        continues = try container.decodeIfPresent(Bool.self, forKey: .continues) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(length, forKey: .length)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(face, forKey: .face)
        try container.encode(glyphs, forKey: .glyphs)
        if !rules.isEmpty { try container.encode(rules, forKey: .rules) }
        if display { try container.encode(true, forKey: .display) }
        try container.encodeIfPresent(alt, forKey: .alt)
        if scale != 1 { try container.encode(scale, forKey: .scale) }
        if continues { try container.encode(true, forKey: .continues) }
    }
}

extension PageFormula.Rule: Codable {
    enum CodingKeys: String, CodingKey {
        case x, y, width, height, angle
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(Double.self, forKey: .x)
        y = try container.decode(Double.self, forKey: .y)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        angle = try container.decodeIfPresent(Double.self, forKey: .angle) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        if angle != 0 { try container.encode(angle, forKey: .angle) }
    }
}
