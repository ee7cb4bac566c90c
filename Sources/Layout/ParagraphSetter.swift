import BookModel
import Fonts
import Hyphenation
import ProcessMemory

/// Sets one paragraph into lines: has it cut into measured segments, lets the line breaker
/// choose the breaks — first without hyphens, then, if no good set of lines exists, with the
/// hyphenation points of its words — and places the lines horizontally.
struct ParagraphSetter {
    let segmenter: ParagraphSegmenter
    let lineBreaker: any LineBreaking
    /// Nil: nothing is hyphenated.
    let hyphenator: WordHyphenator?
    let contentWidth: Double
    let bodySize: Double
    /// The language of paragraphs that name none.
    let bookLanguage: String?
    /// How much wider a justified line's text may be drawn, as a share of its natural width:
    /// glyph scaling (InDesign's, pdfTeX's font expansion), which lets a line in a narrow
    /// measure fill with its spaces less stretched. The line is scaled as a whole, only ever
    /// wider (`SetLine.expansion`). 0: never.
    var glyphScaling = 0.0

    /// The badness every line must stay within for a paragraph to be set without hyphens (TeX's
    /// \pretolerance; spaces at most 1.5 times their width), then with them (TeX's \tolerance;
    /// about 1.63 times). Past that, the least bad lines there are: TeX's emergency pass, with no
    /// bound, so that a paragraph is never set with a line overfull while any setting fits.
    static let firstPassTolerance = 100.0
    static let secondPassTolerance = 200.0
    /// Ragged lines: the room at a line's end that counts as badness 100, in ems of body text.
    static let raggedStretchEms = 3.0

    /// The paragraph's lines, x and width set, y left at 0 for the paginator. Each line is
    /// placed from the paragraph's start edge, then, in a right-to-left paragraph, mirrored.
    /// `beside`: how far the lines beside a float keep from its side (`FloatSetter`).
    func lines(for paragraph: StyledParagraph, beside insets: LineInsets = LineInsets()) -> [SetLine] {
        if paragraph.firstLine != nil { return linesWithStyledFirstLine(paragraph, beside: insets) }
        var secondLineStart: Int?
        return setLines(paragraph, beside: insets, secondLineStart: &secondLineStart)
    }

    /// `lines(for:beside:)` for a paragraph whose first line has no style of its own, and
    /// where its second line starts in its text (UTF-8 offset), if it has one.
    func setLines(_ paragraph: StyledParagraph, beside insets: LineInsets, secondLineStart: inout Int?) -> [SetLine] {
        var paragraph = paragraph
        paragraph.bidi = paragraph.text.withUnsafeBufferPointer {
            ParagraphBidi(text: $0, direction: paragraph.direction, fromText: paragraph.directionFromText)
        }
        let direction = paragraph.bidi.direction
        let regular = segmenter.fonts.regular
        let (indent, firstX, prefixWidth) = starts(of: paragraph)
        let language = paragraph.language ?? bookLanguage
        // Chinese and Japanese fill every line but the last, between characters (JLReq §3.8),
        // unless the book aligns them otherwise.
        let interCharacter = Self.justifiesBetweenCharacters(language)
            && (paragraph.alignment == .justify || paragraph.alignment == .start) && !paragraph.isCode
        var measure = LineMeasure(firstLineWidth: contentWidth - firstX - prefixWidth, otherLineWidth: contentWidth - indent,
                                  justified: paragraph.alignment == .justify || interCharacter,
                                  raggedStretch: Self.raggedStretchEms * bodySize, narrowing: insets.narrowing)
        measure.shrinks = !interCharacter
        // Not where the line holds what is drawn at places of its own (formulas, ruby), in code,
        // or in Chinese and Japanese, which JLReq fills between characters.
        if measure.justified, !interCharacter, !paragraph.isCode, paragraph.formulas.isEmpty, paragraph.rubies.isEmpty {
            measure.expansion = glyphScaling
        }

        // A code listing's continuation lines are indented from the source line they go on.
        let continuationIndent = paragraph.isCode
            ? min(CodeLines.continuationIndentEms * (paragraph.runs.first?.size ?? bodySize), (contentWidth - indent) / 2) : 0
        return paragraph.text.withUnsafeBufferPointer { text in
            var code: [(offset: Double, continues: Bool)] = []
            var (segments, spans) = paragraph.isCode
                ? codeLines(paragraph, text: text, measure: measure, continuationIndent: continuationIndent, lines: &code)
                : breakLines(paragraph, text: text, measure: measure, pushesIn: interCharacter)
            if spans.isEmpty {
                segments = []
                spans = [LineSpan(segments: 0..<0, width: 0)]
            }
            var lines: [SetLine] = []
            lines.reserveCapacity(spans.count)
            var scalars = SourceCounter(text: text, base: paragraph.sourceStart)
            var runs = LineRunCollector(paragraph: paragraph, text: text)
            let spacer = interCharacter || !paragraph.rubies.isEmpty
                ? LineSpacer(segmenter: segmenter, paragraph: paragraph, text: text, language: language,
                             composesCJK: interCharacter) : nil
            let formulas = paragraph.formulas.isEmpty ? nil
                : LineFormulas(segmenter: segmenter, paragraph: paragraph, ascender: regular.ascender,
                               descender: regular.descender)
            for (n, span) in spans.enumerated() {
                if n & 1023 == 1023, MemoryWatch.isOver { break }
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
                if n == 1 { secondLineStart = start }
                var string = ParagraphSegmenter.string(text, start..<textEnd)
                if span.hyphenated { string += "-" }
                var width = span.width
                let continues = code.indices.contains(n) && code[n].continues
                var x = (n == 0 ? firstX : indent + (code.indices.contains(n) ? code[n].offset : 0)) + insets.start(n)
                let end = contentWidth - insets.end(n)
                var lineRuns = runs.runs(for: start..<textEnd, hyphenated: span.hyphenated)
                if n == 0, !paragraph.prefix.isEmpty {
                    if string.isEmpty {
                        var marker = Substring(paragraph.prefix)
                        while marker.last == " " || marker.last == "\u{2002}" { marker = marker.dropLast() }
                        string = String(marker)
                        width = segmenter.measurer.width(of: string, in: regular, size: bodySize)
                        lineRuns = LineRunCollector.prefixed(lineRuns, by: string, size: bodySize)
                    } else {
                        string = paragraph.prefix + string
                        width += prefixWidth
                        lineRuns = LineRunCollector.prefixed(lineRuns, by: paragraph.prefix, size: bodySize)
                    }
                }
                lineRuns = StandInRuns.split(lineRuns, of: string, faces: segmenter.faces, measurer: segmenter.measurer,
                                             language: paragraph.language ?? bookLanguage)
                // The marker is in the paragraph's direction, before the text (or all there is).
                let markerUnits = n == 0 && !paragraph.prefix.isEmpty
                    ? (textEnd > start ? paragraph.prefix.utf16.count : string.utf16.count) : 0
                let pieces = paragraph.bidi.pieces(of: text, range: start..<textEnd, prefixUnits: markerUnits,
                                                   hyphenated: span.hyphenated)
                // Justified lines fill the measure, except the paragraph's last, a line ended by
                // a forced break, and a line with no space to stretch (unless it is filled
                // between its characters).
                let fills = measure.justified && n < spans.count - 1 && !segments[span.segments.upperBound - 1].forcesBreak
                var height = paragraph.lineHeight
                if paragraph.lineHeightPerPoint > 0 {
                    height = max(height, lineRuns.reduce(0) { max($0, $1.size) } * paragraph.lineHeightPerPoint)
                }
                var rubies: [SetRuby] = []
                var filled = false
                if let spacer {
                    let markerWidth = markerUnits > 0 && textEnd > start ? prefixWidth : 0
                    (lineRuns, width, height, rubies, filled) = spacer.finish(
                        LineSpacer.Line(range: start..<textEnd, prefixUnits: markerUnits, prefixWidth: markerWidth,
                                        string: string, runs: lineRuns, width: width,
                                        fill: fills && interCharacter ? end - x : nil, room: end - x, height: height),
                        text: text)
                }
                let justified = fills && !filled && span.segments.dropLast().contains { segments[$0].spaceWidth > 0 }
                if !justified, spacer == nil, span.segments.count > 1 || (n > 0 && spans[n - 1].hyphenated) {
                    // A line that keeps its natural width is given it as a renderer draws it: its
                    // text shaped whole, kerned across its spaces, not the sum of its words (a line
                    // of one piece was measured whole, unless it is the rest of a word cut at a
                    // hyphen, whose width was the word's less its first part's).
                    let markerWidth = markerUnits > 0 ? prefixWidth : 0
                    width = markerWidth + segmenter.widths(of: [start..<textEnd], of: paragraph, text: text, remembering: false)[0]
                        + (span.hyphenated ? segmenter.hyphenWidth(after: textEnd, of: paragraph, text: text) : 0)
                }
                let natural = width
                var expansion = 1.0
                if justified {
                    width = end - x
                    if measure.expansion > 0 {
                        let spaces = span.segments.dropLast().reduce(0) { $0 + segments[$1].spaceWidth }
                        expansion = Self.expansion(slack: width - natural, natural: natural, spaces: spaces,
                                                   limit: measure.expansion)
                    }
                }
                if let formulas, formulas.isDisplayLine(start..<textEnd) {
                    // A display formula is centred in the measure, whatever the first line's indent.
                    x = indent + insets.start(n)
                    x += max(0, (end - x - width) / 2)
                } else if paragraph.alignment == .center {
                    x += max(0, (end - x - width) / 2)
                } else if alignsToEnd(paragraph.alignment, direction: direction) {
                    x += max(0, end - x - width)
                }
                if direction == .rightToLeft {
                    x = contentWidth - x - width
                }
                let source = textEnd > start ? scalars.offset(at: start)..<scalars.offset(at: textEnd) : nil
                var line = SetLine(text: string, x: x, y: 0, width: width, height: height,
                                   hyphenated: span.hyphenated, justified: justified, source: source,
                                   runs: lineRuns, direction: direction, bidi: pieces)
                line.continuation = continues
                line.expansion = expansion
                line.rubies = rubies
                if let formulas {
                    let markerWidth = markerUnits > 0 && textEnd > start ? prefixWidth : 0
                    (line.formulas, line.height) = formulas.place(
                        formulas.formulas(in: start..<textEnd),
                        on: LineSpacer.Line(range: start..<textEnd, prefixUnits: markerUnits, prefixWidth: markerWidth,
                                            string: string, runs: lineRuns, width: width, fill: nil, room: end - x, height: height),
                        natural: natural, rightToLeft: direction == .rightToLeft, text: text)
                }
                lines.append(line)
            }
            return lines
        }
    }

    /// How much wider a justified line is drawn: its slack shared between its spaces and its
    /// text in the proportion of what each may stretch at badness 100 (`spaces` stretching by
    /// `TotalFitLineBreaker.spaceStretch`, the text by `limit`), as pdfTeX shares it between glue
    /// and font expansion; the text's part never past `limit`, the spaces take the rest. Rounded
    /// down to a ten-thousandth, so it is never more than the layout allowed; a line whose
    /// spaces shrink is not scaled.
    static func expansion(slack: Double, natural: Double, spaces: Double, limit: Double) -> Double {
        let room = spaces * TotalFitLineBreaker.spaceStretch + limit * natural
        guard slack > widthTolerance, room > 0, natural > 0 else { return 1 }
        let share = min(1, slack / room)
        return 1 + ((limit * share) * 10_000).rounded(.down) / 10_000
    }

    /// Whether text in `language` is justified between its characters: Chinese and Japanese,
    /// which have no spaces to stretch (Korean has).
    static func justifiesBetweenCharacters(_ language: String?) -> Bool {
        guard let language else { return false }
        let primary = LanguageTag.primarySubtag(of: language)
        return primary == "ja" || primary == "zh"
    }

    /// Where the paragraph's lines start from its start edge (`indent`) and where its first
    /// line does (`firstX`: its text indent, or its list marker, hanging), and the marker's width.
    func starts(of paragraph: StyledParagraph) -> (indent: Double, firstX: Double, prefixWidth: Double) {
        // Deep nesting stops indenting at half the width, so some room is always left for text.
        let indent = min(paragraph.indent, contentWidth / 2)
        let prefixWidth = paragraph.prefix.isEmpty ? 0
            : segmenter.measurer.width(of: paragraph.prefix, in: segmenter.fonts.regular, size: bodySize)
        // A first-line indent (CSS `text-indent`) may hang left of the lines, not off the page.
        let firstX = paragraph.prefix.isEmpty
            ? min(max(indent + paragraph.firstLineIndent, 0), contentWidth / 2)
            : max(min(paragraph.prefixMinimumIndent, indent), indent - prefixWidth)
        return (indent, firstX, prefixWidth)
    }

    /// The same setter for a narrower measure: a table cell's.
    func setting(width: Double) -> ParagraphSetter {
        ParagraphSetter(segmenter: segmenter, lineBreaker: lineBreaker, hyphenator: hyphenator, contentWidth: width,
                        bodySize: bodySize, bookLanguage: bookLanguage, glyphScaling: glyphScaling)
    }

    /// The paragraph's narrowest and widest useful measure (CSS's min-content and max-content
    /// widths, which a table's columns are chosen from): its widest piece that no line may break
    /// inside, words kept whole; and its text on one line, or on as many as its forced breaks
    /// make. Both with its indents and list marker.
    func contentWidths(of paragraph: StyledParagraph) -> (minimum: Double, maximum: Double) {
        var paragraph = paragraph
        paragraph.bidi = paragraph.text.withUnsafeBufferPointer {
            ParagraphBidi(text: $0, direction: paragraph.direction, fromText: paragraph.directionFromText)
        }
        let prefixWidth = paragraph.prefix.isEmpty ? 0
            : segmenter.measurer.width(of: paragraph.prefix, in: segmenter.fonts.regular, size: bodySize)
        let firstIndent = max(paragraph.indent + paragraph.firstLineIndent, 0) + prefixWidth
        let segments = paragraph.text.withUnsafeBufferPointer { segmenter.segments(of: paragraph, text: $0) }
        var widest = 0.0
        var longest = 0.0
        var line = firstIndent
        var lineStart = true
        for segment in segments {
            widest = max(widest, segment.visibleWidth + (lineStart ? firstIndent : paragraph.indent))
            line += segment.visibleWidth
            longest = max(longest, line)
            line += segment.spaceWidth
            lineStart = false
            if segment.forcesBreak {
                line = paragraph.indent
            }
        }
        return (max(widest, firstIndent), max(longest, widest))
    }

    /// `end`, and `right` in a left-to-right paragraph or `left` in a right-to-left one.
    private func alignsToEnd(_ alignment: StyledParagraph.Alignment, direction: TextDirection) -> Bool {
        switch alignment {
        case .end: true
        case .right: direction != .rightToLeft
        case .left: direction == .rightToLeft
        case .start, .center, .justify: false
        }
    }

    /// A code listing's segments and lines (`CodeLines`), and where each line starts and
    /// whether it is a continuation.
    private func codeLines(_ paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>, measure: LineMeasure,
                           continuationIndent: Double, lines: inout [(offset: Double, continues: Bool)]) -> ([Segment], [LineSpan]) {
        guard !MemoryWatch.isOver else { return ([], []) }
        let continuationWidth = measure.otherLineWidth - continuationIndent
        var segments = segmenter.fitted(segmenter.segments(of: paragraph, text: text), of: paragraph, text: text,
                                        toFit: min(measure.firstLineWidth, continuationWidth))
        // A source line's first token that fits a line but not after the line's own indentation
        // is cut to fill what is left, rather than leave a line of spaces alone.
        var index = 0
        while index + 1 < segments.count {
            let lead = segments[index], token = segments[index + 1]
            let room = (index == 0 ? measure.firstLineWidth : measure.otherLineWidth) - lead.spaceWidth
            if !lead.hasVisibleText, !lead.forcesBreak, index == 0 || segments[index - 1].forcesBreak,
               token.hasVisibleText, token.visibleWidth > room + widthTolerance, room >= continuationWidth / 4 {
                let pieces = segmenter.cut(token, of: paragraph, text: text, toFit: room)
                segments.replaceSubrange(index + 1...index + 1, with: pieces)
                index += pieces.count
            }
            index += 1
        }
        let set = CodeLines.lines(for: segments, openingWidth: measure.firstLineWidth, width: measure.otherLineWidth,
                                  continuationIndent: continuationIndent)
        lines = set.map { ($0.offset, $0.continues) }
        return (segments, set.map(\.span))
    }

    /// The segments the lines are made of, and the lines. A paragraph that sets well without
    /// hyphens keeps its words whole (TeX's first pass); otherwise its words are hyphenated and
    /// the breaker takes the best lines there are, however loose.
    /// `pushesIn`: a line may end with its closing bracket or stop set half-width (Chinese and
    /// Japanese, which `LineSpacer` then sets so).
    func breakLines(_ paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>,
                    measure: LineMeasure, pushesIn: Bool = false) -> ([Segment], [LineSpan]) {
        // Past the memory bound no more lines are made: the conversion is refused (`MemoryWatch`).
        guard !MemoryWatch.isOver else { return ([], []) }
        var plain = segmenter.segments(of: paragraph, text: text)
        if pushesIn { segmenter.trimLineEnds(of: &plain, of: paragraph, text: text) }
        let narrowest = measure.narrowestWidth
        let whole = segmenter.fitted(plain, of: paragraph, text: text, toFit: narrowest)
        let language = paragraph.language ?? bookLanguage
        let hyphenates = paragraph.hyphenates && hyphenator?.hasPatterns(for: language) == true
        let code = codeTokens(of: plain, in: paragraph, text: text)
        guard hyphenates || code.contains(true) else {
            return (whole, lineBreaker.lines(for: whole, in: measure, tolerance: nil) ?? [])
        }
        if let spans = lineBreaker.lines(for: whole, in: measure, tolerance: Self.firstPassTolerance) {
            return (whole, spans)
        }
        // Loaded only now: a book whose paragraphs all set without hyphens never loads them.
        let patterns = hyphenates ? hyphenator?.patterns(for: language) : nil
        // Every cut there is, the paragraph's last word's too; that word stays whole but in the
        // emergency pass.
        var cuts = cuts(of: plain, in: paragraph, text: text, code: code, patterns: patterns)
        let last = plain.lastIndex(where: \.hasVisibleText)
        cuts.whole = last
        var cut = segmenter.fitted(segmenter.hyphenated(plain, of: paragraph, text: text, cuts: cuts, unhyphenated: code),
                                   of: paragraph, text: text, toFit: narrowest)
        if let spans = lineBreaker.lines(for: cut, in: measure, tolerance: Self.secondPassTolerance) {
            return (cut, spans)
        }
        // The emergency pass: the last word may be cut too, and the least bad lines there are
        // are taken, however loose.
        cuts.whole = nil
        if let last, !cuts.range(of: last).isEmpty {
            cut = segmenter.fitted(segmenter.hyphenated(plain, of: paragraph, text: text, cuts: cuts, unhyphenated: code),
                                   of: paragraph, text: text, toFit: narrowest)
        }
        return (cut, lineBreaker.lines(for: cut, in: measure, tolerance: nil) ?? [])
    }

    /// For each segment, whether it is a token of code: a word whose first character is in the
    /// code face, which `CodeBreaks` cuts rather than the hyphenator.
    private func codeTokens(of plain: [Segment], in paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>) -> [Bool] {
        guard paragraph.runs.contains(where: { $0.face == FaceRole.monospace.rawValue }) else { return [] }
        var run = 0
        return plain.map { segment in
            guard segment.visibleEnd - segment.start >= 2 * CodeBreaks.minimum, !segment.forcesBreak else { return false }
            while paragraph.runs[run].end <= segment.start { run += 1 }
            return paragraph.runs[run].face == FaceRole.monospace.rawValue
        }
    }

    /// Where each segment may be cut, as UTF-8 offsets from its start: a word at its
    /// hyphenation points (with `patterns`), a token of code where `CodeBreaks` allows. A word
    /// before a forced break stays whole, and so do a formula's text and a word beside one.
    private func cuts(of plain: [Segment], in paragraph: StyledParagraph, text: UnsafeBufferPointer<UInt8>, code: [Bool],
                      patterns: HyphenationPatterns?) -> SegmentCuts {
        // Words shown in the case a style sets are cut as the book writes them.
        if let source = paragraph.caseSource, source.count == text.count {
            var plainParagraph = paragraph
            plainParagraph.caseSource = nil
            return source.withUnsafeBufferPointer { cuts(of: plain, in: plainParagraph, text: $0, code: code, patterns: patterns) }
        }
        // Runs no line breaks inside (formulas), in order, and the first not yet passed.
        let unbroken = ParagraphSegmenter.wholeRanges(of: paragraph)
        var nextUnbroken = 0
        // The text of each segment that may be cut, nil for the others.
        let words = plain.indices.map { k -> UnsafeBufferPointer<UInt8>? in
            let segment = plain[k]
            // A short word is left whole without asking (most words of a novel).
            guard segment.visibleEnd - segment.start >= WordHyphenator.shortestWord, !segment.forcesBreak else { return nil }
            // Nor is a formula's text, nor a word beside one.
            while nextUnbroken < unbroken.count, unbroken[nextUnbroken].upperBound <= segment.start { nextUnbroken += 1 }
            if nextUnbroken < unbroken.count, unbroken[nextUnbroken].lowerBound < segment.visibleEnd { return nil }
            return UnsafeBufferPointer(rebasing: text[segment.start..<segment.visibleEnd])
        }
        var run = 0
        let hyphenable = plain.indices.map { k -> Bool in
            guard patterns != nil, words[k] != nil, !(code.indices.contains(k) && code[k]) else { return false }
            while paragraph.runs[run].end <= plain[k].start { run += 1 }
            return paragraph.runs[run].face != FaceRole.monospace.rawValue
        }
        if let patterns, let hyphenator {
            // The answers' cache warmed for every word first, as the widths' are (`ByteKeyedCache.warmNoted`).
            for k in plain.indices where hyphenable[k] { hyphenator.noteForWarming(words[k]!, with: patterns) }
            hyphenator.warmNoted()
        }
        var found = SegmentCuts(capacity: plain.count)
        for k in plain.indices {
            if let word = words[k] {
                if code.indices.contains(k), code[k] {
                    found.points += CodeBreaks.points(in: word)
                } else if hyphenable[k], let patterns, let hyphenator {
                    hyphenator.appendPoints(in: word, with: patterns, to: &found.points)
                }
            }
            found.closeSegment()
        }
        return found
    }
}

/// How far a paragraph's lines keep from its start and end edges, line by line from the first,
/// beyond its indents: the room a float takes beside them. Lines past the arrays' end keep none.
struct LineInsets: Equatable {
    var starts: [Double] = []
    var ends: [Double] = []

    func start(_ line: Int) -> Double { line < starts.count ? starts[line] : 0 }
    func end(_ line: Int) -> Double { line < ends.count ? ends[line] : 0 }

    var narrowing: [Double] { (0..<max(starts.count, ends.count)).map { start($0) + end($0) } }

    /// The insets of the lines after the first.
    var afterFirstLine: LineInsets {
        LineInsets(starts: Array(starts.dropFirst()), ends: Array(ends.dropFirst()))
    }
}

/// Turns the byte offsets of a paragraph's lines, met in increasing order, into chapter scalar
/// offsets, counting each byte once.
struct SourceCounter {
    let text: UnsafeBufferPointer<UInt8>
    private var byte = 0
    private var scalar: Int

    init(text: UnsafeBufferPointer<UInt8>, base: Int) {
        self.text = text
        scalar = base
    }

    /// The chapter offset of byte `position`; positions must not go backwards.
    mutating func offset(at position: Int) -> Int {
        if position > byte {
            scalar += UTF8Counting.scalars(in: UnsafeBufferPointer(rebasing: text[byte..<position]))
            byte = position
        }
        return scalar
    }
}
