import BookModel
@testable import Layout
import Testing

/// `--lang`: the language a book's text is set in, where it names none or over what it names.
struct LanguageSettingTests {
    let text = "Extraordinary circumstances necessitated unquestionably comprehensive reconsideration of "
        + "the internationalization requirements, notwithstanding the administration's characteristically "
        + "uncompromising disinclination towards institutionalized responsibilities."

    func layout(_ blocks: [Block], language: String?, setting: LanguageSetting?) throws -> PagedBook {
        var options = TestBooks.options(width: 200)
        options.language = setting
        return try Layouter(options: options).layout(TestBooks.book([blocks], language: language))
    }

    @Test func aBookNamingNoLanguageIsSetInTheOneGiven() throws {
        let paged = try layout([TestBooks.paragraph(text)], language: nil, setting: .fallback("en"))
        #expect(paged.pages.flatMap(\.allLines).contains { $0.isHyphenated })
        // Named, not guessed: nothing to warn of.
        #expect(paged.warnings.isEmpty)
    }

    @Test func theBooksOwnLanguageWinsUnlessOverridden() throws {
        // A book that says it is in a language without a dictionary is not hyphenated, and says so.
        let own = try layout([TestBooks.paragraph(text)], language: "tlh", setting: .fallback("en"))
        #expect(own.pages.flatMap(\.allLines).allSatisfy { !$0.isHyphenated })
        #expect(own.warnings.count == 1)
        let overridden = try layout([TestBooks.paragraph(text)], language: "tlh", setting: .override("en"))
        #expect(overridden.pages.flatMap(\.allLines).contains { $0.isHyphenated })
        #expect(overridden.warnings.isEmpty)
    }

    @Test func anOverrideSetsAsideAParagraphsOwnLanguage() throws {
        let foreign = Block(.paragraph([Inline(text)]), language: "tlh")
        #expect(try layout([foreign], language: "en", setting: .fallback("de")).warnings.count == 1)
        let overridden = try layout([foreign], language: "en", setting: .override("en"))
        #expect(overridden.warnings.isEmpty)
        #expect(overridden.pages.flatMap(\.allLines).contains { $0.isHyphenated })
    }

    @Test func theMetadataNamesTheLanguageSet() {
        var options = LayoutOptions()
        var metadata = Metadata(title: "T")
        options.language = .fallback("de")
        #expect(options.applied(to: metadata).language == "de")
        metadata.language = "en"
        #expect(options.applied(to: metadata).language == "en")
        options.language = .override("de")
        #expect(options.applied(to: metadata).language == "de")
    }
}
