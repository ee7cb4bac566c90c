import BookModel
import EPUBReader
import Fonts
import Foundation
import Hyphenation
@testable import Layout
import Testing

/// Total fit against first fit on a real book: the lines of every justified paragraph of
/// moby-dick, set both ways with the real fonts, and how far their spaces had to stretch.
struct TotalFitQualityTests {
    struct Quality {
        var lines = 0
        var hyphenated = 0
        var badness = 0.0
        var stretched = 0
        var widestSpaces = 1.0
        var meanBadness: Double { badness / Double(max(stretched, 1)) }
    }

    /// Badness of each line that is stretched (not a paragraph's last, not before a forced break).
    static func add(_ spans: [LineSpan], of segments: [Segment], measure: LineMeasure, to quality: inout Quality) {
        for (n, span) in spans.enumerated() {
            quality.lines += 1
            if span.hyphenated { quality.hyphenated += 1 }
            guard n < spans.count - 1, !segments[span.segments.upperBound - 1].forcesBreak else { continue }
            let spaces = span.segments.dropLast().reduce(0.0) { $0 + segments[$1].spaceWidth }
            guard spaces > 0 else { continue }
            let available = n == 0 ? measure.firstLineWidth : measure.otherLineWidth
            let slack = max(0, available - span.width)
            quality.badness += TotalFitLineBreaker.badness(slack: slack, stretch: spaces * TotalFitLineBreaker.spaceStretch)
            quality.stretched += 1
            quality.widestSpaces = max(quality.widestSpaces, (spaces + slack) / spaces)
        }
    }

    @Test(.needsSharedCorpus) func totalFitSetsLooserLinesThanFirstFitLess() throws {
        let corpus = try #require(Available.corpus)
        let book = try EPUBReader.read(contentsOf: corpus.appendingPathComponent("moby-dick.epub").path).book
        let options = LayoutOptions()
        let fonts = try FontSet(font: options.font)
        let segmenter = ParagraphSegmenter(fonts: fonts, measurer: TextMeasurer(language: "en"),
                                           finder: BreakOpportunityFinder(locale: "en"))
        let width = options.geometry.contentSize.width
        let setter = ParagraphSetter(segmenter: segmenter, lineBreaker: TotalFitLineBreaker(),
                                     hyphenator: WordHyphenator(dictionaries: HyphenationDictionaries()),
                                     contentWidth: width, bodySize: options.fontSize,
                                     bookLanguage: "en")
        var flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: 23.8, alignment: .justify)
        var totalFit = Quality(), firstFit = Quality()
        let clock = ContinuousClock()
        var totalTime = Duration.zero, firstTime = Duration.zero
        for chapter in book.chapters {
            for paragraph in flattener.flatten(chapter.blocks) where paragraph.alignment == .justify && paragraph.indent == 0 {
                let measure = LineMeasure(firstLineWidth: width, otherLineWidth: width, justified: true, raggedStretch: 0)
                paragraph.text.withUnsafeBufferPointer { text in
                    var set: ([Segment], [LineSpan]) = ([], [])
                    totalTime += clock.measure { set = setter.breakLines(paragraph, text: text, measure: measure) }
                    Self.add(set.1, of: set.0, measure: measure, to: &totalFit)
                    var greedy: [LineSpan] = []
                    var whole: [Segment] = []
                    firstTime += clock.measure {
                        whole = segmenter.fitted(segmenter.segments(of: paragraph, text: text), of: paragraph, text: text, toFit: width)
                        greedy = GreedyLineBreaker().lines(for: whole, in: measure) ?? []
                    }
                    Self.add(greedy, of: whole, measure: measure, to: &firstFit)
                }
            }
        }
        for (name, q, time) in [("first fit", firstFit, firstTime), ("total fit", totalFit, totalTime)] {
            print("moby-dick \(name): \(q.lines) lines, \(q.hyphenated) hyphenated",
                  String(format: "(%.2f%%), mean badness %.1f, widest spaces %.2fx, %@", 100 * Double(q.hyphenated) / Double(q.lines),
                         q.meanBadness, q.widestSpaces, "\(time)"))
        }
        #expect(totalFit.meanBadness < firstFit.meanBadness)
    }
}
