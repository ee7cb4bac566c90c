import BookModel
import Foundation
import Fonts
import Hyphenation
@testable import Layout
import PageFormat
import Testing

/// `::first-line`: the first line is found with its style applied (as a browser finds it) and
/// shows that style; the lines after it are set from where it ends in the paragraph's own; the
/// lines still show the paragraph's text, each once, in order.
struct FirstLineLayoutTests {
    static let text = TestBooks.words(90, seed: 7)

    static func paragraph(_ change: (inout FirstLineStyle) -> Void) -> Block {
        var style = FirstLineStyle()
        change(&style)
        var block = TestBooks.paragraph(text)
        block.firstLine = style
        return block
    }

    /// The paragraph's lines as the setter makes them, with the text each shows.
    static func lines(_ block: Block, options: LayoutOptions = TestBooks.options()) throws -> [SetLine] {
        let fonts = try FontSet(font: options.font, monospaceFamily: options.codeFont)
        let segmenter = ParagraphSegmenter(fonts: fonts, measurer: TextMeasurer(language: "en"),
                                           finder: BreakOpportunityFinder(locale: "en"))
        let setter = ParagraphSetter(segmenter: segmenter, lineBreaker: TotalFitLineBreaker(),
                                     hyphenator: WordHyphenator(dictionaries: HyphenationDictionaries()),
                                     contentWidth: options.geometry.contentSize.width,
                                     bodySize: StyledParagraph.writtenSize(options.fontSize), bookLanguage: "en")
        var flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: options.bodyLineHeight,
                                       alignment: .justify, bookLanguage: "en")
        return flattener.flatten([block]).flatMap { setter.lines(for: $0) }
    }

    /// Every line shows the chapter text its `source` names (in either case: the first line's
    /// letters may be changed), the sources follow one another, and all the text is shown.
    static func expectShowsTheText(_ lines: [SetLine]) throws {
        let scalars = Array(text.unicodeScalars)
        var next = 0
        for line in lines {
            let source = try #require(line.source)
            var shown = line.text
            if line.hyphenated { shown.removeLast() }
            #expect(String(String.UnicodeScalarView(scalars[source])).uppercased() == shown.uppercased())
            #expect(source.lowerBound >= next)
            let between = String(String.UnicodeScalarView(scalars[next..<source.lowerBound]))
            #expect(between.trimmingCharacters(in: .whitespaces).isEmpty)
            next = source.upperBound
        }
        #expect(next == scalars.count)
    }

    /// A first line the book's CSS sets in capitals holds words, not acronyms: they take a
    /// hyphen as the words the book writes, where a short word written in capitals would not.
    @Test func wordsSetInCapitalsByTheFirstLineStillTakeAHyphen() throws {
        let words = Array(repeating: "garden window butter pencil winter harbor number silver random master sister", count: 6)
            .joined(separator: " ")
        var block = TestBooks.paragraph(words)
        block.firstLine = { var style = FirstLineStyle(); style.letterCase = .upper; return style }()
        // Measures where the first line is better ending in a hyphen.
        let measures = [100.0, 110, 120, 130, 140, 150, 170, 190, 210, 230]
        var cut = 0
        for width in measures {
            let lines = try Self.lines(block, options: TestBooks.options(width: width))
            #expect(lines[0].text == lines[0].text.uppercased())
            if lines[0].hyphenated { cut += 1 }
            // The same words written in capitals are left whole.
            let shouted = try Self.lines(TestBooks.paragraph(words.uppercased()), options: TestBooks.options(width: width))
            #expect(!shouted.contains { $0.hyphenated })
        }
        #expect(cut > 0)
    }

    @Test func aBoldCapitalFirstLineHoldsLessAndTheRestIsPlain() throws {
        let plain = try Self.lines(TestBooks.paragraph(Self.text))
        let styled = try Self.lines(Self.paragraph { $0.bold = true; $0.letterCase = .upper })
        #expect(styled.count >= plain.count)
        try Self.expectShowsTheText(styled)
        // Wider letters: fewer of them on the first line.
        #expect(styled[0].text.count < plain[0].text.count)
        #expect(styled[0].text == styled[0].text.uppercased())
        #expect(styled[0].runs.allSatisfy { $0.face == FaceRole.bold.rawValue })
        #expect(styled[0].justified)
        for line in styled.dropFirst() {
            #expect(line.runs.allSatisfy { $0.face == FaceRole.regular.rawValue && $0.size == 12 })
            #expect(line.text != line.text.uppercased())
        }
        // The lines after the first are set as the paragraph's own: as the plain paragraph's
        // text from there would be.
        let width = TestBooks.options().geometry.contentSize.width
        #expect(styled.allSatisfy { $0.x + $0.width <= width + 1e-6 })
    }

    @Test func smallCapitalsAndColourOnTheFirstLineOnly() throws {
        let lines = try Self.lines(Self.paragraph {
            $0.features = .smallCaps
            $0.color = BookColor(red: 0x99, green: 0x33, blue: 0)
            $0.underline = true
        })
        try Self.expectShowsTheText(lines)
        let first = lines[0]
        #expect(first.text == first.text.uppercased())
        // Lowercase letters became capitals at 0.7 of the size; the paint covers the line.
        #expect(Set(first.runs.map(\.size)) == [12, 8.4])
        #expect(first.runs.allSatisfy { $0.paint.color == PageColor(red: 0x99, green: 0x33, blue: 0) && $0.paint.underline })
        #expect(lines[1].runs.allSatisfy { $0.paint == RunPaint() && $0.size == 12 })
    }

    /// A letter-spaced first line: each run spaced by the style's multiple of the block's size
    /// (12 pt), its lines after the first not.
    @Test func aLetterSpacedFirstLine() throws {
        let lines = try Self.lines(Self.paragraph { $0.letterSpacing = 0.1 })
        try Self.expectShowsTheText(lines)
        #expect(lines[0].runs.allSatisfy { $0.shaping.letterSpacing == 1.2 })
        #expect(lines[1].runs.allSatisfy { $0.shaping.isPlain })
        let plain = try Self.lines(TestBooks.paragraph(Self.text))
        #expect(lines[0].text.count < plain[0].text.count)
    }

    /// A larger first line is taller; a paragraph of one line is all first line.
    @Test func aLargerFirstLineIsTaller() throws {
        let lines = try Self.lines(Self.paragraph { $0.scale = 1.5 })
        try Self.expectShowsTheText(lines)
        #expect(lines[0].runs.allSatisfy { $0.size == 18 })
        #expect(lines[0].height > lines[1].height + 1)
        var short = Self.paragraph { $0.letterCase = .upper }
        short.kind = .paragraph([Inline("Brief words.")])
        let one = try Self.lines(short)
        #expect(one.map(\.text) == ["BRIEF WORDS."])
    }

    /// A heading's first line, and a list item's, whose marker stays before the first line.
    @Test func headingsAndListItemsToo() throws {
        var heading = TestBooks.heading("A heading long enough to take more than one line on this narrow page")
        heading.firstLine = { var style = FirstLineStyle(); style.letterCase = .upper; return style }()
        let set = try Self.lines(heading)
        #expect(set.count > 1)
        #expect(set[0].text == set[0].text.uppercased())
        #expect(set.dropFirst().allSatisfy { $0.text != $0.text.uppercased() })
        var item = Self.paragraph { $0.italic = true }
        item = Block(.list(List(isOrdered: false, items: [[item]])))
        let listed = try Self.lines(item)
        #expect(listed[0].text.hasPrefix("•\u{2002}"))
        #expect(listed[0].runs.dropFirst().allSatisfy { $0.face == FaceRole.italic.rawValue })
        #expect(listed[1].runs.allSatisfy { $0.face == FaceRole.regular.rawValue })
        #expect(listed[1].x == listed[2].x)
    }
}
