import BookModel
import Fonts

/// Sets one paragraph into lines: finds its break opportunities, measures the pieces between
/// them with the real fonts, lets the line breaker choose, and places the lines horizontally.
struct ParagraphSetter {
    let fonts: FontSet
    let measurer: TextMeasurer
    let finder: BreakOpportunityFinder?
    let lineBreaker: any LineBreaking
    let contentWidth: Double
    let bodySize: Double
    let direction: TextDirection
    /// The advance of a space in each face, per point of size.
    private let spaceWidths: [Double]

    init(fonts: FontSet, measurer: TextMeasurer, finder: BreakOpportunityFinder?, lineBreaker: any LineBreaking,
         contentWidth: Double, bodySize: Double, direction: TextDirection) {
        self.fonts = fonts
        self.measurer = measurer
        self.finder = finder
        self.lineBreaker = lineBreaker
        self.contentWidth = contentWidth
        self.bodySize = bodySize
        self.direction = direction
        spaceWidths = FaceRole.allCases.map { measurer.width(of: " ", in: Self.face($0, in: fonts), size: 1) }
    }

    /// The paragraph's lines, x and width set, y left at 0 for the paginator.
    func lines(for paragraph: StyledParagraph) -> [LaidOutLine] {
        // Deep nesting stops indenting at half the width, so some room is always left for text.
        let indent = min(paragraph.indent, contentWidth / 2)
        let prefixWidth = paragraph.prefix.isEmpty ? 0 : measurer.width(of: paragraph.prefix, in: fonts.regular, size: bodySize)
        let firstX = paragraph.prefix.isEmpty
            ? indent : max(min(paragraph.prefixMinimumIndent, indent), indent - prefixWidth)
        let firstWidth = contentWidth - firstX - prefixWidth
        let otherWidth = contentWidth - indent

        return paragraph.text.withUnsafeBufferPointer { text in
            let segments = self.segments(of: paragraph, text: text, narrowestLine: min(firstWidth, otherWidth))
            var spans = lineBreaker.lines(for: segments, firstLineWidth: firstWidth, otherLineWidth: otherWidth)
            if spans.isEmpty { spans = [LineSpan(segments: 0..<0, width: 0)] }

            var lines: [LaidOutLine] = []
            lines.reserveCapacity(spans.count)
            for (n, span) in spans.enumerated() {
                var start = 0
                var textEnd = 0
                if !span.segments.isEmpty {
                    start = segments[span.segments.lowerBound].start
                    textEnd = start
                    for s in span.segments.reversed() where segments[s].hasVisibleText {
                        textEnd = segments[s].visibleEnd
                        break
                    }
                }
                var string = Self.string(text, start..<textEnd)
                var width = span.width
                var x = n == 0 ? firstX : indent
                if n == 0, !paragraph.prefix.isEmpty {
                    if string.isEmpty {
                        var marker = Substring(paragraph.prefix)
                        while marker.last == " " { marker = marker.dropLast() }
                        string = String(marker)
                        width = measurer.width(of: string, in: fonts.regular, size: bodySize)
                    } else {
                        string = paragraph.prefix + string
                        width += prefixWidth
                    }
                }
                if paragraph.alignment == .center {
                    x += max(0, (contentWidth - x - width) / 2)
                }
                if direction == .rightToLeft {
                    x = contentWidth - x - width
                }
                lines.append(LaidOutLine(text: string, x: x, y: 0, width: width, height: paragraph.lineHeight))
            }
            return lines
        }
    }

    /// The paragraph cut at its break opportunities and measured. A word wider than the narrowest
    /// line is cut further, between grapheme clusters, so that every piece fits on a line alone.
    func segments(of paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                  narrowestLine: Double) -> [Segment] {
        guard !text.isEmpty else { return [] }
        let opportunities = finder?.opportunities(in: paragraph.text) ?? []
        var segments: [Segment] = []
        segments.reserveCapacity(opportunities.count + 1)
        var run = 0
        var start = 0
        for k in 0...opportunities.count {
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

            let visibleWidth = measure(paragraph, text, start..<visibleEnd, run: &run)
            let spaceWidth = measure(paragraph, text, visibleEnd..<contentEnd, run: &run)
            let segment = Segment(start: start, visibleEnd: visibleEnd, end: end, visibleWidth: visibleWidth,
                                  spaceWidth: spaceWidth, forcesBreak: forcesBreak)
            if visibleWidth > narrowestLine + GreedyLineBreaker.tolerance {
                segments += split(segment, of: paragraph, text: text, toFit: narrowestLine)
            } else {
                segments.append(segment)
            }
            start = end
        }
        return segments
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
                <= width + GreedyLineBreaker.tolerance
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
        pieces[pieces.count - 1].end = segment.end
        pieces[pieces.count - 1].spaceWidth = segment.spaceWidth
        pieces[pieces.count - 1].forcesBreak = segment.forcesBreak
        return pieces
    }

    /// The advance of `range`, each run's part measured in its face. `run` is where to start
    /// looking for the run holding `range`'s start; it is left at that run for the next call.
    /// `remember`: keep the measurements in the cache, for text that may come again.
    private func measure(_ paragraph: StyledParagraph, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                         run: inout Int, remember: Bool = true) -> Double {
        guard !range.isEmpty else { return 0 }
        let runs = paragraph.runs
        while runs[run].end <= range.lowerBound { run += 1 }
        // Most segments end in one space: skip the cache for it.
        if range.count == 1, text[range.lowerBound] == 0x20 {
            return spaceWidths[runs[run].face.rawValue] * runs[run].size
        }
        var width = 0.0
        var low = range.lowerBound
        var r = run
        while low < range.upperBound {
            let high = min(runs[r].end, range.upperBound)
            let bytes = UnsafeBufferPointer(rebasing: text[low..<high])
            width += remember
                ? measurer.width(ofUTF8: bytes, in: face(runs[r].face), size: runs[r].size)
                : measurer.uncachedWidth(ofUTF8: bytes, in: face(runs[r].face), size: runs[r].size)
            low = high
            r += 1
        }
        return width
    }

    private func face(_ role: FaceRole) -> FontFace { Self.face(role, in: fonts) }

    private static func face(_ role: FaceRole, in fonts: FontSet) -> FontFace {
        switch role {
        case .regular: fonts.regular
        case .italic: fonts.italic
        case .bold: fonts.bold
        case .boldItalic: fonts.boldItalic
        case .monospace: fonts.monospace
        }
    }

    private static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
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
}
