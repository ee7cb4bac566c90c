import BookModel
import Testing
import LanguageGuess
@testable import Layout
import PageFormat

/// Hyphens the layout inserts: where, how they are marked, which dictionary, and the warning
/// when there is none.
@Suite struct HyphenatedLinesTests {
    /// Long words in a narrow column: a paragraph that can't be set well without hyphens.
    let text = Array(repeating: "Extraordinary circumstances necessitated unquestionably comprehensive " +
                     "reconsideration of international telecommunications infrastructure.", count: 6).joined(separator: " ")

    private func layout(_ blocks: [Block], language: String? = "en") throws -> PagedBook {
        try Layouter(options: TestBooks.options(width: 200)).layout(TestBooks.book([blocks], language: language))
    }

    @Test func insertedHyphensShowAndAreMarked() throws {
        let lines = try layout([TestBooks.paragraph(text)]).pages.flatMap(\.allLines)
        let hyphenated = lines.filter(\.isHyphenated)
        #expect(!hyphenated.isEmpty)
        for line in hyphenated { #expect(line.text.hasSuffix("-")) }
        // Taking the inserted hyphens out gives the text back.
        let shown = lines.map { $0.isHyphenated ? String($0.text.dropLast()) : $0.text + " " }.joined()
        #expect(shown.split(separator: " ") == text.split(separator: " "))
    }

    @Test func aParagraphTheBookSetsHyphensNoneIsNotHyphenated() throws {
        var plain = TestBooks.paragraph(text)
        plain.style.hyphenates = false
        var asked = TestBooks.paragraph(text)
        asked.style.hyphenates = true
        let before = try layout([plain]).pages.flatMap(\.allLines).filter(\.isHyphenated).count
        let after = try layout([asked]).pages.flatMap(\.allLines).filter(\.isHyphenated).count
        #expect(before == 0)
        #expect(after > 0)
    }

    @Test func breaksFallAtTheDictionarysPoints() throws {
        let lines = try layout([TestBooks.paragraph(text)]).pages.flatMap(\.allLines)
        let allowed = ["Ex-", "Extra-", "Extraor-", "Extraordi-", "cir-", "circum-", "ne-", "neces-", "necessi-",
                       "un-", "unques-", "unquestion-", "unquestionably-", "com-", "compre-", "comprehen-",
                       "re-", "recon-", "reconsid-", "reconsidera-", "in-", "inter-", "interna-", "na-", "tele-", "telecom-",
                       "telecommu-", "telecommuni-", "telecommunica-", "in-", "infra-", "infras-", "infra-", "infrastruc-",
                       "ci-", "na-", "cum-", "un-"]
        for line in lines where line.isHyphenated {
            let fragment = String(try #require(line.text.split(separator: " ").last))
            #expect(allowed.contains(fragment) || fragment.count >= 3, "\(fragment)")
            #expect(fragment.count - 1 >= WordHyphenator.leftMinimum)
        }
    }

    /// A paragraph's last word stays whole while the paragraph sets within tolerance so; one that
    /// can't (its line before the word would stretch its spaces past three times their width)
    /// cuts it in its emergency pass rather than set that line.
    @Test func theLastWordIsCutOnlyWhenNothingElseSetsTheParagraph() throws {
        func lines(_ text: String, width: Double) throws -> [PageLine] {
            try Layouter(options: TestBooks.options(width: width)).layout(
                TestBooks.book([[TestBooks.paragraph(text)]])).pages.flatMap(\.allLines)
        }
        let easy = try lines("Long words are set well enough in lines this wide, down to internationalization", width: 300)
        #expect(easy.last?.text.hasSuffix(" internationalization") == true || easy.last?.text == "internationalization")
        #expect(easy.allSatisfy { !$0.isHyphenated })

        let hard = try lines("Short words end with internationalization", width: 190)
        #expect(hard.count == 2)
        #expect(hard.first?.isHyphenated == true)
        #expect(hard.first.map { $0.text.hasPrefix("Short words end with ") } == true)
        #expect(hard.last.map { "internationalization".hasSuffix($0.text) && $0.text.count < 20 } == true)
    }

    @Test func capitalsDigitsAndPunctuationDecideWhatIsAWord() {
        func core(_ word: String) -> String? {
            Array(word.utf8).withUnsafeBufferPointer { bytes in
                WordHyphenator.core(of: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
        }
        #expect(core("“Typesetting,”") == "Typesetting")
        #expect(core("NASA-approved") == nil)
        #expect(core("UNESCO") == nil)
        #expect(core("abc123def") == nil)
        #expect(core("don’t") == nil)
        #expect(core("naïveté.") == "naïveté")
        #expect(core("ÉCOLE") == nil)
    }

    @Test func wordsJoinedByAnApostropheOrADashAndLongCapitalsAreHyphenatedEach() {
        func words(_ text: String) -> [String] {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                WordHyphenator.words(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
        }
        #expect(words("carpenter’s") == ["carpenter"])
        #expect(words("“whalemen’s”") == ["whalemen"])
        #expect(words("exclaimed—“Starbuck’s") == ["exclaimed", "Starbuck"])
        #expect(words("NANTUCKET") == ["NANTUCKET"])
        #expect(words("“HARPOONEERS,”") == ["HARPOONEERS"])
        #expect(words("UNESCO") == [])
        #expect(words("don’t") == [])
        #expect(words("ship’s—2nd") == [])
        #expect(words("naïveté’s") == ["naïveté"])
        #expect(words("www.example.org/finch,") == [])
        #expect(words("snake_case_identifier") == [])
    }

    @Test func aPossessiveAndAWordInCapitalsTakeHyphensInLines() throws {
        func lines(_ text: String) throws -> [PageLine] {
            try Layouter(options: TestBooks.options(width: 150)).layout(
                TestBooks.book([[TestBooks.paragraph(text)]])).pages.flatMap(\.allLines)
        }
        let possessive = try lines("In the representatives’ rooms the constitution’s clauses were read out")
        #expect(possessive.contains { $0.isHyphenated })
        let capitals = try lines("SAILORS, REPRESENTATIVES OF EVERY NATION, ASSEMBLED FOR THE CONSTITUTIONAL READING")
        #expect(capitals.contains { $0.isHyphenated })
        #expect(capitals.filter(\.isHyphenated).allSatisfy { $0.text.split(separator: " ").last.map { $0.count > 3 } == true })
        let acronyms = try lines("UNESCO NASDAQ UNICEF ASCII NATO OECD FIFA UNESCO NASDAQ UNICEF ASCII NATO OECD")
        #expect(acronyms.allSatisfy { !$0.isHyphenated })
    }

    @Test func quotesAndDashesAroundAWordAreReadAsUnicodeReadsThem() {
        // ASCII words with these marks are read byte by byte: the same cores as Unicode's
        // properties give, including where a mark joins a following accent into one character.
        let words = ["“Typesetting,”", "‘whale’", "«circumstances»", "word—word", "ocean…", "–dash–", "don’t",
                     "“UNESCO”", "“abc1”", "“”", "—", "“naïve”", "“e\u{301}cole”", "“\u{301}ocean", "ocean—\u{301}",
                     "«\u{300}whale»", "Ahab’s", "“Queequeg.”"]
        for word in words {
            Array(word.utf8).withUnsafeBufferPointer { bytes in
                #expect(WordHyphenator.core(of: bytes) == WordHyphenator.unicodeCore(of: bytes), "\(word)")
            }
        }
        let quoted = Array("“Typesetting,”".utf8)
        #expect(quoted.withUnsafeBufferPointer { WordHyphenator.core(of: $0) } == 3..<14)
    }

    @Test func aLanguageWithoutADictionaryIsNotHyphenatedAndSaidOnce() throws {
        let paged = try layout([TestBooks.paragraph(text), TestBooks.paragraph(text)], language: "tlh")
        #expect(paged.pages.flatMap(\.allLines).allSatisfy { !$0.isHyphenated })
        #expect(paged.warnings.map(\.message) == [
            "no hyphenation dictionary for language 'tlh' (Debian's hyphen-* packages): its text is not hyphenated",
        ])
    }

    @Test func aBlockInAnotherLanguageUsesItsOwn() throws {
        let foreign = Block(.paragraph([Inline(text)]), language: "tlh")
        let paged = try Layouter(options: TestBooks.options(width: 200))
            .layout(TestBooks.book([[foreign], [TestBooks.paragraph(text)]], language: "en"))
        #expect(paged.warnings.count == 1)
        let chapters = Dictionary(grouping: paged.pages, by: \.shown?.chapter).mapValues { $0.flatMap(\.allLines) }
        #expect(chapters[0]?.allSatisfy { !$0.isHyphenated } == true)
        #expect(chapters[1]?.contains { $0.isHyphenated } == true)
    }

    @Test(.enabled(if: LanguageGuesser.shared != nil, "needs libexttextcat's language models (Debian's libexttextcat-data)"))
    func aBookWithoutALanguageIsHyphenatedInTheOneItsTextReadsAs() throws {
        let paged = try layout([TestBooks.paragraph(text)], language: nil)
        #expect(paged.pages.flatMap(\.allLines).contains { $0.isHyphenated })
        #expect(paged.warnings.map(\.message)
                    == ["the book names no language: its text reads as 'en' (libexttextcat's guess), which it is hyphenated in"])
    }

    @Test(.enabled(if: LanguageGuesser.shared != nil, "needs libexttextcat's language models (Debian's libexttextcat-data)"))
    func aBookTooShortToTellItsLanguageIsNotHyphenatedAndSaysSo() throws {
        let paged = try layout([TestBooks.paragraph("Extraordinary circumstances necessitated unquestionably comprehensive "
                                                     + "reconsideration.")], language: nil)
        #expect(paged.pages.flatMap(\.allLines).allSatisfy { !$0.isHyphenated })
        #expect(paged.warnings.map(\.message) == ["the book names no language, and its text is too short or too mixed to "
                                                   + "tell its language: it is not hyphenated"])
    }

    @Test func languagesWrittenWithoutHyphensAskForNoDictionary() throws {
        #expect(try layout([TestBooks.paragraph("日本語の文章です。")], language: "ja").warnings.isEmpty)
    }
}
