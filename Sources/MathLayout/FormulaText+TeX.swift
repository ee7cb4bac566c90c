/// Writing terms as TeX (LaTeX with amsmath): `\frac{a}{b}`, `x_{1}`, `\sum\limits_{i = 1}^{n}`,
/// `\left( … \right)` around what is taller than a line, `\begin{bmatrix} … \end{bmatrix}` for a
/// table in brackets, as pandoc writes a book's MathML.
extension FormulaText {
    static func tex(_ terms: [MathTerm]) -> String {
        var writer = TeXWriter()
        for term in terms { writer.write(term) }
        return TeXPiece.render(writer.pieces)
    }
}

/// A piece of TeX as written, before it is put into characters: what needs a space after it
/// depends on what follows (`\alpha x`, `\alpha_`).
enum TeXPiece: Equatable {
    case token(Character)
    case literal(String)
    case control(String)
    case grouped([TeXPiece])
    case space

    /// The pieces as TeX's characters, as one group without its braces: a control word is
    /// followed by a space when a letter or digit comes next; spaces at a group's ends, before
    /// scripts and doubled, are left out.
    static func render(_ pieces: [TeXPiece]) -> String {
        // Written from the end, into a reversed buffer: what each piece needs depends on what
        // follows it.
        var reversed: [Character] = []
        func followingStarts(with prefix: String) -> Bool {
            var k = reversed.count - 1
            for character in prefix {
                guard k >= 0, reversed[k] == character else { return false }
                k -= 1
            }
            return true
        }
        func prepend(_ text: String) { reversed.append(contentsOf: text.reversed()) }
        func emit(_ piece: TeXPiece) {
            switch piece {
            case .token(let character):
                reversed.append(character)
            case .literal(let text):
                if let last = text.last, !last.isLetter {
                    prepend(text)
                } else if let next = reversed.last, next.isLetter {
                    prepend(text + " ")
                } else {
                    prepend(text)
                }
            case .control(let name):
                if name != "\\ ", let next = reversed.last, next.isLetter || next.isNumber || !next.isASCII {
                    prepend(name + " ")
                } else {
                    prepend(name)
                }
            case .grouped(let inner):
                if inner.count == 1, case .grouped(let innermost) = inner[0] { return emit(.grouped(innermost)) }
                var trimmed = inner[...]
                while trimmed.first == .space { trimmed = trimmed.dropFirst() }
                while trimmed.last == .space { trimmed = trimmed.dropLast() }
                reversed.append("}")
                for piece in trimmed.reversed() { emit(piece) }
                reversed.append("{")
            case .space:
                if reversed.isEmpty || followingStarts(with: "^") || followingStarts(with: "_") || followingStarts(with: " ")
                    || followingStarts(with: "\\limits") || followingStarts(with: "}") { return }
                reversed.append(" ")
            }
        }
        emit(.grouped(pieces))
        return String(reversed.reversed().dropFirst().dropLast())
    }
}

/// Writes terms into TeX pieces.
struct TeXWriter {
    private(set) var pieces: [TeXPiece] = []

    private mutating func grouped(_ body: (inout TeXWriter) -> Void) {
        var inner = TeXWriter()
        body(&inner)
        pieces.append(.grouped(inner.pieces))
    }

    private mutating func groupedTerm(_ term: MathTerm) { grouped { $0.write(term) } }

    /// A character string as TeX: each character its control word, a styled letter, or itself.
    static func pieces(of text: String) -> [TeXPiece] {
        var pieces: [TeXPiece] = []
        for character in text {
            if character == "\u{2212}" { pieces.append(.token("-")); continue }
            switch TeXSymbols.command(for: character) {
            case .word(let word)?: pieces.append(.control("\\" + word))
            case .styled(let style, let letter)?: pieces += [.control("\\" + style), .grouped([.token(letter)])]
            case nil:
                if let (style, plain) = MathStyleName.plainLetter(of: character) {
                    pieces += [.control(style.texCommand), .grouped([.token(plain)])]
                } else {
                    pieces.append(.token(character))
                }
            }
        }
        return pieces
    }

    mutating func write(_ term: MathTerm) {
        switch term {
        case .number(let text):
            pieces += Self.pieces(of: text)
        case .identifier(let text):
            let tex = Self.pieces(of: text)
            if tex.count == 1 { pieces += tex } else if !tex.isEmpty { pieces.append(.grouped(tex)) }
        case .operatorName(let name):
            if TeXSymbols.operatorNames.contains(name) {
                pieces.append(.control("\\" + name))
            } else {
                pieces.append(.control("\\operatorname"))
                pieces.append(.grouped(Self.pieces(of: name)))
            }
        case .symbol(let kind, let text):
            if text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, (0x2061...0x2064).contains(scalar.value) {
                return
            }
            let spaced = kind == .binary || kind == .relation
            if spaced { pieces.append(.space) }
            if text.count > 1, spaced || kind == .largeOperator {
                let command = kind == .binary ? "\\mathbin" : kind == .relation ? "\\mathrel" : "\\mathop"
                pieces += [.control(command), .grouped([.control("\\text"), .grouped(Self.pieces(of: text))])]
            } else {
                pieces += Self.pieces(of: text)
            }
            if spaced { pieces.append(.space) }
        case .space(let ems):
            let command = Self.spaceCommand(ems)
            if !command.isEmpty { pieces.append(.control(command)) }
        case .text(let text):
            guard !text.isEmpty else { return }
            pieces.append(.control("\\text"))
            pieces.append(.grouped(text.map(Self.escaped)))
        case .group(let terms):
            grouped { writer in for term in terms { writer.write(term) } }
        case .delimited(let open, let close, let parts):
            writeDelimited(open: open, close: close, parts)
        case .fraction(let numerator, let denominator, let noLine):
            pieces.append(.control(noLine ? "\\binom" : "\\frac"))
            groupedTerm(numerator)
            groupedTerm(denominator)
        case .squareRoot(let base):
            pieces.append(.control("\\sqrt"))
            groupedTerm(base)
        case .root(let index, let base):
            pieces += [.control("\\sqrt"), .token("[")]
            write(index)
            pieces.append(.token("]"))
            groupedTerm(base)
        case .sub(let base, let script):
            writeBase(base)
            pieces.append(.token("_"))
            groupedTerm(script)
        case .sup(let base, let script):
            writeBase(base)
            pieces.append(.token("^"))
            groupedTerm(script)
        case .subSup(let base, let sub, let sup):
            writeBase(base)
            pieces.append(.token("_"))
            groupedTerm(sub)
            pieces.append(.token("^"))
            groupedTerm(sup)
        case .over(let base, let script):
            writeScript(over: true, base: base, script: script)
        case .under(let base, let script):
            writeScript(over: false, base: base, script: script)
        case .underOver(let base, let under, let over):
            if case .symbol(.accent, _) = under { return write(.under(.over(base, over), under)) }
            if case .symbol(.accent, _) = over { return write(.over(.under(base, under), over)) }
            guard base.isOperator else { return write(.under(.over(base, over), under)) }
            writeBase(base)
            pieces += [.control("\\limits"), .token("_")]
            grouped { $0.writeStacked(under) }
            pieces.append(.token("^"))
            grouped { $0.writeStacked(over) }
        case .array(let alignments, let rows):
            if alignments == [.right, .left] {
                writeTable("aligned", alignments: [], rows: rows)
            } else if !alignments.isEmpty, alignments.allSatisfy({ $0 == .center }) {
                writeTable("matrix", alignments: [], rows: rows)
            } else {
                writeTable("array", alignments: alignments, rows: rows)
            }
        case .styled(let style, let terms):
            pieces.append(.control(style.texCommand))
            grouped { writer in for term in terms { writer.write(term.plainLetters(of: style)) } }
        case .phantom(let body):
            pieces.append(.control("\\phantom"))
            groupedTerm(body)
        case .boxed(let body):
            pieces.append(.control("\\boxed"))
            groupedTerm(body)
        }
    }

    /// A script's base: grouped when it is itself scripted, a root or a phantom.
    private mutating func writeBase(_ base: MathTerm) {
        if base.isFancy { groupedTerm(base) } else { write(base) }
    }

    /// A limit that is a one-column table: `\substack`.
    private mutating func writeStacked(_ term: MathTerm) {
        guard case .array(let alignments, let rows) = term, alignments == [.center] else { return write(term) }
        pieces.append(.control("\\substack"))
        grouped { writer in
            for (k, row) in rows.enumerated() {
                if k > 0 { writer.pieces += [.space, .literal("\\\\"), .space] }
                for cell in row {
                    for term in cell {
                        if case .group(let terms) = term { for inner in terms { writer.write(inner) } } else { writer.write(term) }
                    }
                }
            }
        }
    }

    private mutating func writeScript(over: Bool, base: MathTerm, script: MathTerm) {
        if case .symbol(.accent, let mark) = script, let command = Self.accentCommand(mark, over: over) {
            pieces.append(.control(command))
            return groupedTerm(base)
        }
        if base.isOperator {
            writeBase(base)
            pieces += [.control("\\limits"), .token(over ? "^" : "_")]
            return grouped { $0.writeStacked(script) }
        }
        pieces.append(.control(over ? "\\overset" : "\\underset"))
        groupedTerm(script)
        groupedTerm(base)
    }

    private mutating func writeDelimited(open: String, close: String, _ parts: [DelimitedPart]) {
        if parts.count == 1, case .term(let inner) = parts[0] {
            if case .fraction(let top, let bottom, true) = inner {
                switch (open, close) {
                case ("(", ")"):
                    pieces.append(.control("\\binom"))
                    groupedTerm(top)
                    return groupedTerm(bottom)
                default:
                    return writeDelimited(open: open, close: close, [.term(.array([.center], [[[top]], [[bottom]]]))])
                }
            }
            if case .array(let alignments, let rows) = inner {
                let centred = alignments.allSatisfy { $0 == .center }
                let environment: String? = switch (open, close) {
                case ("{", "") where alignments == [.left, .left]: "cases"
                case ("(", ")") where centred: "pmatrix"
                case ("[", "]") where centred: "bmatrix"
                case ("{", "}") where centred: "Bmatrix"
                case ("|", "|") where centred, ("\u{2223}", "\u{2223}") where centred: "vmatrix"
                case ("‖", "‖") where centred, ("\u{2225}", "\u{2225}") where centred: "Vmatrix"
                default: nil
                }
                if let environment { return writeTable(environment, alignments: [], rows: rows) }
            }
        }
        // A group no taller than a line keeps its fences as they are.
        let plainFences = "([|".contains(open) && ")]|".contains(close) && !open.isEmpty && !close.isEmpty
        if plainFences, parts.allSatisfy(\.isLineHigh) {
            pieces += Self.pieces(of: open)
            for part in parts { if case .term(let term) = part { write(term) } }
            pieces += Self.pieces(of: close)
            return
        }
        writeFence(open, .left)
        for part in parts {
            switch part {
            case .term(let term): write(term)
            case .fence(let fence): writeFence(fence, .middle)
            }
        }
        writeFence(close, .right)
    }

    private enum FenceSide { case left, middle, right }

    /// The fences `\left` and `\right` take; any other is written after an empty one (`\left.`).
    private static let delimiters: [[TeXPiece]] = [".", "(", ")", "[", "]", "|", "‖", "{", "}", "⌉", "⌈", "⟨", "⟩", "⌋", "⌊",
                                                   "⌜", "⌝"].map { pieces(of: $0) }

    private mutating func writeFence(_ fence: String, _ side: FenceSide) {
        let tex = Self.pieces(of: fence)
        let valid = !tex.isEmpty && Self.delimiters.contains(tex)
        switch side {
        case .left:
            pieces.append(.control("\\left"))
            pieces += valid ? tex : [.token(".")]
            pieces.append(.space)
            if !valid { pieces += tex }
        case .middle:
            if valid {
                pieces += [.space, .control("\\middle")] + tex + [.space]
            } else {
                pieces += tex
            }
        case .right:
            pieces += [.space, .control("\\right")]
            pieces += valid ? tex : [.token(".")]
            if !valid { pieces += tex }
        }
    }

    private mutating func writeTable(_ name: String, alignments: [ColumnAlignment], rows: [[[MathTerm]]]) {
        pieces += [.control("\\begin"), .grouped([.literal(name)])]
        if !alignments.isEmpty {
            pieces.append(.grouped([.literal(String(alignments.map { $0 == .left ? "l" : $0 == .right ? "r" : "c" }))]))
        }
        pieces.append(.token("\n"))
        for row in rows {
            for (k, cell) in row.enumerated() {
                if k > 0 { pieces += [.space, .token("&"), .space] }
                for term in cell { write(term) }
            }
            pieces += [.space, .literal("\\\\"), .token("\n")]
        }
        pieces += [.control("\\end"), .grouped([.literal(name)])]
    }

    /// A length in ems as the TeX space nearest it.
    static func spaceCommand(_ ems: Double) -> String {
        let eighteenths = Int((ems * 18).rounded(.down))
        switch eighteenths {
        case -3: return "\\!"
        case 0: return ""
        case 3: return "\\,"
        case 4: return "\\ "
        case 5: return "\\;"
        case 18: return "\\quad"
        case 36: return "\\qquad"
        default: return "\\mspace{\(eighteenths)mu}"
        }
    }

    /// The accent commands, over and under.
    static func accentCommand(_ mark: String, over: Bool) -> String? {
        let overAccents: [String: String] = [
            "\u{00B4}": "\\acute", "\u{0301}": "\\acute", "`": "\\grave", "\u{0300}": "\\grave", "\u{02D8}": "\\breve",
            "\u{0306}": "\\breve", "\u{02C7}": "\\check", "\u{030C}": "\\check", "\u{0307}": "\\dot", "\u{02D9}": "\\dot",
            "\u{0308}": "\\ddot", "\u{00A8}": "\\ddot", "\u{00B0}": "\\mathring", "\u{030A}": "\\mathring",
            "\u{20D7}": "\\vec", "\u{20D6}": "\\overleftarrow", "^": "\\hat", "\u{02C6}": "\\widehat",
            "\u{0302}": "\\widehat", "\u{02DC}": "\\widetilde", "~": "\\tilde", "\u{0303}": "\\tilde", "\u{0304}": "\\bar",
            "\u{203E}": "\\bar", "\u{23DE}": "\\overbrace", "\u{00AF}": "\\overline", "\u{0305}": "\\overline",
            "\u{2192}": "\\overrightarrow", "\u{2190}": "\\overleftarrow",
        ]
        let underAccents: [String: String] = [
            "\u{23DF}": "\\underbrace", "\u{0332}": "\\underline", "_": "\\underline", "\u{0333}": "\\underbar",
        ]
        return over ? overAccents[mark] : underAccents[mark]
    }

    /// A character of `\text{…}`: TeX's special characters escaped.
    static func escaped(_ character: Character) -> TeXPiece {
        switch character {
        case "~": .control("\\textasciitilde")
        case "^": .literal("\\textasciicircum")
        case "\\": .control("\\textbackslash")
        case "\u{A0}": .literal("~")
        case "\u{2032}": .literal("'")
        case "#", "$", "%", "&", "_", "{", "}", " ": .literal("\\" + String(character))
        default: .token(character)
        }
    }
}

extension MathTerm {
    /// A script's base TeX groups.
    var isFancy: Bool {
        switch self {
        case .sub, .sup, .subSup, .over, .under, .underOver, .squareRoot, .root, .phantom: true
        default: false
        }
    }

    /// A function name or a large operator, whose limits TeX sets with `\limits`.
    var isOperator: Bool {
        switch self {
        case .operatorName, .symbol(.largeOperator, _): true
        default: false
        }
    }

    /// The term with the letters of `style`'s alphabet made plain (`𝐯` → `v` under bold), as
    /// TeX's `\mathbf{v}` writes them.
    func plainLetters(of style: MathStyleName) -> MathTerm {
        func plain(_ text: String) -> String {
            String(text.map { character in
                if let (found, letter) = MathStyleName.plainLetter(of: character), found == style { return letter }
                return character
            })
        }
        switch self {
        case .identifier(let text): return .identifier(plain(text))
        case .number(let text): return .number(plain(text))
        case .group(let terms): return .group(terms.map { $0.plainLetters(of: style) })
        default: return self
        }
    }
}

extension DelimitedPart {
    /// A part no taller than a line: a letter, a number, a space, a symbol not a fence.
    var isLineHigh: Bool {
        guard case .term(let term) = self else { return false }
        switch term {
        case .identifier, .number, .space: return true
        case .symbol(let kind, _): return [.ordinary, .largeOperator, .binary, .relation, .punctuation].contains(kind)
        default: return false
        }
    }
}

extension MathStyleName {
    /// The TeX command that sets an alphabet (without unicode-math: the nearest of LaTeX's own).
    var texCommand: String {
        switch self {
        case .normal: "\\mathrm"
        case .bold, .boldItalic: "\\mathbf"
        case .italic: "\\mathit"
        case .doubleStruck: "\\mathbb"
        case .script, .boldScript: "\\mathcal"
        case .fraktur, .boldFraktur: "\\mathfrak"
        case .sansSerif, .boldSansSerif, .sansSerifItalic, .sansSerifBoldItalic: "\\mathsf"
        case .monospace: "\\mathtt"
        }
    }

    /// Where each alphabet's capital A is among Unicode's Mathematical Alphanumeric Symbols
    /// (its small a 26 later).
    static let alphabets: [(MathStyleName, UInt32)] = [
        (.bold, 0x1D400), (.italic, 0x1D434), (.boldItalic, 0x1D468), (.script, 0x1D49C), (.boldScript, 0x1D4D0),
        (.fraktur, 0x1D504), (.doubleStruck, 0x1D538), (.boldFraktur, 0x1D56C), (.sansSerif, 0x1D5A0),
        (.boldSansSerif, 0x1D5D4), (.sansSerifItalic, 0x1D608), (.sansSerifBoldItalic, 0x1D63C), (.monospace, 0x1D670),
    ]

    /// The alphabet and plain letter of a Mathematical Alphanumeric Symbol.
    static func plainLetter(of character: Character) -> (MathStyleName, Character)? {
        guard character.unicodeScalars.count == 1, let value = character.unicodeScalars.first?.value,
              (0x1D400..<0x1D6A4).contains(value) else { return nil }
        for (style, base) in alphabets where (base..<(base + 52)).contains(value) {
            let offset = value - base
            return Unicode.Scalar(offset < 26 ? 0x41 + offset : 0x61 + offset - 26).map { (style, Character($0)) }
        }
        return nil
    }

    /// A plain letter in this alphabet, as Unicode writes it (`K` in script: `𝒦`); the letter
    /// itself where Unicode has none (or the alphabet is upright).
    func letter(_ character: Character) -> Character {
        guard character.isASCII, character.isLetter else { return character }
        // The alphabets the layout sets (`MathVariant`, with the letters Unicode had before the
        // block); bold fraktur, which it does not, by its place in the block.
        let variant: MathVariant? = switch self {
        case .doubleStruck: .doubleStruck
        case .script, .boldScript: .script
        case .fraktur: .fraktur
        default: nil
        }
        if let variant { return variant.apply(to: String(character)).first ?? character }
        guard let value = character.unicodeScalars.first?.value,
              let base = Self.alphabets.first(where: { $0.0 == self })?.1 else { return character }
        let offset = value >= 0x61 ? 26 + value - 0x61 : value - 0x41
        return Unicode.Scalar(base + offset).map(Character.init) ?? character
    }
}
