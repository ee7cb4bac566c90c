/// Total fit (Knuth and Plass): chooses all of a paragraph's breaks together, so that the sum
/// of the lines' demerits is least. A line that first fit would leave very loose is avoided by
/// setting the lines before it a little differently.
///
/// Boxes are the segments' visible text, glue the spaces after them, penalties the hyphenation
/// points and forced breaks. Spaces never shrink, so a line's natural width always fits its
/// box: a renderer that cannot justify, or justifies only by widening (browsers, Core Text),
/// still fits every line. To make up for it they stretch further than TeX's (which shrink by a
/// third and stretch by half): at badness 100 a space is twice its width.
///
/// The search keeps, for each place a line may end, the best ways found to get there: one per
/// fitness class and per count of hyphenated lines just before it. A way stays active only
/// while a line starting from it could still fit; since nothing shrinks, a line that overflows
/// only overflows more as it grows, so the way is dropped then and no active way is ever more
/// than a line back. The cost is the paragraph's length times the ways open across one line,
/// capped at `maximumActive` (a column of tiny break opportunities would have many).
struct TotalFitLineBreaker: LineBreaking {
    /// How far a space may stretch, as a share of its width, at badness 100.
    static let spaceStretch = 1.0
    /// TeX's defaults but one: a cost per line (fewer lines are better), the cost of a hyphen
    /// (TeX's is 50; at 100 moby-dick hyphenates a fifth fewer lines for spaces hardly looser),
    /// extra demerits for two hyphenated lines in a row, for a hyphen ending the next-to-last
    /// line, and for a very loose line next to a decent one (TeX's \adjdemerits).
    static let linePenalty = 10.0
    static let hyphenPenalty = 100.0
    static let consecutiveHyphenDemerits = 10_000.0
    static let finalHyphenDemerits = 5_000.0
    static let fitnessDemerits = 10_000.0
    /// At most this many lines in a row may end in an inserted hyphen (counting the text's own
    /// hyphens among them): TeX's typographers' rule of two.
    var maximumHyphenatedInARow = 2
    /// Badness of a line that does not fill its width and has no space to stretch, and the most
    /// any line counts: far worse than any line with spaces, yet finite, so that among bad
    /// choices the least bad still wins.
    static let worstBadness = 1e7
    /// Ways kept open at most; past this the costliest are dropped.
    static let maximumActive = 240

    private struct Node {
        /// The first segment of the line after this break.
        var position: Int
        var fitness: Int
        /// Lines ending in a hyphen just before this break, this one included (capped).
        var streak: Int
        /// The line ending here ends in an inserted hyphen / in any hyphen.
        var hyphenated: Bool
        var flagged: Bool
        var total: Double
        /// The node this line starts from; -1 for the paragraph's start.
        var previous: Int
        /// The natural width of the line ending here.
        var width: Double
    }

    private struct Candidate {
        var total: Double
        var from: Int
        var width: Double
    }

    /// Fitness classes: very loose, loose, decent (no tight: nothing shrinks).
    private static let fitnessClasses = 3
    private static let decent = 2

    func lines(for segments: [Segment], in measure: LineMeasure, tolerance: Double?) -> [LineSpan]? {
        let count = segments.count
        guard count > 0 else { return [] }

        // Advance and stretch of segments 0..<k with their spaces, and the last segment up to k
        // that shows anything, so that any line's width is two lookups.
        let (advance, stretch, lastVisible) = Self.prefixSums(of: segments, justified: measure.justified)
        func naturalWidth(from start: Int, through end: Int) -> Double {
            let last = lastVisible[end]
            guard last >= start else { return 0 }
            return advance[last] - advance[start] + segments[last].visibleWidth
        }

        var nodes = [Node(position: 0, fitness: Self.decent, streak: 0, hyphenated: false, flagged: false,
                          total: 0, previous: -1, width: 0)]
        var active = [0]
        let slots = Self.fitnessClasses * (maximumHyphenatedInARow + 1)
        var candidates = [Candidate?](repeating: nil, count: slots)
        // The cheapest way to each segment for each count of hyphenated lines in a row: made once
        // and reset per segment, since an array a segment was most of the breaker's allocations.
        var best = [Double](repeating: .infinity, count: maximumHyphenatedInARow + 1)

        for j in 0..<count {
            let segment = segments[j]
            let isLast = j == count - 1
            let forced = isLast || segment.forcesBreak
            let atHyphen = segment.isHyphenationPoint && !forced
            let flagged = !forced && (atHyphen || segment.endsWithHyphen)
            let penalty = atHyphen ? Self.hyphenPenalty : 0
            for slot in 0..<slots { candidates[slot] = nil }
            for streak in best.indices { best[streak] = .infinity }
            // The cheapest way dropped here, for when no way is left at all.
            var dropped: Int?
            var kept = 0

            // By index: iterating the array itself would hold a second reference to it, and
            // the compaction below would then copy it on every segment.
            for i in 0..<active.count {
                let a = active[i]
                let node = nodes[a]
                let available = node.previous < 0 ? measure.firstLineWidth : measure.otherLineWidth
                let natural = naturalWidth(from: node.position, through: j)
                if natural > available + widthTolerance, j > node.position {
                    if dropped.map({ node.total < nodes[$0].total }) ?? true { dropped = a }
                    continue
                }
                active[kept] = a
                kept += 1

                let width = natural + (atHyphen ? segment.hyphenWidth : 0)
                if width > available + widthTolerance, j > node.position { continue }
                if atHyphen, node.streak >= maximumHyphenatedInARow { continue }
                let badness: Double
                if forced {
                    badness = 0
                } else {
                    // A justified line of several pieces and no space (Chinese, Japanese) can't
                    // stretch: it is judged as a ragged one, so it still fills what it can.
                    let spaces = stretch[j] - stretch[node.position]
                    let room = measure.justified && (spaces > 0 || j == node.position) ? spaces : measure.raggedStretch
                    badness = Self.badness(slack: available - width, stretch: room)
                }
                if let tolerance, badness > tolerance { continue }
                let fitness = Self.fitness(of: badness)
                var demerits = (Self.linePenalty + badness) * (Self.linePenalty + badness) + penalty * penalty
                if flagged, node.flagged { demerits += Self.consecutiveHyphenDemerits }
                if abs(fitness - node.fitness) > 1 { demerits += Self.fitnessDemerits }
                if isLast, node.hyphenated { demerits += Self.finalHyphenDemerits }
                let total = node.total + demerits
                let streak = flagged ? min(node.streak + 1, maximumHyphenatedInARow) : 0
                let slot = fitness * (maximumHyphenatedInARow + 1) + streak
                if total < candidates[slot]?.total ?? .infinity {
                    candidates[slot] = Candidate(total: total, from: a, width: width)
                }
                best[streak] = min(best[streak], total)
            }
            active.removeLast(active.count - kept)
            // Nothing carries past a forced break.
            if forced { active.removeAll() }

            if best.contains(where: { $0 < .infinity }) {
                // As TeX does, a fitness class is kept only if its adjacency demerits could still
                // make it win; ways with different hyphen counts are not compared, since one may be
                // barred from a hyphen the other may take.
                for slot in 0..<slots {
                    let streak = slot % (maximumHyphenatedInARow + 1)
                    guard let candidate = candidates[slot], candidate.total <= best[streak] + Self.fitnessDemerits else { continue }
                    nodes.append(Node(position: j + 1, fitness: slot / (maximumHyphenatedInARow + 1), streak: streak,
                                      hyphenated: atHyphen, flagged: flagged, total: candidate.total,
                                      previous: candidate.from, width: candidate.width))
                    active.append(nodes.count - 1)
                }
            } else if active.isEmpty {
                if tolerance != nil { return nil }
                // No line can end here and none can go on: set an overfull line from the way
                // that ran out last, rather than fail.
                let from = dropped ?? 0
                nodes.append(Node(position: j + 1, fitness: Self.decent, streak: 0, hyphenated: false, flagged: false,
                                  total: nodes[from].total + Self.worstBadness * Self.worstBadness,
                                  previous: from, width: naturalWidth(from: nodes[from].position, through: j)))
                active.append(nodes.count - 1)
            }
            if active.count > Self.maximumActive {
                active.sort { nodes[$0].total < nodes[$1].total }
                active.removeLast(active.count - Self.maximumActive * 3 / 4)
            }
        }

        // Every way left ends the paragraph: take the cheapest, and walk back to its start.
        guard var node = active.min(by: { nodes[$0].total < nodes[$1].total }) else { return nil }
        var spans: [LineSpan] = []
        while nodes[node].previous >= 0 {
            let end = nodes[node]
            spans.append(LineSpan(segments: nodes[end.previous].position..<end.position, width: end.width,
                                  hyphenated: end.hyphenated))
            node = end.previous
        }
        return spans.reversed()
    }

    /// Made before the search and held in constants: arrays the search's nested function
    /// captured as variables would be read through a heap box.
    private static func prefixSums(of segments: [Segment], justified: Bool) -> (advance: [Double], stretch: [Double], lastVisible: [Int]) {
        var advance = [Double](repeating: 0, count: segments.count + 1)
        var stretch = [Double](repeating: 0, count: segments.count + 1)
        var lastVisible = [Int](repeating: -1, count: segments.count)
        for (k, segment) in segments.enumerated() {
            advance[k + 1] = advance[k] + segment.visibleWidth + segment.spaceWidth
            stretch[k + 1] = stretch[k] + (justified ? segment.spaceWidth * spaceStretch : 0)
            lastVisible[k] = segment.hasVisibleText ? k : (k > 0 ? lastVisible[k - 1] : -1)
        }
        return (advance, stretch, lastVisible)
    }

    /// TeX's badness: 100 times the cube of how far the spaces stretch (1 = as far as they should).
    static func badness(slack: Double, stretch: Double) -> Double {
        if slack <= widthTolerance { return 0 }
        guard stretch > 0 else { return worstBadness }
        let ratio = slack / stretch
        return min(100 * ratio * ratio * ratio, worstBadness)
    }

    /// Very loose (0), loose (1) or decent (2), at TeX's thresholds.
    private static func fitness(of badness: Double) -> Int {
        badness > 99 ? 0 : (badness > 12 ? 1 : decent)
    }
}
