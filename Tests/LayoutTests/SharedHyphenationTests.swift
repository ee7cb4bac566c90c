import Dispatch
import Foundation
import Hyphenation
import Testing
@testable import Layout

/// The layout workers of one book share where words take a hyphen: a hyphenator that finds an
/// answer another one found gets exactly what libhyphen would give it, for each dictionary.
@Suite struct SharedHyphenationTests {
    let dictionaries = HyphenationDictionaries()

    private let words = ["hyphenation", "“Typesetting,”", "extraordinary.", "Typesetting", "whale", "HYPHENATION",
                         "naïveté", "computer", "(international)", "circumstances", "don’t", "telecommunications"]

    private func english() throws -> HyphenationPatterns {
        try #require(dictionaries.path(forLanguage: "en").flatMap(HyphenationPatterns.shared(at:)))
    }

    private func points(_ hyphenator: WordHyphenator, _ patterns: HyphenationPatterns) -> [[Int]] {
        words.map { word in
            Array(word.utf8).withUnsafeBufferPointer { hyphenator.points(in: $0, with: patterns) }
        }
    }

    @Test func aSharedAnswerIsTheAnswerLibhyphenGives() throws {
        let patterns = try english()
        let alone = points(WordHyphenator(dictionaries: dictionaries), patterns)
        let shared = SharedHyphenation()
        #expect(points(WordHyphenator(dictionaries: dictionaries, shared: shared), patterns) == alone)
        // The second hyphenator's answers are the ones the first found.
        #expect(points(WordHyphenator(dictionaries: dictionaries, shared: shared), patterns) == alone)
        // Words do break: the comparison is not of empty answers.
        #expect(alone.filter { !$0.isEmpty }.count >= 6)
    }

    @Test func aWordIsFoundOnceBetweenThem() throws {
        let patterns = try english()
        let shared = SharedHyphenation()
        var finds = 0
        let word = Array("typesetting".utf8)
        for _ in 0..<3 {
            let found = word.withUnsafeBufferPointer { bytes in
                shared.points(of: bytes, in: patterns) {
                    finds += 1
                    return patterns.points(in: bytes, leftMinimum: 2, rightMinimum: 3)
                }
            }
            #expect(found == [4, 7])
        }
        #expect(finds == 1)
    }

    /// A capitalized word is asked for in lowercase, so a word that opens sentences is found
    /// once; its answer is what libhyphen gives the word as written.
    @Test func aCapitalizedWordIsFoundAsItsLowercaseForm() throws {
        let patterns = try english()
        let shared = SharedHyphenation()
        let hyphenator = WordHyphenator(dictionaries: dictionaries, shared: shared)
        // Type-set-ting; behind the opening quote's three bytes in the second.
        for (text, points) in [("Typesetting", [4, 7]), ("“Typesetting,”", [7, 10])] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { hyphenator.points(in: $0, with: patterns) } == points)
        }
        // The lowercase word is what the others were told: asking for it finds nothing new.
        var finds = 0
        let found = Array("typesetting".utf8).withUnsafeBufferPointer { bytes in
            shared.points(of: bytes, in: patterns) {
                finds += 1
                return []
            }
        }
        #expect(finds == 0)
        #expect(found == [4, 7])
    }

    @Test(.needsGermanHyphenation) func dictionariesAreToldApart() throws {
        let english = try english()
        let german = try #require(dictionaries.path(forLanguage: "de").flatMap(HyphenationPatterns.shared(at:)))
        let germanAlone = points(WordHyphenator(dictionaries: dictionaries), german)
        let englishAlone = points(WordHyphenator(dictionaries: dictionaries), english)
        #expect(germanAlone != englishAlone)
        let shared = SharedHyphenation()
        _ = points(WordHyphenator(dictionaries: dictionaries, shared: shared), english)
        #expect(points(WordHyphenator(dictionaries: dictionaries, shared: shared), german) == germanAlone)
    }

    @Test func hyphenatorsOnSeveralThreadsAgree() throws {
        let patterns = try english()
        let alone = points(WordHyphenator(dictionaries: dictionaries), patterns)
        let shared = SharedHyphenation()
        let results = Results()
        let dictionaries = dictionaries
        DispatchQueue.concurrentPerform(iterations: 4) { n in
            results.set(n, points(WordHyphenator(dictionaries: dictionaries, shared: shared), patterns))
        }
        for n in 0..<4 { #expect(results.get(n) == alone) }
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: [[Int]]] = [:]
    func set(_ n: Int, _ value: [[Int]]) { lock.withLock { values[n] = value } }
    func get(_ n: Int) -> [[Int]]? { lock.withLock { values[n] } }
}
