import Hyphenation
import Testing

/// Where words may be hyphenated: libhyphen's answers, in UTF-8 offsets of the word as given,
/// for dictionaries in UTF-8 and in older character sets.
@Suite struct HyphenationTests {
    let dictionaries = HyphenationDictionaries()

    /// `word` with a hyphen at each point the patterns allow.
    private func hyphenated(_ word: String, language: String) throws -> String {
        let path = try #require(dictionaries.path(forLanguage: language), "no \(language) dictionary installed")
        let patterns = try #require(HyphenationPatterns(path: path))
        var bytes = Array(word.utf8)
        for point in patterns.points(in: word, leftMinimum: 2, rightMinimum: 3).reversed() {
            bytes.insert(UInt8(ascii: "-"), at: point)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func englishWordsBreakWhereTheDictionarySays() throws {
        #expect(try hyphenated("hyphenation", language: "en") == "hy-phen-ation")
        #expect(try hyphenated("computer", language: "en-US") == "com-puter")
        #expect(try hyphenated("Typesetting", language: "en") == "Type-set-ting")
    }

    @Test func capitalsBreakAsTheLowercaseWordDoes() throws {
        // Plain ASCII is lowered byte by byte, anything else character by character.
        #expect(try hyphenated("HYPHENATION", language: "en") == "HY-PHEN-ATION")
        #expect(try hyphenated("HYPHENATIÖN", language: "en") == "HY-PHEN-ATIÖN")
    }

    @Test func fragmentsRespectTheMinimumLengths() throws {
        // "whale" could only break as wha-le: its right fragment would be shorter than three.
        #expect(try hyphenated("whale", language: "en") == "whale")
        #expect(try hyphenated("ab", language: "en") == "ab")
    }

    @Test func offsetsCountTheOriginalBytes() throws {
        let word = try hyphenated("EXTRAORDINARÏLY", language: "en")
        #expect(word.replacingOccurrences(of: "-", with: "") == "EXTRAORDINARÏLY")
    }

    @Test func dictionariesInOlderCharacterSetsWork() throws {
        // hyph_de_DE.dic is in ISO 8859-1, hyph_ru_RU.dic in KOI8-R.
        if dictionaries.path(forLanguage: "de") != nil {
            #expect(try hyphenated("Größenordnung", language: "de") == "Grö-ßen-ord-nung")
        }
        if dictionaries.path(forLanguage: "ru") != nil {
            #expect(try hyphenated("переносы", language: "ru") == "пе-ре-носы")
        }
    }

    @Test func wordsGivenAsBytesBreakAsTheirText() throws {
        // The layout hands over UTF-8 bytes: the same points, in the same offsets.
        for (language, words) in [("en", ["hyphenation", "Typesetting", "HYPHENATION", "EXTRAORDINARÏLY", "whale", "ab"]),
                                  ("de", ["Größenordnung", "Schiffahrt"]), ("ru", ["переносы"])] {
            guard let path = dictionaries.path(forLanguage: language) else { continue }
            let patterns = try #require(HyphenationPatterns(path: path))
            for word in words {
                let fromBytes = Array(word.utf8).withUnsafeBufferPointer {
                    patterns.points(in: $0, leftMinimum: 2, rightMinimum: 3)
                }
                #expect(fromBytes == patterns.points(in: word, leftMinimum: 2, rightMinimum: 3), "\(word)")
            }
        }
        let english = try #require(dictionaries.path(forLanguage: "en").flatMap(HyphenationPatterns.init(path:)))
        let bytes = Array("typesetting".utf8)
        #expect(bytes.withUnsafeBufferPointer { english.points(in: $0, leftMinimum: 2, rightMinimum: 3) } == [4, 7])
    }

    @Test func languagesFindTheirDictionary() {
        #expect(dictionaries.path(forLanguage: "en")?.hasSuffix("/hyph_en.dic") == true)
        #expect(dictionaries.path(forLanguage: "en-US")?.hasSuffix("/hyph_en_US.dic") == true)
        #expect(dictionaries.path(forLanguage: "EN_us")?.hasSuffix("/hyph_en_US.dic") == true)
        #expect(dictionaries.path(forLanguage: "xx") == nil)
        #expect(dictionaries.path(forLanguage: "") == nil)
        #expect(dictionaries.path(forLanguage: "../../etc") == nil)
    }
}
