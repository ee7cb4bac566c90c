import BookModel
import Fonts
import Hyphenation
@testable import Layout
import PageFormat
import Testing

/// Each line says which of its chapter's text it shows, in scalars of the chapter's paragraphs
/// one after another; each page, where in that text it starts and ends. The offsets do not change
/// with the page size.
struct SourceLocationTests {
    static let paragraphs = (0..<8).map { TestBooks.words(70, seed: UInt64($0)) } + ["Ünïcödé wörds — and émigrés’ “quotes” too."]
    static let chapterText = Array((["A Heading"] + paragraphs).joined().unicodeScalars)

    func book() -> Book {
        TestBooks.book([[Block(.heading(level: 1, [Inline("A Heading")]))] + Self.paragraphs.map { TestBooks.paragraph($0) }])
    }

    /// The chapter's lines as the paragraph setter makes them, set as `Layouter` sets them with
    /// `options` but not yet cut into pages: each knows the text it shows (`source`), which the
    /// pages no longer say line by line.
    private func setLines(_ options: LayoutOptions) throws -> [SetLine] {
        let book = book()
        let language = book.metadata.language
        let fonts = try FontSet(font: options.font, monospaceFamily: options.codeFont)
        let segmenter = ParagraphSegmenter(fonts: fonts, measurer: TextMeasurer(language: language),
                                           finder: BreakOpportunityFinder(locale: language))
        let setter = ParagraphSetter(segmenter: segmenter, lineBreaker: TotalFitLineBreaker(),
                                     hyphenator: WordHyphenator(dictionaries: HyphenationDictionaries()),
                                     contentWidth: options.geometry.contentSize.width,
                                     bodySize: StyledParagraph.writtenSize(options.fontSize), bookLanguage: language,
                                     glyphScaling: options.glyphScaling)
        var flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: options.bodyLineHeight,
                                       alignment: options.alignment, bookLanguage: language)
        return flattener.flatten(book.chapters[0].blocks).flatMap { setter.lines(for: $0) }
    }

    @Test func eachLineNamesTheTextItShows() throws {
        var lines = 0
        for line in try setLines(TestBooks.options()) {
            guard let source = line.source else {
                #expect(line.text.isEmpty)
                continue
            }
            var shown = line.text
            if line.hyphenated { shown.removeLast() }
            #expect(String(String.UnicodeScalarView(Self.chapterText[source])) == shown)
            lines += 1
        }
        #expect(lines > 20)
    }

    /// A page's location runs from the start of its first line's text to the end of its last's:
    /// the pages hold the lines the setter made, in order, each once.
    @Test func eachPageNamesTheTextItShows() throws {
        let options = TestBooks.options()
        let lines = try setLines(options).filter { $0.source != nil }
        let paged = try Layouter(options: options).layout(book())
        #expect(paged.pages.count > 3)
        var next = 0
        for page in paged.pages {
            let shown = page.allLines.filter { !$0.text.isEmpty }
            try #require(next + shown.count <= lines.count)
            let set = lines[next..<(next + shown.count)]
            #expect(set.map(\.text) == shown.map(\.text))
            let location = try #require(page.shown?.location)
            #expect(location.start == set.first?.source?.lowerBound)
            #expect(location.end == set.last?.source?.upperBound)
            // A chapter not read from XHTML has no place in it to give as a CFI.
            #expect(location.startCFI == nil && location.endCFI == nil)
            next += shown.count
        }
        #expect(next == lines.count)
        #expect(paged.pages.first?.shown?.location?.start == 0)
        #expect(paged.pages.last?.shown?.location?.end == Self.chapterText.count)
    }

    @Test func offsetsDoNotDependOnThePageSize() throws {
        let small = try Layouter(options: TestBooks.options(width: 240, height: 200)).layout(book())
        let large = try Layouter(options: TestBooks.options(width: 420, height: 600, fontSize: 14)).layout(book())
        #expect(small.pages.count > large.pages.count)
        // Every place a small page starts is shown by exactly one large page.
        for page in small.pages {
            let start = try #require(page.shown?.location?.start)
            #expect(large.pages.filter { $0.shown?.location.map { ($0.start..<$0.end).contains(start) } ?? false }.count == 1)
        }
        #expect(small.pages.last?.shown?.location?.end == large.pages.last?.shown?.location?.end)
    }
}
