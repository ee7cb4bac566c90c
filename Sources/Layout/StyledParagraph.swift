import BookModel
import PageFormat

/// Where a run of a paragraph's text ends, and how it is set.
struct StyledRun: Equatable {
    /// UTF-8 offset just past the run; runs are consecutive from offset 0.
    var end: Int
    /// Its face's number among the book's (`BookFaces`): a `FaceRole`'s raw value for the
    /// layout's own five.
    var face: Int
    var size: Double
    var shift: BaselineShift = .none
    /// Where the run's text links to, as the book names it (`OEBPS/ch2.xhtml#note-3`, or a URL).
    /// Like `paint`, it changes nothing of how the text is measured: a run beside one in the same
    /// face and size is shaped with it, as Core Text and browsers draw them.
    var link: String?
    /// Lines and colours drawn with the text, which change nothing of how it is measured.
    var paint = RunPaint()
    /// Its letter and word spacing and OpenType features, which do.
    var shaping = RunShaping()
}

/// What a run's text is drawn with besides its face: lines through it and colours.
struct RunPaint: Equatable {
    var underline = false
    var strikethrough = false
    var color: PageColor?
    var background: PageColor?
}

/// A ruby annotation of a paragraph: the reading set small beside its base, which no line
/// breaks inside (`Inline.ruby`).
struct RubySpan: Equatable {
    /// The base, in UTF-8 offsets of the paragraph's text.
    var base: Range<Int>
    var text: String
    /// The reading's face (its base's) and size (half its base's, as CSS Ruby's `rt` is set).
    var face: Int
    var size: Double

    /// The size of a reading beside text of `size`.
    static func size(over size: Double) -> Double { StyledParagraph.writtenSize(size / 2) }
}

/// `length` scalars of a paragraph's text from `offset` that stand for `sourceLength` scalars of
/// its block's text.
struct SourceReplacement: Equatable, Sendable {
    var offset: Int
    var length: Int
    var sourceLength: Int
}

/// How a paragraph may be split between pages.
enum PageBreakRule: Equatable {
    /// Anywhere that leaves at least two lines on each page.
    case splittable
    /// Moved whole when it fits on a page (table rows, images, rules).
    case together
    /// Kept whole, and on the same page as what follows (headings).
    case withNext
}

/// A footnote reference in a paragraph: the note's id, and where the reference's last character
/// is (in Unicode scalars of the paragraph's text), which says the line that calls the note.
struct NoteCall: Equatable {
    var offset: Int
    var note: String
}

/// What the book's CSS asks of the page breaks before and inside a paragraph.
struct BreakRules: Equatable {
    /// `break-before: page` (or `break-after: page` on what came before): a new page.
    var forcedBefore = false
    /// `break-*: avoid` here, or inside a group kept together: a break only when there is no
    /// better place on the page.
    var avoidedBefore = false
    var avoidedInside = false
    /// Lines a split must leave on each page (CSS `orphans` and `widows`, 2 and 2 by default).
    var orphans = 2
    var widows = 2
    /// A paragraph of at most this many source lines (its lines that continue none) is never
    /// split: a short code listing.
    var unsplitSourceLines = 0
    /// Empty lines before the paragraph when the book's margins set them; nil: `gapBefore`.
    var gapLines: Int?
    /// Empty lines the borders and padding of the boxes it starts take above its first line
    /// (below the gap), and of the boxes it ends below its last: they go with its lines, as
    /// part of the box, onto the page they are on (`BlockFlattener.boxLines`).
    var boxLinesBefore = 0
    var boxLinesAfter = 0
}

/// One paragraph of the flattened book, ready to be broken into lines: its text as UTF-8 (what
/// ICU reads and where break offsets point), the runs' faces, and where its lines go.
struct StyledParagraph: Equatable {
    /// `justify` stretches the spaces of every line but the last to fill the measure. `start`
    /// and `end` follow the paragraph's direction, `left` and `right` do not.
    enum Alignment: Equatable { case start, end, left, right, center, justify }

    var text: [UInt8] = []
    /// The text as the book writes it, where the case a style sets differs (a first line in
    /// capitals or small capitals, `FirstLineRestyle`), byte for byte as long: where its words
    /// may take a hyphen is found in it, so a word shown in capitals is cut as the word it is,
    /// not left whole as an acronym would be.
    var caseSource: [UInt8]?
    var runs: [StyledRun] = []
    /// A list marker (`•`, `3.` and an en space) shown before the first line, never broken from it.
    var prefix: String = ""
    /// The x of the lines, from the content box's start edge (the right one in a right-to-left
    /// paragraph). The marker hangs before the first line's text, but not further out than
    /// `prefixMinimumIndent`.
    var indent: Double = 0
    /// Added to the first line's indent (CSS `text-indent`; negative hangs).
    var firstLineIndent: Double = 0
    var prefixMinimumIndent: Double = 0
    var alignment: Alignment = .start
    var lineHeight: Double
    var pageBreak: PageBreakRule = .splittable
    var breaks = BreakRules()
    /// Whether an empty line separates it from the paragraph before (unless at a page's top).
    var gapBefore: Bool = true
    var anchors: [String] = []
    /// Preformatted text keeps its spaces (tabs become spaces to the next multiple of
    /// `tabSize`, CSS `tab-size`).
    var keepsSpaces: Bool = false
    var tabSize = 8
    /// A code listing: its lines break only at spaces (a token wider than a line is cut after
    /// its punctuation first), each source line's continuations indented and marked, short
    /// listings kept on one page (`CodeLines`).
    var isCode = false
    /// Whether its words may be hyphenated, and in which language (nil: the book's).
    var hyphenates: Bool = true
    /// No line starts with a small kana (CSS `line-break: strict`): JLReq's stricter rule.
    var strictLineBreaks = false
    var language: String?
    /// The base direction (`BlockFlattener` decides it); with `directionFromText` (`dir="auto"`)
    /// the first strong character of the text decides, and this is what holds when it has none.
    var direction: TextDirection = .leftToRight
    var directionFromText = false
    /// The embedding levels of its text, resolved by `ParagraphSetter` before it is measured.
    var bidi = ParagraphBidi.leftToRight
    /// Where its text starts in its chapter's text (the paragraphs' texts one after another,
    /// list markers left out), in Unicode scalars: what page locations count in.
    var sourceStart = 0
    /// Where its block came from in its document, and whether its text is the block's text
    /// scalar for scalar (so offsets inside it map through the block's spans).
    var source: SourceMap?
    var sourceIsExact = false
    /// An image of known size, which takes the paragraph's place (its text is empty).
    var image: Image?
    /// The footnotes its text calls, in order.
    var noteCalls: [NoteCall] = []
    /// For a paragraph with text set larger than its own size (CSS `font-size` on a `span`):
    /// the line height per point of size, so that a line is as tall as its largest text needs;
    /// 0 for every other paragraph, whose lines are all `lineHeight` tall.
    var lineHeightPerPoint = 0.0
    /// The floats beside its lines, in the order met (`FloatSetter`).
    var floats: [FlatFloat] = []
    /// How far the boxes around it keep its measure from the content box's sides: its lines
    /// (indents, markers, floats, a table, a picture) are set in the rest, as in a content box
    /// of their own.
    var boxInsets = SideInsets()
    /// Whether a run is spaced or shaped with features (`StyledRun.shaping`): only then is the
    /// paragraph measured the way that takes them in (`ParagraphSegmenter`).
    var isShaped = false

    /// A table, which takes the paragraph's place (its text is empty): its cells' paragraphs
    /// are in it, with their places in the chapter's text.
    var table: FlatTable? {
        get { rare?.table }
        set { changeRare { $0.table = newValue } }
    }
    /// The ruby annotations over its text, in order (`RubySpan`).
    var rubies: [RubySpan] {
        get { rare?.rubies ?? [] }
        set { changeRare { $0.rubies = newValue } }
    }
    /// The formulas in its text, in order (`FormulaSpan`).
    var formulas: [FormulaSpan] {
        get { rare?.formulas ?? [] }
        set { changeRare { $0.formulas = newValue } }
    }
    /// Stretches of its text that stand for other text of its block (a formula's linear form,
    /// a line break made around a display formula), in order: what maps its offsets to the
    /// block's (`ChapterSourceIndex`).
    var sourceReplacements: [SourceReplacement] {
        get { rare?.sourceReplacements ?? [] }
        set { changeRare { $0.sourceReplacements = newValue } }
    }
    /// What the book's `::first-line` changes in its first line (`FirstLineRestyle`).
    var firstLine: FirstLineRestyle? {
        get { rare?.firstLine }
        set { changeRare { $0.firstLine = newValue } }
    }

    /// What few paragraphs have, kept out of line together: a paragraph is copied often on its
    /// way to its lines, and most have neither.
    private struct RareParts: Equatable {
        var table: FlatTable?
        var firstLine: FirstLineRestyle?
        var rubies: [RubySpan] = []
        var formulas: [FormulaSpan] = []
        var sourceReplacements: [SourceReplacement] = []
    }

    @OutOfLine private var rare: RareParts? = nil

    private mutating func changeRare(_ change: (inout RareParts) -> Void) {
        var parts = rare ?? RareParts()
        change(&parts)
        rare = parts == RareParts() ? nil : parts
    }

    init(lineHeight: Double) {
        self.lineHeight = lineHeight
    }

    /// The number of Unicode scalars in `text`: every byte but UTF-8's continuation bytes.
    var scalarCount: Int { text.withUnsafeBufferPointer { UTF8Counting.scalars(in: $0) } }

    /// Whether there is anything to show besides, perhaps, the marker.
    var isEmpty: Bool { text.isEmpty }

    /// A size in the hundredths of a point the output writes: text is measured at it, so that
    /// text drawn at the written size is as wide as it was measured.
    static func writtenSize(_ size: Double) -> Double { (size * 100).rounded() / 100 }

    /// Adds `string` in `face` at `size`. Outside preformatted text, runs of white space collapse
    /// to one space and none starts a line; a `"\n"` always stays: it is a forced line break.
    /// The size is taken as the output writes it (`writtenSize`).
    mutating func append(_ string: String, face: Int, size: Double, shift: BaselineShift = .none, link: String? = nil,
                         paint: RunPaint = RunPaint(), shaping: RunShaping = RunShaping()) {
        let size = Self.writtenSize(size)
        let before = text.count
        var string = string
        string.withUTF8 { bytes in
            if keepsSpaces { appendKeepingSpaces(bytes) } else { appendCollapsingSpaces(bytes) }
        }
        guard text.count > before else { return }
        // Runs kept whole (characters combined upright, formulas) are each their own, even
        // beside one set alike.
        if let last = runs.last, last.face == face, last.size == size, last.shift == shift, last.link == link, last.paint == paint,
           last.shaping == shaping, !shaping.isWhole {
            runs[runs.count - 1].end = text.count
        } else {
            runs.append(StyledRun(end: text.count, face: face, size: size, shift: shift, link: link, paint: paint,
                                  shaping: shaping))
            if !shaping.isPlain { isShaped = true }
        }
    }

    /// Bytes that stay as they are (all but white space, and a space after a character) are
    /// copied a stretch at a time; the rest go one by one.
    private mutating func appendCollapsingSpaces(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.reserveCapacity(text.count + bytes.count)
        var stretchStart = 0
        var previous = text.last
        for index in bytes.indices {
            let byte = bytes[index]
            if Self.staysAsIs(byte, after: previous) {
                previous = byte
                continue
            }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[stretchStart..<index]))
            appendWhiteSpace(byte)
            previous = text.last
            stretchStart = index + 1
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[stretchStart...]))
    }

    /// Whether `byte`, after `previous`, is appended unchanged by `appendWhiteSpace`'s rules.
    private static func staysAsIs(_ byte: UInt8, after previous: UInt8?) -> Bool {
        guard byte <= 0x20 else { return true }
        switch byte {
        case 0x20: return previous != nil && previous != 0x20 && previous != 0x0A
        case 0x09, 0x0D, 0x0C, 0x0A: return false
        default: return true
        }
    }

    private mutating func appendWhiteSpace(_ byte: UInt8) {
        switch byte {
        case 0x20, 0x09, 0x0D, 0x0C:
            if let last = text.last, last != 0x20, last != 0x0A { text.append(0x20) }
        case 0x0A:
            // A space just before a forced break would only be trailing space.
            if text.last == 0x20 { text[text.count - 1] = 0x0A } else { text.append(0x0A) }
        default:
            text.append(byte)
        }
    }

    private mutating func appendKeepingSpaces(_ bytes: UnsafeBufferPointer<UInt8>) {
        // The column counts characters (bytes that start one) since the last line feed.
        var column = 0
        for byte in text.reversed() {
            if byte == 0x0A { break }
            if byte & 0xC0 != 0x80 { column += 1 }
        }
        var afterCarriageReturn = false
        for byte in bytes {
            switch byte {
            case 0x09:
                let spaces = tabSize > 0 ? tabSize - column % tabSize : 0
                text.append(contentsOf: repeatElement(0x20, count: spaces))
                column += spaces
            case 0x0D:
                text.append(0x0A)
                column = 0
            case 0x0A:
                if !afterCarriageReturn { text.append(0x0A) }
                column = 0
            default:
                text.append(byte)
                if byte & 0xC0 != 0x80 { column += 1 }
            }
            afterCarriageReturn = byte == 0x0D
        }
    }
}
