import BookModel

/// The runs of one block while it is being read, with HTML's whitespace rules: outside
/// preformatted text, any run of spaces, tabs and newlines is one space, none at the start or
/// end of the block or around a line break. U+00A0 is not white space here: it stays.
struct InlineBuffer {
    private(set) var runs: [Inline] = []
    /// Where the runs' text came from in the document (see `SourceMap`).
    private var spans = TextSpanRecorder()
    /// Keep spaces and newlines as written (`pre`, `pre-wrap`).
    let preservesWhitespace: Bool
    /// Keep newlines as line breaks, spaces collapsing around them (`pre-line`).
    let keepsNewlines: Bool
    /// True at the start of the block and after a space or line break, so the next space is
    /// dropped.
    private var atBreak = true

    /// The colours the text appended now is set in (the book's CSS `color` and `background-color`).
    var paint = InlinePaint()

    /// How many characters of the runs so far are not white space: where a box floated from
    /// inside the paragraph was met (`FloatBox.anchor`). Asked only when a float opens, and
    /// counted on from where the last count stopped: text is only ever added at the end (a run
    /// merged with the next grows at its end), and trimming takes only white space.
    mutating func visibleCount() -> Int {
        if counted.run >= runs.count
            || (counted.run == runs.count - 1 && counted.byte > runs[counted.run].text.utf8.count) {
            counted = (0, 0, 0)
        }
        while counted.run < runs.count {
            let utf8 = runs[counted.run].text.utf8
            let tail = String(decoding: utf8.dropFirst(counted.byte), as: UTF8.self)
            counted.visible += tail.unicodeScalars.lazy.filter { !$0.properties.isWhitespace }.count
            if counted.run == runs.count - 1 {
                counted.byte = utf8.count
                break
            }
            counted.run += 1
            counted.byte = 0
        }
        return counted.visible
    }

    /// How far `visibleCount` has counted: whole runs before `run`, bytes of `run` before `byte`.
    private var counted = (run: 0, byte: 0, visible: 0)

    init(preservesWhitespace: Bool = false, keepsNewlines: Bool = false) {
        self.preservesWhitespace = preservesWhitespace
        self.keepsNewlines = keepsNewlines && !preservesWhitespace
    }

    /// `origin`: where `text` starts in the document, for text read from it; nil for text the
    /// reader adds (quotation marks, parentheses). `note`: the footnote the text calls, when it
    /// is a reference.
    mutating func append(text: String, style: TextStyle, link: String?, note: String? = nil,
                         origin: DocumentPosition? = nil) {
        if keepsNewlines, text.utf8.contains(0x0A) {
            appendBreakingAtNewlines(text, style: style, link: link, note: note, origin: origin)
            return
        }
        if !preservesWhitespace, appendPlain(text, style: style, link: link, note: note, origin: origin) { return }
        let cleaned = TextCleanup.withoutControlCharacters(text)
        // Text that lost control characters no longer lines up with the document: no span.
        let origin = cleaned.utf8.count == text.utf8.count ? origin : nil
        if preservesWhitespace {
            let shown = preformatted(cleaned)
            spans.recordVerbatim(shown, from: shown.utf8.count == cleaned.utf8.count ? origin : nil)
            append(raw: shown, style: style, link: link, note: note)
            return
        }
        // White space is ASCII, so bytes will do (and are much faster than scalars).
        var cleanedText = cleaned
        let collapsed = cleanedText.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
                spans.begin(origin)
                let (count, rewritten) = collapse(bytes, into: buffer)
                spans.end()
                // Most text nodes come through unchanged: their string is kept, not made again.
                if count == bytes.count, !rewritten { return nil as String? }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
            }
        }
        append(raw: collapsed ?? cleaned, style: style, link: link, note: note)
    }

    /// Appends text that comes through as it is, when it does: no control character, no white
    /// space but single spaces, and no space where one would be dropped. That is nearly every text
    /// node of a book, and one look at eight bytes at a time finds it out (`TextCleanup.isPlain`),
    /// where cleaning and collapsing went byte by byte. False, with nothing done, for other text.
    private mutating func appendPlain(_ text: String, style: TextStyle, link: String?, note: String?,
                                      origin: DocumentPosition?) -> Bool {
        var text = text
        let appended = text.withUTF8 { bytes in
            guard TextCleanup.isPlain(bytes, afterBreak: atBreak) else { return false }
            spans.begin(origin)
            spans.keep(bytes)
            spans.end()
            if let last = bytes.last { atBreak = last == 0x20 }
            return true
        }
        if appended { append(raw: text, style: style, link: link, note: note) }
        return appended
    }

    /// Writes `bytes` into `output` with white space collapsed, and tells the span recorder
    /// what was kept and what dropped: each stretch between two dropped bytes at once, since a
    /// kept white space byte becomes a space, which counts the same. Returns how many bytes it
    /// wrote, and whether one of them is a space that was other white space.
    private mutating func collapse(_ bytes: UnsafeBufferPointer<UInt8>,
                                   into output: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, rewritten: Bool) {
        // Held in locals, and counted with `&+` (they cannot overflow), so that the loop over
        // every byte of the book stays in registers.
        var index = 0
        var count = 0
        var rewritten = false
        var atBreak = self.atBreak
        defer { self.atBreak = atBreak }
        while index < bytes.count {
            if atBreak, TextCleanup.isCollapsible(bytes[index]) {
                spans.skip(bytes[index])
                index &+= 1
                continue
            }
            let stretchStart = count
            while index < bytes.count {
                let byte = bytes[index]
                if TextCleanup.isCollapsible(byte) {
                    if atBreak { break }
                    if byte != 0x20 { rewritten = true }
                    output[count] = 0x20
                    atBreak = true
                } else {
                    output[count] = byte
                    atBreak = false
                }
                count &+= 1
                index &+= 1
            }
            spans.keep(UnsafeBufferPointer(rebasing: output[stretchStart..<count]))
        }
        return (count, rewritten)
    }

    /// `pre-line` text: each newline a line break, the text between collapsed as usual.
    private mutating func appendBreakingAtNewlines(_ text: String, style: TextStyle, link: String?, note: String?,
                                                   origin: DocumentPosition?) {
        var offset = 0
        // At the newline bytes, not characters: `\r\n` is one character, and a piece must hold
        // no newline at all. Pieces of UTF-8 cut at an ASCII byte are UTF-8 still.
        for (n, bytes) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if n > 0 {
                appendLineBreak(style: style, link: link)
                offset += 1
            }
            let piece = String(decoding: bytes, as: UTF8.self)
            append(text: piece, style: style, link: link, note: note, origin: origin?.advanced(by: offset))
            offset += piece.utf16.count
        }
    }

    /// A forced line break (`<br>`): the space before it goes, and the space after it.
    mutating func appendLineBreak(style: TextStyle, link: String?) {
        if !preservesWhitespace { trimTrailingSpaces() }
        append(raw: "\n", style: style, link: link)
        spans.advance(by: 1)
        atBreak = true
    }

    /// The finished runs — trimmed, without empty runs, neighbours of one style merged; empty
    /// when there is no visible text (a block of nothing but spaces and breaks is no block) —
    /// and where their text came from. The buffer is left empty, for the next block: the runs
    /// taken out of it are held once, so trimming them copies nothing.
    mutating func takeFinished() -> (runs: [Inline], spans: [TextSpan]) {
        var result = runs
        var spans = self.spans
        self = InlineBuffer(preservesWhitespace: preservesWhitespace, keepsNewlines: keepsNewlines)
        // The recorder has counted every scalar of the runs: what is trimmed here is taken off
        // its count (each trimmed character is one scalar), not counted again.
        var removed = 0
        if preservesWhitespace {
            // HTML drops the newline right after `<pre>`; white space before `</pre>` shows
            // nothing but would cost an empty line.
            if result.first?.text.hasPrefix("\n") == true {
                result[0].text.removeFirst()
                spans.dropFirstScalar()
            }
            removed += InlineBuffer.trimTrailing(&result, while: { $0 == " " || $0 == "\n" || $0 == "\t" })
        } else {
            removed += InlineBuffer.trimTrailing(&result, while: { $0 == " " })
            // A `<br>` at the end of a block makes no empty line in a browser.
            if result.last?.text.hasSuffix("\n") == true {
                result[result.count - 1].text.removeLast()
                removed += 1
            }
            removed += InlineBuffer.trimTrailing(&result, while: { $0 == " " })
        }
        result.removeAll { $0.text.isEmpty }
        let blank = result.allSatisfy { $0.text.unicodeScalars.allSatisfy(TextCleanup.isCollapsible) }
        if blank { return ([], []) }
        assert(spans.length - removed == result.reduce(0) { $0 + $1.text.unicodeScalarCount })
        spans.cut(at: spans.length - removed)
        return (result, spans.spans)
    }

    /// Where the text appended so far ends, in UTF-8 bytes: where a ruby's base starts or ends.
    var textEnd: Int { runs.reduce(0) { $0 + $1.text.utf8.count } }

    /// Makes the text of `range` (UTF-8 bytes, as `textEnd` counts them) one run, the base of the
    /// ruby annotation `reading`: the spaces at the range's ends stay outside it, and a base in
    /// several styles takes its first one's. False, with nothing changed, when the range holds
    /// nothing but spaces or is no longer there (trimmed at a line break).
    mutating func annotate(_ range: Range<Int>, with reading: String) -> Bool {
        makeOneRun(range) { $0.ruby = reading }
    }

    /// Makes the text of `range` one run that sets `formula` (the text its stand-in for search
    /// and the page's `text`), as `annotate` makes a ruby's base. False, with nothing changed,
    /// when the range holds nothing but spaces.
    mutating func attach(_ formula: Formula, to range: Range<Int>) -> Bool {
        makeOneRun(range) { $0.formula = formula }
    }

    /// Makes the text of `range` one run, in its first part's style, and lets `mark` set what
    /// it carries; the spaces at the range's ends stay outside it.
    private mutating func makeOneRun(_ range: Range<Int>, marking mark: (inout Inline) -> Void) -> Bool {
        var range = range
        guard range.lowerBound >= 0, range.upperBound <= textEnd else { return false }
        let bytes = Array(runs.lazy.flatMap(\.text.utf8)[range])
        guard let first = bytes.firstIndex(where: { !TextCleanup.isCollapsible($0) }),
              let last = bytes.lastIndex(where: { !TextCleanup.isCollapsible($0) }) else { return false }
        range = (range.lowerBound + first)..<(range.lowerBound + last + 1)
        var result: [Inline] = []
        result.reserveCapacity(runs.count + 2)
        var base: Inline?
        var offset = 0
        for run in runs {
            let utf8 = run.text.utf8
            let runRange = offset..<(offset + utf8.count)
            offset = runRange.upperBound
            guard runRange.overlaps(range) else {
                if let finished = base, runRange.lowerBound >= range.upperBound {
                    result.append(finished)
                    base = nil
                }
                result.append(run)
                continue
            }
            let inside = max(runRange.lowerBound, range.lowerBound)..<min(runRange.upperBound, range.upperBound)
            func piece(_ part: Range<Int>) -> String {
                String(decoding: utf8.dropFirst(part.lowerBound - runRange.lowerBound).prefix(part.count), as: UTF8.self)
            }
            if inside.lowerBound > runRange.lowerBound {
                var before = run
                before.text = piece(runRange.lowerBound..<inside.lowerBound)
                result.append(before)
            }
            if base == nil {
                var first = run
                first.text = piece(inside)
                mark(&first)
                base = first
            } else {
                base?.text += piece(inside)
            }
            if inside.upperBound < runRange.upperBound {
                result.append(base!)
                base = nil
                var after = run
                after.text = piece(inside.upperBound..<runRange.upperBound)
                result.append(after)
            }
        }
        if let base { result.append(base) }
        runs = result
        counted = (0, 0, 0)
        return true
    }

    private mutating func append(raw text: String, style: TextStyle, link: String?, note: String? = nil) {
        guard !text.isEmpty else { return }
        let style = style.union(paint.standing)
        guard paint.combinedDigits > 0 else {
            return runs.appendMerging(Inline(text, style: style, link: link, note: note, color: paint.color,
                                             background: paint.background, scale: paint.scale,
                                             typography: paint.typography, font: paint.font))
        }
        for piece in Self.digitPieces(of: text, longest: paint.combinedDigits) {
            // Each run of digits is a character of its own: never merged with the one before.
            let run = Inline(String(piece.text), style: piece.combined ? style.union(.combinedUpright) : style, link: link,
                             note: note, color: paint.color, background: paint.background, scale: paint.scale,
                             typography: paint.typography, font: paint.font)
            if piece.combined { runs.append(run) } else { runs.appendMerging(run) }
        }
    }

    /// `text` cut around its runs of ASCII digits no longer than `longest`, which
    /// `text-combine-upright: digits` sets each as one upright character; longer runs are not.
    static func digitPieces(of text: String, longest: Int) -> [(text: Substring, combined: Bool)] {
        var pieces: [(text: Substring, combined: Bool)] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index].isASCII, text[index].isWholeNumber else {
                index = text.index(after: index)
                continue
            }
            var end = index
            while end < text.endIndex, text[end].isASCII, text[end].isWholeNumber { end = text.index(after: end) }
            if text.distance(from: index, to: end) <= longest {
                if start < index { pieces.append((text[start..<index], false)) }
                pieces.append((text[index..<end], true))
                start = end
            }
            index = end
        }
        if start < text.endIndex { pieces.append((text[start...], false)) }
        return pieces
    }

    private mutating func trimTrailingSpaces() {
        let removed = InlineBuffer.trimTrailing(&runs, while: { $0 == " " })
        spans.cut(at: spans.length - removed)
    }

    /// Removes trailing characters that match; returns how many (each is one scalar here).
    @discardableResult
    private static func trimTrailing(_ runs: inout [Inline], while predicate: (Character) -> Bool) -> Int {
        var removed = 0
        var index = runs.count - 1
        while index >= 0 {
            // Every predicate here looks for a space, a newline or a tab, each one byte at the
            // end of the text: a text ending otherwise is passed over without finding its last
            // character (a grapheme break, from the end).
            while let byte = runs[index].text.utf8.last, byte == 0x20 || byte == 0x0A || byte == 0x09,
                  let last = runs[index].text.last, predicate(last) {
                runs[index].text.removeLast()
                removed += 1
            }
            if !runs[index].text.isEmpty { return removed }
            index -= 1
        }
        return removed
    }

    /// Preformatted text as it shows: `\r\n` and a lone `\r` are line breaks, and a form feed
    /// shows nothing.
    private func preformatted(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0C }) else { return text }
        var result = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                result.append("\n")
            } else if !(scalar == "\n" && afterCarriageReturn) && scalar != "\u{0C}" {
                result.append(scalar)
            }
            afterCarriageReturn = scalar == "\r"
        }
        return String(result)
    }
}

extension Array where Element == Inline {
    /// Adds a run, joined to the last one when they share style, link and note, so a paragraph
    /// holds as few runs as its styling needs.
    mutating func appendMerging(_ run: Inline) {
        // Compared in place: a copy of the last run, held while its text grows, would make
        // every append copy the text so far (a paragraph of a million `<br/>`s took minutes).
        let end = count - 1
        if end >= 0, self[end].ruby == nil, run.ruby == nil, self[end].formula == nil, run.formula == nil, self[end].style == run.style, self[end].link == run.link, self[end].note == run.note,
           self[end].color == run.color, self[end].background == run.background, self[end].scale == run.scale,
           self[end].typography == run.typography, self[end].font == run.font {
            self[end].text += run.text
        } else {
            append(run)
        }
    }
}

/// The colours of text, as the book's CSS sets them where the text is.
struct InlinePaint: Equatable {
    var color: BookColor?
    var background: BookColor?
    /// And its size, relative to its block's (`Inline.scale`), and its spacing and features
    /// (`Inline.typography`).
    var scale: Double?
    var typography: RunTypography?
    /// And its family (`Inline.font`).
    var font = FontChoice.body
    /// And how it stands in a vertical line: `.upright` or `.sideways` (`text-orientation`),
    /// `.combinedUpright` (`text-combine-upright: all`); and, for `digits N`, the longest run of
    /// ASCII digits that is set as one upright character (0: none is).
    var standing: TextStyle = []
    var combinedDigits = 0
}
