import BookModel
import Fonts
import Hyphenation
import LanguageGuess
import PageFormat

/// Lays a book out into content pages: flattens each chapter's blocks into paragraphs, breaks them
/// into lines measured with the real fonts, and cuts the lines into pages.
///
/// The fonts are loaded once, in `init`; `layout` may then be called for any number of books, from
/// any thread (each call makes its own measuring caches and line breakers). A large book is laid
/// out on several threads, each taking the next whole chapter, with the same result as on one.
public struct Layouter: Sendable {
    public let options: LayoutOptions
    /// How the pages are made, as the output's `layout` says it: known before any page is. The
    /// writer adds what is not the layout's to know (the view bounds a target derived the page
    /// size from) and what is known only after it (the stand-in faces, `PagedBook.standIns`).
    public let description: LayoutDescription
    /// The file of each of `description.faces` on this machine, by PostScript name: for a writer
    /// in this process that embeds the faces (the HTML preview). No output carries it.
    public let faceFiles: [String: String]
    /// What the fonts had to make do with, such as a family without an italic face.
    public let warnings: [String]

    private let fonts: FontSet
    private let dictionaries: HyphenationDictionaries
    /// The last book's faces, loaded once for its workers and its description.
    private let lastFaces = LastBookFaces()
    /// The face formulas are set in, loaded by the first book that has one.
    private let mathFaces: MathFaces

    /// `hyphenationDirectory`: where the hyphenation dictionaries are (Debian's by default).
    public init(options: LayoutOptions, hyphenationDirectory: String = HyphenationDictionaries.systemDirectory) throws {
        let content = options.geometry.contentSize
        guard options.fontSize.isFinite, options.fontSize > 0 else {
            throw LayoutError.invalidOptions("font size must be a positive number")
        }
        guard options.lineHeight.isFinite, options.lineHeight > 0 else {
            throw LayoutError.invalidOptions("line height must be a positive number")
        }
        guard content.width.isFinite, content.height.isFinite, content.width > 0, content.height > 0 else {
            throw LayoutError.invalidOptions("the margins leave no room on the page")
        }
        do {
            fonts = try FontSet(font: options.font, monospaceFamily: options.codeFont)
        } catch let error as FontError {
            throw LayoutError.font(error.description)
        }
        mathFaces = MathFaces(requested: options.mathFont)
        if options.mathFont != nil {
            do {
                try mathFaces.loadNow()
            } catch let error as FontError {
                throw LayoutError.font(error.description)
            }
        }
        guard BreakOpportunityFinder(locale: nil) != nil else { throw LayoutError.lineBreakingUnavailable }
        self.options = options
        dictionaries = HyphenationDictionaries(directory: hyphenationDirectory)
        warnings = fonts.warnings
        let faces = BookFaces(fonts: fonts).measured
        description = Self.description(of: options, fonts: fonts, faces: faces)
        faceFiles = MeasuredFace.files(of: faces)
    }

    /// The files of the layout's own five faces (the body's four, the code's), as found when it
    /// was made: what an output's provenance records of them, without looking them up again.
    public var ownFaceFiles: [String] {
        [fonts.regular, fonts.italic, fonts.bold, fonts.boldItalic, fonts.monospace].map(\.path)
    }

    /// `faces`: the book's faces, in `FaceRole` order.
    private static func description(of options: LayoutOptions, fonts: FontSet, faces: [MeasuredFace]) -> LayoutDescription {
        let rounded = PointPrecision.rounded
        let geometry = options.geometry
        let content = geometry.contentSize
        let regular = fonts.regular
        return LayoutDescription(
            bounds: nil,
            pageSize: Dimensions(width: rounded(geometry.pageSize.width), height: rounded(geometry.pageSize.height)),
            margins: Margins(top: rounded(geometry.margins.top), right: rounded(geometry.margins.right),
                             bottom: rounded(geometry.margins.bottom), left: rounded(geometry.margins.left)),
            contentBox: Box(x: rounded(geometry.margins.left), y: rounded(geometry.margins.top),
                            width: rounded(content.width), height: rounded(content.height)),
            font: FontDescription(requested: fonts.requested, family: regular.family, file: regular.fileName,
                                  postScriptName: regular.postScriptName, iOSFontName: regular.iOSFontName,
                                  size: rounded(options.fontSize), lineHeight: rounded(options.bodyLineHeight)),
            faces: faces.map(\.description),
            notes: NoteFontDescription(size: rounded(options.fontSize * LayoutOptions.noteScale),
                                       lineHeight: rounded(options.bodyLineHeight * LayoutOptions.noteScale)))
    }

    /// Lays `book` out. `onChapter`, when given, receives each chapter's pages as soon as they
    /// and all before them are laid out, in reading order, one call at a time (from a worker
    /// thread): for writers that stream. The returned book holds every page, unless
    /// `keepingPages` is false (as for `start(_:metadata:keepingPages:onChapter:spreadSide:)`).
    /// `spreadSide`, with an `onChapter`: whether the first page of the next chapter `onChapter`
    /// takes opens a spread of two facing pages, as the writer placing them says
    /// (`PageStream.nextChapterOpensSpread`); the two pages of each spread then end on the same
    /// line where they can (`Paginator`). Nil, or a nil answer: pages face none.
    public func layout(_ book: Book, keepingPages: Bool = true,
                       onChapter: (@Sendable (_ chapterIndex: Int, _ pages: [Page]) -> Void)? = nil,
                       spreadSide: (@Sendable () -> Bool?)? = nil) -> PagedBook {
        let feed = ChapterFeed()
        let running = start(feed, metadata: book.metadata,
                            workers: ParallelChapters.workers(for: book.chapters),
                            keepingPages: keepingPages, onChapter: onChapter, spreadSide: spreadSide)
        // Laid out with the metadata it has, so the book can't turn out to need another layout.
        return running.finish(book)!
    }

    /// Starts laying out a book still being read, whose chapters `feed` will hold, on threads of
    /// its own; `metadata` is the book's as known so far. `onChapter` and `spreadSide` as for
    /// `layout(_:keepingPages:onChapter:spreadSide:)`.
    /// `keepingPages` false, with an `onChapter`: each chapter's pages go to `onChapter` and are
    /// not kept, so the paged book has none (`PagedBook.pages`), only their counts: for a writer
    /// that takes the pages as they come, which spares holding a book's pages twice.
    /// The book's hyphenation dictionary starts loading now, on a thread of its own
    /// (`WordHyphenator.startLoading`): a book read as it is laid out is a large one, most often.
    public func start(_ feed: ChapterFeed, metadata: Metadata, keepingPages: Bool = true,
                      onChapter: (@Sendable (_ chapterIndex: Int, _ pages: [Page]) -> Void)? = nil,
                      spreadSide: (@Sendable () -> Bool?)? = nil) -> LayoutInProgress {
        WordHyphenator.startLoading(options.applied(to: metadata).language, from: dictionaries)
        return start(feed, metadata: metadata, workers: ParallelChapters.workers(), keepingPages: keepingPages,
              onChapter: onChapter, spreadSide: spreadSide)
    }

    /// Starts loading, on a thread of its own, the hyphenation dictionary of a book with
    /// `metadata`, for a layout about to begin (`layout(_:keepingPages:onChapter:spreadSide:)`
    /// loads it only when its first paragraph needs it, and waits for it then).
    public func startLoadingHyphenation(for metadata: Metadata) {
        WordHyphenator.startLoading(options.applied(to: metadata).language, from: dictionaries)
    }

    /// The same before the layouter for `options` is made, with the dictionaries it will have
    /// (`init(options:hyphenationDirectory:)`'s default): a dictionary loads while the fonts are found.
    public static func startLoadingHyphenation(for metadata: Metadata, options: LayoutOptions,
                                               hyphenationDirectory: String = HyphenationDictionaries.systemDirectory) {
        WordHyphenator.startLoading(options.applied(to: metadata).language,
                                    from: HyphenationDictionaries(directory: hyphenationDirectory))
    }

    /// `start(_:metadata:keepingPages:onChapter:spreadSide:)` on `workers` threads, without loading the
    /// hyphenation dictionary ahead.
    func start(_ feed: ChapterFeed, metadata: Metadata, workers: Int, keepingPages: Bool = true,
               onChapter: (@Sendable (_ chapterIndex: Int, _ pages: [Page]) -> Void)? = nil,
               spreadSide: (@Sendable () -> Bool?)? = nil) -> LayoutInProgress {
        let deliver = onChapter.map { onChapter in
            { @Sendable (index: Int, layout: ChapterLayout) in onChapter(index, layout.pages) }
        }
        let sharedWidths = SharedWidths()
        let sharedHyphenation = SharedHyphenation()
        // As the output gives it (the caller may have applied the options already: it changes nothing twice).
        let settings = ChapterLayouter.BookSettings(options.applied(to: metadata), writingMode: options.writingMode)
        let running = ParallelChapters.start(feed, workers: workers, keepingPages: keepingPages, makeWorker: { [self] in
            worker(settings: settings, sharedWidths: sharedWidths, sharedHyphenation: sharedHyphenation)
        }, deliver: deliver, spreadSide: spreadSide)
        return LayoutInProgress(layouter: self, feed: feed, settings: settings, running: running)
    }

    /// One worker's layouter for a book of `settings`; `sharedWidths` and `sharedHyphenation`:
    /// what the book's other workers found, shared.
    func worker(settings: ChapterLayouter.BookSettings, sharedWidths: SharedWidths? = nil,
                sharedHyphenation: SharedHyphenation? = nil) -> ChapterLayouter {
        ChapterLayouter(fonts: fonts, faces: faces(for: settings.fonts), options: options, settings: settings,
                        lineBreaker: TotalFitLineBreaker(), dictionaries: dictionaries,
                        sharedWidths: sharedWidths, sharedHyphenation: sharedHyphenation, mathFaces: mathFaces)
    }

    /// The paged book from its chapters' layouts: the pages in order, where the table of
    /// contents and the page list point, the warnings.
    func paged(_ book: Book, chapters: LaidOutChapters) -> PagedBook {
        // For each chapter: its first page, if it has any.
        var chapterStarts: [Int?] = []
        chapterStarts.reserveCapacity(chapters.count)
        var pageCount = 0
        for count in chapters.pageCounts {
            chapterStarts.append(count == 0 ? nil : pageCount)
            pageCount += count
        }

        let lastPage = pageCount > 0 ? pageCount - 1 : nil
        // Where a chapter's anchor lands; an empty chapter's anchors land on the next page there is.
        func pageIndex(chapter: Int, anchor: String?) -> Int? {
            guard chapter >= 0, chapter < chapterStarts.count else { return lastPage }
            if let anchor, let start = chapterStarts[chapter], let page = chapters.page(ofAnchor: anchor, inChapter: chapter) {
                return start + page
            }
            return chapterStarts[chapter...].lazy.compactMap({ $0 }).first ?? lastPage
        }
        let standIns = chapters.standIns
        let tocPageIndices = book.toc.map { pageIndex(chapter: $0.chapterIndex, anchor: $0.anchor) }
        let pageListPageIndices = book.pageList.map { pageIndex(chapter: $0.chapterIndex, anchor: $0.anchor) }
        let links = BookLinks.resolve(chapters.linkTargets, in: book, chapterStarts: chapterStarts,
                                      hasAnchor: { chapters.page(ofAnchor: $1, inChapter: $0) != nil }, pageIndex: pageIndex)
        return PagedBook(pages: chapters.pages, chapterPageCounts: chapters.pageCounts, tocPageIndices: tocPageIndices,
                         pageListPageIndices: pageListPageIndices, links: links,
                         warnings: faces(for: book.metadata.fonts).warnings + Self.hyphenationWarnings(chapters)
                             + Self.glyphWarnings(chapters) + chapters.warnings,
                         standIns: standIns.map(\.description),
                         standInFiles: MeasuredFace.files(of: standIns))
    }


    /// The faces a book's runs are set in: the layout's own and those `fonts` brings.
    func faces(for fonts: BookFonts) -> BookFaces {
        lastFaces.faces(for: fonts) {
            BookFaces(fonts: self.fonts, book: fonts, useBookFonts: options.usesBookFonts, bodyFontChosen: options.bodyFontChosen)
        }
    }

    /// How the pages of a book with `metadata` are made: `description` with the faces its runs
    /// name, the book's own among them.
    public func description(for metadata: Metadata) -> LayoutDescription {
        var description = description
        description.faces = faces(for: metadata.fonts).measured.map(\.description)
        return description
    }

    /// The file on this machine of each face a book with `metadata` is set in that has one, by
    /// PostScript name: for a writer in this process that embeds them (the HTML preview). The
    /// faces the book brings are in the book.
    public func faceFiles(for metadata: Metadata) -> [String: String] {
        MeasuredFace.files(of: faces(for: metadata.fonts).measured)
    }

    /// One warning for the characters no installed font has, naming the first few. Characters
    /// measured in a stand-in font are no problem of the book's, and every text system falls
    /// back so: they make no warning (`PagedBook.fallbackFamilies` names the fonts).
    private static func glyphWarnings(_ chapters: LaidOutChapters) -> [Warning] {
        var warnings: [Warning] = []
        let missing = chapters.charactersWithoutGlyphs.sorted()
        if !missing.isEmpty {
            let named = missing.prefix(5).map { scalar -> String in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
            warnings.append(Warning("no installed font has glyphs for \(missing.count) of the book's characters "
                                    + "(\(named.joined(separator: ", "))\(missing.count > 5 ? ", …" : "")): "
                                    + "they are measured as the missing-glyph box"))
        }
        return warnings
    }

    /// One warning per language without a hyphenation dictionary, in a fixed order, and one if
    /// some text had no language at all.
    private static func hyphenationWarnings(_ chapters: LaidOutChapters) -> [Warning] {
        let missing = chapters.languagesWithoutHyphenation
        var warnings = missing.sorted().map {
            Warning("no hyphenation dictionary for language '\($0)' (Debian's hyphen-* packages): its text is not hyphenated")
        }
        // A book that names no language: the ones its chapters read as, the most read first.
        let languages = chapters.guessedLanguages.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        if !languages.isEmpty {
            let read = languages.count == 1 ? "'\(languages[0].key)'"
                : languages.map { "'\($0.key)' (\($0.value) chapter\($0.value == 1 ? "" : "s"))" }.joined(separator: ", ")
            warnings.append(Warning("the book names no language: its text reads as \(read) (libexttextcat's guess), "
                                    + "which it is hyphenated in"))
        }
        if chapters.metTextWithoutLanguage {
            let text = languages.isEmpty ? "its text is" : "the text of some chapters is"
            warnings.append(Warning(LanguageGuesser.shared == nil
                ? "the book names no language, and libexttextcat's language models (Debian's libexttextcat-data) are not "
                    + "installed to tell one: its text is not hyphenated"
                : "the book names no language, and \(text) too short or too mixed to tell its language: it is not hyphenated"))
        }
        return warnings
    }
}

/// The faces of the last book a layouter was asked for, kept while it is laid out: its workers
/// and its description ask for them, and loading a book's fonts is done once.
private final class LastBookFaces: @unchecked Sendable {
    private let lock = ShortLock()
    private var last: (fonts: BookFonts, faces: BookFaces)?

    func faces(for fonts: BookFonts, make: () -> BookFaces) -> BookFaces {
        lock.withLock {
            if let last, last.fonts == fonts { return last.faces }
            let faces = make()
            last = (fonts, faces)
            return faces
        }
    }
}
