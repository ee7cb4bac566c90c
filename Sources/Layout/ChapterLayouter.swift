import BookModel
import Fonts
import Hyphenation

/// One chapter laid out: its pages, and the page (counted from the chapter's first) where each
/// of its anchors lands.
struct ChapterLayout {
    var pages: [[LaidOutLine]]
    var anchorPages: [String: Int]
    /// Languages met so far (by this worker) that have no hyphenation dictionary, and whether
    /// text came with no language at all.
    var languagesWithoutHyphenation: Set<String> = []
    var metTextWithoutLanguage = false
}

/// Lays out chapters one after another with one measuring cache and one line breaker: the state
/// of one worker. Each chapter starts on a new page, so chapters can be laid out independently.
struct ChapterLayouter {
    private let setter: ParagraphSetter
    private let paginator: Paginator
    private var flattener: BlockFlattener
    private let hyphenator: WordHyphenator

    init(fonts: FontSet, options: LayoutOptions, metadata: Metadata, lineBreaker: any LineBreaking,
         dictionaries: HyphenationDictionaries) {
        let lineHeight = options.bodyLineHeight
        let language = metadata.language
        let segmenter = ParagraphSegmenter(fonts: fonts, measurer: TextMeasurer(language: language),
                                           finder: BreakOpportunityFinder(locale: language))
        hyphenator = WordHyphenator(dictionaries: dictionaries)
        setter = ParagraphSetter(segmenter: segmenter, lineBreaker: lineBreaker, hyphenator: hyphenator,
                                 contentWidth: options.geometry.contentSize.width, bodySize: options.fontSize,
                                 direction: metadata.direction, bookLanguage: language)
        paginator = Paginator(contentHeight: options.geometry.contentSize.height, gapHeight: lineHeight)
        flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: lineHeight, alignment: options.alignment)
    }

    mutating func layout(_ chapter: Chapter) -> ChapterLayout {
        let paragraphs = flattener.flatten(chapter.blocks)
        let set = paragraphs.map {
            SetParagraph(lines: setter.lines(for: $0), pageBreak: $0.pageBreak, gapBefore: $0.gapBefore, breaks: $0.breaks)
        }
        let (pages, firstPages) = paginator.paginate(set)
        var anchors: [String: Int] = [:]
        for (p, paragraph) in paragraphs.enumerated() {
            for anchor in paragraph.anchors where anchors[anchor] == nil {
                anchors[anchor] = firstPages[p]
            }
        }
        return ChapterLayout(pages: pages, anchorPages: anchors,
                             languagesWithoutHyphenation: hyphenator.missingLanguages,
                             metTextWithoutLanguage: hyphenator.metTextWithoutLanguage)
    }
}
