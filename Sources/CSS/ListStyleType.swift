/// A `list-style-type` value the reader honours.
public enum ListStyleType: Sendable, Equatable {
    case decimal, decimalLeadingZero, lowerAlpha, upperAlpha, lowerRoman, upperRoman, lowerGreek
    case disc, circle, square, none
    /// A quoted string, its quotes removed.
    case text(String)

    /// A keyword (`lower-latin` is `lower-alpha`) or a quoted string; nil for anything else
    /// (`armenian`, a `symbols()` function), which leaves an earlier declaration standing.
    init?(_ value: String) {
        switch value {
        case "decimal": self = .decimal
        case "decimal-leading-zero": self = .decimalLeadingZero
        case "lower-alpha", "lower-latin": self = .lowerAlpha
        case "upper-alpha", "upper-latin": self = .upperAlpha
        case "lower-roman": self = .lowerRoman
        case "upper-roman": self = .upperRoman
        case "lower-greek": self = .lowerGreek
        case "disc": self = .disc
        case "circle": self = .circle
        case "square": self = .square
        case "none": self = .none
        default:
            guard value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote else {
                return nil
            }
            self = .text(String(value.dropFirst().dropLast()))
        }
    }

    /// The type named in a `list-style` shorthand (`square inside`, `none`), if any.
    init?(shorthand value: String) {
        for word in value.split(separator: " ") {
            if let type = ListStyleType(String(word)) {
                self = type
                return
            }
        }
        return nil
    }
}
