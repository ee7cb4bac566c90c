import BookModel

/// A formula read as a line of text, for the page's `text`, search and a reader's voice: as
/// pandoc writes a book's MathML in plain text, so that the words of a converted textbook are
/// the words every other tool finds in it. A formula of letters, numbers, operators and
/// scripts is written in Unicode (`t(A)`, `x₁`, `B_(p)`); one with a fraction, a root, limits,
/// a table or a box, which no line of plain characters shows, in TeX (`\frac{x^{2}}{2}`,
/// `\lbrack A\rbrack_{ij}`, `\begin{bmatrix} … \end{bmatrix}`), the notation mathematicians
/// read and type.
///
/// The MathML is first read into terms (`MathTerm`) as TeX sees a formula — fences paired
/// into delimited groups, operators classed as relations, binary operators, punctuation —
/// then written one way or the other (`+TeX`, `+Unicode`).
public enum FormulaText {
    public static func linear(_ formula: Formula) -> String {
        guard !formula.nodes.isEmpty else { return "" }
        var reader = TermReader(formula: formula)
        let terms = reader.row(of: formula.root.children, context: TermReader.Context())
        let text = terms.allSatisfy(\.isPlain) ? unicode(terms) : tex(terms)
        // A line of text: a table's rows and the spaces around its cells run on.
        var line = ""
        var lastWasSpace = true
        for character in text {
            let space = character.isWhitespace && character != "\u{A0}" && !"\u{2004}\u{2005}\u{2006}".contains(character)
            if space {
                if !lastWasSpace { line.append(" ") }
            } else {
                line.append(character)
            }
            lastWasSpace = space
        }
        while line.last == " " { line.removeLast() }
        return line
    }
}

/// How TeX classes a symbol, which says how it is spaced (Appendix G of the TeXbook).
enum SymbolClass: Equatable, Sendable {
    case ordinary, largeOperator, binary, relation, open, close, punctuation, accent
}

/// A formula as TeX sees it, between MathML and a line of text.
indirect enum MathTerm: Equatable, Sendable {
    case number(String)
    case identifier(String)
    /// A named function (`sin`, `det`): `\det`.
    case operatorName(String)
    case symbol(SymbolClass, String)
    /// A space, in ems.
    case space(Double)
    case text(String)
    case group([MathTerm])
    /// A group between fences (either may be empty), with fences standing between its parts.
    case delimited(open: String, close: String, [DelimitedPart])
    case fraction(MathTerm, MathTerm, noLine: Bool)
    case squareRoot(MathTerm)
    case root(index: MathTerm, MathTerm)
    case sub(MathTerm, MathTerm)
    case sup(MathTerm, MathTerm)
    case subSup(MathTerm, MathTerm, MathTerm)
    case under(MathTerm, MathTerm)
    case over(MathTerm, MathTerm)
    case underOver(MathTerm, MathTerm, MathTerm)
    case array([ColumnAlignment], [[[MathTerm]]])
    case styled(MathStyleName, [MathTerm])
    case phantom(MathTerm)
    case boxed(MathTerm)

    static var empty: MathTerm { .group([]) }

    /// What a line of plain characters shows: anything but fractions, roots, limits, tables,
    /// boxes and phantoms (and an over- or underscript that is not an accent on a letter).
    var isPlain: Bool {
        switch self {
        case .number, .identifier, .operatorName, .symbol, .space, .text: true
        case .group(let terms), .styled(_, let terms): terms.allSatisfy(\.isPlain)
        case .delimited(_, _, let parts): parts.allSatisfy { if case .term(let term) = $0 { term.isPlain } else { true } }
        case .sub(let base, let script), .sup(let base, let script): base.isPlain && script.isPlain
        case .subSup(let base, let sub, let sup): base.isPlain && sub.isPlain && sup.isPlain
        case .over(let base, let accent): base.accentedLetter(accent) != nil
        case .fraction, .squareRoot, .root, .under, .underOver, .array, .phantom, .boxed: false
        }
    }

    /// A letter with a combining accent, when `self` is one letter and `accent` an accent
    /// Unicode can put on it.
    func accentedLetter(_ accent: MathTerm) -> String? {
        var base = self
        if case .group(let terms) = base, terms.count == 1 { base = terms[0] }
        guard case .identifier(let letter) = base, letter.count == 1,
              case .symbol(.accent, let mark) = accent, let combining = MathTerm.combiningAccents[mark] else { return nil }
        return letter + String(combining)
    }

    /// Spacing accents and the combining marks they stand for.
    static let combiningAccents: [String: Character] = [
        "\u{203E}": "\u{0304}", "\u{0304}": "\u{0304}", "\u{00B4}": "\u{0301}", "\u{0301}": "\u{0301}",
        "`": "\u{0300}", "\u{0300}": "\u{0300}", "\u{02D8}": "\u{0306}", "\u{0306}": "\u{0306}",
        "\u{02C7}": "\u{030C}", "\u{030C}": "\u{030C}", ".": "\u{0307}", "\u{0307}": "\u{0307}",
        "\u{00B0}": "\u{030A}", "\u{030A}": "\u{030A}", "\u{20D7}": "\u{20D7}", "\u{20D6}": "\u{20D6}",
        "^": "\u{0302}", "\u{0302}": "\u{0302}", "~": "\u{0303}", "\u{0303}": "\u{0303}",
    ]
}

/// A part of a delimited group: a term, or a fence standing inside it (`|` between two sets).
enum DelimitedPart: Equatable, Sendable {
    case term(MathTerm)
    case fence(String)
}

enum ColumnAlignment: Equatable, Sendable {
    case left, center, right

    init(_ value: String?) {
        switch value?.split(separator: " ").first {
        case "left": self = .left
        case "right": self = .right
        default: self = .center
        }
    }
}

/// A `mathvariant`, as TeX names its alphabets.
enum MathStyleName: String, Equatable, Sendable {
    case normal, bold, italic, boldItalic = "bold-italic", doubleStruck = "double-struck", script,
         boldScript = "bold-script", fraktur, boldFraktur = "bold-fraktur", sansSerif = "sans-serif",
         boldSansSerif = "bold-sans-serif", sansSerifItalic = "sans-serif-italic",
         sansSerifBoldItalic = "sans-serif-bold-italic", monospace
}
