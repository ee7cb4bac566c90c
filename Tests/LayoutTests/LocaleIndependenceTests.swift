import Testing
@testable import Fonts
@testable import Layout

/// A book without a language is laid out the same whatever the process's locale (`LANG`): ICU and
/// HarfBuzz are never left to fall back on it. The environment cannot be changed inside a test
/// process, so these check what the libraries are asked for and what they then break.
@Suite struct LocaleIndependenceTests {
    /// Kana, small kana, a prolonged sound mark and iteration marks: ICU's Japanese rules break
    /// before the small ones and the marks, its root rules do not.
    private let japanese = "ぁあーぃいゃ東京々、ゝ日本語です。ストーリー"

    private func offsets(_ text: String, locale: String?) throws -> [Int] {
        try #require(BreakOpportunityFinder(locale: locale)).opportunities(in: Array(text.utf8)).map(\.offset)
    }

    @Test func noLanguageAsksICUForTheRootLocale() {
        #expect(BreakOpportunityFinder.icuLocale(for: nil) == "root")
        #expect(BreakOpportunityFinder.icuLocale(for: "") == "root")
        #expect(BreakOpportunityFinder.icuLocale(for: "ja-JP") == "ja_JP")
    }

    /// Told apart by what they break: an empty language and one ICU has no rules for break as
    /// the root rules do, Japanese as its own.
    @Test func noLanguageOrAnUnknownOneBreaksByTheRootRules() throws {
        let root = try offsets(japanese, locale: "root")
        for locale in ["", "zz", "und"] {
            #expect(try offsets(japanese, locale: locale) == root, "\(locale)")
        }
        #expect(try offsets(japanese, locale: "ja") != root)
        #expect(try offsets(japanese, locale: "ja-JP") == offsets(japanese, locale: "ja"))
    }

    @Test func japaneseWithoutALanguageBreaksByTheRootRules() throws {
        let root = try offsets(japanese, locale: "root")
        #expect(try offsets(japanese, locale: nil) == root)
        // The text tells the two rule sets apart, so the comparison above means something.
        #expect(try offsets(japanese, locale: "ja") != root)
    }

    @Test func noLanguageShapesAsUndetermined() {
        let undetermined = FontFace.language("und")
        #expect(undetermined != nil)
        #expect(FontFace.language(nil) == undetermined)
        #expect(FontFace.language("") == undetermined)
    }
}
