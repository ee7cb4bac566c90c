import BookModel
import Fonts
import Hyphenation
import LanguageGuess
import PageFormat
import ProcessMemory

/// One chapter laid out: its pages, and the page (counted from the chapter's first) where each
/// of its anchors lands.
struct ChapterLayout {
    /// The pages as the layout hands them on, made by the worker that laid the chapter out, on
    /// its thread.
    var pages: [Page]
    /// How many pages the chapter has, handed on or not.
    private(set) var pageCount: Int
    var anchorPages: [String: Int]
    /// The stand-in faces its lines' runs name, each once.
    var standIns: [MeasuredFace] = []
    /// Languages met so far (by this worker) that have no hyphenation dictionary, and whether
    /// text came with no language at all.
    var languagesWithoutHyphenation: Set<String> = []
    var metTextWithoutLanguage = false
    /// The language its text reads as when the book names none (`LanguageGuesser`), which it
    /// was hyphenated in.
    var guessedLanguage: String?
    /// Characters no installed font has (so far, by this worker).
    var charactersWithoutGlyphs: Set<Unicode.Scalar> = []
    /// What the chapter's layout had to give up, such as a table's type size.
    var warnings: [Warning] = []
    /// Where its lines' links lead, each once (`LineRun.link`): the book's places among them
    /// are found on its pages once every chapter is laid out (`Layouter.paged`).
    var linkTargets: Set<String> = []

    init(pages: [Page], anchorPages: [String: Int], standIns: [MeasuredFace] = [],
         languagesWithoutHyphenation: Set<String> = [], metTextWithoutLanguage: Bool = false,
         charactersWithoutGlyphs: Set<Unicode.Scalar> = []) {
        self.pages = pages
        pageCount = pages.count
        self.anchorPages = anchorPages
        self.standIns = standIns
        self.languagesWithoutHyphenation = languagesWithoutHyphenation
        self.metTextWithoutLanguage = metTextWithoutLanguage
        self.charactersWithoutGlyphs = charactersWithoutGlyphs
    }

    /// How to cut the chapter into pages again, when it was cut before the side of its first page
    /// was known; nil once placed (`place(opensSpread:)`).
    var repagination: ChapterRepagination?

    /// The layout once its first page's side is known: `opensSpread`, whether it opens a spread
    /// (nil: its pages face none). Its pages are cut again if they were cut for the other side.
    mutating func place(opensSpread: Bool?) {
        guard let repagination else { return }
        self.repagination = nil
        guard opensSpread != repagination.opensSpread else { return }
        (pages, anchorPages) = repagination.pages(opensSpread: opensSpread)
        pageCount = pages.count
    }
}

/// Lays out chapters one after another with one measuring cache and one line breaker: the state
/// of one worker. Each chapter starts on a new page, so chapters can be laid out independently.
struct ChapterLayouter {
    private let setter: ParagraphSetter
    private var paginator: Paginator
    private var flattener: BlockFlattener
    private let hyphenator: WordHyphenator
    private let contentSize: Dimensions
    /// Footnotes are set smaller (`LayoutOptions.noteScale`), each into lines of their own.
    private let noteSetter: ParagraphSetter
    private var noteFlattener: BlockFlattener
    private let notePaginator: Paginator
    private let assembler: PageAssembler
    private let tableSetter: TableSetter
    private let floatSetter: FloatSetter
    /// A designed chapter's one page: the same segmenter, line breaker and hyphenator, at the
    /// sizes and widths its designer gave.
    private let designSetter: DesignSetter

    /// What of a book's metadata its chapters' layout depends on.
    struct BookSettings: Equatable, Sendable {
        let language: String?
        /// A book written vertically is set horizontally, left to right; its right-to-left page
        /// progression comes from the vertical lines, not from its paragraphs.
        let direction: TextDirection
        /// The fonts the book brings.
        let fonts: BookFonts
        /// Its lines are columns, set top to bottom and placed from the right (`--writing-mode`).
        let vertical: Bool

        init(_ metadata: Metadata, writingMode: WritingModeChoice) {
            language = metadata.language
            vertical = writingMode.setsVertically(metadata)
            direction = metadata.writesVertically || vertical ? .leftToRight : metadata.direction
            fonts = metadata.fonts
        }
    }

    /// `sharedWidths`: what the other workers of the same book have shaped;
    /// `sharedHyphenation`: where they found that words take a hyphen.
    /// `faces`: the book's faces (`BookFaces`) from `fonts`.
    /// `mathFaces`: the face formulas are set in, loaded when the first is met.
    init(fonts: FontSet, faces: BookFaces, options: LayoutOptions, settings: BookSettings, lineBreaker: any LineBreaking,
         dictionaries: HyphenationDictionaries, sharedWidths: SharedWidths? = nil,
         sharedHyphenation: SharedHyphenation? = nil, mathFaces: MathFaces = MathFaces(requested: nil)) {
        let lineHeight = options.bodyLineHeight
        // A vertical book is laid out as a horizontal one on the page turned a quarter (its
        // lines' length the page's height, its lines stacked across its width); the assembler
        // turns each page back.
        let physical = options.geometry.contentSize
        contentSize = settings.vertical ? Dimensions(width: physical.height, height: physical.width) : physical
        assembler = PageAssembler(geometry: options.geometry, bodySize: options.fontSize, lineHeight: lineHeight,
                                  vertical: settings.vertical)
        let language = settings.language
        // Text is scaled across a horizontal line only: a column's would be scaled along it.
        let glyphScaling = settings.vertical ? 0 : options.glyphScaling
        let segmenter = ParagraphSegmenter(fonts: fonts, bookFaces: faces,
                                           measurer: TextMeasurer(language: language, shared: sharedWidths),
                                           finder: BreakOpportunityFinder(locale: language))
        hyphenator = WordHyphenator(dictionaries: dictionaries, shared: sharedHyphenation)
        setter = ParagraphSetter(segmenter: segmenter, lineBreaker: lineBreaker, hyphenator: hyphenator,
                                 contentWidth: contentSize.width, bodySize: StyledParagraph.writtenSize(options.fontSize),
                                 bookLanguage: language, glyphScaling: glyphScaling)
        paginator = Paginator(contentHeight: contentSize.height, gapHeight: lineHeight)
        tableSetter = TableSetter(setter: setter, gapHeight: lineHeight, contentSize: contentSize)
        floatSetter = FloatSetter(setter: setter, contentSize: contentSize)
        let direction = settings.direction
        flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: lineHeight, alignment: options.alignment,
                                   bookDirection: direction, bookLanguage: language)
        flattener.contentWidth = contentSize.width
        flattener.ignoresMarkupLanguages = options.overridesMarkupLanguages
        flattener.setsVertically = settings.vertical
        flattener.faceFeatures = segmenter.faceFeatures
        flattener.bookFaces = faces
        flattener.formulaSetter = FormulaSetter(faces: mathFaces, pixel: options.fontSize / 16, contentHeight: contentSize.height,
                                                textAscender: fonts.regular.ascender, textDescender: fonts.regular.descender)
        designSetter = DesignSetter(segmenter: segmenter, lineBreaker: lineBreaker, hyphenator: hyphenator,
                                    direction: direction, language: language,
                                    pageSize: options.geometry.pageSize)

        // The notes' markers are measured at the size their text is set in.
        let noteSize = StyledParagraph.writtenSize(options.fontSize * LayoutOptions.noteScale)
        let noteLineHeight = lineHeight * LayoutOptions.noteScale
        noteSetter = ParagraphSetter(segmenter: segmenter, lineBreaker: lineBreaker, hyphenator: hyphenator,
                                     contentWidth: contentSize.width, bodySize: noteSize, bookLanguage: language,
                                     glyphScaling: glyphScaling)
        noteFlattener = BlockFlattener(fontSize: noteSize, lineHeight: noteLineHeight, alignment: options.alignment,
                                       bookDirection: direction, bookLanguage: language)
        noteFlattener.faceFeatures = segmenter.faceFeatures
        noteFlattener.bookFaces = faces
        noteFlattener.keepsOneSize = true
        noteFlattener.ignoresMarkupLanguages = options.overridesMarkupLanguages
        noteFlattener.setsVertically = settings.vertical
        noteFlattener.setsTableGrids = false
        noteFlattener.setsFloats = false
        noteFlattener.setsBoxes = false
        notePaginator = Paginator(contentHeight: contentSize.height, gapHeight: noteLineHeight)
        // The rule above the notes: a third of the measure, on the side the book's lines start from.
        let ruleWidth = contentSize.width * LayoutOptions.noteRuleShare
        paginator.noteSeparator = SetLine(text: "", x: direction == .rightToLeft ? contentSize.width - ruleWidth : 0,
                                              y: 0, width: ruleWidth, height: noteLineHeight, role: .noteSeparator)
    }

    /// `index`: the chapter's place in the book, which its pages carry. `side`: whether its
    /// first page opens a spread, asked once its lines are set; when that is not known yet, the
    /// chapter is cut as if it did, and the layout keeps what cutting it again needs.
    mutating func layout(_ chapter: Chapter, index: Int, side: () -> FirstPageSide = { .unpaired }) -> ChapterLayout {
        // Past the memory bound the chapters left are not laid out: the conversion is refused.
        guard !MemoryWatch.isOver else { return ChapterLayout(pages: [], anchorPages: [:]) }
        if let design = chapter.design { return layout(design, of: chapter, index: index) }
        var guessed = false
        let paginated = paginate(chapter) {
            switch side() {
            case .unpaired: return nil
            case .known(let opensSpread): return opensSpread
            case .unknown:
                guessed = true
                return true
            }
        }
        let pages = assembler.pages(paginated.pagination.pages, chapterIndex: index,
                                    sourceIndex: ChapterSourceIndex(paragraphs: paginated.chapter.paragraphs),
                                    spineCFI: chapter.spineCFI)
        var layout = finished(pages, contents: paginated.pagination.pages, anchors: paginated.anchors)
        if guessed {
            layout.repagination = ChapterRepagination(chapter: paginated.chapter, paginator: paginator, assembler: assembler,
                                                      chapterIndex: index, spineCFI: chapter.spineCFI, opensSpread: true)
        }
        layout.warnings = paginated.tableScales.map { table, scale in
            Self.warning(in: chapter, "table \(table + 1) is wider than the page at the body size: it is set at "
                         + "\(Int((scale * 100).rounded(.down))) % of it")
        }
        if paginated.boxesNarrowed > 0 {
            layout.warnings.append(Self.warning(in: chapter, count: paginated.boxesNarrowed, "box is", "boxes are",
                " set narrower than the book's CSS asks: their margins, borders and padding would leave the text less "
                + "than a quarter of the page's width"))
        }
        if let smallest = paginated.formulaScales.min() {
            layout.warnings.append(Self.warning(in: chapter, count: paginated.formulaScales.count, "formula is", "formulas are",
                " wider than the page or taller than it at the text's size: set smaller to fit, down to "
                + "\(Int((smallest * 100).rounded(.down))) %"))
        }
        if paginated.formulasAsText > 0 {
            layout.warnings.append(Self.warning(in: chapter, count: paginated.formulasAsText, "formula is", "formulas are",
                " set as text: no math face is installed (Debian's fonts-texgyre-math, or --math-font)"))
        }
        if paginated.floatsInFlow > 0 {
            layout.warnings.append(Self.warning(in: chapter, count: paginated.floatsInFlow, "float is", "floats are",
                " set in the flow, as blocks: wider than half the page, taller than most of it, or with no text to stand beside"))
        }
        return layout
    }

    /// A designed chapter: always one page, whatever it holds.
    private func layout(_ design: PageDesign, of chapter: Chapter, index: Int) -> ChapterLayout {
        let set = designSetter.set(design, spineItem: chapter.source)
        let page = assembler.designedPage(set.content, design: set.placement, chapterIndex: index,
                                          sourceIndex: ChapterSourceIndex(paragraphs: set.paragraphs), spineCFI: chapter.spineCFI)
        var anchors: [String: Int] = [:]
        for anchor in set.paragraphs.flatMap(\.anchors) { anchors[anchor] = 0 }
        var layout = finished([page], contents: [set.content], anchors: anchors)
        if set.linesPastThePage > 0 {
            layout.warnings.append(Self.warning(in: chapter, count: set.linesPastThePage, "line", "lines",
                " of its designed page run past the page: its text needs more room than its boxes give at the page's scale"))
        }
        return layout
    }

    /// What a chapter's layout had to give up, named by the chapter's file and title.
    private static func warning(in chapter: Chapter, _ text: String) -> Warning {
        Warning("\(chapter.source)\(chapter.title.map { " (\($0))" } ?? ""): " + text)
    }

    /// The same, for `count` things: `one` or `many` and what became of them.
    private static func warning(in chapter: Chapter, count: Int, _ one: String, _ many: String, _ rest: String) -> Warning {
        warning(in: chapter, "\(count) " + (count == 1 ? one : many) + rest)
    }

    /// A chapter's layout from its finished pages: with what the measuring met on the way and
    /// where its lines' links lead.
    private func finished(_ pages: [Page], contents: [PageContent], anchors: [String: Int]) -> ChapterLayout {
        var layout = ChapterLayout(pages: pages, anchorPages: anchors, standIns: StandInRuns.faces(on: contents),
                                   languagesWithoutHyphenation: hyphenator.missingLanguages,
                                   metTextWithoutLanguage: hyphenator.metTextWithoutLanguage,
                                   charactersWithoutGlyphs: setter.segmenter.measurer.charactersWithoutGlyphs)
        layout.guessedLanguage = hyphenator.guessedLanguage
        for page in pages {
            for line in page.shown?.lines ?? [] {
                for run in line.runs ?? [] { if let link = run.link { layout.linkTargets.insert(link) } }
            }
        }
        return layout
    }

    /// A chapter cut into pages, before they are finished: the paginator's pages (lines in the
    /// content box, knowing their place in the chapter's text), and what finishing them needs.
    struct PaginatedChapter {
        var pagination: Pagination
        var chapter: SetChapter
        /// The page (counted from the chapter's first) where each of its anchors lands.
        var anchors: [String: Int]
        /// The tables set smaller than the body to fit the page: their places among the
        /// chapter's tables, and the scale.
        var tableScales: [(table: Int, scale: Double)] = []
        /// How many of its floats were set in the flow (`FloatSetter`, `BlockFlattener`).
        var floatsInFlow = 0
        /// How many of its boxes were set narrower than the book asks (`BoxStack`).
        var boxesNarrowed = 0
        /// The scales of the formulas set smaller to fit the page; how many were set as text.
        var formulaScales: [Double] = []
        var formulasAsText = 0
    }

    /// The chapter's paragraphs and notes set into lines and cut into pages. `opensSpread`,
    /// asked once the lines are set: whether the first page opens a spread whose pages end
    /// together (nil: its pages face none).
    mutating func paginate(_ chapter: Chapter, opensSpread: () -> Bool? = { nil }) -> PaginatedChapter {
        let paragraphs = flattener.flatten(chapter.blocks)
        // A book that names no language is hyphenated in the one each chapter's text reads as.
        if setter.bookLanguage == nil { hyphenator.guessedLanguage = guessedLanguage(of: paragraphs) }
        var noteIndices: [String: Int] = [:]
        for (index, note) in chapter.notes.enumerated() where noteIndices[note.id] == nil {
            noteIndices[note.id] = index
        }
        var tableScales: [(table: Int, scale: Double)] = []
        var floatsInFlow = flattener.floatsInFlow
        let set = Self.set(paragraphs, setters: setters, gapHeight: paginator.gapHeight, notes: noteIndices,
                           tableScales: &tableScales, floatsInFlow: &floatsInFlow)
        var noteAnchors: [[String]] = []
        let notes = chapter.notes.map { note in
            let noteParagraphs = noteFlattener.flatten(note.blocks, marker: note.marker)
            noteAnchors.append([note.id] + noteParagraphs.flatMap(\.anchors))
            return notePaginator.note(of: noteParagraphs.map { paragraph in
                SetParagraph(lines: noteSetter.lines(for: paragraph), pageBreak: paragraph.pageBreak,
                             gapBefore: paragraph.gapBefore, breaks: paragraph.breaks)
            })
        }
        let setChapter = SetChapter(paragraphs: paragraphs, set: set, notes: notes, noteAnchors: noteAnchors,
                                    boxes: flattener.boxes)
        let pagination = paginator.paginate(set, notes: notes, boxes: flattener.boxes, firstOpensSpread: opensSpread())
        return PaginatedChapter(pagination: pagination, chapter: setChapter, anchors: setChapter.anchors(on: pagination),
                                tableScales: tableScales,
                                floatsInFlow: floatsInFlow, boxesNarrowed: flattener.boxesNarrowed,
                                formulaScales: flattener.formulaScales, formulasAsText: flattener.formulasAsText)
    }

    /// The language of the text of `paragraphs` that names none, as `LanguageGuesser` reads
    /// its first pages; nil when there is too little of it, no guesser, or the guess is of a
    /// language no dictionary here hyphenates (text of no language guesses as one of them).
    func guessedLanguage(of paragraphs: [StyledParagraph]) -> String? {
        guard let guesser = LanguageGuesser.shared else { return nil }
        var sample: [UInt8] = []
        for paragraph in paragraphs where paragraph.language == nil && !paragraph.isCode {
            if sample.count >= LanguageGuesser.sampleLength { break }
            sample += paragraph.text
            sample.append(0x0A)
        }
        return guesser.language(of: String(decoding: sample, as: UTF8.self)).flatMap { hyphenator.knows($0) ? $0 : nil }
    }

    /// What sets a paragraph into lines, for a measure: the content box's, or a box's inside.
    struct Setters {
        var paragraphs: ParagraphSetter
        var tables: TableSetter
        var floats: FloatSetter
        var size: Dimensions

        func narrowed(to size: Dimensions) -> Setters {
            let paragraphs = paragraphs.setting(width: size.width)
            return Setters(paragraphs: paragraphs,
                           tables: TableSetter(setter: paragraphs, gapHeight: tables.gapHeight, contentSize: size),
                           floats: FloatSetter(setter: paragraphs, contentSize: size), size: size)
        }
    }

    private var setters: Setters {
        Setters(paragraphs: setter, tables: tableSetter, floats: floatSetter, size: contentSize)
    }

    /// Each paragraph set in the measure of `setters`, or, inside boxes, in the measure they leave
    /// and moved to where it is. Static, so that a designed page's boxes are set the same way at
    /// their own size and width (`DesignSetter`), and so that nothing of `self` is copied per
    /// paragraph.
    static func set(_ paragraphs: [StyledParagraph], setters: Setters, gapHeight: Double, notes noteIndices: [String: Int],
                    tableScales: inout [(table: Int, scale: Double)], floatsInFlow: inout Int) -> [SetParagraph] {
        paragraphs.map { paragraph in
            guard !paragraph.boxInsets.isZero else {
                return setParagraph(paragraph, setters: setters, gapHeight: gapHeight, notes: noteIndices,
                                    tableScales: &tableScales, floatsInFlow: &floatsInFlow)
            }
            let insets = paragraph.boxInsets
            let size = Dimensions(width: max(setters.size.width - insets.left - insets.right, 1),
                                  height: setters.size.height)
            return setParagraph(paragraph, setters: setters.narrowed(to: size), gapHeight: gapHeight, notes: noteIndices,
                                tableScales: &tableScales, floatsInFlow: &floatsInFlow).moved(dx: insets.left)
        }
    }

    /// One paragraph set: its lines, a table's slices, a float's lines beside its host's, or a
    /// picture scaled to the measure and to the page less the lines its box's edges take.
    /// `gapHeight`: the height of an empty line, which each line of a box's edges takes.
    private static func setParagraph(_ paragraph: StyledParagraph, setters: Setters, gapHeight: Double, notes noteIndices: [String: Int],
                                     tableScales: inout [(table: Int, scale: Double)], floatsInFlow: inout Int) -> SetParagraph {
        if let table = paragraph.table {
            let (setTable, scale) = setters.tables.set(table)
            if scale < 1 { tableScales.append((table.index, scale)) }
            return SetParagraph(lines: setTable.slices.map { SetLine(text: "", x: 0, y: 0, width: 0, height: $0.height) },
                                pageBreak: paragraph.pageBreak, gapBefore: paragraph.gapBefore, breaks: paragraph.breaks,
                                noteCalls: Self.callingSlices(table, setTable, notes: noteIndices), table: setTable)
        }
        if !paragraph.floats.isEmpty {
            let set = setters.floats.set(paragraph)
            floatsInFlow += set.inFlow
            return SetParagraph(lines: set.lines, pageBreak: paragraph.pageBreak, gapBefore: paragraph.gapBefore,
                                breaks: paragraph.breaks,
                                noteCalls: Self.callingLines(paragraph, lines: set.lines, notes: noteIndices),
                                floats: set.floats)
        }
        guard let image = paragraph.image, let pixels = image.source.pixelSize else {
            let lines = setters.paragraphs.lines(for: paragraph)
            return SetParagraph(lines: lines, pageBreak: paragraph.pageBreak, gapBefore: paragraph.gapBefore,
                                breaks: paragraph.breaks,
                                noteCalls: Self.callingLines(paragraph, lines: lines, notes: noteIndices))
        }
        // The image's one line is the space it takes; it shows no text.
        var room = setters.size
        let boxLines = paragraph.breaks.boxLinesBefore + paragraph.breaks.boxLinesAfter
        if boxLines > 0 { room.height = max(room.height - Double(boxLines) * gapHeight, gapHeight) }
        let placed = ImageScaling.placed(image, pixels: pixels, in: room)
        return SetParagraph(lines: [SetLine(text: "", x: placed.x, y: 0, width: placed.width, height: placed.height)],
                            pageBreak: paragraph.pageBreak, gapBefore: paragraph.gapBefore, breaks: paragraph.breaks,
                            image: placed)
    }

    /// Which of a table's slices call which of the chapter's notes: the slice holding the line
    /// that shows the reference's last character (by the lines' place in the chapter's text).
    static func callingSlices(_ table: FlatTable, _ set: SetTable, notes: [String: Int]) -> [Int: [Int]] {
        var calls: [(offset: Int, note: Int)] = []
        func collect(_ paragraphs: [StyledParagraph]) {
            for paragraph in paragraphs {
                if let nested = paragraph.table { nested.rows.forEach { $0.cells.forEach { collect($0.paragraphs) } } }
                for call in paragraph.noteCalls {
                    if let note = notes[call.note] { calls.append((paragraph.sourceStart + call.offset, note)) }
                }
            }
        }
        table.rows.forEach { $0.cells.forEach { collect($0.paragraphs) } }
        guard !calls.isEmpty, !set.slices.isEmpty else { return [:] }
        // Where each line's text starts, in the chapter's text, and its slice.
        let starts = set.slices.enumerated().flatMap { s, slice in
            slice.lines.compactMap { $0.source.map { (start: $0.lowerBound, slice: s) } }
        }.sorted { $0.start < $1.start }
        guard !starts.isEmpty else { return [:] }
        var found: [Int: [Int]] = [:]
        for call in calls.sorted(by: { $0.offset < $1.offset }) {
            let after = starts.indices.partitionPoint { starts[$0].start <= call.offset }
            found[starts[max(after - 1, 0)].slice, default: []].append(call.note)
        }
        return found
    }

    /// Which of a paragraph's lines call which of the chapter's notes: the line that shows the
    /// reference's last character (by the lines' place in the chapter's text), or for a reference
    /// that shows nothing, the line before it. One pass over the lines.
    static func callingLines(_ paragraph: StyledParagraph, lines: [SetLine], notes: [String: Int]) -> [Int: [Int]] {
        var calls: [Int: [Int]] = [:]
        var line = 0
        var next = 1
        for call in paragraph.noteCalls {
            guard let note = notes[call.note] else { continue }
            let offset = paragraph.sourceStart + call.offset
            while next < lines.count {
                if let source = lines[next].source {
                    if source.lowerBound > offset { break }
                    line = next
                }
                next += 1
            }
            calls[line, default: []].append(note)
        }
        return calls
    }
}
