import BookModel
import Testing

/// The counts taken eight bytes at a time agree with the standard library's views, for texts
/// of every length around a word's eight bytes and for each width of UTF-8 character.
@Test func countsAgreeWithTheStringViews() {
    let pieces = ["a", " ", "é", "ü", "—", "“", "語", "😀", "🇫🇷", "\u{0301}", "\n", "\u{7F}"]
    var texts: [String] = ["", "plain ASCII text that runs past several words of eight bytes"]
    for length in 0...40 {
        texts.append(String((0..<length).map { index in pieces[(index * 7 + length) % pieces.count] }.joined()))
    }
    for text in texts {
        #expect(text.unicodeScalarCount == text.unicodeScalars.count, "\(text)")
        #expect(text.utf16UnitCount == text.utf16.count, "\(text)")
        var copy = text
        let hasFourBytes = copy.withUTF8 { UTF8Counting.hasFourByteScalar($0) }
        #expect(hasFourBytes == text.unicodeScalars.contains { $0.value > 0xFFFF }, "\(text)")
        let both = copy.withUTF8 { UTF8Counting.scalarsAndUTF16Units(in: $0) }
        #expect(both.scalars == text.unicodeScalars.count && both.utf16Units == text.utf16.count, "\(text)")
        let isASCII = copy.withUTF8 { UTF8Counting.isASCII($0) }
        #expect(isASCII == text.unicodeScalars.allSatisfy(\.isASCII), "\(text)")
    }
    // Texts of each length with one character past ASCII, at each place: within a word of eight
    // bytes and in the bytes after the last.
    for length in 1...20 {
        for place in 0..<length {
            var text = String(repeating: "a", count: length)
            text.replaceSubrange(text.index(text.startIndex, offsetBy: place)...text.index(text.startIndex, offsetBy: place), with: "é")
            #expect(!text.utf8.withContiguousStorageIfAvailable { UTF8Counting.isASCII($0) }!, "\(text)")
        }
    }
}
