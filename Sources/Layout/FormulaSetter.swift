import BookModel
import Fonts
import MathLayout

/// The math face formulas are set in, loaded the first time a book has a formula: a book
/// without one never opens it. Shared by a layout's workers.
final class MathFaces: @unchecked Sendable {
    /// `--math-font`: a family or a file; nil, the default face.
    let requested: String?
    private let lock = ShortLock()
    /// Guarded by `lock`.
    private var loaded: MathFont??

    init(requested: String?) {
        self.requested = requested
    }

    /// A face asked for by name is loaded at once, so that a mistake in it is the command's
    /// error, not a book's warning.
    func loadNow() throws {
        let font = try load()
        lock.withLock { loaded = .some(font) }
    }

    /// The face, or nil when none is installed (formulas are then set as their text).
    var font: MathFont? {
        lock.withLock {
            if let loaded { return loaded }
            let font = try? load()
            loaded = .some(font)
            return font
        }
    }

    private func load() throws -> MathFont { try MathFont.load(requested ?? MathFont.defaultFamily) }
}

/// A formula of a paragraph, set: the run of its text (`RunShaping.objectWidth`, the box's
/// width) and what it draws.
struct FormulaSpan: Equatable {
    /// Its text, in UTF-8 offsets of the paragraph's text.
    var range: Range<Int>
    var box: MathBox
    /// Set apart on a line of its own, centred (`display="block"`).
    var isDisplay: Bool
    /// The book's `alttext`.
    var alternative: String?
    /// Less than 1 when it was set smaller to fit the page.
    var scale: Double
    /// The math face its glyphs are of.
    var face: MeasuredFace
    /// What follows it when it is a piece of a formula cut around its operators
    /// (`FormulaBreaks`): `.end` for the last piece and for a whole formula.
    var gap = FormulaBreaks.Gap.end

    /// The formula goes on after a space.
    var continues: Bool { gap != .end }
    /// What a line ending after it costs: after an operator a formula is cut after; 0 where no
    /// line ends (the space after it is a no-break space) and for a whole formula.
    var penaltyAfter: Double {
        if case .breakable(let penalty) = gap { penalty } else { 0 }
    }
}

/// Sets formulas with the math face, at the size of the text around them, within the room a
/// line has: a formula wider than the measure, or too tall for a page, is set smaller to fit,
/// which the chapter's warnings say.
struct FormulaSetter {
    let faces: MathFaces
    /// Points per CSS pixel (the body size over 16), for lengths a book gives in pixels.
    let pixel: Double
    let contentHeight: Double
    /// The ascender and descender of the text's face (the layout's regular), in ems: where a
    /// line's baseline is in its box (`FormulaPlacement`).
    let textAscender: Double
    let textDescender: Double
    /// The layouter of the math face and the face as the output names it, made at the first
    /// formula.
    private var made: (layouter: FormulaLayouter, face: MeasuredFace)?

    init(faces: MathFaces, pixel: Double, contentHeight: Double, textAscender: Double, textDescender: Double) {
        self.faces = faces
        self.pixel = pixel
        self.contentHeight = contentHeight
        self.textAscender = textAscender
        self.textDescender = textDescender
    }

    /// `formula` at `size` points, no wider than `width`, and small enough that a line holding
    /// it is no taller than the page. Nil when there is no math face.
    mutating func set(_ formula: Formula, size: Double, width: Double) -> FormulaSpan? {
        if made == nil, let font = faces.font {
            made = (FormulaLayouter(font: font, pixel: pixel), MeasuredFace(font.face, role: "math"))
        }
        guard let (layouter, face) = made else { return nil }
        let box = layouter.layout(formula, size: size)
        let halfHeight = FormulaPlacement.halfHeight(of: box, textSize: size, ascender: textAscender,
                                                     descender: textDescender)
        var scale = 1.0
        if box.width > width, width > 0 { scale = width / box.width }
        if 2 * halfHeight * scale > contentHeight, halfHeight > 0 { scale = min(scale, contentHeight / (2 * halfHeight)) }
        // Kept a hair inside its room, so that rounding never puts it over.
        if scale < 1 { scale = (scale * 0.999 * 1000).rounded(.down) / 1000 }
        return FormulaSpan(range: 0..<0, box: box.scaled(by: scale), isDisplay: formula.isDisplay,
                           alternative: formula.alternative, scale: scale, face: face)
    }
}

/// Where a line's formulas sit: on its text's baseline, which is where CSS puts it in a box one
/// line tall (half the leading above the face's ascent, for the line's largest text). A line
/// holding a formula that reaches further above or below than that leaves room for grows by
/// the same amount both ways, so its text stays in the middle of its box, where every renderer
/// draws it.
enum FormulaPlacement {
    /// How far the baseline lies below the middle of a line's box, for text of `textSize`.
    static func baselineBelowMiddle(textSize: Double, ascender: Double, descender: Double) -> Double {
        (ascender - descender) / 2 * textSize
    }

    /// Half the height a line needs to hold `box` on the baseline of its text of `textSize`.
    static func halfHeight(of box: MathBox, textSize: Double, ascender: Double, descender: Double) -> Double {
        let below = baselineBelowMiddle(textSize: textSize, ascender: ascender, descender: descender)
        return max(box.ascent - below, box.descent + below, 0)
    }
}

extension StyledParagraph {
    /// Its formulas drawn `factor` times as large, and their runs as wide: a table's cell whose
    /// type is set smaller to fit the page.
    mutating func scaleFormulas(by factor: Double) {
        guard !formulas.isEmpty else { return }
        var spans = formulas
        var r = 0
        for k in spans.indices {
            spans[k].box = spans[k].box.scaled(by: factor)
            spans[k].scale *= factor
            while r < runs.count, runs[r].end < spans[k].range.upperBound { r += 1 }
            if r < runs.count { runs[r].shaping = RunShaping(objectWidth: spans[k].box.width) }
        }
        formulas = spans
    }
}
