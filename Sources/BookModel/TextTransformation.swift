import BookModel
import CSS

/// CSS `text-transform` on the text the reader meets, letter by letter and only where the case
/// change keeps the text as long (`CaseMapping`), so that its places in the document still
/// line up. `capitalize` puts the first letter of each word in capitals: a word starts at a
/// block's start, and after white space or punctuation other than an apostrophe (`don't` is
/// one word, `jean-luc` two, as browsers take them), across the elements of a paragraph.
struct TextTransformation {
    /// Whether the next letter starts a word; kept only while text is capitalized.
    var atWordStart = true

    mutating func apply(_ transform: TextTransform, to text: String) -> String {
        guard transform != .none else {
            atWordStart = true
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch transform {
            case .uppercase: result.append(CaseMapping.upper(character))
            case .lowercase: result.append(CaseMapping.lower(character))
            case .capitalize: result.append(atWordStart && character.isLetter ? CaseMapping.upper(character) : character)
            case .none: result.append(character)
            }
            if character.isLetter || character.isNumber || character == "'" || character == "\u{2019}" {
                atWordStart = false
            } else if character.isWhitespace || character.isPunctuation || character.isSymbol {
                atWordStart = true
            }
        }
        return result
    }
}
