import MathLayout
import PageFormat

/// A formula of a set line, placed from the line's box: `offset` from its left edge to the
/// formula's origin, `baseline` down from its top. Its run of the line's text (`start`,
/// `length`, UTF-16 units) is not drawn; the box is, in its place.
struct SetFormula: Sendable, Equatable {
    var start: Int
    var length: Int
    var offset: Double
    var baseline: Double
    var formula: FormulaSpan
}

/// Places the formulas of a paragraph's lines on them: each where the text before it ends (a
/// justified line's stretched spaces counted as a renderer stretches them), on the baseline,
/// the line made taller where a formula reaches past its box.
struct LineFormulas {
    let segmenter: ParagraphSegmenter
    let paragraph: StyledParagraph
    /// The layout's regular face's ascender and descender, in ems (`FormulaPlacement`).
    let ascender: Double
    let descender: Double

    /// The formulas of the paragraph inside `range`, by index.
    func formulas(in range: Range<Int>) -> [Int] {
        paragraph.formulas.indices.filter {
            let span = paragraph.formulas[$0].range
            return span.lowerBound >= range.lowerBound && span.upperBound <= range.upperBound
        }
    }

    /// Whether the line shows a display formula and nothing else: it is centred.
    func isDisplayLine(_ range: Range<Int>) -> Bool {
        paragraph.formulas.contains { $0.isDisplay && $0.range == range }
    }

    /// The line's formulas placed, and its height. `natural`: the advance of its text, which
    /// a justified line's spaces stretch or shrink to its `width`.
    func place(_ indices: [Int], on line: LineSpacer.Line, natural: Double, rightToLeft: Bool,
               text: UnsafeBufferPointer<UInt8>) -> (formulas: [SetFormula], height: Double) {
        guard !indices.isEmpty else { return ([], line.height) }
        let textSize = line.runs.reduce(0) { max($0, $1.size) }
        var half = line.height / 2
        for index in indices {
            half = max(half, FormulaPlacement.halfHeight(of: paragraph.formulas[index].box, textSize: textSize,
                                                         ascender: ascender, descender: descender))
        }
        let height = 2 * half
        let baseline = half + FormulaPlacement.baselineBelowMiddle(textSize: textSize, ascender: ascender, descender: descender)
        // The text before each formula, measured from the line's start, one stretch after another.
        let bounds = [line.range.lowerBound] + indices.map { paragraph.formulas[$0].range.lowerBound }
        let steps = segmenter.widths(of: zip(bounds, bounds.dropFirst()).map { $0..<$1 }, of: paragraph, text: text)
        let units = Array(line.string.utf16)
        let spans = indices.map { index -> Range<Int> in
            let range = paragraph.formulas[index].range
            let start = line.prefixUnits + LineRunCollector.utf16Count(text, line.range.lowerBound..<range.lowerBound)
            return start..<(start + LineRunCollector.utf16Count(text, range))
        }
        // A renderer stretches the spaces of a justified line (not those of a formula's text,
        // which it does not draw) alike.
        func isSpace(_ unit: Int) -> Bool {
            (units[unit] == 0x20 || units[unit] == 0xA0) && !spans.contains { $0.contains(unit) }
        }
        let spaces = units.indices.filter(isSpace)
        let stretch = line.width != natural && !spaces.isEmpty ? (line.width - natural) / Double(spaces.count) : 0
        var placed: [SetFormula] = []
        var sum = line.prefixWidth
        for (k, index) in indices.enumerated() {
            sum += steps[k]
            let formula = paragraph.formulas[index]
            var offset = sum + stretch * Double(spaces.filter { $0 < spans[k].lowerBound }.count)
            // A right-to-left line is drawn from its right edge.
            if rightToLeft { offset = line.width - offset - formula.box.width }
            placed.append(SetFormula(start: spans[k].lowerBound, length: spans[k].count, offset: offset, baseline: baseline,
                                     formula: formula))
        }
        return (placed, height)
    }
}
