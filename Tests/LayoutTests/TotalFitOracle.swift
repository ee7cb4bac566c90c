@testable import Layout

/// The cost total fit minimizes, found the plain way: every line from every place a line may
/// start, every fitness class and count of hyphenated lines in a row kept apart, with none of the
/// search's shortcuts (no way left unlooked at, no bounded first pass, no way dropped for its
/// cost). Quadratic in a line's length, so for paragraphs of words, not columns of tiny pieces.
/// A test holds the search's answer against it: the cheapest there is, at the same cost.
struct TotalFitOracle {
    let segments: [Segment]
    let measure: LineMeasure
    let tolerance: Double?
    /// The rule of two, and of three without a tolerance.
    var maximumHyphenatedInARow: Int { tolerance == nil ? 3 : 2 }
    private let advance: [Double]
    private let stretch: [Double]
    private let shrink: [Double]

    private typealias Breaker = TotalFitLineBreaker
    private static let decent = 2

    init(segments: [Segment], measure: LineMeasure, tolerance: Double?) {
        self.segments = segments
        self.measure = measure
        self.tolerance = tolerance
        // A line's width is a difference of sums of the advances, as the search takes it, so
        // that a line at the very edge of its box is judged the same by both.
        var advance = [0.0], stretch = [0.0], shrink = [0.0]
        for segment in segments {
            advance.append(advance[advance.count - 1] + segment.visibleWidth + segment.spaceWidth)
            stretch.append(stretch[stretch.count - 1] + (measure.justified ? segment.spaceWidth * Breaker.spaceStretch : 0))
            shrink.append(shrink[shrink.count - 1] + (measure.justified && measure.shrinks ? segment.spaceWidth * Breaker.spaceShrink : 0))
        }
        self.advance = advance
        self.stretch = stretch
        self.shrink = shrink
    }

    /// Where a line ending after segment `end` stands.
    private func isForced(_ end: Int) -> Bool { end == segments.count - 1 || segments[end].forcesBreak }
    private func endsAtHyphen(_ end: Int) -> Bool { segments[end].isHyphenationPoint && !isForced(end) }
    private func isFlagged(_ end: Int) -> Bool { !isForced(end) && (endsAtHyphen(end) || segments[end].endsWithHyphen) }

    /// The natural width of the segments `start...end`: up to the end of the last that shows.
    private func naturalWidth(from start: Int, through end: Int) -> Double {
        guard let last = (start...end).last(where: { segments[$0].hasVisibleText }) else { return 0 }
        return advance[last] - advance[start] + segments[last].visibleWidth
    }

    /// What the spaces inside the line `start...end` may give back when it is filled: those
    /// between its pieces, up to the last that shows.
    private func shrinkable(from start: Int, through end: Int) -> Double {
        guard let last = (start...end).last(where: { segments[$0].hasVisibleText }) else { return 0 }
        return shrink[last] - shrink[start]
    }

    /// The line of segments `start...end`: its width, badness and whether it shrinks; nil when it
    /// may not be set (wider than its box even with its spaces shrunk as far as they may, with
    /// more than one piece, or past the tolerance). A line that is not filled never shrinks.
    func line(from start: Int, through end: Int) -> (width: Double, badness: Double, shrinks: Bool)? {
        let available = start == 0 ? measure.firstLineWidth : measure.otherLineWidth
        let width = naturalWidth(from: start, through: end) + (endsAtHyphen(end) ? segments[end].hyphenWidth : 0)
        let give = isForced(end) ? 0 : shrinkable(from: start, through: end)
        if width - give > available + widthTolerance, end > start { return nil }
        if width > available + widthTolerance, end > start {
            let ratio = (width - available) / give
            let badness = min(100 * ratio * ratio * ratio, Breaker.worstBadness)
            if let tolerance, badness > tolerance { return nil }
            return (width, badness, true)
        }
        var badness = 0.0
        if !isForced(end) {
            let spaces = stretch[end] - stretch[start]
            // A line of one word's pieces can't stretch; one of pieces with no space between
            // them (Chinese, Japanese) is judged as a ragged one.
            let oneWord = (start..<end).allSatisfy {
                segments[$0].isHyphenationPoint || (segments[$0].endsWithHyphen && segments[$0].spaceWidth == 0)
            }
            let room = measure.justified && (spaces > 0 || oneWord) ? spaces : measure.raggedStretch
            badness = Breaker.badness(slack: available - width, stretch: room)
        }
        if let tolerance, badness > tolerance { return nil }
        return (width, badness, false)
    }

    /// TeX's classes: very loose 0, loose 1, decent 2, tight 3 (a line shrunk past badness 12).
    private static func fitness(of badness: Double, shrinks: Bool) -> Int {
        shrinks ? (badness > 12 ? 3 : decent) : badness > 99 ? 0 : (badness > 12 ? 1 : decent)
    }

    /// A way to reach a place a line may start: the previous line's fitness class and how many
    /// lines before it in a row end in a hyphen.
    private struct State: Hashable {
        var fitness: Int
        var streak: Int
    }

    /// The demerits of the line `start...end` after a line of `state`, and the state after it;
    /// nil when the line may not follow it.
    private func step(from start: Int, through end: Int, after state: State) -> (demerits: Double, state: State, width: Double)? {
        guard let line = line(from: start, through: end) else { return nil }
        let atHyphen = endsAtHyphen(end)
        if atHyphen, state.streak >= maximumHyphenatedInARow { return nil }
        let fitness = Self.fitness(of: line.badness, shrinks: line.shrinks)
        let penalty = atHyphen ? Breaker.hyphenPenalty : 0
        var demerits = (Breaker.linePenalty + line.badness) * (Breaker.linePenalty + line.badness) + penalty * penalty
        if isFlagged(end), start > 0, isFlagged(start - 1) { demerits += Breaker.consecutiveHyphenDemerits }
        if abs(fitness - state.fitness) > 1 { demerits += Breaker.fitnessDemerits }
        if end == segments.count - 1, start > 0, endsAtHyphen(start - 1) { demerits += Breaker.finalHyphenDemerits }
        // A last line of one word (or of one word's pieces) under lines above it.
        if end == segments.count - 1, start > 0,
           (start..<end).allSatisfy({ segments[$0].spaceWidth == 0 && (segments[$0].isHyphenationPoint || segments[$0].endsWithHyphen) }) {
            demerits += Breaker.runtDemerits
        }
        let streak = isFlagged(end) ? min(state.streak + 1, maximumHyphenatedInARow) : 0
        return (demerits, State(fitness: fitness, streak: streak), line.width)
    }

    /// The least total demerits of any setting of the paragraph; nil when none may be set.
    func cheapest() -> Double? {
        guard !segments.isEmpty else { return 0 }
        var best = [[State: Double]](repeating: [:], count: segments.count + 1)
        best[0] = [State(fitness: Self.decent, streak: 0): 0]
        for end in segments.indices {
            var start = end
            while start >= 0 {
                // No line runs past a forced break, and once its pieces overflow the box shrunk, lines
                // starting earlier overflow more.
                if start < end, segments[start].forcesBreak { break }
                let available = start == 0 ? measure.firstLineWidth : measure.otherLineWidth
                if start < end, naturalWidth(from: start, through: end) - shrinkable(from: start, through: end)
                    > available + widthTolerance { break }
                for (state, total) in best[start] {
                    guard let step = step(from: start, through: end, after: state) else { continue }
                    best[end + 1][step.state] = min(best[end + 1][step.state] ?? .infinity, total + step.demerits)
                }
                start -= 1
            }
        }
        return best[segments.count].values.min()
    }

    /// The total demerits of `spans`, each line checked to be one that may be set with the width
    /// the search gave it; nil when one is not.
    func cost(of spans: [LineSpan]) -> Double? {
        var state = State(fitness: Self.decent, streak: 0)
        var total = 0.0
        var next = 0
        for span in spans {
            guard span.segments.lowerBound == next, !span.segments.isEmpty,
                  !segments[span.segments.dropLast()].contains(where: \.forcesBreak),
                  let step = step(from: span.segments.lowerBound, through: span.segments.upperBound - 1, after: state),
                  abs(step.width - span.width) < 1e-6, span.hyphenated == endsAtHyphen(span.segments.upperBound - 1)
            else { return nil }
            total += step.demerits
            state = step.state
            next = span.segments.upperBound
        }
        return next == segments.count ? total : nil
    }
}
