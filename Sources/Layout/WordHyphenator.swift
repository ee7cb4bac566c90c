import BookModel
import Fonts
import Foundation
import Hyphenation

/// Where the words of a paragraph may take a hyphen: Liang's patterns for the paragraph's
/// language, within TeX's limits. One per layout worker (it caches); not thread-safe. The
/// workers of one layout may share what they find (`SharedHyphenation`).
///
/// Decisions: at least `leftMinimum` characters before a hyphen and `rightMinimum` after it
/// (TeX's \lefthyphenmin and \righthyphenmin for English; a dictionary asking for more gets
/// more); only words of letters are hyphenated, so nothing with digits, and nothing written in
/// capitals only but long words (not acronyms); punctuation around a word stays with it, and
/// the words an apostrophe or a dash joins into one text are hyphenated each. Which
/// words of a paragraph may be hyphenated at all (not its last) is the setter's decision.
final class WordHyphenator {
    static let leftMinimum = 2
    static let rightMinimum = 3
    /// The fewest bytes a text must have to hold a word that takes a hyphen.
    static let shortestWord = leftMinimum + rightMinimum

    /// Languages that are not hyphenated in print: no dictionary is wanted, so none is missed.
    static let unhyphenatedLanguages: Set<String> = ["ar", "fa", "he", "ja", "ko", "ur", "yi", "zh"]

    private let dictionaries: HyphenationDictionaries
    /// What the other workers of the same layout have found.
    private let shared: SharedHyphenation?
    /// By lowercased language tag: the dictionary's file, nil when the language has none.
    private var paths: [String: String?] = [:]
    /// By lowercased language tag; nil when the dictionary could not be loaded.
    private var patterns: [String: HyphenationPatterns?] = [:]
    /// Answers by bytes (space k for the k-th dictionary), the number of the answer in `answers`
    /// (0 for none): for a segment's text with its punctuation, and for the word inside it,
    /// which `word,` and `word.` share. The two kinds share one space, since a word is a text
    /// that is its own word, with the same answer: a plain word takes one entry, not two. A
    /// book repeats its words, and a `String` key cost more to make and hash than most answers.
    private let known = ByteKeyedCache()
    /// Read on every call: unchecked, as the measurer's faces are (one owner, one thread; the
    /// runtime's exclusivity checks on these two would run for every word). Emptied with
    /// `known`, whose values number them, so that they are bounded as it is.
    @exclusivity(unchecked) private var answers = Answers()
    /// The dictionaries asked so far, by their position.
    @exclusivity(unchecked) private var dictionaryIDs: [ObjectIdentifier] = []
    /// Languages asked for that have no dictionary, and whether text came with no language.
    private(set) var missingLanguages: Set<String> = []
    private(set) var metTextWithoutLanguage = false
    /// The language of text that names none, when one was guessed from it (the chapter's, as
    /// `LanguageGuesser` reads it): such text is hyphenated in it.
    var guessedLanguage: String?

    init(dictionaries: HyphenationDictionaries, shared: SharedHyphenation? = nil) {
        self.dictionaries = dictionaries
        self.shared = shared
        known.emptied = { [unowned self] in answers.removeAll() }
    }

    /// Whether `language` has a dictionary, noting a language without one. The patterns are
    /// loaded only when a paragraph first needs a hyphen (`patterns(for:)`): loading English's
    /// is a large part of converting a small book, which may set every paragraph without one.
    func hasPatterns(for language: String?) -> Bool {
        guard let language = language ?? guessedLanguage, !language.isEmpty else {
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
        guard hasPatterns(for: language), let language = language ?? guessedLanguage else { return nil }
        let key = language.lowercased()
        if let loaded = patterns[key] { return loaded }
        let loaded = paths[key].flatMap { $0 }.flatMap { HyphenationPatterns.shared(at: $0) }
        patterns[key] = .some(loaded)
        if loaded == nil, !Self.isUnhyphenated(key) { missingLanguages.insert(language) }
        return loaded
    }

    /// Starts loading the dictionary for `language`, a book's, on another thread, so that it is
    /// ready, or nearly, when the first paragraph needs it: loading one is slow (German's most),
    /// and the workers would wait. A book that never needs a hyphen loads it all the
    /// same, on a core the start of a conversion leaves idle, and once per process; so it is
    /// asked for where that core is idle: by a layout that starts while its book is read
    /// (`Layouter.start`), and by a conversion whose book is read before its layouter is made
    /// (`Layouter.startLoadingHyphenation`), while fontconfig finds the fonts.
    static func startLoading(_ language: String?, from dictionaries: HyphenationDictionaries) {
        guard let language, !language.isEmpty, let path = dictionaries.path(forLanguage: language.lowercased()) else { return }
        Thread.detachNewThread { _ = HyphenationPatterns.shared(at: path) }
    }

    /// Whether text in `language` is hyphenated with a dictionary installed here, or is in a
    /// language print never hyphenates: a guess of the language is worth taking.
    func knows(_ language: String) -> Bool {
        dictionaries.path(forLanguage: language) != nil || Self.isUnhyphenated(language.lowercased())
    }

    private static func isUnhyphenated(_ key: String) -> Bool {
        unhyphenatedLanguages.contains(LanguageTag.primarySubtag(of: key))
    }

    /// Notes that `points(in: text, with: patterns)` will be asked soon; `warmNoted()` readies
    /// the cache of answers for all that was noted at once, as `TextMeasurer` does its widths.
    func noteForWarming(_ text: UnsafeBufferPointer<UInt8>, with patterns: HyphenationPatterns) {
        guard text.count >= Self.shortestWord else { return }
        known.note(text, space: number(of: patterns))
    }

    func warmNoted() { known.warmNoted() }

    /// The UTF-8 offsets inside `text` after which a hyphen may go, `text` being a word with any
    /// punctuation around it.
    func points(in text: UnsafeBufferPointer<UInt8>, with patterns: HyphenationPatterns) -> [Int] {
        // The answer's number first: finding it may add to `answers`.
        let found = answer(in: text, with: patterns)
        return Array(answers[found])
    }

    /// Appends `points(in: text, with: patterns)` to `points`: the answer as it is kept, with no
    /// list made for it.
    func appendPoints(in text: UnsafeBufferPointer<UInt8>, with patterns: HyphenationPatterns, to points: inout [Int]) {
        let found = answer(in: text, with: patterns)
        for index in answers.range(of: found) { points.append(answers.points[index]) }
    }

    /// The number of the answer for `text` in `answers` (0: no point).
    private func answer(in text: UnsafeBufferPointer<UInt8>, with patterns: HyphenationPatterns) -> Int {
        // A word is never longer than its text: a short one (most words of most books) has no
        // room for both fragments, and needs no look-up.
        guard text.count >= Self.shortestWord else { return 0 }
        let dictionary = number(of: patterns)
        let answer = known.value(of: text, space: dictionary) {
            guard let core = Self.core(of: text) else { return remember(wordsFind(text, with: patterns, dictionary: dictionary)) }
            guard core.count >= Self.leftMinimum + Self.rightMinimum else { return 0 }
            // The text is its own word: it was just looked for.
            if core.count == text.count { return remember(lowercasedFind(text, with: patterns, dictionary: dictionary)) }
            let word = UnsafeBufferPointer(rebasing: text[core])
            let inWord = known.value(of: word, space: dictionary) {
                remember(lowercasedFind(word, with: patterns, dictionary: dictionary))
            }
            return core.lowerBound == 0 ? inWord : remember(answers[inWord].map { core.lowerBound + $0 })
        }
        return answer
    }

    /// The points of a text that is not one word with punctuation around it: of each word
    /// inside it (`words(in:)`), as UTF-8 offsets in the text.
    private func wordsFind(_ text: UnsafeBufferPointer<UInt8>, with patterns: HyphenationPatterns, dictionary: Int) -> [Int] {
        Self.words(in: text).flatMap { range in
            let word = UnsafeBufferPointer(rebasing: text[range])
            // A text that is a word in capitals alone is the key being computed: not asked again.
            guard range.count < text.count else { return lowercasedFind(word, with: patterns, dictionary: dictionary) }
            // The answer's number first: finding it may add to `answers`.
            let found = known.value(of: word, space: dictionary) {
                remember(lowercasedFind(word, with: patterns, dictionary: dictionary))
            }
            return answers[found].map { range.lowerBound + $0 }
        }
    }

    /// The dictionary's number: its space in the cache of answers.
    @inline(__always)
    private func number(of patterns: HyphenationPatterns) -> Int {
        let id = ObjectIdentifier(patterns)
        var dictionary = 0
        while dictionary < dictionaryIDs.count, dictionaryIDs[dictionary] != id { dictionary += 1 }
        if dictionary == dictionaryIDs.count { dictionaryIDs.append(id) }
        return dictionary
    }

    /// The points of `word` (a word alone), as for its lowercase form when it has capitals: the
    /// patterns are read lowercased, so `Whale` breaks where `whale` does, and a word that opens
    /// sentences is found once, not again for its capitalized form.
    /// Only ASCII words are lowered here, where lowering keeps every offset.
    private func lowercasedFind(_ word: UnsafeBufferPointer<UInt8>, with patterns: HyphenationPatterns,
                                dictionary: Int) -> [Int] {
        guard word.contains(where: { $0 &- 0x41 < 26 }), !word.contains(where: { $0 >= 0x80 }) else {
            return find(word, with: patterns)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: word.count) { buffer in
            for (i, byte) in word.enumerated() { buffer[i] = byte &- 0x41 < 26 ? byte | 0x20 : byte }
            let lowered = UnsafeBufferPointer(buffer)
            let found = known.value(of: lowered, space: dictionary) { remember(find(lowered, with: patterns)) }
            return Array(answers[found])
        }
    }

    /// The points of `word` (a word alone), as another worker found them or libhyphen finds them.
    private func find(_ word: UnsafeBufferPointer<UInt8>, with patterns: HyphenationPatterns) -> [Int] {
        func ask() -> [Int] {
            patterns.points(in: word, leftMinimum: Self.leftMinimum, rightMinimum: Self.rightMinimum)
        }
        guard let shared else { return ask() }
        return shared.points(of: word, in: patterns, find: ask)
    }

    /// The number of `points` in `answers`.
    private func remember(_ points: [Int]) -> Int {
        answers.append(points)
    }

    /// The answers found, one after another in one list, so that reading one counts no
    /// reference to a list of its own (which the other worker's hyphenator may hold too, as
    /// `SharedHyphenation` hands the same list to both). Answer 0 has no point.
    struct Answers {
        private(set) var points: [Int] = []
        /// Answer `k` is `points[starts[k]..<starts[k + 1]]`.
        private var starts: [Int] = [0, 0]

        func range(of answer: Int) -> Range<Int> { starts[answer]..<starts[answer + 1] }

        subscript(answer: Int) -> ArraySlice<Int> { points[range(of: answer)] }

        /// The number of `found`, which is 0 when it has no point.
        mutating func append(_ found: [Int]) -> Int {
            guard !found.isEmpty else { return 0 }
            points += found
            starts.append(points.count)
            return starts.count - 2
        }

        /// Keeps answer 0 only.
        mutating func removeAll() {
            points.removeAll(keepingCapacity: true)
            starts.removeSubrange(2...)
        }
    }

    /// Where the word inside `text` lies without the punctuation around it, when it is one to
    /// hyphenate: letters only, no digits anywhere, and not all capitals. Plain ASCII, most of
    /// most books, is checked byte by byte in one pass, and so is ASCII with the common
    /// quotation marks and dashes around it (`punctuationLength`); anything else by Unicode's
    /// properties (`unicodeCore`), which cost forty times as much.
    static func core(of text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let bytes = text.baseAddress else { return nil }
        let count = text.count
        var first = -1
        var last = -1
        var letters = 0
        var hasDigit = false
        var hasLowercase = false
        var i = 0
        while i < count {
            let byte = bytes[i]
            if byte >= 0x80 {
                let length = punctuationLength(bytes + i, available: count - i)
                guard length > 0 else { return unicodeCore(of: text) }
                i += length
                continue
            }
            if byte &- 0x30 < 10 { hasDigit = true }
            // ASCII letters of either case fold onto a...z.
            if (byte | 0x20) &- 0x61 < 26 {
                if first < 0 { first = i }
                last = i
                letters += 1
                if byte >= 0x61 { hasLowercase = true }
            }
            i += 1
        }
        guard !hasDigit, first >= 0, letters == last - first + 1, hasLowercase else { return nil }
        return first..<(last + 1)
    }

    /// The length of the UTF-8 sequence at `bytes` when it is one of the quotation marks and
    /// dashes books put around and between words (‘ ’ “ ” « » – — …), else 0. Each is a
    /// character of its own next to ASCII (none joins a neighbour into one grapheme) and is
    /// neither a letter nor a number, so a byte-wise reading gives what Unicode's properties
    /// would.
    @inline(__always)
    static func punctuationLength(_ bytes: UnsafePointer<UInt8>, available: Int) -> Int {
        if bytes[0] == 0xE2, available >= 3, bytes[1] == 0x80 {
            switch bytes[2] {
            case 0x93, 0x94, 0x98, 0x99, 0x9C, 0x9D, 0xA6: return 3
            default: return 0
            }
        }
        if bytes[0] == 0xC2, available >= 2, bytes[1] == 0xAB || bytes[1] == 0xBB { return 2 }
        return 0
    }

    /// The fewest letters of a word written in capitals that is hyphenated: shorter ones are
    /// read as acronyms (UNESCO), longer ones as words set in capitals (a play's stage
    /// directions, a heading run into the text), which print hyphenates as it does any word.
    static let shortestWordInCapitals = 7

    /// The words to hyphenate in a text that `core(of:)` does not read as one word: its runs of
    /// letters, each long enough for both fragments, that are not acronyms. So a word before an
    /// apostrophe (`carpenter’s`), each of two words a dash joins to a quotation mark
    /// (`exclaimed—“That`), and a word in capitals of `shortestWordInCapitals` letters or more.
    /// Nothing in a text with a digit, nor in one where anything else comes between its letters
    /// (`www.example.org`, `a/b`, `snake_case`): a name, not words.
    static func words(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        let string = String(decoding: text, as: UTF8.self)
        guard !string.contains(where: \.isNumber),
              let first = string.firstIndex(where: \.isLetter), let last = string.lastIndex(where: \.isLetter),
              string[first...last].allSatisfy({ $0.isLetter || joiners.contains($0) }) else { return [] }
        var words: [Range<Int>] = []
        var offset = 0
        var start = -1, letters = 0, lowercase = false
        func close() {
            if start >= 0, letters >= leftMinimum + rightMinimum, lowercase || letters >= shortestWordInCapitals {
                words.append(start..<offset)
            }
            start = -1
            letters = 0
            lowercase = false
        }
        for character in string {
            if character.isLetter {
                if start < 0 { start = offset }
                letters += 1
                lowercase = lowercase || character.isLowercase
            } else {
                close()
            }
            offset += character.utf8.count
        }
        close()
        return words
    }

    /// What may come between the words of one text that are hyphenated each: apostrophes,
    /// quotation marks and dashes.
    private static let joiners: Set<Character> = ["'", "’", "‘", "\"", "“", "”", "—", "–", "«", "»"]

    static func unicodeCore(of text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let string = String(decoding: text, as: UTF8.self)
        guard !string.contains(where: \.isNumber), let first = string.firstIndex(where: \.isLetter),
              let last = string.lastIndex(where: \.isLetter) else { return nil }
        let word = string[first...last]
        guard word.allSatisfy(\.isLetter), word.contains(where: { $0.isLowercase }) else { return nil }
        let utf8 = string.utf8
        return utf8.distance(from: utf8.startIndex, to: first)..<utf8.distance(from: utf8.startIndex, to: string.index(after: last))
    }
}
