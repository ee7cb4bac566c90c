/// Writing terms that a line of characters shows in Unicode, as pandoc's plain text does:
/// letters, numbers and operators as they are, spaced by their class (a relation widely, a
/// binary operator less, a comma thinly after), scripts in Unicode's superscript and subscript
/// characters when it has them all (`x₁`, `A⁻¹`), else after `_` or `^` in parentheses
/// (`B_(p)`); a styled letter in its mathematical alphabet (`ℂ`, `𝒦`).
extension FormulaText {
    static func unicode(_ terms: [MathTerm]) -> String {
        var out = ""
        writeUnicode(terms, style: nil, into: &out)
        return out
    }

    private static let thinSpace: Character = "\u{2006}"
    private static let mediumSpace: Character = "\u{2005}"
    private static let wideSpace: Character = "\u{2004}"

    /// A row: each symbol spaced by its class, unless a space or punctuation follows it.
    private static func writeUnicode(_ terms: [MathTerm], style: MathStyleName?, into out: inout String) {
        for (k, term) in terms.enumerated() {
            let next: MathTerm? = k + 1 < terms.count ? terms[k + 1] : nil
            switch term {
            case .symbol(.binary, let text) where !isBinary(at: k, of: terms):
                // A sign, not an operation (`−1`, `= −x`): TeX sets it as ordinary, unspaced.
                out += text
            case .symbol(let kind, let text) where next != nil:
                let beforeSpace: Bool = if case .space? = next { true } else { false }
                let beforePunctuation: Bool = if case .symbol(.punctuation, _)? = next { true } else { false }
                if beforeSpace || [.ordinary, .close, .accent].contains(kind) || beforePunctuation {
                    out += text
                } else {
                    switch kind {
                    case .binary: out += String(mediumSpace) + text + String(mediumSpace)
                    case .relation: out += String(wideSpace) + text + String(wideSpace)
                    case .punctuation: out += text + String(thinSpace)
                    default: out += text
                    }
                }
            case .operatorName(let name):
                out += name
                if next != nil { out.append(thinSpace) }
            default:
                writeUnicode(term, style: style, into: &out)
            }
        }
    }

    /// Whether the binary operator at `index` stands between two operands: TeX takes one at
    /// a row's start, or after an operator, a relation, an opening fence or punctuation, as a
    /// sign (the TeXbook's Appendix G, rule 5), as pandoc does reading its own TeX back.
    private static func isBinary(at index: Int, of terms: [MathTerm]) -> Bool {
        guard index > 0 else { return false }
        if case .symbol(let kind, _) = terms[index - 1] {
            return ![.binary, .largeOperator, .relation, .open, .punctuation].contains(kind)
        }
        return true
    }

    private static func writeUnicode(_ term: MathTerm, style: MathStyleName?, into out: inout String) {
        switch term {
        case .number(let text), .identifier(let text), .operatorName(let text), .symbol(_, let text):
            out += styled(text, style)
        case .text(let text):
            out += text
        case .space(let ems):
            out += ems <= 0 ? "" : ems < 0.2 ? String(thinSpace) : ems < 0.3 ? String(mediumSpace) : ems < 0.75 ? " " : "\u{2003}"
        case .group(let terms):
            writeUnicode(terms, style: style, into: &out)
        case .styled(let inner, let terms):
            writeUnicode(terms, style: inner, into: &out)
        case .delimited(let open, let close, let parts):
            out += styled(open, style)
            for part in parts {
                switch part {
                case .term(let inner): writeUnicode(inner, style: style, into: &out)
                case .fence(let fence): out += styled(fence, style)
                }
            }
            out += styled(close, style)
        case .sub(let base, let script):
            writeUnicode(base, style: style, into: &out)
            out += scripted(script, style: style, sub: true)
        case .sup(let base, let script):
            writeUnicode(base, style: style, into: &out)
            out += scripted(script, style: style, sub: false)
        case .subSup(let base, let sub, let sup):
            writeUnicode(base, style: style, into: &out)
            out += scripted(sub, style: style, sub: true) + scripted(sup, style: style, sub: false)
        case .over(let base, let accent):
            out += base.accentedLetter(accent) ?? ""
        case .under, .underOver, .fraction, .squareRoot, .root, .array, .phantom, .boxed:
            break
        }
    }

    /// A letter in the alphabets Unicode has characters for; others (bold, italic) as they are.
    private static func styled(_ text: String, _ style: MathStyleName?) -> String {
        guard let style, [.doubleStruck, .script, .boldScript, .fraktur, .boldFraktur].contains(style) else { return text }
        return String(text.map(style.letter))
    }

    private static let superscripts: [Character: Character] = [
        "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
        "+": "⁺", "-": "⁻", "\u{2212}": "⁻", "=": "⁼", "(": "⁽", ")": "⁾",
    ]
    private static let subscripts: [Character: Character] = [
        "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
        "+": "₊", "-": "₋", "\u{2212}": "₋", "=": "₌", "(": "₍", ")": "₎",
    ]

    /// A script: in Unicode's script characters when it has one for each, else `_(…)` or `^(…)`.
    private static func scripted(_ script: MathTerm, style: MathStyleName?, sub: Bool) -> String {
        var text = ""
        writeUnicode(script, style: style, into: &text)
        let table = sub ? subscripts : superscripts
        if !text.isEmpty, text.allSatisfy({ table[$0] != nil }) { return String(text.compactMap { table[$0] }) }
        return (sub ? "_(" : "^(") + text + ")"
    }
}
