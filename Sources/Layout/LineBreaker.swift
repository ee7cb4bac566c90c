/// A piece of a paragraph between two break opportunities: a word and the spaces after it, in
/// UTF-8 offsets of the paragraph's text.
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

    var hasVisibleText: Bool { visibleEnd > start }
}

/// A line made of consecutive segments; `width` leaves out the spaces at its end.
struct LineSpan: Equatable {
    var segments: Range<Int>
    var width: Double
}

/// Chooses where a paragraph's lines end. A protocol so that a total-fit breaker can replace the
/// greedy one without touching measuring or pagination.
protocol LineBreaking {
    /// Lines no wider than `firstLineWidth` (the first) and `otherLineWidth` (the rest), except
    /// where a single segment is wider on its own.
    func lines(for segments: [Segment], firstLineWidth: Double, otherLineWidth: Double) -> [LineSpan]
}

/// First fit: each line takes segments until the next would not fit.
struct GreedyLineBreaker: LineBreaking {
    /// Widths are sums of floating-point advances: forgive rounding in the last bits.
    static let tolerance = 1e-9

    func lines(for segments: [Segment], firstLineWidth: Double, otherLineWidth: Double) -> [LineSpan] {
        var lines: [LineSpan] = []
        var start = 0
        // Advance of the line so far with all its spaces, and up to its last visible character.
        var full = 0.0
        var visible = 0.0
        for (i, segment) in segments.enumerated() {
            let available = lines.isEmpty ? firstLineWidth : otherLineWidth
            var candidate = segment.hasVisibleText ? full + segment.visibleWidth : visible
            if i > start, candidate > available + Self.tolerance {
                lines.append(LineSpan(segments: start..<i, width: visible))
                start = i
                full = 0
                visible = 0
                candidate = segment.visibleWidth
            }
            full += segment.visibleWidth + segment.spaceWidth
            visible = candidate
            if segment.forcesBreak {
                lines.append(LineSpan(segments: start..<(i + 1), width: visible))
                start = i + 1
                full = 0
                visible = 0
            }
        }
        if start < segments.count {
            lines.append(LineSpan(segments: start..<segments.count, width: visible))
        }
        return lines
    }
}
