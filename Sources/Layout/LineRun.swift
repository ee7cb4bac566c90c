import Fonts
import PageFormat

/// Which of the layout's own faces a run is set in: its raw value is the face's number among the
/// book's (`BookFaces`) and its index in the output's `layout.faces`.
enum FaceRole: Int, CaseIterable, Sendable {
    case regular, italic, bold, boldItalic, monospace

    init(bold: Bool, italic: Bool, code: Bool) {
        if code { self = .monospace; return }
        switch (bold, italic) {
        case (false, false): self = .regular
        case (false, true): self = .italic
        case (true, false): self = .bold
        case (true, true): self = .boldItalic
        }
    }

    var isBold: Bool { self == .bold || self == .boldItalic }
    var isItalic: Bool { self == .italic || self == .boldItalic }

    /// The name the output gives the role.
    var name: String {
        switch self {
        case .regular: "regular"
        case .italic: "italic"
        case .bold: "bold"
        case .boldItalic: "boldItalic"
        case .monospace: "monospace"
        }
    }
}

extension FontSet {
    func face(_ role: FaceRole) -> FontFace {
        switch role {
        case .regular: regular
        case .italic: italic
        case .bold: bold
        case .boldItalic: boldItalic
        case .monospace: monospace
        }
    }
}

/// A stretch of a line's text set in one face and size, as it was measured: with these a
/// renderer draws the line exactly as the layout saw it.
struct LineRun: Sendable, Equatable {
    /// Where the run starts in the line's text and how long it is, in UTF-16 code units (the
    /// units of `NSRange`, so an app can style an attributed string with them directly).
    var start: Int
    var length: Int
    /// Its face's number among the book's (`BookFaces`), as the output's `layout.faces` counts.
    var face: Int
    /// Points.
    var size: Double
    var shift: BaselineShift
    /// The face its characters were measured in when `face` has no glyphs for them (Arabic in
    /// Liberation Serif): a renderer draws them in it.
    var standIn: MeasuredFace?
    /// Where the run's text links to, as the book names it (`LinkSpan.target`).
    var link: String?
    var paint = RunPaint()
    var shaping = RunShaping()

    init(start: Int, length: Int, face: Int, size: Double, shift: BaselineShift = .none,
                standIn: MeasuredFace? = nil, link: String? = nil, paint: RunPaint = RunPaint(), shaping: RunShaping = RunShaping()) {
        self.start = start
        self.length = length
        self.face = face
        self.size = size
        self.shift = shift
        self.standIn = standIn
        self.link = link
        self.paint = paint
        self.shaping = shaping
    }
}
