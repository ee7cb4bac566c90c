/// Where a block's first letter is in its first text (CSS `::first-letter`): the first letter or
/// digit, with the punctuation before it (and spaces after that punctuation) and after it: an
/// opening quotation mark stays with its letter, as CSS says.
enum FirstLetter {
    struct Parts: Equatable {
        var before: String
        var letter: String
        var after: String
    }

    /// Nil for text with no letter or digit, or a character of another kind before its first:
    /// white space or punctuation alone leave the first letter to the next text.
    static func split(_ text: String) -> Parts? {
        let characters = Array(text)
        var start = 0
        while start < characters.count, characters[start].isWhitespace { start += 1 }
        var end = start
        while end < characters.count, characters[end].isPunctuation || (end > start && characters[end].isWhitespace) { end += 1 }
        guard end < characters.count, characters[end].isLetter || characters[end].isNumber else { return nil }
        end += 1
        while end < characters.count, characters[end].isPunctuation { end += 1 }
        return Parts(before: String(characters[..<start]), letter: String(characters[start..<end]),
                     after: String(characters[end...]))
    }
}
