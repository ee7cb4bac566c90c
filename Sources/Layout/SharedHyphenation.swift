import Fonts
import Foundation
import Hyphenation

/// Where words may take a hyphen, as any of the hyphenators of one layout found it, so that the
/// workers laying out one book ask libhyphen once per word between them rather than once each
/// (the chapters of a book share most of their words, and a word costs libhyphen thousands of
/// instructions). Each `WordHyphenator` still looks in its own cache first, without a lock;
/// only the words it has not met come here. An answer depends only on the word and the
/// dictionary, never on who found it, so pages are the same however the work was shared.
/// Thread-safe.
final class SharedHyphenation: @unchecked Sendable {
    private let lock = ShortLock()
    /// Guarded by `lock`, as are all below: by a word's bytes (space: its dictionary's
    /// number), the number of its answer in `answers` (0 for none).
    private let known = ByteKeyedCache()
    /// Unchecked: the lock is their exclusivity. Emptied with `known`, whose values number
    /// them, so that they are bounded as it is.
    @exclusivity(unchecked) private var answers: [[Int]] = [[]]
    /// The dictionaries met so far, by number.
    @exclusivity(unchecked) private var dictionaries: [HyphenationPatterns] = []

    init() {
        known.emptied = { [unowned self] in answers.removeSubrange(1...) }
    }

    /// The points of `word` in `patterns` as another hyphenator found them, else `find()`'s,
    /// remembered for the others. `find` runs outside the lock.
    func points(of word: UnsafeBufferPointer<UInt8>, in patterns: HyphenationPatterns, find: () -> [Int]) -> [Int] {
        let (space, found) = lock.withLock {
            let space = number(of: patterns)
            return (space, known.existingValue(of: word, space: space).map { answers[$0] })
        }
        if let found { return found }
        let points = find()
        // Two hyphenators may ask for the same word at once: the first to come back stays.
        return lock.withLock {
            answers[known.value(of: word, space: space) { remember(points) }]
        }
    }

    /// The number of `points` in `answers`. Called with the lock held.
    private func remember(_ points: [Int]) -> Int {
        guard !points.isEmpty else { return 0 }
        answers.append(points)
        return answers.count - 1
    }

    /// Called with the lock held.
    private func number(of patterns: HyphenationPatterns) -> Int {
        var number = 0
        while number < dictionaries.count, dictionaries[number] !== patterns { number += 1 }
        if number == dictionaries.count { dictionaries.append(patterns) }
        return number
    }
}
