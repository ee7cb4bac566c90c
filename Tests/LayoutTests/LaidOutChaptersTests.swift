import BookModel
import Testing
@testable import Layout

/// The chapters' layouts folded as they are done keep what the paged book needs of each: where
/// every anchor lands, and every chapter's warnings and languages, in reading order.
@Suite struct LaidOutChaptersTests {
    @Test func everyAnchorIsFoundInItsOwnChapterOnly() {
        var folded = LaidOutChapters()
        folded.append(ChapterLayout(pages: [], anchorPages: ["b": 1, "a": 0, "z": 2, "m": 1, "": 3]), keepingPages: false)
        folded.append(ChapterLayout(pages: [], anchorPages: [:]), keepingPages: false)
        folded.append(ChapterLayout(pages: [], anchorPages: ["a": 5]), keepingPages: false)
        #expect(folded.count == 3)
        #expect(folded.page(ofAnchor: "a", inChapter: 0) == 0)
        #expect(folded.page(ofAnchor: "m", inChapter: 0) == 1)
        #expect(folded.page(ofAnchor: "z", inChapter: 0) == 2)
        #expect(folded.page(ofAnchor: "", inChapter: 0) == 3)
        #expect(folded.page(ofAnchor: "c", inChapter: 0) == nil)
        #expect(folded.page(ofAnchor: "zz", inChapter: 0) == nil)
        #expect(folded.page(ofAnchor: "a", inChapter: 1) == nil)
        #expect(folded.page(ofAnchor: "a", inChapter: 2) == 5)
        #expect(folded.page(ofAnchor: "b", inChapter: 2) == nil)
        #expect(folded.page(ofAnchor: "a", inChapter: 3) == nil)
        #expect(folded.page(ofAnchor: "a", inChapter: -1) == nil)
    }

    @Test func aChapterOfManyAnchorsFindsEachAsItsDictionaryDoes() {
        var generator = SystemRandomNumberGenerator()
        var chapters: [[String: Int]] = []
        for _ in 0..<20 {
            var anchors: [String: Int] = [:]
            for _ in 0..<Int.random(in: 0...300, using: &generator) {
                anchors["n\(Int.random(in: 0..<2000, using: &generator))"] = Int.random(in: 0..<50, using: &generator)
            }
            chapters.append(anchors)
        }
        var folded = LaidOutChapters()
        for anchors in chapters { folded.append(ChapterLayout(pages: [], anchorPages: anchors), keepingPages: true) }
        for (c, anchors) in chapters.enumerated() {
            for n in 0..<2000 {
                #expect(folded.page(ofAnchor: "n\(n)", inChapter: c) == anchors["n\(n)"])
            }
        }
    }

    @Test func warningsAndLanguagesAreGatheredInReadingOrder() {
        var first = ChapterLayout(pages: [], anchorPages: [:], languagesWithoutHyphenation: ["xx"])
        first.warnings = [Warning("first")]
        first.guessedLanguage = "fr"
        first.linkTargets = ["a.xhtml#x"]
        var second = ChapterLayout(pages: [], anchorPages: [:], languagesWithoutHyphenation: ["yy"],
                                   metTextWithoutLanguage: true, charactersWithoutGlyphs: ["\u{E000}"])
        second.warnings = [Warning("second"), Warning("third")]
        second.guessedLanguage = "fr"
        second.linkTargets = ["b.xhtml"]
        var third = ChapterLayout(pages: [], anchorPages: [:])
        third.guessedLanguage = "de"
        var folded = LaidOutChapters()
        for layout in [first, second, third] { folded.append(layout, keepingPages: true) }
        #expect(folded.warnings.map(\.message) == ["first", "second", "third"])
        #expect(folded.languagesWithoutHyphenation == ["xx", "yy"])
        #expect(folded.metTextWithoutLanguage)
        #expect(folded.guessedLanguages == ["fr": 2, "de": 1])
        #expect(folded.charactersWithoutGlyphs == ["\u{E000}"])
        #expect(folded.linkTargets == ["a.xhtml#x", "b.xhtml"])
        #expect(folded.pageCounts == [0, 0, 0])
    }
}
