import BookModel
import EPUBReader
import Fonts
import Foundation
import Hyphenation
@testable import Layout
import Testing

/// Glyph scaling (`--glyph-scaling`): a justified line's text may be drawn up to 2 % wider, its
/// slack shared with its spaces in proportion to what each may stretch, so that a narrow measure
/// has fewer loose lines; every other line is drawn as measured.
struct GlyphScalingTests {
    static let limit = 0.02

    /// A setter at `width` that scales text by at most `glyphScaling`.
    static func setter(width: Double, glyphScaling: Double, options: LayoutOptions = TestBooks.options()) throws -> ParagraphSetter {
        let fonts = try FontSet(font: options.font, monospaceFamily: options.codeFont)
        let segmenter = ParagraphSegmenter(fonts: fonts, measurer: TextMeasurer(language: "en"),
                                           finder: BreakOpportunityFinder(locale: "en"))
        return ParagraphSetter(segmenter: segmenter, lineBreaker: TotalFitLineBreaker(),
                               hyphenator: WordHyphenator(dictionaries: HyphenationDictionaries()),
                               contentWidth: width, bodySize: StyledParagraph.writtenSize(options.fontSize),
                               bookLanguage: "en", glyphScaling: glyphScaling)
    }

    static func lines(_ blocks: [Block], alignment: LineAlignment = .justify, setter: ParagraphSetter,
                      options: LayoutOptions = TestBooks.options()) -> [SetLine] {
        var flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: options.bodyLineHeight,
                                       alignment: alignment, bookLanguage: "en")
        return flattener.flatten(blocks).flatMap { setter.lines(for: $0) }
    }

    /// Below the point where the text reaches its limit, the slack goes to the text and the
    /// spaces in the proportion of their stretch (2 % of the text, half of each space); past it,
    /// the text stays at its limit and the spaces take the rest. A line that shrinks, or has
    /// nothing to give, is drawn as it is.
    @Test func theSlackIsSharedInProportionToWhatEachMayStretch() {
        // 200 pt of text with 20 pt of spaces: the text may give 4 pt, the spaces 10.
        let half = ParagraphSetter.expansion(slack: 7, natural: 200, spaces: 20, limit: Self.limit)
        #expect(abs(half - 1.01) < 1e-4)
        let full = ParagraphSetter.expansion(slack: 14, natural: 200, spaces: 20, limit: Self.limit)
        #expect(abs(full - 1.02) < 1e-4)
        #expect(ParagraphSetter.expansion(slack: 80, natural: 200, spaces: 20, limit: Self.limit) == full)
        #expect(ParagraphSetter.expansion(slack: -3, natural: 200, spaces: 20, limit: Self.limit) == 1)
        #expect(ParagraphSetter.expansion(slack: 5, natural: 200, spaces: 20, limit: 0) == 1)
        // Rounded down: never more than the layout allowed.
        let third = ParagraphSetter.expansion(slack: 14.0 / 3, natural: 200, spaces: 20, limit: Self.limit)
        #expect(third <= 1 + Self.limit / 3 && third > 1 + Self.limit / 3 - 1e-4)
    }

    /// In a narrow justified column, lines are expanded, each within the limit and never past
    /// its width with its spaces at their natural width; the paragraph's last line, a ragged
    /// paragraph's lines, code and a paragraph set with no scaling are never expanded.
    @Test func onlyFilledJustifiedLinesAreExpanded() throws {
        let text = (0..<8).map { TestBooks.words(60, seed: UInt64($0)) }
        let blocks = text.map { TestBooks.paragraph($0) }
        let scaling = try Self.setter(width: 180, glyphScaling: Self.limit)
        let justified = Self.lines(blocks, setter: scaling)
        let expanded = justified.filter { $0.expansion != 1 }
        #expect(expanded.count > justified.count / 4, "\(expanded.count) of \(justified.count) lines expanded")
        for line in expanded {
            #expect(line.justified)
            #expect(line.expansion > 1 && line.expansion <= 1 + Self.limit)
        }
        let ragged = Self.lines(blocks, alignment: .left, setter: scaling)
        #expect(ragged.allSatisfy { $0.expansion == 1 })
        let code = Self.lines([Block(.preformatted([Inline(text[0])]))], setter: scaling)
        #expect(!code.isEmpty && code.allSatisfy { $0.expansion == 1 })
        let none = Self.lines(blocks, setter: try Self.setter(width: 180, glyphScaling: 0))
        #expect(none.allSatisfy { $0.expansion == 1 })
    }

    /// On a real book in a narrow measure (16 ems, moby-dick's paragraphs), fewer lines stretch
    /// their spaces past twice their width once the text may widen by 2 %, and none widens its
    /// text past the limit.
    @Test(.needsSharedCorpus) func narrowColumnsOfARealBookHaveFewerLooseLines() throws {
        let corpus = try #require(Available.corpus)
        let book = try EPUBReader.read(contentsOf: corpus.appendingPathComponent("moby-dick.epub").path).book
        let options = LayoutOptions()
        let width = 16 * options.fontSize
        func loose(glyphScaling: Double) throws -> (loose: Int, lines: Int) {
            let setter = try Self.setter(width: width, glyphScaling: glyphScaling, options: options)
            var flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: options.bodyLineHeight, alignment: .justify,
                                           bookLanguage: "en")
            var count = (loose: 0, lines: 0)
            for chapter in book.chapters.prefix(40) {
                for paragraph in flattener.flatten(chapter.blocks) where paragraph.alignment == .justify {
                    for line in setter.lines(for: paragraph) where line.justified {
                        let natural = setter.segmenter.measurer.width(of: line.text, in: setter.segmenter.fonts.regular,
                                                                      size: options.fontSize)
                        let spaces = line.text.filter { $0 == " " }.count
                        let space = setter.segmenter.measurer.width(of: " ", in: setter.segmenter.fonts.regular,
                                                                    size: options.fontSize)
                        guard spaces > 0 else { continue }
                        #expect(line.expansion <= 1 + glyphScaling)
                        // Each space as drawn: scaled with the line, then filling the rest.
                        let extra = (line.width - line.expansion * natural) / Double(spaces)
                        count.lines += 1
                        if (line.expansion * space + extra) / space > 2 { count.loose += 1 }
                    }
                }
            }
            return count
        }
        let before = try loose(glyphScaling: 0), after = try loose(glyphScaling: Self.limit)
        print("moby-dick at 16 em: lines past 2x", before, "without scaling,", after, "with 2 %")
        #expect(before.lines > 1000)
        #expect(Double(after.loose) < 0.75 * Double(before.loose))
    }
}
