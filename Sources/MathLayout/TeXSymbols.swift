/// What TeX calls the characters of formulas: a Greek letter, an operator, a relation, an
/// arrow, a bracket written as its control word (`α` `\alpha`, `≤` `\leq`, `[` `\lbrack`), a
/// letterlike symbol as a letter of its alphabet (`ℂ` `\mathbb{C}`); how a symbol is spaced;
/// which names are functions (`\det`).
enum TeXSymbols {
    /// A character's TeX: a control word, or a control word and the letter it styles.
    enum Command: Equatable {
        case word(String)
        case styled(String, Character)
    }

    static func command(for character: Character) -> Command? {
        if let word = words[character] { return .word(word) }
        if let (style, letter) = letterlike[character] { return .styled(style, letter) }
        return nil
    }

    /// Functions TeX sets upright by name.
    static let operatorNames: Set<String> = [
        "arccos", "arcsin", "arctan", "arg", "cos", "cosh", "cot", "coth", "csc", "deg", "det", "dim", "exp", "gcd",
        "hom", "inf", "ker", "lg", "lim", "liminf", "limsup", "ln", "log", "max", "min", "Pr", "sec", "sin", "sinh",
        "sup", "tan", "tanh",
    ]

    /// The width in ems of a space character, as a space of a formula's text stands for.
    static func spaceWidth(of text: String) -> Double? {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x20, 0xA0: return 4.0 / 18
        case 0x2000, 0x2002: return 0.5
        case 0x2001, 0x2003: return 1
        case 0x2004: return 5.0 / 18
        case 0x2005, 0x205F: return 4.0 / 18
        case 0x2006: return 3.0 / 18
        case 0x2007, 0x2008: return 0.25
        case 0x2009: return 3.0 / 18
        case 0x200A: return 1.0 / 18
        case 0x200B: return 0
        default: return nil
        }
    }

    /// How TeX spaces a symbol standing alone: relations and binary operators widely, opening
    /// and closing fences not at all.
    static func symbolClass(of text: String) -> SymbolClass {
        guard let character = text.first else { return .ordinary }
        if "=<>≤≥≠≈≡∼≃≅∈∉∋⊂⊃⊆⊇⊊⊋⊈⊉⊄⊅∝≪≫≺≻⪯⪰∣∤∥∦⊥⊢⊣⊨≐≔≜→←↔⇒⇐⇔↦↑↓↕⇕⟶⟵⟷⟹⟸⟺⟼↪↩⇋⇌≅≍≺≻".contains(character) {
            return .relation
        }
        if "+−-±∓×÷⋅·∗∘∙⊕⊖⊗⊘⊙∪∩∧∨∖⊎⊓⊔⋆†‡⊠⊞⊟∕*≀⊲⊳⋄".contains(character) { return .binary }
        if ",;:!?.".contains(character) { return .punctuation }
        if "([{⟨⌈⌊⟦".contains(character) { return .open }
        if ")]}⟩⌉⌋⟧".contains(character) { return .close }
        if "∑∏∐∫∬∭∮∯∰⋃⋂⨁⨂⨀⋀⋁".contains(character) { return .largeOperator }
        return .ordinary
    }

    private static let words: [Character: String] = {
        var words: [Character: String] = [:]
        let greek: [(Character, String)] = [
            ("α", "alpha"), ("β", "beta"), ("γ", "gamma"), ("δ", "delta"), ("ε", "varepsilon"), ("ϵ", "epsilon"),
            ("ζ", "zeta"), ("η", "eta"), ("θ", "theta"), ("ϑ", "vartheta"), ("ι", "iota"), ("κ", "kappa"),
            ("λ", "lambda"), ("μ", "mu"), ("ν", "nu"), ("ξ", "xi"), ("π", "pi"), ("ϖ", "varpi"), ("ρ", "rho"),
            ("ϱ", "varrho"), ("σ", "sigma"), ("ς", "varsigma"), ("τ", "tau"), ("υ", "upsilon"), ("φ", "varphi"),
            ("ϕ", "phi"), ("χ", "chi"), ("ψ", "psi"), ("ω", "omega"), ("Γ", "Gamma"), ("Δ", "Delta"), ("Θ", "Theta"),
            ("Λ", "Lambda"), ("Ξ", "Xi"), ("Π", "Pi"), ("Σ", "Sigma"), ("Υ", "Upsilon"), ("Φ", "Phi"), ("Ψ", "Psi"),
            ("Ω", "Omega"),
        ]
        let symbols: [(Character, String)] = [
            // Binary operators.
            ("±", "pm"), ("∓", "mp"), ("×", "times"), ("÷", "div"), ("⋅", "cdot"), ("·", "cdot"), ("∗", "ast"),
            ("∘", "circ"), ("∙", "bullet"), ("⊕", "oplus"), ("⊖", "ominus"), ("⊗", "otimes"), ("⊘", "oslash"),
            ("⊙", "odot"), ("∪", "cup"), ("∩", "cap"), ("∧", "wedge"), ("∨", "vee"), ("∖", "setminus"), ("⋆", "star"),
            ("†", "dagger"), ("‡", "ddagger"), ("⊎", "uplus"), ("⊓", "sqcap"), ("⊔", "sqcup"), ("⊠", "boxtimes"),
            ("⊞", "boxplus"), ("∕", "slash"), ("≀", "wr"), ("⋄", "diamond"),
            // Relations.
            ("≤", "leq"), ("≥", "geq"), ("≠", "neq"), ("≈", "approx"), ("≡", "equiv"), ("∼", "sim"), ("≃", "simeq"),
            ("≅", "cong"), ("∈", "in"), ("∉", "notin"), ("∋", "ni"), ("⊂", "subset"), ("⊃", "supset"),
            ("⊆", "subseteq"), ("⊇", "supseteq"), ("⊊", "subsetneq"), ("⊋", "supsetneq"), ("⊈", "nsubseteq"),
            ("⊉", "nsupseteq"), ("∝", "propto"), ("≪", "ll"), ("≫", "gg"), ("≺", "prec"), ("≻", "succ"),
            ("⪯", "preceq"), ("⪰", "succeq"), ("∣", "mid"), ("∤", "nmid"), ("∥", "parallel"), ("∦", "nparallel"),
            ("⊥", "bot"), ("⟂", "perp"), ("⊢", "vdash"), ("⊣", "dashv"), ("⊨", "models"), ("≐", "doteq"),
            ("≔", "coloneqq"), ("≍", "asymp"),
            // Arrows.
            ("→", "rightarrow"), ("←", "leftarrow"), ("↔", "leftrightarrow"), ("⇒", "Rightarrow"), ("⇐", "Leftarrow"),
            ("⇔", "Leftrightarrow"), ("↦", "mapsto"), ("↑", "uparrow"), ("↓", "downarrow"), ("↕", "updownarrow"),
            ("⇕", "Updownarrow"), ("⟶", "longrightarrow"), ("⟵", "longleftarrow"), ("⟷", "longleftrightarrow"),
            ("⟹", "Longrightarrow"), ("⟸", "Longleftarrow"), ("⟺", "Longleftrightarrow"), ("⟼", "longmapsto"),
            ("↪", "hookrightarrow"), ("↩", "hookleftarrow"), ("⇌", "rightleftharpoons"), ("⇋", "leftrightharpoons"),
            ("↗", "nearrow"), ("↘", "searrow"), ("↙", "swarrow"), ("↖", "nwarrow"),
            // Large operators.
            ("∑", "sum"), ("∏", "prod"), ("∐", "coprod"), ("∫", "int"), ("∬", "iint"), ("∭", "iiint"), ("∮", "oint"),
            ("⋃", "bigcup"), ("⋂", "bigcap"), ("⨁", "bigoplus"), ("⨂", "bigotimes"), ("⨀", "bigodot"),
            ("⋀", "bigwedge"), ("⋁", "bigvee"),
            // Fences.
            ("[", "lbrack"), ("]", "rbrack"), ("⟨", "langle"), ("⟩", "rangle"), ("⌈", "lceil"), ("⌉", "rceil"),
            ("⌊", "lfloor"), ("⌋", "rfloor"), ("‖", "|"), ("{", "{"), ("}", "}"),
            // Other symbols.
            ("∞", "infty"), ("∂", "partial"), ("∇", "nabla"), ("∀", "forall"), ("∃", "exists"), ("∄", "nexists"),
            ("¬", "neg"), ("∅", "varnothing"), ("ℓ", "ell"), ("ℏ", "hbar"), ("℘", "wp"), ("ℜ", "Re"), ("ℑ", "Im"),
            ("ℵ", "aleph"), ("′", "prime"), ("⋯", "cdots"), ("…", "ldots"), ("⋮", "vdots"), ("⋱", "ddots"),
            ("■", "blacksquare"), ("□", "square"), ("△", "triangle"), ("▴", "blacktriangle"), ("▵", "vartriangle"),
            ("♦", "diamondsuit"), ("♢", "diamondsuit"), ("♣", "clubsuit"), ("♠", "spadesuit"), ("♡", "heartsuit"),
            ("★", "bigstar"), ("∠", "angle"), ("⊤", "top"), ("∴", "therefore"), ("∵", "because"), ("√", "surd"),
            ("°", "circ"), ("♭", "flat"), ("♯", "sharp"), ("#", "#"), ("%", "%"), ("&", "&"), ("$", "$"), ("_", "_"),
        ]
        for (character, word) in greek + symbols { words[character] = word }
        return words
    }()

    private static let letterlike: [Character: (String, Character)] = [
        "ℂ": ("mathbb", "C"), "ℕ": ("mathbb", "N"), "ℙ": ("mathbb", "P"), "ℚ": ("mathbb", "Q"), "ℝ": ("mathbb", "R"),
        "ℤ": ("mathbb", "Z"), "ℬ": ("mathcal", "B"), "ℰ": ("mathcal", "E"), "ℱ": ("mathcal", "F"),
        "ℋ": ("mathcal", "H"), "ℐ": ("mathcal", "I"), "ℒ": ("mathcal", "L"), "ℳ": ("mathcal", "M"),
        "ℛ": ("mathcal", "R"), "ℭ": ("mathfrak", "C"), "ℌ": ("mathfrak", "H"),
    ]
}
