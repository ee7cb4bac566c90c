import BookModel

/// The text of a list item's marker: its number in the list's style, or its bullet.
enum ListNumbering {
    /// What sets a marker off from its item's text: an en space, which no renderer stretches to
    /// justify a line (CSS stretches U+0020 and U+00A0, Core Text its word spaces) and no face
    /// kerns with the letter after it, so the marker keeps its box and is as wide drawn as
    /// measured apart from the text.
    static let separator = "\u{2002}"

    /// The marker with the space that sets it off from the item's text; "" for `none`.
    static func marker(_ style: ListMarker, number: Int) -> String {
        switch style {
        case .disc: return "•" + separator
        case .circle: return "◦" + separator
        case .square: return "▪" + separator
        case .none: return ""
        case .text(let text): return text
        case .decimal: return "\(number)." + separator
        case .decimalLeadingZero: return (number >= 0 && number < 10 ? "0\(number)" : "\(number)") + "." + separator
        case .lowerAlpha: return (alphabetic(number, letters: latin) ?? "\(number)") + "." + separator
        case .upperAlpha: return (alphabetic(number, letters: latin)?.uppercased() ?? "\(number)") + "." + separator
        case .lowerGreek: return (alphabetic(number, letters: greek) ?? "\(number)") + "." + separator
        case .lowerRoman: return (roman(number) ?? "\(number)") + "." + separator
        case .upperRoman: return (roman(number)?.uppercased() ?? "\(number)") + "." + separator
        }
    }

    private static let latin = Array("abcdefghijklmnopqrstuvwxyz")
    private static let greek = Array("αβγδεζηθικλμνξοπρστυφχψω")

    /// CSS's alphabetic counting: a … z, aa … zz, aaa; nil below 1, where CSS falls back to
    /// decimal.
    static func alphabetic(_ number: Int, letters: [Character]) -> String? {
        guard number >= 1 else { return nil }
        var rest = number
        var text: [Character] = []
        while rest > 0 {
            rest -= 1
            text.append(letters[rest % letters.count])
            rest /= letters.count
        }
        return String(text.reversed())
    }

    /// Lowercase Roman numerals, 1 to 3999; nil outside, where CSS falls back to decimal.
    static func roman(_ number: Int) -> String? {
        guard (1...3999).contains(number) else { return nil }
        let values = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
                      (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var rest = number
        var text = ""
        for (value, letters) in values {
            while rest >= value {
                text += letters
                rest -= value
            }
        }
        return text
    }
}
