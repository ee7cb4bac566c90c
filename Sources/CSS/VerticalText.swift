/// `text-orientation` (CSS Writing Modes 3): how characters of a vertical line stand. `mixed`
/// by Unicode's Vertical_Orientation, `upright` every character standing, `sideways` every
/// character turned a quarter clockwise, as horizontal text is.
public enum TextOrientation: Sendable, Equatable {
    case mixed, upright, sideways

    /// The value as a book writes it, the prefixed and older names among them.
    init?(keyword: String) {
        switch keyword {
        case "mixed", "vertical-right", "use-glyph-orientation": self = .mixed
        case "upright": self = .upright
        case "sideways", "sideways-right": self = .sideways
        default: return nil
        }
    }
}

/// `text-combine-upright` (CSS Writing Modes 3 and 4): characters of a vertical line set
/// side by side in the space of one upright character (tate-chū-yoko). `all`: the element's
/// text, each piece of it between other elements; `digits(n)`: each run of at most `n` ASCII
/// digits (2 to 4).
public enum CombineUpright: Sendable, Equatable {
    case none
    case all
    case digits(Int)

    /// The value as a book writes it: `none`, `all`, `digits` (two), `digits 3`; and the older
    /// `horizontal` of `-webkit-text-combine` and `-epub-text-combine`, which is `all`.
    init?(keyword: String) {
        let words = keyword.split(separator: " ")
        switch (words.first, words.count) {
        case ("none"?, 1): self = .none
        case ("all"?, 1), ("horizontal"?, 1): self = .all
        case ("digits"?, 1): self = .digits(2)
        case ("digits"?, 2):
            guard let count = Int(words[1]), (2...4).contains(count) else { return nil }
            self = .digits(count)
        default: return nil
        }
    }
}
