/// A change of letters' case, as CSS `text-transform` asks for one.
public enum LetterCase: Sendable, Equatable {
    case upper, lower
    /// The first letter of each word in capitals.
    case capitalized
}

/// `LetterCase` applied to text, letter by letter and only where the case change keeps the
/// text as long (`CaseMapping`), so that its places in the document still line up: by the
/// reader to the text it meets, by the layout to a block's first line (`::first-line`).
/// `capitalized` puts the first letter of each word in capitals: a word starts at a block's
/// start, and after white space or punctuation other than an apostrophe (`don't` is one word,
/// `jean-luc` two, as browsers take them), across the elements of a paragraph.
public struct TextTransformation: Sendable {
    /// Whether the next letter starts a word; kept only while text is capitalized.
    public var atWordStart = true

    public init() {}

    /// `text` in `letterCase`; nil leaves it as it is.
    public mutating func apply(_ letterCase: LetterCase?, to text: String) -> String {
        guard let letterCase else {
            atWordStart = true
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch letterCase {
            case .upper: result.append(CaseMapping.upper(character))
            case .lower: result.append(CaseMapping.lower(character))
            case .capitalized: result.append(atWordStart && character.isLetter ? CaseMapping.upper(character) : character)
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
