import Fonts
import ProcessMemory

/// Cuts a paragraph into the segments the line breakers work on and measures them with the real
/// fonts: at its UAX #14 break opportunities, then (when asked) at the hyphenation points of its
/// words, then between grapheme clusters where a piece is still wider than a line.
struct ParagraphSegmenter {
    let fonts: FontSet
    let measurer: TextMeasurer
    let finder: BreakOpportunityFinder?
    /// The advance of a space and of a hyphen in each face, per point of size.
    private let spaceWidths: [Double]
    private let hyphenWidths: [Double]

    init(fonts: FontSet, measurer: TextMeasurer, finder: BreakOpportunityFinder?) {
        self.fonts = fonts
        self.measurer = measurer
        self.finder = finder
        spaceWidths = FaceRole.allCases.map { measurer.width(of: " ", in: fonts.face($0), size: 1) }
        hyphenWidths = FaceRole.allCases.map { measurer.width(of: "-", in: fonts.face($0), size: 1) }
    }

    /// The paragraph cut at its break opportunities and measured, one segment per opportunity.
    func segments(of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) -> [Segment] {
        guard !text.isEmpty else { return [] }
        let opportunities = finder?.opportunities(in: paragraph.text) ?? []
        // Cut first, then measured: the cutting pass warms the width cache for every piece, so
        // the measuring pass finds what it looks up in the processor's cache.
        var segments: [Segment] = []
        segments.reserveCapacity(opportunities.count + 1)
        var contentEnds: [Int] = []
        contentEnds.reserveCapacity(opportunities.count + 1)
        var run = 0
        var start = 0
        let oneFace = oneFace(of: paragraph)
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
            noteForWarming(paragraph, text, start..<visibleEnd, oneFace: oneFace, run: &run)
            segments.append(Segment(start: start, visibleEnd: visibleEnd, end: end, visibleWidth: 0, spaceWidth: 0,
                                    forcesBreak: forcesBreak, endsWithHyphen: Self.endsWithHyphen(text, visibleEnd, after: start)))
            contentEnds.append(contentEnd)
            start = end
        }
        measurer.warmNoted()
        run = 0
        for k in segments.indices {
            segments[k].visibleWidth = measure(paragraph, text, segments[k].start..<segments[k].visibleEnd,
                                               oneFace: oneFace, run: &run)
            segments[k].spaceWidth = measure(paragraph, text, segments[k].visibleEnd..<contentEnds[k],
                                             oneFace: oneFace, run: &run)
        }
        return segments
    }

    /// `segments` with each word cut where `allCuts` allows a hyphen (for each segment, the UTF-8
    /// offsets from its start after which a hyphen may go: a hyphenator's answers as it keeps
    /// them, so no array is made per word). Every piece but the last is a hyphenation point with
    /// the width of a hyphen in its face.
    func hyphenated(_ segments: [Segment], of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                    cuts allCuts: [[Int]]) -> [Segment] {
        var result: [Segment] = []
        result.reserveCapacity(segments.count * 2)
        // Each piece's width cache warmed first, then the pieces measured.
        let oneFace = oneFace(of: paragraph)
        var run = 0
        for (segment, cuts) in zip(segments, allCuts) where !cuts.isEmpty {
            var pieceStart = segment.start
            for point in cuts {
                noteForWarming(paragraph, text, pieceStart..<segment.start + point, oneFace: oneFace, run: &run)
                pieceStart = segment.start + point
            }
            noteForWarming(paragraph, text, pieceStart..<segment.visibleEnd, oneFace: oneFace, run: &run)
        }
        measurer.warmNoted()
        run = 0
        for (segment, cuts) in zip(segments, allCuts) {
            guard !cuts.isEmpty else {
                result.append(segment)
                continue
            }
            var pieceStart = segment.start
            for point in cuts {
                let cut = segment.start + point
                let width = measure(paragraph, text, pieceStart..<cut, oneFace: oneFace, run: &run)
                let runOfLast = paragraph.runs[run...].first { $0.end >= cut } ?? paragraph.runs[paragraph.runs.count - 1]
                result.append(Segment(start: pieceStart, visibleEnd: cut, end: cut, visibleWidth: width, spaceWidth: 0,
                                      forcesBreak: false, isHyphenationPoint: true,
                                      hyphenWidth: hyphenWidths[runOfLast.face.rawValue] * runOfLast.size))
                pieceStart = cut
            }
            var last = segment
            last.start = pieceStart
            last.visibleWidth = measure(paragraph, text, pieceStart..<segment.visibleEnd, oneFace: oneFace, run: &run)
            result.append(last)
        }
        return result
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

    /// Cuts an over-wide segment into pieces of whole grapheme clusters, each as long as fits.
    /// A piece is found by trying 2, 4, 8… clusters until a try does not fit, then bisecting
    /// between the last two tries, so its cost follows the piece's length: bisecting over the
    /// whole rest of the word instead made a long word quadratic.
    private func split(_ segment: Segment, of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                       toFit width: Double) -> [Segment] {
        var boundaries: [Int] = []
        var offset = segment.start
        for character in Self.string(text, segment.start..<segment.visibleEnd) {
            offset += character.utf8.count
            boundaries.append(offset)
        }
        var pieces: [Segment] = []
        var pieceStart = segment.start
        // The run holding `pieceStart`.
        var pieceRun = 0
        // Whether the piece's first clusters up to `boundaries[end]` fit. The tries are measured
        // without filling the cache: they never come again.
        func fits(upTo end: Int) -> Bool {
            var run = pieceRun
            return measure(paragraph, text, pieceStart..<boundaries[end], run: &run, remember: false)
                <= width + widthTolerance
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
            let pieceEnd = boundaries[low]
            let pieceWidth = measure(paragraph, text, pieceStart..<pieceEnd, run: &pieceRun, remember: false)
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

    /// The advance of `range`, each run's part measured in its face, and each part of one
    /// direction shaped in it (Arabic words right to left, their letters joined). `run` is where
    /// to start looking for the run holding `range`'s start; it is left at that run for the next
    /// call. `remember`: keep the measurements in the cache, for text that may come again.
    func measure(_ paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                 run: inout Int, remember: Bool = true) -> Double {
        guard !range.isEmpty else { return 0 }
        let runs = paragraph.runs
        while runs[run].end <= range.lowerBound { run += 1 }
        // Most segments end in one space: skip the cache for it.
        if range.count == 1, text[range.lowerBound] == 0x20 {
            return spaceWidths[runs[run].face.rawValue] * runs[run].size
        }
        var width = 0.0
        forEachPart(of: paragraph, text, range, from: run) { bytes, styled, rightToLeft in
            width += remember
                ? measurer.width(ofUTF8: bytes, in: face(styled.face), size: styled.size, rightToLeft: rightToLeft)
                : measurer.uncachedWidth(ofUTF8: bytes, in: face(styled.face), size: styled.size, rightToLeft: rightToLeft)
        }
        return width
    }

    /// Notes `range` to be measured soon, part by part as `measure` does, for the width cache to
    /// be warmed (`TextMeasurer.noteForWarming`). `run` as for `measure`.
    func noteForWarming(_ paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                        run: inout Int) {
        guard !range.isEmpty else { return }
        while paragraph.runs[run].end <= range.lowerBound { run += 1 }
        if range.count == 1, text[range.lowerBound] == 0x20 { return }
        forEachPart(of: paragraph, text, range, from: run) { bytes, styled, rightToLeft in
            measurer.noteForWarming(bytes, in: face(styled.face), rightToLeft: rightToLeft)
        }
    }

    /// Each part of `range` in one run and one direction (nil: the paragraph has one), starting
    /// with run `run`, which holds the range's start.
    @inline(__always)
    private func forEachPart(of paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                             from run: Int, _ body: (UnsafeBufferPointer<UInt8>, StyledRun, Bool?) -> Void) {
        let runs = paragraph.runs
        var low = range.lowerBound
        var r = run
        while low < range.upperBound {
            let level = paragraph.bidi.run(at: low)
            let high = min(runs[r].end, range.upperBound, level?.end ?? range.upperBound)
            body(UnsafeBufferPointer(rebasing: text[low..<high]), runs[r], level.map { $0.level & 1 == 1 })
            low = high
            if runs[r].end == high { r += 1 }
        }
    }

    func face(_ role: FaceRole) -> FontFace { fonts.face(role) }

    /// `measure`, or what it comes to for a paragraph of one face and one direction.
    @inline(__always)
    private func measure(_ paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                         oneFace: OneFace?, run: inout Int) -> Double {
        if let oneFace { return oneFace.measure(text, range, measurer: measurer) }
        return measure(paragraph, text, range, run: &run)
    }

    /// `noteForWarming`, or what it comes to for a paragraph of one face and one direction.
    @inline(__always)
    private func noteForWarming(_ paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                oneFace: OneFace?, run: inout Int) {
        if let oneFace { return oneFace.noteForWarming(text, range, measurer: measurer) }
        noteForWarming(paragraph, text, range, run: &run)
    }

    /// Most paragraphs are in one face and one direction: their pieces go to the measurer as
    /// they are, without looking for the run and the direction of each. Nil for the others.
    private func oneFace(of paragraph: StyledParagraph) -> OneFace? {
        guard paragraph.runs.count == 1, paragraph.bidi.runs.isEmpty else { return nil }
        let run = paragraph.runs[0]
        return OneFace(face: measurer.numbered(face(run.face)), size: run.size,
                       spaceWidth: spaceWidths[run.face.rawValue] * run.size)
    }

    /// What `measure` and `noteForWarming` do for a paragraph of one face and one direction.
    private struct OneFace {
        let face: TextMeasurer.NumberedFace
        let size: Double
        let spaceWidth: Double

        func measure(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, measurer: TextMeasurer) -> Double {
            if range.isEmpty { return 0 }
            if range.count == 1, text[range.lowerBound] == 0x20 { return spaceWidth }
            return measurer.width(ofUTF8: UnsafeBufferPointer(rebasing: text[range]), in: face, size: size)
        }

        func noteForWarming(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, measurer: TextMeasurer) {
            guard !range.isEmpty, range.count > 1 || text[range.lowerBound] != 0x20 else { return }
            measurer.noteForWarming(UnsafeBufferPointer(rebasing: text[range]), in: face)
        }
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
