/// A direction of text: a line's paragraph's (in JSON `rtl`, absent for left to right), and a
/// book's page progression (`metadata.direction`, `ltr` or `rtl`). A value a newer version
/// writes and this one does not know decodes as `other`, taken as left to right.
public enum WritingDirection: RawRepresentable, Codable, Sendable, Hashable {
    case leftToRight
    case rightToLeft
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "ltr": self = .leftToRight
        case "rtl": self = .rightToLeft
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .leftToRight: "ltr"
        case .rightToLeft: "rtl"
        case .other(let value): value
        }
    }
}

/// What a line belongs to. In JSON the role of a line that is not the page's text (absent for
/// the text). A role a newer version writes and this one does not know decodes as `other`: an
/// app can draw the line as text.
public enum LineRole: RawRepresentable, Codable, Sendable, Hashable {
    /// The page's text (an empty line: the space between two of its blocks).
    case body
    /// A line of a footnote, set at `layout.notes`' size and line height; an empty one is the
    /// space between two paragraphs of a note.
    case note
    /// The rule above the footnotes: an empty line whose box is where the rule is drawn — its
    /// `width` the rule's length, half way down the box, which is one note line tall.
    case noteSeparator
    /// A line of a table cell's text, drawn inside its cell (`PageLine.cell`).
    case table
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "body": self = .body
        case "note": self = .note
        case "noteSeparator": self = .noteSeparator
        case "table": self = .table
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .body: "body"
        case .note: "note"
        case .noteSeparator: "noteSeparator"
        case .table: "table"
        case .other(let value): value
        }
    }
}

/// Text raised or lowered from the baseline (HTML's `sup` and `sub`), set smaller already. In
/// JSON a run's `shift` (absent on the baseline). A value a newer version writes and this one
/// does not know decodes as `other`: draw it on the baseline.
public enum BaselineShift: RawRepresentable, Codable, Sendable, Hashable {
    case none
    case superscript
    case `subscript`
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "none": self = .none
        case "superscript": self = .superscript
        case "subscript": self = .subscript
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .none: "none"
        case .superscript: "superscript"
        case .subscript: "subscript"
        case .other(let value): value
        }
    }
}

/// How a run of a vertical line stands (`PageRun.orientation`); a horizontal line's runs are
/// all `upright`, which there means as usual.
public enum RunOrientation: RawRepresentable, Codable, Sendable, Hashable {
    /// Each character standing, in the face's vertical forms and advances
    /// (`kCTVerticalFormsAttributeName`): Japanese and Chinese, as CSS `text-orientation: mixed`
    /// sets them.
    case upright
    /// Turned a quarter clockwise, set as horizontal text is: Latin letters and digits.
    case sideways
    /// Set side by side as horizontal text, upright, in the space of one em down the column
    /// (CSS `text-combine-upright`, tate-chū-yoko: `12` among Japanese): centred across the
    /// column, and squeezed across to one em when it is wider.
    case combined
    /// A value of a later version of the format.
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "upright": self = .upright
        case "sideways": self = .sideways
        case "combined": self = .combined
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .upright: "upright"
        case .sideways: "sideways"
        case .combined: "combined"
        case .other(let value): value
        }
    }
}

/// An OpenType feature a run was shaped with (`PageRun.features`): its four-letter tag, which a
/// renderer hands its font (a `UIFontDescriptor`'s feature settings, CSS `font-feature-settings`).
/// A tag this version does not name decodes as itself (see `OpenStringValue`).
public struct OpenTypeFeature: OpenStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Small capitals from the font's own (CSS `font-variant: small-caps`).
    public static let smallCaps = OpenTypeFeature(rawValue: "smcp")
    /// Capitals as small capitals too (`all-small-caps`, with `smallCaps`).
    public static let capitalsToSmallCaps = OpenTypeFeature(rawValue: "c2sc")
    public static let liningNumerals = OpenTypeFeature(rawValue: "lnum")
    public static let oldstyleNumerals = OpenTypeFeature(rawValue: "onum")
    public static let proportionalNumerals = OpenTypeFeature(rawValue: "pnum")
    public static let tabularNumerals = OpenTypeFeature(rawValue: "tnum")
    public static let diagonalFractions = OpenTypeFeature(rawValue: "frac")
    public static let stackedFractions = OpenTypeFeature(rawValue: "afrc")
    public static let ordinals = OpenTypeFeature(rawValue: "ordn")
    public static let slashedZero = OpenTypeFeature(rawValue: "zero")

    /// The features this version writes, in the order a run lists them.
    public static let known: [OpenTypeFeature] = [
        .smallCaps, .capitalsToSmallCaps, .liningNumerals, .oldstyleNumerals, .proportionalNumerals, .tabularNumerals,
        .diagonalFractions, .stackedFractions, .ordinals, .slashedZero,
    ]
}

// Each is one JSON string (the standard library's `Codable` for a `RawRepresentable` of
// `String`), read back whatever the string: `init(rawValue:)` never fails.

extension LayoutDescription {
    /// The height of `line`'s box: its own when it has one, else the body's line height.
    public func height(of line: PageLine) -> Double {
        line.height ?? font.lineHeight
    }

    /// `line`'s runs, with the one the output leaves unsaid spelled out: a line without runs is
    /// all in the regular face at the body size (an empty line has none).
    public func runs(of line: PageLine) -> [PageRun] {
        if let runs = line.runs { return runs }
        guard !line.text.isEmpty else { return [] }
        return [PageRun(start: 0, length: line.text.utf16.count, face: 0, size: font.size)]
    }

    /// The face to draw `run` in: the stand-in that measured its characters when there is one,
    /// else its face in `faces`; nil when the document names neither (a document from before
    /// faces were written, or one that names a face it does not list).
    public func face(of run: PageRun) -> FaceDescription? {
        if let standIn = run.standIn { return standIns?.first { $0.postScriptName == standIn } }
        guard let faces, faces.indices.contains(run.face) else { return nil }
        return faces[run.face]
    }
}
