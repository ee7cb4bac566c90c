/// Where a block's first letter is in its first text (CSS `::first-letter`): the first letter or
/// digit, with the punctuation before it (and spaces after that punctuation) and after it: an
/// opening quotation mark stays with its letter, as CSS says.
enum FirstLetter {
    struct Parts: Equatable {
        var before: String
        var letter: String
        var after: String
    }

    /// What a text holds of a block's first letter.
    enum Found: Equatable {
        case letter(Parts)
        /// White space or punctuation alone: the first letter may be in the next text.
        case notYet
        /// The text starts with something else (a symbol, `$`): the block has no first letter.
        case none
    }

    static func split(_ text: String) -> Found {
        let characters = Array(text)
        var start = 0
        while start < characters.count, characters[start].isWhitespace { start += 1 }
        var end = start
        while end < characters.count, characters[end].isPunctuation || (end > start && characters[end].isWhitespace) { end += 1 }
        guard end < characters.count else { return .notYet }
        guard characters[end].isLetter || characters[end].isNumber else { return .none }
        end += 1
        while end < characters.count, characters[end].isPunctuation { end += 1 }
        return .letter(Parts(before: String(characters[..<start]), letter: String(characters[start..<end]),
                             after: String(characters[end...])))
    }
}
