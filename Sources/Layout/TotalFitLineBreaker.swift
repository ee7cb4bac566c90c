import Foundation
import ProcessMemory

/// Total fit (Knuth and Plass): chooses all of a paragraph's breaks together, so that the sum
/// of the lines' demerits is least. A line that first fit would leave very loose is avoided by
/// setting the lines before it a little differently.
///
/// Boxes are the segments' visible text, glue the spaces after them, penalties the hyphenation
/// points and forced breaks. A justified line's spaces stretch by half their width and shrink by
/// a third at badness 100, TeX's proportions (its space of a third of an em stretches by a sixth
/// and shrinks by a ninth): a line may take a word more by setting its spaces closer, where
/// spaces that only stretched left it loose. A line that is not filled (a paragraph's last, one
/// ended by a forced break, a ragged one) never shrinks, so its natural width fits its box.
/// Where the text may be drawn wider (`LineMeasure.expansion`), a justified line with spaces
/// stretches by that share of its width too, as pdfTeX counts font expansion beside the glue.
///
/// The search keeps, for each place a line may end, the best ways found to get there: one per
/// fitness class and per count of hyphenated lines just before it. A way stays active only
/// while a line starting from it could still fit, shrunk as far as it may; a line that can't
/// only overflows more as it grows (each piece adds more width than its space may give back),
/// so the way is dropped then and no active way is ever more than a line back. The cost is the
/// paragraph's length times the ways open across one line, capped at `maximumActive` (a column
/// of tiny break opportunities would have many).
struct TotalFitLineBreaker: LineBreaking {
    /// How far a justified line's space may stretch and shrink, as a share of its width, at
    /// badness 100. It never shrinks further.
    static let spaceStretch = 0.5
    static let spaceShrink = 1.0 / 3
    /// TeX's defaults but one: a cost per line (fewer lines are better), the cost of a hyphen
    /// (TeX's is 50; at 100 moby-dick hyphenates a fifth fewer lines for spaces hardly looser),
    /// extra demerits for two hyphenated lines in a row, for a hyphen ending the next-to-last
    /// line, and for a very loose line next to a decent one (TeX's \adjdemerits).
    static let linePenalty = 10.0
    static let hyphenPenalty = 100.0
    static let consecutiveHyphenDemerits = 10_000.0
    static let finalHyphenDemerits = 5_000.0
    static let fitnessDemerits = 10_000.0
    /// Extra demerits for a paragraph whose last line is one word alone (a runt) under lines
    /// above it: what a line with its spaces at 1.6 times their width costs, so any setting
    /// within the passes' tolerances that takes a second word down is taken instead.
    static let runtDemerits = 50_000.0
    /// At most this many lines in a row may end in an inserted hyphen (counting the text's own
    /// hyphens among them): TeX's typographers' rule of two. The pass without a tolerance allows
    /// one more: a third hyphen is better than a line with its spaces at three times their width,
    /// which is what a narrow column otherwise gets where three long words come in a row.
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
        /// The index of the line after this break.
        var line: Int
        /// The natural width of the line ending here.
        var width: Double
        /// For the line after this break, which every later segment measures: the prefix sums
        /// at its start, and the width it may fill.
        var startAdvance: Double
        var startStretch: Double
        var startShrink: Double
        var available: Double
    }

    /// Fitness classes: very loose, loose, decent, tight.
    private static let fitnessClasses = 4
    private static let decent = 2

    func lines(for segments: [Segment], in measure: LineMeasure, tolerance: Double?) -> [LineSpan]? {
        let sums = Self.prefixSums(of: segments, justified: measure.justified, shrinks: measure.shrinks)
        guard tolerance == nil else {
            return search(segments, sums, in: measure, tolerance: tolerance, inARow: maximumHyphenatedInARow)?.spans
        }
        let inARow = maximumHyphenatedInARow + 1
        // With no tolerance every way stays open until its line overflows: this pass cost many
        // times a tolerance pass per segment. Most paragraphs that come to it have a setting
        // whose lines are all within a loose tolerance, and then that setting is the answer: any
        // setting with a worse line costs more than (linePenalty + tolerance)² for that line
        // alone. So a search within that tolerance goes first, and its answer stands when it
        // costs less. Below that cost both searches weigh the same ways in the same order; they
        // can differ only where the search without a tolerance is cut down to `maximumActive`
        // ways (the bounded answer is then the cheaper), or the bounded one is (then the full
        // search runs).
        let bound = (Self.linePenalty + Self.lastPassBound) * (Self.linePenalty + Self.lastPassBound)
        if let bounded = search(segments, sums, in: measure, tolerance: Self.lastPassBound, inARow: inARow), !bounded.cutDown,
           bounded.total < bound {
            return bounded.spans
        }
        return search(segments, sums, in: measure, tolerance: nil, inARow: inARow)?.spans
    }

    /// The tolerance tried first when none is given (`lines(for:in:tolerance:)`).
    static let lastPassBound = 3_000.0

    /// The cheapest breaks found, their cost, and whether the ways were ever cut down to
    /// `maximumActive` (when the answer may not be the cheapest there is).
    private struct Search {
        var spans: [LineSpan]
        var total: Double
        var cutDown: Bool
    }

    /// `inARow`: the most lines in a row that may end in a hyphen.
    private func search(_ segments: [Segment], _ sums: PrefixSums, in measure: LineMeasure, tolerance: Double?,
                        inARow: Int) -> Search? {
        let count = segments.count
        guard count > 0 else { return Search(spans: [], total: 0, cutDown: false) }

        // Advance and stretch of segments 0..<k with their spaces, and the last segment up to k
        // that shows anything, so that any line's width is two lookups.
        let (advance, stretch, shrink, lastVisible) = sums
        func naturalWidth(from start: Int, through end: Int) -> Double {
            let last = lastVisible[end]
            guard last >= start else { return 0 }
            return advance[last] - advance[start] + segments[last].visibleWidth
        }
        var nodes = NodeBuffer(capacity: count + 16)
        defer { nodes.deallocate() }
        func node(position: Int, fitness: Int, streak: Int, hyphenated: Bool, flagged: Bool, total: Double,
                  previous: Int, width: Double) -> Node {
            let line = previous < 0 ? 0 : nodes[previous].line + 1
            return Node(position: position, fitness: fitness, streak: streak, hyphenated: hyphenated, flagged: flagged,
                        total: total, previous: previous, line: line, width: width,
                        startAdvance: advance[position], startStretch: stretch[position],
                        startShrink: shrink[position], available: measure.width(ofLine: line))
        }
        let justified = measure.justified
        let expansion = measure.expansion
        let raggedStretch = measure.raggedStretch
        // Past the first line every line is as wide, unless some are beside a float: only then
        // does a later way's line have the width of an earlier one's.
        let uniform = measure.narrowing.isEmpty
        // Most of the ways a tolerance pass weighs are lines still too short to keep. They are
        // told from their slack and stretch alone, without the division and cube of a badness:
        // too loose when slack > stretch × ∛(tolerance / 100), taken a hair over so that no line
        // at the edge is judged otherwise than by its badness.
        let looseRatio = tolerance.map { cbrt($0 / 100) * (1 + 1e-9) } ?? .infinity

        nodes.append(node(position: 0, fitness: Self.decent, streak: 0, hyphenated: false, flagged: false,
                          total: 0, previous: -1, width: 0))
        let streaks = inARow + 1
        let slots = Self.fitnessClasses * streaks
        // The search's working sets, each of a bounded size, held in buffers of their own: array
        // writes in the inner loop cost a uniqueness check each, and this loop runs once per
        // segment and open way (three million times on a long novel). The active ways are at most
        // `maximumActive` plus the ways one segment adds. The cheapest way to this segment per
        // slot (fitness class and hyphens in a row), and per count of hyphens in a row, are set
        // back only after a segment where a line could end.
        let active = UnsafeMutableBufferPointer<Int>.allocate(capacity: Self.maximumActive + slots + 1)
        let candidateTotal = UnsafeMutableBufferPointer<Double>.allocate(capacity: slots)
        let candidateFrom = UnsafeMutableBufferPointer<Int>.allocate(capacity: slots)
        let candidateWidth = UnsafeMutableBufferPointer<Double>.allocate(capacity: slots)
        let best = UnsafeMutableBufferPointer<Double>.allocate(capacity: streaks)
        // The slots given a candidate at this segment, so that only they are read and set back:
        // one or two of the nine, most often.
        let touched = UnsafeMutableBufferPointer<Int>.allocate(capacity: slots)
        var touchedCount = 0
        defer {
            touched.deallocate()
            active.deallocate()
            candidateTotal.deallocate()
            candidateFrom.deallocate()
            candidateWidth.deallocate()
            best.deallocate()
        }
        candidateTotal.initialize(repeating: .infinity)
        candidateFrom.initialize(repeating: -1)
        candidateWidth.initialize(repeating: 0)
        best.initialize(repeating: .infinity)
        active[0] = 0
        var activeCount = 1
        // The open ways are listed by where their lines start (each segment adds its ways at the
        // end, and dropping keeps the order) until too many are cut down by cost.
        var inPositionOrder = true

        for j in 0..<count {
            // Past the memory bound the search gives up: the conversion is refused (`MemoryWatch`).
            if j & 4095 == 4095, MemoryWatch.isOver { return nil }
            let segment = segments[j]
            let isLast = j == count - 1
            let forced = isLast || segment.forcesBreak
            let atHyphen = segment.isHyphenationPoint && !forced
            let flagged = !forced && (atHyphen || segment.endsWithHyphen)
            let penalty = atHyphen ? Self.hyphenPenalty : forced ? 0 : segment.breakPenalty
            let hyphenWidth = atHyphen ? segment.hyphenWidth : 0
            // Every line measured here ends at the same segment.
            let last = lastVisible[j]
            let lastAdvance = last >= 0 ? advance[last] : 0
            let lastWidth = last >= 0 ? segments[last].visibleWidth : 0
            let endTrim = last >= 0 && !atHyphen ? segments[last].endTrim : 0
            let endStretch = stretch[j]
            // What the spaces between the line's pieces may give back ends at its last piece that
            // shows: spaces after it are not in the line.
            let endShrink = last >= 0 ? shrink[last] : 0
            // The cheapest way dropped here, for when no way is left at all.
            var dropped = -1
            var droppedTotal = Double.infinity
            var kept = 0
            var found = false

            // Read through a plain pointer, so that the loop's counters stay in registers.
            let ways = nodes.base
            var i = 0
            while i < activeCount {
                let a = active[i]
                let node = ways[a]
                i &+= 1
                let available = node.available
                let natural = last >= node.position ? lastAdvance - node.startAdvance + lastWidth : 0
                // What the line's spaces may give back, shrunk as far as they may.
                let shrinkable = last >= node.position ? endShrink - node.startShrink : 0
                if natural - endTrim - shrinkable > available + widthTolerance, j > node.position {
                    if dropped < 0 || node.total < droppedTotal { dropped = a; droppedTotal = node.total }
                    continue
                }
                active[kept] = a
                kept &+= 1

                let width = natural + hyphenWidth - (natural > available + widthTolerance ? endTrim : 0)
                if width - (forced ? 0 : shrinkable) > available + widthTolerance, j > node.position { continue }
                if atHyphen, node.streak >= inARow { continue }
                let badness: Double
                if forced {
                    badness = 0
                } else {
                    // A justified line of several pieces and no space (Chinese, Japanese) can't
                    // stretch: it is judged as a ragged one, so it still fills what it can. One
                    // that is a single word cut at hyphenation points can't either, and is no
                    // ragged line: a word alone on a line inside a paragraph (TeX's underfull box).
                    let spaces = endStretch - node.startStretch
                    let room = !justified ? raggedStretch
                        : spaces > 0 ? spaces + expansion * width
                        : Self.isOneWord(segments, from: node.position, through: j) ? 0 : raggedStretch
                    let slack = available - width
                    if slack < -widthTolerance {
                        // Its spaces shrink; a line of one piece wider than the measure has none,
                        // and can't be helped.
                        badness = shrinkable > 0 ? Self.badness(slack: -slack, stretch: shrinkable) : 0
                    } else if slack > widthTolerance, slack > room * looseRatio {
                        if inPositionOrder, uniform, node.previous >= 0, !justified || spaces > 0 {
                            // Every later way is looser still (its line is shorter and has no more
                            // space to stretch): kept without a look, but those whose line has no
                            // space at all, which a justified paragraph judges as ragged. Most of
                            // the ways a tolerance pass meets are passed over so.
                            var end = activeCount
                            if justified {
                                while end > i, ways[active[end &- 1]].startStretch >= endStretch { end &-= 1 }
                            }
                            while i < end {
                                active[kept] = active[i]
                                kept &+= 1
                                i &+= 1
                            }
                        }
                        continue
                    } else {
                        badness = Self.badness(slack: slack, stretch: room)
                    }
                }
                if let tolerance, badness > tolerance { continue }
                let fitness = Self.fitness(of: badness, shrinking: width > available)
                var demerits = (Self.linePenalty + badness) * (Self.linePenalty + badness) + penalty * penalty
                if flagged, node.flagged { demerits += Self.consecutiveHyphenDemerits }
                if abs(fitness &- node.fitness) > 1 { demerits += Self.fitnessDemerits }
                if isLast, node.hyphenated { demerits += Self.finalHyphenDemerits }
                if isLast, node.previous >= 0, j == node.position || Self.isOneWord(segments, from: node.position, through: j) {
                    demerits += Self.runtDemerits
                }
                let total = node.total + demerits
                let streak = flagged ? min(node.streak &+ 1, inARow) : 0
                let slot = fitness &* streaks &+ streak
                if total < candidateTotal[slot] {
                    if candidateFrom[slot] < 0 {
                        touched[touchedCount] = slot
                        touchedCount &+= 1
                    }
                    candidateTotal[slot] = total
                    candidateFrom[slot] = a
                    candidateWidth[slot] = width
                }
                if total < best[streak] { best[streak] = total }
                found = true
            }
            activeCount = kept
            // Nothing carries past a forced break.
            if forced { activeCount = 0 }

            if found {
                // As TeX does, a fitness class is kept only if its adjacency demerits could still
                // make it win; ways with different hyphen counts are not compared, since one may be
                // barred from a hyphen the other may take.
                // The slots given a candidate, in order (fitness class, then hyphens in a row), as
                // the ways are added in that order.
                var given = UnsafeMutableBufferPointer(rebasing: touched[0..<touchedCount])
                if touchedCount > 1 { given.sort() }
                for slot in given {
                    let fitness = slot / streaks
                    let streak = slot - fitness * streaks
                    guard candidateTotal[slot] <= best[streak] + Self.fitnessDemerits else { continue }
                    nodes.append(node(position: j + 1, fitness: fitness, streak: streak,
                                      hyphenated: atHyphen, flagged: flagged, total: candidateTotal[slot],
                                      previous: candidateFrom[slot], width: candidateWidth[slot]))
                    active[activeCount] = nodes.count - 1
                    activeCount += 1
                }
                for slot in given {
                    candidateFrom[slot] = -1
                    candidateTotal[slot] = .infinity
                    best[slot % streaks] = .infinity
                }
                touchedCount = 0
            } else if activeCount == 0 {
                if tolerance != nil { return nil }
                // No line can end here and none can go on: set an overfull line from the way
                // that ran out last, rather than fail.
                let from = max(dropped, 0)
                nodes.append(node(position: j + 1, fitness: Self.decent, streak: 0, hyphenated: false, flagged: false,
                                  total: nodes[from].total + Self.worstBadness * Self.worstBadness,
                                  previous: from, width: naturalWidth(from: nodes[from].position, through: j)))
                active[activeCount] = nodes.count - 1
                activeCount += 1
            }
            if activeCount > Self.maximumActive {
                var open = UnsafeMutableBufferPointer(rebasing: active[0..<activeCount])
                let ways = nodes.base
                open.sort { ways[$0].total < ways[$1].total }
                activeCount = Self.maximumActive * 3 / 4
                inPositionOrder = false
            }
        }

        // Every way left ends the paragraph: take the cheapest, and walk back to its start.
        guard var node = active[0..<activeCount].min(by: { nodes[$0].total < nodes[$1].total }) else { return nil }
        let total = nodes[node].total
        var spans: [LineSpan] = []
        while nodes[node].previous >= 0 {
            let end = nodes[node]
            spans.append(LineSpan(segments: nodes[end.previous].position..<end.position, width: end.width,
                                  hyphenated: end.hyphenated))
            node = end.previous
        }
        return Search(spans: spans.reversed(), total: total, cutDown: !inPositionOrder)
    }

    /// The ways found so far, in memory of the search's own, grown as a segment adds ways. Nodes
    /// hold no references, so nothing needs deinitializing.
    private struct NodeBuffer {
        private(set) var base: UnsafeMutablePointer<Node>
        private(set) var count = 0
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        subscript(index: Int) -> Node { base[index] }

        mutating func append(_ node: Node) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Node>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: base, count: count)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            (base + count).initialize(to: node)
            count += 1
        }

        func deallocate() { base.deallocate() }
    }

    /// Made once per paragraph, for all its searches, and held in constants: arrays the search's
    /// nested function captured as variables would be read through a heap box.
    private typealias PrefixSums = (advance: [Double], stretch: [Double], shrink: [Double], lastVisible: [Int])

    private static func prefixSums(of segments: [Segment], justified: Bool, shrinks: Bool) -> PrefixSums {
        var advance = [Double](repeating: 0, count: segments.count + 1)
        var stretch = [Double](repeating: 0, count: segments.count + 1)
        var shrink = [Double](repeating: 0, count: segments.count + 1)
        var lastVisible = [Int](repeating: -1, count: segments.count)
        for (k, segment) in segments.enumerated() {
            advance[k + 1] = advance[k] + segment.visibleWidth + segment.spaceWidth
            stretch[k + 1] = stretch[k] + (justified ? segment.spaceWidth * spaceStretch : 0)
            shrink[k + 1] = shrink[k] + (justified && shrinks ? segment.spaceWidth * spaceShrink : 0)
            lastVisible[k] = segment.hasVisibleText ? k : (k > 0 ? lastVisible[k - 1] : -1)
        }
        return (advance, stretch, shrink, lastVisible)
    }

    /// Whether segments `start...end` are one word: each but the last ends inside it, at a
    /// hyphenation point or a hyphen of its own (`fifteen-year-old`). Looked at only for a line
    /// with no space, and read from its end, so that a line of Chinese or Japanese (whose last
    /// boundary is neither) costs one look.
    static func isOneWord(_ segments: [Segment], from start: Int, through end: Int) -> Bool {
        var k = end - 1
        while k >= start {
            if !segments[k].isHyphenationPoint, !segments[k].endsWithHyphen || segments[k].spaceWidth > 0 { return false }
            k -= 1
        }
        return true
    }

    /// TeX's badness: 100 times the cube of how far the spaces stretch (1 = as far as they
    /// should); for a line that shrinks, `slack` is what its spaces give back and `stretch` what
    /// they may.
    static func badness(slack: Double, stretch: Double) -> Double {
        if slack <= widthTolerance { return 0 }
        guard stretch > 0 else { return worstBadness }
        let ratio = slack / stretch
        return min(100 * ratio * ratio * ratio, worstBadness)
    }

    /// Very loose (0), loose (1), decent (2) or tight (3), at TeX's thresholds.
    static func fitness(of badness: Double, shrinking: Bool) -> Int {
        shrinking ? (badness > 12 ? 3 : decent) : badness > 99 ? 0 : (badness > 12 ? 1 : decent)
    }
}
