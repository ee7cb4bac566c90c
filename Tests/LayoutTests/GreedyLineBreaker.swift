@testable import Layout

/// First fit: each line takes segments until the next would not fit, never looking back. It
/// is what the tests measure total fit (`TotalFitLineBreaker`) against; it ignores tolerance and
/// hyphenation points (give it unhyphenated segments).
struct GreedyLineBreaker: LineBreaking {
    func lines(for segments: [Segment], in measure: LineMeasure, tolerance: Double? = nil) -> [LineSpan]? {
        var lines: [LineSpan] = []
        var start = 0
        // Advance of the line so far with all its spaces, and up to its last visible character.
        var full = 0.0
        var visible = 0.0
        for (i, segment) in segments.enumerated() {
            let available = lines.isEmpty ? measure.firstLineWidth : measure.otherLineWidth
            var candidate = segment.hasVisibleText ? full + segment.visibleWidth : visible
            if i > start, candidate > available + widthTolerance {
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
