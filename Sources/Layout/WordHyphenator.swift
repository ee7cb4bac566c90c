import Fonts
import Hyphenation

/// Where the words of a paragraph may take a hyphen: Liang's patterns for the paragraph's
/// language, within TeX's limits. One per layout worker (it caches); not thread-safe. The
/// workers of one layout may share what they find (`SharedHyphenation`).
///
/// Decisions: at least `leftMinimum` characters before a hyphen and `rightMinimum` after it
/// (TeX's \lefthyphenmin and \righthyphenmin for English; a dictionary asking for more gets
/// more); only words of letters are hyphenated, so nothing with digits, and nothing written in
/// capitals only (acronyms, shouted words); punctuation around a word stays with it. Which
/// words of a paragraph may be hyphenated at all (not its last) is the setter's decision.
final class WordHyphenator {
    static let leftMinimum = 2
    static let rightMinimum = 3

    /// Languages that are not hyphenated in print: no dictionary is wanted, so none is missed.
    static let unhyphenatedLanguages: Set<String> = ["ar", "fa", "he", "ja", "ko", "ur", "yi", "zh"]

    private let dictionaries: HyphenationDictionaries
    /// What the other workers of the same layout have found.
    private let shared: SharedHyphenation?
    /// By lowercased language tag: the dictionary's file, nil when the language has none.
    private var paths: [String: String?] = [:]
    /// By lowercased language tag; nil when the dictionary could not be loaded.
    private var patterns: [String: HyphenationPatterns?] = [:]
    /// Answers by bytes, the number of the answer in `answers` (0 for none): for a segment's
    /// text with its punctuation (space 2k for the k-th dictionary), and for the word inside
    /// it (space 2k + 1), which `word,` and `word.` share. A book repeats its words, and a
    /// `String` key cost more to make and hash than most answers.
    private let known = ByteKeyedCache()
    /// Read on every call: unchecked, as the measurer's faces are (one owner, one thread; the
    /// runtime's exclusivity checks on these two cost 58 M instructions on the 1x book).
    @exclusivity(unchecked) private var answers: [[Int]] = [[]]
    /// The dictionaries asked so far, by their position.
    @exclusivity(unchecked) private var dictionaryIDs: [ObjectIdentifier] = []
    /// Languages asked for that have no dictionary, and whether text came with no language.
    private(set) var missingLanguages: Set<String> = []
    private(set) var metTextWithoutLanguage = false

    init(dictionaries: HyphenationDictionaries, shared: SharedHyphenation? = nil) {
        self.dictionaries = dictionaries
        self.shared = shared
    }

    /// Whether `language` has a dictionary, noting a language without one. The patterns are
    /// loaded only when a paragraph first needs a hyphen (`patterns(for:)`): loading English's
    /// is a fifth of converting a small book, which may set every paragraph without one.
    func hasPatterns(for language: String?) -> Bool {
        guard let language, !language.isEmpty else {
            metTextWithoutLanguage = true
            return false
        }
        let key = language.lowercased()
        if let path = paths[key] { return path != nil }
        let path = dictionaries.path(forLanguage: key)
        paths[key] = .some(path)
        if path == nil, !Self.isUnhyphenated(key) { missingLanguages.insert(language) }
        return path != nil
    }

    /// The patterns for `language`, loaded the first time; nil (and the language noted) when it
    /// has none or they can't be loaded.
    func patterns(for language: String?) -> HyphenationPatterns? {
        guard hasPatterns(for: language), let language else { return nil }
        let key = language.lowercased()
        if let loaded = patterns[key] { return loaded }
        let loaded = paths[key].flatMap { $0 }.flatMap { HyphenationPatterns.shared(at: $0) }
        patterns[key] = .some(loaded)
        if loaded == nil, !Self.isUnhyphenated(key) { missingLanguages.insert(language) }
        return loaded
    }

    private static func isUnhyphenated(_ key: String) -> Bool {
        unhyphenatedLanguages.contains(String(key.prefix { $0 != "-" && $0 != "_" }))
    }

    /// The UTF-8 offsets inside `text` after which a hyphen may go, `text` being a word with any
    /// punctuation around it.
    func points(in text: UnsafeBufferPointer<UInt8>, with patterns: HyphenationPatterns) -> [Int] {
        let id = ObjectIdentifier(patterns)
        var dictionary = 0
        while dictionary < dictionaryIDs.count, dictionaryIDs[dictionary] != id { dictionary += 1 }
        if dictionary == dictionaryIDs.count { dictionaryIDs.append(id) }
        let answer = known.value(of: text, space: 2 * dictionary) {
            guard let core = Self.core(of: text), core.count >= Self.leftMinimum + Self.rightMinimum else { return 0 }
            let word = UnsafeBufferPointer(rebasing: text[core])
            let inWord = known.value(of: word, space: 2 * dictionary + 1) {
                func find() -> [Int] {
                    patterns.points(in: word, leftMinimum: Self.leftMinimum, rightMinimum: Self.rightMinimum)
                }
                return remember(shared.map { $0.points(of: word, in: patterns, find: find) } ?? find())
            }
            return core.lowerBound == 0 ? inWord : remember(answers[inWord].map { core.lowerBound + $0 })
        }
        return answers[answer]
    }

    /// The number of `points` in `answers`.
    private func remember(_ points: [Int]) -> Int {
        guard !points.isEmpty else { return 0 }
        answers.append(points)
        return answers.count - 1
    }

    /// Where the word inside `text` lies without the punctuation around it, when it is one to
    /// hyphenate: letters only, no digits anywhere, and not all capitals. Plain ASCII, most of
    /// most books, is checked byte by byte; anything else by Unicode's properties.
    static func core(of text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard text.allSatisfy({ $0 < 0x80 }) else { return unicodeCore(of: text) }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard !text.contains(where: { (0x30...0x39).contains($0) }),
              let first = text.firstIndex(where: isLetter), let last = text.lastIndex(where: isLetter) else { return nil }
        let core = first..<(last + 1)
        guard text[core].allSatisfy(isLetter), text[core].contains(where: { (0x61...0x7A).contains($0) }) else { return nil }
        return core
    }

    private static func unicodeCore(of text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let string = String(decoding: text, as: UTF8.self)
        guard !string.contains(where: \.isNumber), let first = string.firstIndex(where: \.isLetter),
              let last = string.lastIndex(where: \.isLetter) else { return nil }
        let word = string[first...last]
        guard word.allSatisfy(\.isLetter), word.contains(where: { $0.isLowercase }) else { return nil }
        let utf8 = string.utf8
        return utf8.distance(from: utf8.startIndex, to: first)..<utf8.distance(from: utf8.startIndex, to: string.index(after: last))
    }
}
