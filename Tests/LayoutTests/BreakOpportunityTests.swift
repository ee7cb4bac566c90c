import Testing
@testable import Layout

@Suite struct BreakOpportunityTests {
    private func breaks(_ text: String, locale: String? = "en") throws -> [BreakOpportunity] {
        let finder = try #require(BreakOpportunityFinder(locale: locale))
        return finder.opportunities(in: Array(text.utf8))
    }

    private func offsets(_ text: String, locale: String? = "en") throws -> [Int] {
        try breaks(text, locale: locale).map(\.offset)
    }

    @Test func breaksAfterSpaces() throws {
        #expect(try offsets("one two  three") == [4, 9])
    }

    @Test func breaksAfterHyphens() throws {
        #expect(try offsets("well-known") == [5])
    }

    @Test func cjkBreaksBetweenCharacters() throws {
        // Offsets are in UTF-8 bytes: three per character here.
        #expect(try offsets("漢字仮名", locale: "ja") == [3, 6, 9])
    }

    @Test func noBreakBeforeIdeographicFullStop() throws {
        let found = try offsets("日本語。です", locale: "ja")
        #expect(!found.contains(9))
        #expect(found.contains(12))
    }

    @Test func lineFeedIsMandatory() throws {
        let found = try breaks("first\nsecond third")
        #expect(found == [BreakOpportunity(offset: 6, isMandatory: true),
                          BreakOpportunity(offset: 13, isMandatory: false)])
    }

    @Test func noBreakInsideNumbersOrBeforePunctuation() throws {
        #expect(try offsets("3.14159, really!") == [9])
    }

    @Test func longTextsGrowTheBuffer() throws {
        let text = Array(repeating: "a", count: 1000).joined(separator: " ")
        #expect(try offsets(text).count == 999)
    }

    // ICU runs over UTF-16; the offsets must still be UTF-8 bytes of the text as given, for
    // two-byte Latin, three-byte CJK and quotes, four-byte emoji and ideographs (a surrogate
    // pair in UTF-16) and Arabic.
    @Test func offsetsAreBytesOfMixedScripts() throws {
        #expect(try offsets("café naïve") == [6])
        #expect(try offsets("a “quoted” word") == [2, 15])
        #expect(try offsets("مرحبا بك") == [11])
        // Ü, ï, ö and é take two bytes each; emoji four; a break between the two emoji.
        #expect(try offsets("Ünïcödé 😀😀 漢字 end") == [12, 16, 21, 24, 28])
        // A skin tone stays with its emoji: eight bytes, two UTF-16 surrogate pairs.
        #expect(try offsets("x 👍🏽 y") == [2, 11])
        #expect(try offsets("𠀀𠀁𠀂") == [4, 8])
        #expect(try offsets("テキスト😀漢字", locale: "ja") == [3, 6, 9, 12, 16, 19])
    }

    @Test func oneFinderServesParagraphsOfEveryKind() throws {
        // The finder reuses its UTF-16 buffer and offset map from paragraph to paragraph.
        let finder = try #require(BreakOpportunityFinder(locale: "en"))
        let long = Array(repeating: "日本 é", count: 300).joined(separator: " ")
        #expect(finder.opportunities(in: Array(long.utf8)).count == 899)
        #expect(finder.opportunities(in: Array("ab cd".utf8)).map(\.offset) == [3])
        #expect(finder.opportunities(in: Array("😀 é".utf8)).map(\.offset) == [5])
        #expect(finder.opportunities(in: Array("ab cd".utf8)).map(\.offset) == [3])
    }

    @Test func mandatoryBreaksAfterNonASCIIText() throws {
        #expect(try breaks("é\nx y") == [BreakOpportunity(offset: 3, isMandatory: true),
                                        BreakOpportunity(offset: 5, isMandatory: false)])
    }

    @Test func invalidUTF8StillGivesByteOffsets() throws {
        // The reader repairs its text, but a stray byte must not shift the offsets after it.
        let finder = try #require(BreakOpportunityFinder(locale: "en"))
        let text: [UInt8] = [0x61, 0x20, 0xFF, 0x20, 0x62, 0xC3, 0x20, 0x63]
        #expect(finder.opportunities(in: text).map(\.offset) == [2, 4, 7])
    }

    @Test func emptyTextHasNone() throws {
        #expect(try offsets("").isEmpty)
        #expect(try offsets("word", locale: nil).isEmpty)
    }
}
