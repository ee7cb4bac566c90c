import BookModel
import Fonts
import Hyphenation

/// One chapter laid out: its pages, and the page (counted from the chapter's first) where each
/// of its anchors lands.
struct ChapterLayout {
    var pages: [PageContent]
    var anchorPages: [String: Int]
    /// Where offsets of the chapter's text lie in its document.
    var sourceIndex = ChapterSourceIndex(paragraphs: [])
    /// Languages met so far (by this worker) that have no hyphenation dictionary, and whether
    /// text came with no language at all.
    var languagesWithoutHyphenation: Set<String> = []
    var metTextWithoutLanguage = false
    /// Families measured in place of the book's fonts for characters they lack, and characters
    /// no installed font has (so far, by this worker).
    var fallbackFamilies: Set<String> = []
    var charactersWithoutGlyphs: Set<Unicode.Scalar> = []

    /// The pages as the layout hands them on, each knowing its chapter.
    func laidOutPages(chapterIndex: Int) -> [LaidOutPage] {
        pages.map { content in
            var page = LaidOutPage(chapterIndex: chapterIndex, lines: content.lines, images: content.images)
            if let source = page.source {
                page.startPosition = sourceIndex.position(at: source.lowerBound)
                page.endPosition = sourceIndex.position(at: source.upperBound, endOf: true)
            }
            return page
        }
    }
}

/// Lays out chapters one after another with one measuring cache and one line breaker: the state
/// of one worker. Each chapter starts on a new page, so chapters can be laid out independently.
struct ChapterLayouter {
    private let setter: ParagraphSetter
    private let paginator: Paginator
    private var flattener: BlockFlattener
    private let hyphenator: WordHyphenator
    private let contentSize: Size

    init(fonts: FontSet, options: LayoutOptions, metadata: Metadata, lineBreaker: any LineBreaking,
         dictionaries: HyphenationDictionaries) {
        let lineHeight = options.bodyLineHeight
        contentSize = options.geometry.contentSize
        let language = metadata.language
        let segmenter = ParagraphSegmenter(fonts: fonts, measurer: TextMeasurer(language: language),
                                           finder: BreakOpportunityFinder(locale: language))
        hyphenator = WordHyphenator(dictionaries: dictionaries)
        setter = ParagraphSetter(segmenter: segmenter, lineBreaker: lineBreaker, hyphenator: hyphenator,
                                 contentWidth: options.geometry.contentSize.width, bodySize: options.fontSize,
                                 bookLanguage: language)
        paginator = Paginator(contentHeight: options.geometry.contentSize.height, gapHeight: lineHeight)
        // A book written vertically is set horizontally, left to right; its right-to-left page
        // progression comes from the vertical lines, not from its paragraphs.
        flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: lineHeight, alignment: options.alignment,
                                   bookDirection: metadata.writesVertically ? .leftToRight : metadata.direction,
                                   bookLanguage: language)
    }

    mutating func layout(_ chapter: Chapter) -> ChapterLayout {
        let paragraphs = flattener.flatten(chapter.blocks)
        let set = paragraphs.map { paragraph in
            guard let image = paragraph.image, let pixels = image.source.pixelSize else {
                return SetParagraph(lines: setter.lines(for: paragraph), pageBreak: paragraph.pageBreak,
                                    gapBefore: paragraph.gapBefore, breaks: paragraph.breaks)
            }
            // The image's one line is the space it takes; it shows no text.
            let placed = ImageScaling.placed(image, pixels: pixels, in: contentSize)
            return SetParagraph(lines: [LaidOutLine(text: "", x: placed.x, y: 0, width: placed.width, height: placed.height)],
                                pageBreak: paragraph.pageBreak, gapBefore: paragraph.gapBefore, breaks: paragraph.breaks,
                                image: placed)
        }
        let (pages, firstPages) = paginator.paginate(set)
        var anchors: [String: Int] = [:]
        for (p, paragraph) in paragraphs.enumerated() {
            for anchor in paragraph.anchors where anchors[anchor] == nil {
                anchors[anchor] = firstPages[p]
            }
        }
        let measurer = setter.segmenter.measurer
        return ChapterLayout(pages: pages, anchorPages: anchors, sourceIndex: ChapterSourceIndex(paragraphs: paragraphs),
                             languagesWithoutHyphenation: hyphenator.missingLanguages,
                             metTextWithoutLanguage: hyphenator.metTextWithoutLanguage,
                             fallbackFamilies: measurer.fallbackFamilies,
                             charactersWithoutGlyphs: measurer.charactersWithoutGlyphs)
    }
}
