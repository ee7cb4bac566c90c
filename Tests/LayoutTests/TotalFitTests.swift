import BookModel
import Fonts
import Testing
@testable import Layout
import PageFormat

/// Total-fit line breaking on crafted segments of fixed widths, and on paragraphs far longer
/// than any book's.
@Suite struct TotalFitTests {
    /// A word of `width` followed by a space 4 wide (or none), at byte offsets of its own.
    private static func word(_ index: Int, _ width: Double, space: Double = 4, forced: Bool = false) -> Segment {
        Segment(start: index * 2, visibleEnd: index * 2 + 1, end: index * 2 + 2, visibleWidth: width,
                spaceWidth: space, forcesBreak: forced)
    }

    private static func justified(_ width: Double) -> LineMeasure {
        LineMeasure(firstLineWidth: width, otherLineWidth: width, justified: true, raggedStretch: 0)
    }

    /// First fit fills the first line exactly and leaves the second with one space stretched
    /// across 36 points; total fit moves the short word down and stretches both lines a little.
    @Test func avoidsTheVeryLooseLineFirstFitMakes() throws {
        let segments = [Self.word(0, 40), Self.word(1, 40), Self.word(2, 12), Self.word(3, 30), Self.word(4, 30),
                        Self.word(5, 40, space: 0)]
        let measure = Self.justified(100)
        let greedy = try #require(GreedyLineBreaker().lines(for: segments, in: measure))
        #expect(greedy.map(\.segments) == [0..<3, 3..<5, 5..<6])
        let total = try #require(TotalFitLineBreaker().lines(for: segments, in: measure, tolerance: nil))
        #expect(total.map(\.segments) == [0..<2, 2..<5, 5..<6])
        #expect(total.map(\.width) == [84, 80, 40])
    }

    @Test func withATolerancePoorParagraphsAreRefused() {
        // Two words that can only share a line with 60 points of slack across one space.
        let segments = [Self.word(0, 20), Self.word(1, 20), Self.word(2, 90, space: 0)]
        #expect(TotalFitLineBreaker().lines(for: segments, in: Self.justified(100), tolerance: 200) == nil)
        #expect(TotalFitLineBreaker().lines(for: segments, in: Self.justified(100), tolerance: nil)?.count == 2)
    }

    @Test func forcedBreaksEndLinesAndNothingCrossesThem() throws {
        let segments = [Self.word(0, 10), Self.word(1, 10, forced: true), Self.word(2, 10), Self.word(3, 10, space: 0)]
        let spans = try #require(TotalFitLineBreaker().lines(for: segments, in: Self.justified(100), tolerance: nil))
        #expect(spans.map(\.segments) == [0..<2, 2..<4])
    }

    @Test func aSegmentWiderThanTheLineStandsAloneInsteadOfFailing() throws {
        let segments = [Self.word(0, 10), Self.word(1, 150), Self.word(2, 10, space: 0)]
        let spans = try #require(TotalFitLineBreaker().lines(for: segments, in: Self.justified(100), tolerance: nil))
        #expect(spans.map(\.segments) == [0..<1, 1..<2, 2..<3])
    }

    /// Every word is two halves of 20 with a hyphenation point between: lines of exactly one
    /// second half, a space and a first half with its hyphen fill the measure perfectly, so
    /// without the limit every line ends in a hyphen. The last pass, which sets these lines,
    /// allows one more than the limit.
    @Test func noMoreThanTwoHyphenatedLinesInARow() throws {
        var segments: [Segment] = []
        for k in 0..<40 {
            segments.append(Segment(start: 4 * k, visibleEnd: 4 * k + 1, end: 4 * k + 1, visibleWidth: 20, spaceWidth: 0,
                                    forcesBreak: false, isHyphenationPoint: true, hyphenWidth: 4))
            segments.append(Self.word(2 * k + 1, 20, space: k == 39 ? 0 : 4))
        }
        func longestRun(_ breaker: TotalFitLineBreaker, tolerance: Double? = nil) throws -> Int {
            let spans = try #require(breaker.lines(for: segments, in: Self.justified(48), tolerance: tolerance))
            for span in spans { #expect(span.width <= 48 + 1e-9) }
            var run = 0, longest = 0
            for span in spans {
                run = span.hyphenated ? run + 1 : 0
                longest = max(longest, run)
            }
            return longest
        }
        #expect(try longestRun(TotalFitLineBreaker(maximumHyphenatedInARow: 100)) > 10)
        #expect(try longestRun(TotalFitLineBreaker()) == 3)
        #expect(try longestRun(TotalFitLineBreaker(maximumHyphenatedInARow: 1)) <= 2)
    }

    /// Ragged lines show their room, so the two breakers can be compared on it: total fit evens
    /// it out (the sum of its squares is smaller), which first fit never tries to.
    @Test func evensOutTheRoomFirstFitLeaves() throws {
        let options = TestBooks.options()
        let width = options.geometry.contentSize.width
        let segmenter = ParagraphSegmenter(fonts: try FontSet(font: options.font), measurer: TextMeasurer(language: "en"),
                                           finder: BreakOpportunityFinder(locale: "en"))
        // Without a hyphenator: neither breaker hyphenates.
        func setter(_ lineBreaker: any LineBreaking) -> ParagraphSetter {
            ParagraphSetter(segmenter: segmenter, lineBreaker: lineBreaker, hyphenator: nil, contentWidth: width,
                            bodySize: options.fontSize, bookLanguage: "en")
        }
        let totalFit = setter(TotalFitLineBreaker()), firstFit = setter(GreedyLineBreaker())
        let measure = LineMeasure(firstLineWidth: width, otherLineWidth: width, justified: false,
                                  raggedStretch: ParagraphSetter.raggedStretchEms * options.fontSize)
        var flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: options.fontSize * 1.4, alignment: .left)
        func roomSquared(_ setter: ParagraphSetter, _ paragraph: StyledParagraph) -> Double {
            paragraph.text.withUnsafeBufferPointer { text in
                setter.breakLines(paragraph, text: text, measure: measure).1.dropLast()
                    .reduce(0) { $0 + (width - $1.width) * (width - $1.width) }
            }
        }
        var total = 0.0, first = 0.0
        for seed in 0..<20 {
            let paragraph = try #require(flattener.flatten([TestBooks.paragraph(TestBooks.words(120, seed: UInt64(seed)))]).first)
            total += roomSquared(totalFit, paragraph)
            first += roomSquared(firstFit, paragraph)
        }
        #expect(total < first && total > 0)
    }

    /// A 200 000-character paragraph (BRIEF §4: a naive total fit took 31 s on that much) is set
    /// in one piece: every line fits, none is lost, and all but the last are justified. It is
    /// set by the last pass, which allows three hyphenated lines in a row.
    @Test func hugeParagraphIsSetWhole() throws {
        let options = TestBooks.options()
        let width = options.geometry.contentSize.width
        let left = options.geometry.margins.left
        var text = TestBooks.words(40_000, seed: 5)
        text = String(text.prefix(200_000))
        let lines = try Layouter(options: options).layout(TestBooks.book([[TestBooks.paragraph(text)]], language: "en"))
            .pages.flatMap(\.allLines)
        #expect(lines.count > 2_000)
        for line in lines { #expect(line.x - left + line.width <= width + TestBooks.precision) }
        #expect(lines.dropLast().allSatisfy { $0.isJustified })
        let shown = lines.map { $0.isHyphenated ? String($0.text.dropLast()) : $0.text + " " }.joined()
        #expect(shown.filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
        var inARow = 0
        for line in lines {
            inARow = line.isHyphenated ? inARow + 1 : 0
            #expect(inARow <= 3)
        }
    }

    /// Random paragraphs of every kind the search meets: words, hyphenation points, hyphens of
    /// the text, empty pieces, forced breaks, stretches without spaces; justified and ragged;
    /// and every twentieth a column of 3,000 tiny pieces, which opens more ways than are kept.
    private static func randomParagraphs(_ count: Int) -> [(round: Int, segments: [Segment], measure: LineMeasure)] {
        var random = SeededRandom(seed: 7)
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        return (0..<count).map { round in
            let tiny = round % 20 == 0
            var segments: [Segment] = []
            var spaced = true
            for k in 0..<(tiny ? 3_000 : 20 + next(200)) {
                // Every third paragraph alternates stretches with and without spaces.
                if round % 3 == 1, next(15) == 0 { spaced.toggle() }
                var segment = Segment(start: 2 * k, visibleEnd: 2 * k + 1, end: 2 * k + 2,
                                      visibleWidth: tiny ? 0.1 * Double(1 + next(3)) : Double(5 + next(40)),
                                      spaceWidth: !spaced ? 0 : tiny ? 0.2 : Double(3 + next(3)),
                                      forcesBreak: next(150) == 0)
                switch next(10) {
                case 0, 1:
                    segment.spaceWidth = 0
                    segment.isHyphenationPoint = true
                    segment.hyphenWidth = 4
                case 2: segment.spaceWidth = 0
                case 3: segment.endsWithHyphen = true
                case 4: segment.visibleEnd = segment.start
                default: break
                }
                segments.append(segment)
            }
            let width = Double(200 + next(300))
            let measure = LineMeasure(firstLineWidth: width - Double(next(2) * 20), otherLineWidth: width,
                                      justified: next(4) != 0, raggedStretch: 36)
            return (round, segments, measure)
        }
    }

    /// The search's answer is the cheapest setting there is (`TotalFitOracle`, which weighs every
    /// line of the paragraph), at every tolerance, and it finds none only where none may be set:
    /// its shortcuts (the ways after one too loose passed over, the last pass bounded first)
    /// lose nothing. Each paragraph is also set with its words five times as wide, so that some
    /// lines cannot help being very loose. The columns of tiny pieces, whose ways are cut down by
    /// cost, are checked for lines that may be set, not for the cheapest.
    @Test func totalFitFindsTheCheapestSetting() {
        var compared = 0, bounded = 0, full = 0, tiny = 0
        for (round, segments, measure) in Self.randomParagraphs(400) {
            if round % 20 == 0 {
                let spans = TotalFitLineBreaker().lines(for: segments, in: measure, tolerance: nil)
                let oracle = TotalFitOracle(segments: segments, measure: measure, tolerance: nil)
                #expect(spans.flatMap(oracle.cost(of:)) != nil, "round \(round): a line that may not be set")
                tiny += 1
                continue
            }
            let wide = segments.map { segment in
                var wide = segment
                wide.visibleWidth *= 5
                return wide
            }
            for segments in [segments, wide] {
                for tolerance in [200.0, 400.0, nil] {
                    let spans = TotalFitLineBreaker().lines(for: segments, in: measure, tolerance: tolerance)
                    let oracle = TotalFitOracle(segments: segments, measure: measure, tolerance: tolerance)
                    let cheapest = oracle.cheapest()
                    guard let spans else {
                        #expect(cheapest == nil, "round \(round), tolerance \(String(describing: tolerance)): no setting found")
                        continue
                    }
                    // Without a tolerance the search sets an overfull line rather than fail.
                    guard let cheapest else {
                        #expect(tolerance == nil, "round \(round): a setting where none may be set")
                        continue
                    }
                    let cost = oracle.cost(of: spans)
                    #expect(cost.map { abs($0 - cheapest) <= 1e-9 * max(1, cheapest) } == true,
                            "round \(round), tolerance \(String(describing: tolerance)): \(String(describing: cost)) against \(cheapest)")
                    compared += 1
                }
                // Whether the last pass kept its bounded first answer.
                if TotalFitLineBreaker().lines(for: segments, in: measure, tolerance: TotalFitLineBreaker.lastPassBound) != nil {
                    bounded += 1
                } else {
                    full += 1
                }
            }
        }
        // The lines themselves were compared many times, and both ways of the last pass taken.
        #expect(compared > 1_000 && tiny == 20)
        #expect(bounded > 200 && full > 100)
    }
}
