import CHyphen
import Foundation

/// Liang's hyphenation patterns for one language, read from a libhyphen dictionary (Debian's
/// `hyphen-*` packages): the only file that touches libhyphen.
///
/// libhyphen wants a lowercase word in the dictionary's own character set and answers in byte
/// offsets of that encoding; this type takes any word as Swift text and answers in UTF-8
/// offsets of the word as given, so none of that leaks out.
///
/// Thread-safe, so that one loaded dictionary serves every layout of the process (`shared(at:)`):
/// libhyphen only reads a dictionary once it is loaded, and the converter is used under a lock.
public final class HyphenationPatterns: @unchecked Sendable {
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// Nil when the dictionary is in UTF-8 already.
    private let converter: CharsetConverter?
    private let converterLock = NSLock()
    /// The dictionary's own minimum fragment lengths, in characters.
    private let dictionaryLeftMinimum: Int
    private let dictionaryRightMinimum: Int

    /// Words longer than this (in bytes of the dictionary's encoding) are not hyphenated: no real
    /// word is, and it bounds the work per word.
    public static let maximumWordLength = 120

    /// Nil when the file can't be read as a dictionary, or its character set can't be converted to.
    public init?(path: String) {
        guard let loaded = hnj_hyphen_load(path) else { return nil }
        let charset = withUnsafeBytes(of: loaded.pointee.cset) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if loaded.pointee.utf8 != 0 {
            converter = nil
        } else if let made = CharsetConverter(to: charset) {
            converter = made
        } else {
            hnj_hyphen_free(loaded)
            return nil
        }
        dictionary = loaded
        dictionaryLeftMinimum = Int(loaded.pointee.lhmin)
        dictionaryRightMinimum = Int(loaded.pointee.rhmin)
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The patterns at `path`, loaded once per process: libhyphen takes seconds to load a large
    /// dictionary (German's), which a batch of books should pay only once. Nil when they can't be loaded.
    public static func shared(at path: String) -> HyphenationPatterns? {
        loaded.lock.lock()
        defer { loaded.lock.unlock() }
        if let known = loaded.patterns[path] { return known }
        let made = HyphenationPatterns(path: path)
        loaded.patterns[path] = .some(made)
        return made
    }

    private final class Loaded: @unchecked Sendable {
        let lock = NSLock()
        /// Guarded by `lock`; a nil value remembers a file that could not be loaded.
        var patterns: [String: HyphenationPatterns?] = [:]
    }

    private static let loaded = Loaded()

    /// Where a hyphen may go in `word`: the UTF-8 offsets in `word` after which it may be broken,
    /// leaving at least `leftMinimum` characters before and `rightMinimum` after (or the
    /// dictionary's own minimums, when larger). Only standard breaks are given: a pattern that
    /// would change the letters around the break (German "Schiffahrt" → "Schiff-fahrt") is left out.
    public func points(in word: String, leftMinimum: Int, rightMinimum: Int) -> [Int] {
        var word = word
        return word.withUTF8 { points(in: $0, leftMinimum: leftMinimum, rightMinimum: rightMinimum) }
    }

    /// The same for a word given as UTF-8 bytes, so that a caller holding bytes makes no `String`
    /// for it (invalid UTF-8 is read as `String(decoding:as:)` reads it).
    public func points(in word: UnsafeBufferPointer<UInt8>, leftMinimum: Int, rightMinimum: Int) -> [Int] {
        let left = max(leftMinimum, dictionaryLeftMinimum, 1)
        let right = max(rightMinimum, dictionaryRightMinimum, 1)
        if converter == nil, word.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            return asciiPoints(in: word, left: left, right: right)
        }
        return unicodePoints(in: String(decoding: word, as: UTF8.self), left: left, right: right)
    }

    /// Printable ASCII into a UTF-8 dictionary, most words of most books: a character is a byte,
    /// lowering it is a byte's arithmetic, and libhyphen's offsets are the word's own. Its buffers
    /// are on the stack, since this runs once per distinct word of a book.
    private func asciiPoints(in word: UnsafeBufferPointer<UInt8>, left: Int, right: Int) -> [Int] {
        let length = word.count
        guard length >= left + right, length <= Self.maximumWordLength else { return [] }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 2 * length + 6) { buffer in
            // The lowered word as a C string, then libhyphen's marks.
            let lowered = buffer.baseAddress!
            for i in 0..<length {
                let byte = word[i]
                lowered[i] = CChar(bitPattern: (0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
            }
            lowered[length] = 0
            let marks = UnsafeMutableBufferPointer(rebasing: buffer[(length + 1)...])
            guard hyphenate(lowered, length: length, left: left, right: right, marks: marks) else { return [] }
            // A break after the k-th byte.
            return Self.collect(left...(length - right), marks: marks, scalarEnd: { $0 }, offset: { $0 })
        }
    }

    /// Anything else: each character is lowered and encoded on its own, so each maps to a known
    /// span. libhyphen answers per byte for a single-byte character set and per character for
    /// UTF-8: per Unicode scalar of the lowered word either way, which is what `ends` counts.
    private func unicodePoints(in word: String, left: Int, right: Int) -> [Int] {
        var encoded: [UInt8] = []
        var ends: [(scalars: Int, original: Int)] = []
        var scalars = 0
        var original = 0
        for character in word {
            let lowered = String(character).lowercased()
            scalars += lowered.unicodeScalars.count
            if let converter {
                let converted = converterLock.withLock { converter.append(lowered, to: &encoded) }
                guard converted, encoded.count == scalars else { return [] }
            } else {
                encoded.append(contentsOf: lowered.utf8)
            }
            original += character.utf8.count
            ends.append((scalars, original))
        }
        guard ends.count >= left + right, encoded.count <= Self.maximumWordLength,
              !encoded.contains(0) else { return [] }
        let length = encoded.count
        // libhyphen also reads the word as a C string.
        encoded.append(0)
        var marks = [CChar](repeating: 0, count: length + 5)
        let hyphenated = encoded.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { word in
                marks.withUnsafeMutableBufferPointer { marks in
                    hyphenate(word.baseAddress!, length: length, left: left, right: right, marks: marks)
                }
            }
        }
        guard hyphenated else { return [] }
        // A break after the k-th character: after its last scalar.
        return marks.withUnsafeMutableBufferPointer { marks in
            Self.collect(left...(ends.count - right), marks: marks,
                         scalarEnd: { ends[$0 - 1].scalars }, offset: { ends[$0 - 1].original })
        }
    }

    /// libhyphen's marks for the NUL-terminated `word` of `length` bytes, into `marks` (at least
    /// `length + 5`): odd where a hyphen may follow that byte, and cleared where the pattern
    /// would change the letters around the break. False when libhyphen fails.
    private func hyphenate(_ word: UnsafeMutablePointer<CChar>, length: Int, left: Int, right: Int,
                           marks: UnsafeMutableBufferPointer<CChar>) -> Bool {
        marks.initialize(repeating: 0)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let status = hnj_hyphen_hyphenate3(dictionary, word, Int32(length), marks.baseAddress, nil,
                                           &replacements, &positions, &cuts, Int32(left), Int32(right), 0, 0)
        if let replacements {
            for i in 0..<length where replacements[i] != nil {
                marks[i] = 0
                free(replacements[i])
            }
            free(replacements)
        }
        free(positions)
        free(cuts)
        return status == 0
    }

    /// The offsets of the break places in `places` (counted in characters) whose last scalar
    /// (`scalarEnd`, 1-based) has an odd mark.
    private static func collect(_ places: ClosedRange<Int>, marks: UnsafeMutableBufferPointer<CChar>,
                                scalarEnd: (Int) -> Int, offset: (Int) -> Int) -> [Int] {
        var points: [Int] = []
        for k in places where marks[scalarEnd(k) - 1] & 1 == 1 {
            points.append(offset(k))
        }
        return points
    }
}
