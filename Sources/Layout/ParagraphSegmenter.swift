import Fonts
import ProcessMemory

/// Cuts a paragraph into the segments the line breakers work on and measures them with the real
/// fonts: at its UAX #14 break opportunities, then (when asked) at the hyphenation points of its
/// words, then between grapheme clusters where a piece is still wider than a line.
struct ParagraphSegmenter {
    let fonts: FontSet
    /// The book's faces, which runs name by number.
    let bookFaces: BookFaces
    let measurer: TextMeasurer
    let finder: BreakOpportunityFinder?
    /// The faces by number, as the measurer's pieces name them (`BookFaces`).
    let faces: [FontFace]
    /// The advance of a space and of a hyphen in each face, per point of size.
    private let spaceWidths: [Double]
    private let hyphenWidths: [Double]
    /// The OpenType features the faces have: which variant of a face a shaped run is measured in.
    let faceFeatures: FaceFeatures

    /// `bookFaces`: the book's faces; nil, the layout's own alone.
    init(fonts: FontSet, bookFaces: BookFaces? = nil, measurer: TextMeasurer, finder: BreakOpportunityFinder?) {
        self.fonts = fonts
        self.bookFaces = bookFaces ?? BookFaces(fonts: fonts)
        self.measurer = measurer
        self.finder = finder
        faces = self.bookFaces.faces
        faceFeatures = FaceFeatures(faces: faces)
        spaceWidths = faces.map { measurer.width(of: " ", in: $0, size: 1) }
        hyphenWidths = faces.map { measurer.width(of: "-", in: $0, size: 1) }
    }

    /// The paragraph cut at its break opportunities and measured, one segment per opportunity.
    func segments(of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) -> [Segment] {
        guard !text.isEmpty else { return [] }
        var opportunities = finder?.opportunities(in: paragraph.text) ?? []
        // Code breaks at its spaces only: UAX #14's breaks after a hyphen or a slash fall inside
        // a token (`oebps-|package+xml`).
        if paragraph.isCode {
            opportunities.removeAll { !$0.isMandatory && text[$0.offset - 1] != 0x20 }
        }
        let rubies = paragraph.rubies
        if !rubies.isEmpty { Self.keepWhole(rubies.map(\.base), in: &opportunities) }
        if paragraph.isShaped { Self.keepWhole(Self.wholeRanges(of: paragraph), in: &opportunities) }
        let strict = paragraph.strictLineBreaks
        opportunities.removeAll { !$0.isMandatory && LineStartRules.keepsOff(text, at: $0.offset, strict: strict) }
        // Cut first, then every piece measured in one call.
        var segments: [Segment] = []
        segments.reserveCapacity(opportunities.count + 1)
        var ranges = MeasuredRanges(ranges: 2 * (opportunities.count + 1), of: paragraph)
        let plan = plan(of: paragraph)
        var start = 0
        for k in 0...opportunities.count {
            // Past the memory bound the paragraph is cut short: the conversion is refused.
            if k & 4095 == 4095, MemoryWatch.isOver { break }
            let end = k < opportunities.count ? opportunities[k].offset : text.count
            var contentEnd = end
            var forcesBreak = k < opportunities.count && opportunities[k].isMandatory
            while let length = Self.lineSeparatorLength(text, endingAt: contentEnd, after: start) {
                contentEnd -= length
                forcesBreak = true
            }
            var visibleEnd = contentEnd
            while let length = Self.trailingSpaceLength(text, endingAt: visibleEnd, after: start) {
                visibleEnd -= length
            }
            add(start..<visibleEnd, of: paragraph, text, plan: plan, to: &ranges)
            add(visibleEnd..<contentEnd, of: paragraph, text, plan: plan, to: &ranges)
            segments.append(Segment(start: start, visibleEnd: visibleEnd, end: end, visibleWidth: 0, spaceWidth: 0,
                                    forcesBreak: forcesBreak, endsWithHyphen: Self.endsWithHyphen(text, visibleEnd, after: start)))
            start = end
        }
        ranges.measure(in: text, measurer: measurer, faces: plan.faces ?? faces)
        for k in segments.indices {
            segments[k].visibleWidth = ranges[2 * k]
            segments[k].spaceWidth = ranges[2 * k + 1]
        }
        addJoins(to: &segments, of: paragraph, text: text, plan: plan)
        if !rubies.isEmpty { addRubyRoom(to: &segments, of: paragraph, text: text) }
        if !paragraph.formulas.isEmpty { Self.addFormulaPenalties(to: &segments, of: paragraph) }
        return segments
    }

    /// Gives each segment ending with a closing bracket or stop the blank half a line ending
    /// there may give up (`Segment.endTrim`): Chinese and Japanese lines push in so.
    func trimLineEnds(of segments: inout [Segment], of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) {
        var run = 0
        for k in segments.indices where segments[k].hasVisibleText {
            let last = Self.lastCharacter(text, segments[k].start..<segments[k].visibleEnd)
            guard let character = Self.string(text, last).first, SpacingClass(character) == .closing else { continue }
            while run < paragraph.runs.count - 1, paragraph.runs[run].end <= last.lowerBound { run += 1 }
            guard !paragraph.runs[run].shaping.isWhole else { continue }
            segments[k].endTrim = paragraph.runs[run].size / 2
        }
    }

    /// `opportunities` without those inside any of `ranges`: a ruby's base (never broken from
    /// its reading), characters combined upright (one character), a formula. Both lists are in
    /// order.
    private static func keepWhole(_ ranges: [Range<Int>], in opportunities: inout [BreakOpportunity]) {
        guard !ranges.isEmpty else { return }
        var k = 0
        opportunities.removeAll { opportunity in
            while k < ranges.count, ranges[k].upperBound <= opportunity.offset { k += 1 }
            return k < ranges.count && !opportunity.isMandatory && ranges[k].lowerBound < opportunity.offset
        }
    }

    /// The runs of `paragraph` no line breaks inside (`RunShaping.isWhole`: set as one upright
    /// character, or an object), in order.
    static func wholeRanges(of paragraph: StyledParagraph) -> [Range<Int>] {
        guard paragraph.isShaped else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        for run in paragraph.runs {
            if run.shaping.isWhole { ranges.append(start..<run.end) }
            start = run.end
        }
        return ranges
    }

    /// Each ruby's reading that is wider than its base widens the segment holding the base by
    /// the difference: the base is spread to its reading's width (`RubyLayout`).
    private func addRubyRoom(to segments: inout [Segment], of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) {
        var segment = 0
        for (ruby, room) in zip(paragraph.rubies, rubyRoom(of: paragraph, text: text)) where room > 0 {
            while segment < segments.count - 1, segments[segment].end <= ruby.base.lowerBound { segment += 1 }
            segments[segment].visibleWidth += room
        }
    }

    /// For each of the paragraph's rubies, its base's advance and its reading's.
    func rubyWidths(of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) -> [(base: Double, reading: Double)] {
        let rubies = paragraph.rubies
        let bases = widths(of: rubies.map(\.base), of: paragraph, text: text)
        return zip(rubies, bases).map { ruby, base in
            (base, measurer.width(of: ruby.text, in: faces[ruby.face], size: ruby.size))
        }
    }

    /// How much wider than its base each ruby's reading is (0 for one no wider).
    func rubyRoom(of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) -> [Double] {
        rubyWidths(of: paragraph, text: text).map { max(0, $0.reading - $0.base) }
    }

    /// The advance of each of `list`, ranges of the paragraph's text, measured as its segments are.
    /// `remembering`: whether the measurer's cache keeps the widths (not for whole lines, each
    /// met once).
    func widths(of list: [Range<Int>], of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                remembering: Bool = true) -> [Double] {
        guard !list.isEmpty else { return [] }
        var ranges = MeasuredRanges(ranges: list.count, of: paragraph)
        let plan = plan(of: paragraph)
        for range in list { add(range, of: paragraph, text, plan: plan, to: &ranges) }
        ranges.measure(in: text, measurer: measurer, faces: plan.faces ?? faces, remembering: remembering)
        return list.indices.map { ranges[$0] }
    }

    /// What the font adds where two segments meet with no space between them (CJK text breaks
    /// between any two characters, Latin after a dash or a slash), when it adds room: a face may
    /// kern across the break (Noto CJK spaces some kana apart), and a line drawn whole is then
    /// wider than its segments measured apart. Each such join's last and first characters are
    /// measured together and alone; what together adds goes to the segment after the join, so
    /// whatever segments a line holds, it is never narrower than drawn.
    private func addJoins(to segments: inout [Segment], of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                          plan: Plan) {
        var joined: [Int] = []
        var joins: [(before: Range<Int>, after: Range<Int>)] = []
        for k in segments.indices.dropFirst() {
            let previous = segments[k - 1]
            guard previous.end == previous.visibleEnd, !previous.forcesBreak, previous.hasVisibleText,
                  segments[k].hasVisibleText, segments[k].start == previous.end else { continue }
            joined.append(k)
            joins.append((previous.start..<previous.visibleEnd, segments[k].start..<segments[k].visibleEnd))
        }
        guard !joins.isEmpty else { return }
        for (k, added) in zip(joined, roomAdded(at: joins, of: paragraph, text: text, plan: plan)) {
            segments[k].visibleWidth += added
        }
    }

    /// What each join of two stretches of `text` side by side adds when they are shaped together
    /// rather than apart, never less than nothing: the last character before it and the first
    /// after it measured together and alone (pairs repeat, so most are a lookup).
    private func roomAdded(at joins: [(before: Range<Int>, after: Range<Int>)], of paragraph: StyledParagraph,
                           text: UnsafeBufferPointer<UInt8>, plan: Plan) -> [Double] {
        var ranges = MeasuredRanges(ranges: 3 * joins.count, of: paragraph)
        for join in joins {
            let before = Self.lastCharacter(text, join.before)
            let after = Self.firstCharacter(text, join.after)
            add(before, of: paragraph, text, plan: plan, to: &ranges)
            add(after, of: paragraph, text, plan: plan, to: &ranges)
            add(before.lowerBound..<after.upperBound, of: paragraph, text, plan: plan, to: &ranges)
        }
        ranges.measure(in: text, measurer: measurer, faces: plan.faces ?? faces)
        return joins.indices.map { max(0, ranges[3 * $0 + 2] - ranges[3 * $0] - ranges[3 * $0 + 1]) }
    }

    /// The last character (grapheme cluster) of `range` of `text`, as UTF-8 offsets.
    private static func lastCharacter(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = max(range.lowerBound, range.upperBound - 32)
        while start < range.upperBound, start > range.lowerBound, text[start] & 0xC0 == 0x80 { start += 1 }
        let tail = string(text, start..<range.upperBound)
        return (range.upperBound - (tail.last.map { $0.utf8.count } ?? 0))..<range.upperBound
    }

    /// The first character (grapheme cluster) of `range` of `text`, as UTF-8 offsets.
    private static func firstCharacter(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var end = min(range.upperBound, range.lowerBound + 32)
        while end > range.lowerBound, end < range.upperBound, text[end] & 0xC0 == 0x80 { end -= 1 }
        let head = string(text, range.lowerBound..<end)
        return range.lowerBound..<(range.lowerBound + (head.first.map { $0.utf8.count } ?? 0))
    }

    /// `segments` with each word cut where `cuts` allows a hyphen (for each segment, the UTF-8
    /// offsets from its start after which a hyphen may go). Every piece but the last is a
    /// hyphenation point with the width of a hyphen in its face, but in the segments
    /// `unhyphenated` marks (tokens of code, cut by `CodeBreaks`), where a line ends with no
    /// hyphen at the cost of one.
    ///
    /// A piece is measured alone, and a font may kern across the cut (`r|r` in STIX): the word
    /// drawn whole is then wider than its pieces. Where a word's pieces do not add up to the
    /// word (most words of most fonts do, to the unit, and cost nothing more), each piece after
    /// the first also holds what the join before it adds, when it adds room (the characters
    /// either side of the cut shaped together, less each alone), and the first what is left:
    /// whichever pieces a line holds, together they are never narrower than the line draws them.
    func hyphenated(_ segments: [Segment], of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                    cuts: SegmentCuts, unhyphenated: [Bool] = []) -> [Segment] {
        // Every piece of every cut word measured in one call, then the segments made; a word's
        // pieces' widths are in `widths` one after another, from the word's first piece.
        var rangeCount = 0
        for k in segments.indices {
            let points = cuts.range(of: k)
            if !points.isEmpty { rangeCount += points.count + 1 }
        }
        var ranges = MeasuredRanges(ranges: rangeCount, of: paragraph)
        let plan = plan(of: paragraph)
        for (k, segment) in segments.enumerated() {
            let points = cuts.range(of: k)
            guard !points.isEmpty else { continue }
            var pieceStart = segment.start
            for index in points {
                add(pieceStart..<segment.start + cuts.points[index], of: paragraph, text, plan: plan, to: &ranges)
                pieceStart = segment.start + cuts.points[index]
            }
            add(pieceStart..<segment.visibleEnd, of: paragraph, text, plan: plan, to: &ranges)
        }
        ranges.measure(in: text, measurer: measurer, faces: plan.faces ?? faces)
        var widths = (0..<rangeCount).map { ranges[$0] }
        addJoins(to: &widths, of: segments, cuts: cuts, paragraph: paragraph, text: text, plan: plan)
        var result: [Segment] = []
        result.reserveCapacity(segments.count * 2)
        var piece = 0
        var run = 0
        for (index, segment) in segments.enumerated() {
            let points = cuts.range(of: index)
            guard !points.isEmpty else {
                result.append(segment)
                continue
            }
            var pieceStart = segment.start
            for pointIndex in points {
                let cut = segment.start + cuts.points[pointIndex]
                while paragraph.runs[run].end < cut { run += 1 }
                if unhyphenated.indices.contains(index), unhyphenated[index] {
                    // A cut in a token of code (`CodeBreaks`): the line ends there as it is.
                    var made = Segment(start: pieceStart, visibleEnd: cut, end: cut, visibleWidth: widths[piece],
                                       spaceWidth: 0, forcesBreak: false)
                    made.breakPenalty = CodeBreaks.penalty
                    result.append(made)
                } else {
                    result.append(Segment(start: pieceStart, visibleEnd: cut, end: cut, visibleWidth: widths[piece],
                                          spaceWidth: 0, forcesBreak: false, isHyphenationPoint: true,
                                          hyphenWidth: hyphenWidth(after: run, of: paragraph, plan: plan)))
                }
                pieceStart = cut
                piece += 1
            }
            var last = segment
            last.start = pieceStart
            last.visibleWidth = widths[piece]
            result.append(last)
            piece += 1
        }
        return result
    }

    /// The cost of ending a line after a piece of a formula: on the segment that ends with the
    /// space after it.
    static func addFormulaPenalties(to segments: inout [Segment], of paragraph: StyledParagraph) {
        var k = 0
        for span in paragraph.formulas where span.penaltyAfter > 0 {
            while k < segments.count, segments[k].end <= span.range.upperBound { k += 1 }
            guard k < segments.count else { return }
            if segments[k].start <= span.range.upperBound { segments[k].breakPenalty = span.penaltyAfter }
        }
    }

    /// For each cut word whose pieces (in `widths`, a word's one after another) do not add up to
    /// the word measured whole, the room each cut's join adds, given to the piece after it, and
    /// what is left of the difference (the join before the word, `addJoins(to:of:text:plan:)`)
    /// to the first.
    private func addJoins(to widths: inout [Double], of segments: [Segment], cuts: SegmentCuts,
                          paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>, plan: Plan) {
        /// The sum of a word's pieces, from the first.
        func sum(_ pieces: Range<Int>) -> Double { widths[pieces].reduce(0, +) }
        var uneven: [(pieces: Range<Int>, segment: Int)] = []
        var piece = 0
        for index in segments.indices {
            let points = cuts.range(of: index)
            guard !points.isEmpty else { continue }
            let pieces = piece..<(piece + points.count + 1)
            if abs(sum(pieces) - segments[index].visibleWidth) > 1e-9 { uneven.append((pieces, index)) }
            piece = pieces.upperBound
        }
        guard !uneven.isEmpty else { return }
        var joins: [(before: Range<Int>, after: Range<Int>)] = []
        for (_, index) in uneven {
            let segment = segments[index]
            let bounds = [segment.start] + cuts.range(of: index).map { segment.start + cuts.points[$0] } + [segment.visibleEnd]
            for k in 1..<(bounds.count - 1) { joins.append((bounds[k - 1]..<bounds[k], bounds[k]..<bounds[k + 1])) }
        }
        let added = roomAdded(at: joins, of: paragraph, text: text, plan: plan)
        var next = 0
        for (pieces, index) in uneven {
            for k in pieces.dropFirst() {
                widths[k] += added[next]
                next += 1
            }
            widths[pieces.lowerBound] += max(0, segments[index].visibleWidth - sum(pieces))
        }
    }

    /// `segments` with each one wider than `width` cut further, between grapheme clusters, so
    /// that every piece fits on a line alone.
    func fitted(_ segments: [Segment], of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                toFit width: Double) -> [Segment] {
        guard segments.contains(where: { $0.visibleWidth > width + widthTolerance }) else { return segments }
        var result: [Segment] = []
        for segment in segments {
            if segment.visibleWidth > width + widthTolerance {
                result += split(segment, of: paragraph, text: text, toFit: width)
            } else {
                result.append(segment)
            }
        }
        return result
    }

    /// `segment` cut into pieces no wider than `width` (one when it fits already).
    func cut(_ segment: Segment, of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
             toFit width: Double) -> [Segment] {
        segment.visibleWidth > width + widthTolerance ? split(segment, of: paragraph, text: text, toFit: width) : [segment]
    }

    /// Cuts an over-wide segment into pieces of whole grapheme clusters, each as long as fits.
    /// A piece is found by trying 2, 4, 8… clusters until a try does not fit, then bisecting
    /// between the last two tries, so its cost follows the piece's length: bisecting over the
    /// whole rest of the word instead made a long word quadratic.
    private func split(_ segment: Segment, of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                       toFit width: Double) -> [Segment] {
        var boundaries: [Int] = []
        // In code, the clusters a piece had better end after (`CodeLines.endsPiece`).
        var punctuation: [Bool] = []
        var offset = segment.start
        // A run kept whole (a formula) is one cluster.
        let whole = Self.wholeRanges(of: paragraph).filter { $0.overlaps(segment.start..<segment.visibleEnd) }
        for character in Self.string(text, segment.start..<segment.visibleEnd) {
            offset += character.utf8.count
            if whole.contains(where: { $0.lowerBound < offset && offset < $0.upperBound }) { continue }
            boundaries.append(offset)
            if paragraph.isCode { punctuation.append(CodeLines.endsPiece(character)) }
        }
        if boundaries.last != segment.visibleEnd {
            boundaries.append(segment.visibleEnd)
            if paragraph.isCode { punctuation.append(false) }
        }
        var pieces: [Segment] = []
        var pieceStart = segment.start
        let plan = plan(of: paragraph)
        // The tries are measured without filling the cache: they never come again.
        func measured(upTo end: Int) -> Double {
            var ranges = MeasuredRanges(ranges: 1, of: paragraph)
            add(pieceStart..<end, of: paragraph, text, plan: plan, to: &ranges)
            ranges.measure(in: text, measurer: measurer, faces: plan.faces ?? faces, remembering: false)
            return ranges[0]
        }
        // Whether the piece's first clusters up to `boundaries[end]` fit.
        func fits(upTo end: Int) -> Bool {
            measured(upTo: boundaries[end]) <= width + widthTolerance
        }
        var first = 0
        while first < boundaries.count {
            // `low` fits (or is the piece's first cluster, which it holds even when it does not);
            // `high` does not fit, or is past the last cluster.
            var low = first
            var high = first + 1
            var step = 1
            while high < boundaries.count, fits(upTo: high) {
                low = high
                step *= 2
                high = min(low + step, boundaries.count)
            }
            while high - low > 1 {
                let middle = (low + high) / 2
                if fits(upTo: middle) { low = middle } else { high = middle }
            }
            // A code token is cut after its last punctuation in the piece's back half, if it has
            // one, rather than inside a name.
            if !punctuation.isEmpty, low + 1 < boundaries.count,
               let cut = (first + (low - first + 1) / 2...low).last(where: { punctuation[$0] }) {
                low = cut
            }
            let pieceEnd = boundaries[low]
            let pieceWidth = measured(upTo: pieceEnd)
            pieces.append(Segment(start: pieceStart, visibleEnd: pieceEnd, end: pieceEnd, visibleWidth: pieceWidth,
                                  spaceWidth: 0, forcesBreak: false))
            pieceStart = pieceEnd
            first = low + 1
        }
        // The last piece ends as the segment did.
        var last = segment
        last.start = pieces[pieces.count - 1].start
        last.visibleWidth = pieces[pieces.count - 1].visibleWidth
        pieces[pieces.count - 1] = last
        return pieces
    }

    /// How a paragraph's ranges are cut and measured, decided once for the paragraph.
    private struct Plan {
        /// The face (numbered as the measurer's pieces name it) and size of the paragraph's one
        /// run, when it has one run in one direction, unshaped, as most paragraphs have: each
        /// range is then one piece. Nil: its ranges are cut into parts.
        var oneRun: (face: Int, size: Double)?
        /// For a paragraph with runs spaced or shaped with features: their faces.
        var shaped: ShapedFaces?

        /// The faces its pieces name, when they are not the segmenter's.
        var faces: [FontFace]? { shaped?.faces }
    }

    private func plan(of paragraph: StyledParagraph) -> Plan {
        if paragraph.isShaped {
            return Plan(shaped: ShapedFaces(paragraph, features: faceFeatures, faces: faces))
        }
        guard paragraph.runs.count == 1, paragraph.bidi.runs.isEmpty else { return Plan() }
        return Plan(oneRun: (paragraph.runs[0].face, paragraph.runs[0].size))
    }

    /// Adds `range` to `ranges`: cut into its parts of one run and one direction (Arabic words
    /// are shaped right to left, their letters joined), each measured in its run's face. A lone
    /// space, as most segments end in, has its face's space width and is not looked up.
    @inline(__always)
    private func add(_ range: Range<Int>, of paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>,
                     plan: Plan, to ranges: inout MeasuredRanges) {
        guard !range.isEmpty else { return ranges.close(known: 0) }
        guard let run = plan.oneRun else {
            if plan.shaped != nil { return addShapedParts(of: range, of: paragraph, text, plan: plan, to: &ranges) }
            return addParts(of: range, of: paragraph, text, to: &ranges)
        }
        if range.count == 1, text[range.lowerBound] == 0x20 {
            return ranges.close(known: spaceWidths[run.face] * run.size)
        }
        ranges.add(range, face: run.face, size: run.size)
        ranges.close()
    }

    /// `add` for a paragraph with spaced or featured runs: each part in its run's face variant,
    /// its width the advance plus what the run's spacing adds to it (`RunShaping.addedWidth`),
    /// never below nothing. Not inlined: few paragraphs come here.
    @inline(never)
    private func addShapedParts(of range: Range<Int>, of paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>,
                                plan: Plan, to ranges: inout MeasuredRanges) {
        guard let shaped = plan.shaped else { return addParts(of: range, of: paragraph, text, to: &ranges) }
        let runs = paragraph.runs
        var r = ranges.run(holding: range.lowerBound, in: runs)
        var added = 0.0
        var low = range.lowerBound
        while low < range.upperBound {
            let level = paragraph.bidi.run(at: low)
            let high = min(runs[r].end, range.upperBound, level?.end ?? range.upperBound)
            if runs[r].shaping.isWhole {
                // One em of the column, or the object's advance, counted with the part that
                // holds the run's start.
                if low == (r > 0 ? runs[r - 1].end : 0) { added += runs[r].shaping.objectWidth ?? runs[r].size }
            } else {
                ranges.add(low..<high, face: shaped.runFaces[r], size: runs[r].size, rightToLeft: level.map { $0.level & 1 == 1 })
            }
            added += runs[r].shaping.addedWidth(of: UnsafeBufferPointer(rebasing: text[low..<high]))
            low = high
            if runs[r].end == high { r += 1 }
        }
        ranges.clampsAtZero = true
        ranges.close(known: added)
    }

    /// The width of the hyphen a line broken after the `run`th run's text ends with: set in
    /// that run's face, size and spacing.
    @inline(__always)
    private func hyphenWidth(after run: Int, of paragraph: StyledParagraph, plan: Plan) -> Double {
        guard plan.shaped != nil else {
            return hyphenWidths[paragraph.runs[run].face] * paragraph.runs[run].size
        }
        let (face, spacing) = setting(ofRun: run, of: paragraph, plan: plan)
        return max(0, measurer.width(of: "-", in: face, size: paragraph.runs[run].size) + spacing)
    }

    /// The face the `run`th run is measured in, and the letter spacing added to each of its
    /// characters (only a shaped paragraph's runs have any).
    private func setting(ofRun run: Int, of paragraph: StyledParagraph, plan: Plan) -> (face: FontFace, spacing: Double) {
        guard let shaped = plan.shaped else { return (faces[paragraph.runs[run].face], 0) }
        return (shaped.faces[shaped.runFaces[run]], paragraph.runs[run].shaping.letterSpacing)
    }

    /// The width a hyphen adds after the text that ends at `end` (a line's), shaped with the
    /// character before it as a renderer draws the line: a face may kern the pair (`Y-`), which
    /// the hyphen measured alone (`Segment.hyphenWidth`) leaves out.
    func hyphenWidth(after end: Int, of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) -> Double {
        guard end > 0, let run = paragraph.runs.firstIndex(where: { $0.end >= end }) else { return 0 }
        let plan = plan(of: paragraph)
        let runStart = run > 0 ? paragraph.runs[run - 1].end : 0
        let last = String(Self.string(text, Self.lastCharacter(text, runStart..<end)))
        let size = paragraph.runs[run].size
        let (face, spacing) = setting(ofRun: run, of: paragraph, plan: plan)
        let pair = measurer.width(of: last + "-", in: face, size: size)
        let alone = measurer.width(of: last, in: face, size: size)
        return max(0, pair - alone + spacing)
    }

    /// `add` for a paragraph of several runs or directions: inlined into its callers, which
    /// then read the paragraph's runs once rather than once a range.
    @inline(__always)
    private func addParts(of range: Range<Int>, of paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>,
                          to ranges: inout MeasuredRanges) {
        let runs = paragraph.runs
        var r = ranges.run(holding: range.lowerBound, in: runs)
        if range.count == 1, text[range.lowerBound] == 0x20 {
            return ranges.close(known: spaceWidths[runs[r].face] * runs[r].size)
        }
        var low = range.lowerBound
        while low < range.upperBound {
            let level = paragraph.bidi.run(at: low)
            let end = min(range.upperBound, level?.end ?? range.upperBound)
            var high = min(runs[r].end, end)
            // Runs that differ in nothing shaping sees (a link, a colour, an underline) are
            // shaped as one, as a renderer draws them: kerned across where they meet.
            var last = r
            while high == runs[last].end, high < end, last + 1 < runs.count,
                  runs[last + 1].face == runs[r].face, runs[last + 1].size == runs[r].size {
                last += 1
                high = min(runs[last].end, end)
            }
            ranges.add(low..<high, face: runs[r].face, size: runs[r].size,
                       rightToLeft: level.map { $0.level & 1 == 1 })
            low = high
            r = last
            if runs[r].end == high { r += 1 }
        }
        ranges.close()
    }

    static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    /// The length in bytes of a character ending at `end` (not before `start`) after which
    /// UAX #14 requires a break (classes BK, CR, LF, NL: U+000A–000D, U+0085, U+2028, U+2029).
    static func lineSeparatorLength(_ text: UnsafeBufferPointer<UInt8>, endingAt end: Int, after start: Int) -> Int? {
        guard end > start else { return nil }
        let last = text[end - 1]
        if (0x0A...0x0D).contains(last) { return 1 }
        if last == 0x85, end - 2 >= start, text[end - 2] == 0xC2 { return 2 }
        if last == 0xA8 || last == 0xA9, end - 3 >= start, text[end - 3] == 0xE2, text[end - 2] == 0x80 { return 3 }
        return nil
    }

    /// The length in bytes of a space ending at `end` that does not show at the end of a line
    /// (space, tab, ideographic space).
    static func trailingSpaceLength(_ text: UnsafeBufferPointer<UInt8>, endingAt end: Int, after start: Int) -> Int? {
        guard end > start else { return nil }
        let last = text[end - 1]
        if last == 0x20 || last == 0x09 { return 1 }
        if last == 0x80, end - 3 >= start, text[end - 3] == 0xE3, text[end - 2] == 0x80 { return 3 }
        return nil
    }

    /// Whether the text before `end` ends with a hyphen-minus or U+2010 HYPHEN.
    private static func endsWithHyphen(_ text: UnsafeBufferPointer<UInt8>, _ end: Int, after start: Int) -> Bool {
        guard end > start else { return false }
        if text[end - 1] == 0x2D { return true }
        return end - 3 >= start && text[end - 3] == 0xE2 && text[end - 2] == 0x80 && text[end - 1] == 0x90
    }
}

/// Ranges of a paragraph measured together, in the order they were added: each range's pieces
/// for the measurer, or the width it is known to have without measuring. Plain memory, not arrays:
/// filled and read back once per paragraph, it needs neither their growing nor their copying.
private struct MeasuredRanges: ~Copyable {
    private let pieces: UnsafeMutableBufferPointer<TextMeasurer.Piece>
    private var pieceCount = 0
    /// Each range's width: the width known beforehand, or 0 and then its pieces' advances.
    private let widths: UnsafeMutableBufferPointer<Double>
    private var count = 0
    /// The run the last range started in: ranges come in order, so the next starts there or later.
    private var lastRun = 0
    /// Whether a range may come out narrower than nothing (negative letter spacing), and is
    /// then made nothing wide.
    var clampsAtZero = false

    /// Room for `ranges` ranges of `paragraph`. A range is cut into pieces only where one of the
    /// paragraph's runs or directions ends, so it has at most that many pieces more than ranges.
    init(ranges: Int, of paragraph: StyledParagraph) {
        pieces = .allocate(capacity: ranges + paragraph.runs.count + paragraph.bidi.runs.count)
        widths = .allocate(capacity: ranges)
    }

    deinit {
        pieces.deallocate()
        widths.deallocate()
    }

    /// The index of the run holding `offset`, looked for from the last range's on.
    mutating func run(holding offset: Int, in runs: [StyledRun]) -> Int {
        while runs[lastRun].end <= offset { lastRun += 1 }
        return lastRun
    }

    /// Adds a piece of the range being added.
    @inline(__always)
    mutating func add(_ range: Range<Int>, face: Int, size: Double, rightToLeft: Bool? = nil) {
        precondition(pieceCount < pieces.count)
        pieces.initializeElement(at: pieceCount, to: TextMeasurer.Piece(range: range, face: face, size: size,
                                                                          rightToLeft: rightToLeft, total: count))
        pieceCount += 1
    }

    /// Ends the range being added: its pieces are those added since the last range ended.
    @inline(__always)
    mutating func close(known width: Double = 0) {
        precondition(count < widths.count)
        widths.initializeElement(at: count, to: width)
        count += 1
    }

    /// Measures the pieces, each range's width then being its pieces' advances summed.
    func measure(in text: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer, faces: [FontFace],
                 remembering: Bool = true) {
        guard pieceCount > 0 else { return }
        measurer.addWidths(of: UnsafeBufferPointer(rebasing: pieces[..<pieceCount]), in: text, faces: faces,
                           to: UnsafeMutableBufferPointer(rebasing: widths[..<count]), remembering: remembering)
        if clampsAtZero {
            for index in 0..<count where widths[index] < 0 { widths[index] = 0 }
        }
    }

    /// The width of the range added `index`th.
    subscript(index: Int) -> Double {
        precondition(index < count)
        return widths[index]
    }
}
