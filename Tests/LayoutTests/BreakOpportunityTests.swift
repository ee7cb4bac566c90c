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

    @Test func emptyTextHasNone() throws {
        #expect(try offsets("").isEmpty)
        #expect(try offsets("word", locale: nil).isEmpty)
    }
}
