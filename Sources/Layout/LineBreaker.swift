/// Widths are sums of floating-point advances: forgive rounding in the last bits.
let widthTolerance = 1e-9

/// A piece of a paragraph between two places a line may end: a word and the spaces after it
/// (or, once hyphenated, a part of a word), in UTF-8 offsets of the paragraph's text.
struct Segment: Equatable {
    var start: Int
    /// Past the last character that shows (trailing spaces and line separators excluded).
    var visibleEnd: Int
    var end: Int
    /// The advance of `start..<visibleEnd`, and of the spaces after it.
    var visibleWidth: Double
    var spaceWidth: Double
    /// The segment ends with a forced line break.
    var forcesBreak: Bool
    /// The segment ends inside a word, at a hyphenation point: a line ending here shows a
    /// hyphen `hyphenWidth` wide that is not in the text.
    var isHyphenationPoint = false
    var hyphenWidth = 0.0
    /// Its text ends with a hyphen of the text (`sea-` of `sea-captain`): a line ending here
    /// looks hyphenated too.
    var endsWithHyphen = false
    /// A line ending here may set its last character, a closing bracket or stop, half-width:
    /// the blank half it may give up (JLReq §3.8's pushing in). 0 for most segments.
    var endTrim = 0.0
    /// What a line ending here costs besides its badness: after a piece of a formula cut after
    /// an operator (`FormulaBreaks`). 0 for most segments.
    var breakPenalty = 0.0

    var hasVisibleText: Bool { visibleEnd > start }
}

/// A line made of consecutive segments; `width` leaves out the spaces at its end and counts the
/// inserted hyphen, if any.
struct LineSpan: Equatable {
    var segments: Range<Int>
    var width: Double
    /// The line ends at a hyphenation point: the layout adds the hyphen.
    var hyphenated = false
}

/// The lines a paragraph is broken into: how wide they may be, and how they fill that width.
struct LineMeasure: Equatable {
    var firstLineWidth: Double
    var otherLineWidth: Double
    /// Justified lines fill the width by stretching their spaces; ragged ones leave the rest of
    /// the line empty, and how empty is what total fit evens out.
    var justified: Bool
    /// A justified line's spaces may shrink (`TotalFitLineBreaker.spaceShrink`); not in a
    /// Chinese or Japanese paragraph, whose lines are filled between their characters and
    /// compressed by JLReq's rules (`LineSpacer`).
    var shrinks = true
    /// How much wider a justified line's text may be drawn, as a share of its natural width, at
    /// badness 100 (`ParagraphSetter.glyphScaling`): stretch on top of its spaces'. 0 where the
    /// text may not be scaled.
    var expansion = 0.0
    /// For ragged lines: the room left at a line's end that counts as stretching spaces by as
    /// much as they may (badness 100).
    var raggedStretch: Double
    /// How much narrower each line is, from the first, than its width above: the lines beside a
    /// float. Empty for most paragraphs, whose lines but the first are all as wide.
    var narrowing: [Double] = []

    /// The width line `index` (from 0) may fill.
    func width(ofLine index: Int) -> Double {
        let width = index == 0 ? firstLineWidth : otherLineWidth
        return index < narrowing.count ? width - narrowing[index] : width
    }

    /// The narrowest line: no piece of text may be wider.
    var narrowestWidth: Double {
        narrowing.indices.reduce(min(firstLineWidth, otherLineWidth)) { min($0, width(ofLine: $1)) }
    }
}

/// Chooses where a paragraph's lines end. A protocol so that the breakers can be compared on
/// the same segments, without touching measuring or pagination.
protocol LineBreaking {
    /// Lines no wider than the measure's widths, except where a single segment is wider on its
    /// own. With a `tolerance`, nil when no set of breaks keeps every line's badness (100 for
    /// spaces stretched as far as they should go) within it; without one, always lines.
    func lines(for segments: [Segment], in measure: LineMeasure, tolerance: Double?) -> [LineSpan]?
}
