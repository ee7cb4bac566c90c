/// How an `mo` is spaced and whether it stretches, by its text and its form (MathML Core's
/// operator dictionary, §B, for the operators books use; the spaces in eighteenths of an em).
/// An operator the table does not list is spaced as a relation, as MathML Core's default is.
enum OperatorDictionary {
    enum Form: Sendable { case prefix, infix, postfix }

    struct Entry: Sendable, Equatable {
        var leading: Int
        var trailing: Int
        var stretchy = false
        var symmetric = false
        var largeOperator = false
        var movableLimits = false
    }

    static func entry(for text: String, form: Form) -> Entry {
        if let entry = table[Key(text: text, form: form)] { return entry }
        // MathML Core looks in the other forms next: infix, then postfix, then prefix.
        for other in [Form.infix, .postfix, .prefix] where other != form {
            if let entry = table[Key(text: text, form: other)] { return entry }
        }
        return Entry(leading: 5, trailing: 5)
    }

    /// A relation (spaced 5/18 em each side as an infix, `=`) or a binary operator (4/18,
    /// `+`), as the dictionary lists it; nil for any other.
    static func spacingClass(of text: String) -> SymbolClass? {
        guard let entry = table[Key(text: text, form: .infix)], !entry.stretchy, entry.leading == entry.trailing else { return nil }
        return entry.leading == 5 ? .relation : entry.leading == 4 ? .binary : nil
    }

    /// Whether a row stretches the operator to its height (a fence, a bar, a slash).
    static func stretchesVertically(_ text: String) -> Bool {
        [Form.prefix, .infix, .postfix].contains { form in
            guard let entry = table[Key(text: text, form: form)], entry.stretchy else { return false }
            return !"→←↔⇒⇐⇔↦⟶⟵⟷⟹⟸⟺".contains(text)
        }
    }

    private struct Key: Hashable {
        var text: String
        var form: Form
    }

    private static let table: [Key: Entry] = {
        var table: [Key: Entry] = [:]
        func add(_ characters: String, _ form: Form, _ entry: Entry) {
            for character in characters { table[Key(text: String(character), form: form)] = entry }
        }
        // Fences: stretch to their row, symmetric about the axis, no space.
        let fence = Entry(leading: 0, trailing: 0, stretchy: true, symmetric: true)
        add("([{⟨⌈⌊|‖⟦⦃", .prefix, fence)
        add(")]}⟩⌉⌋|‖⟧⦄", .postfix, fence)
        // Relations.
        add("=≠<>≤≥≈≡∼≃≅∈∉∋⊂⊃⊆⊇⊊⊋∝≪≫≺≻⪯⪰∣∤∥⊥⊢⊨≐≔≜", .infix, Entry(leading: 5, trailing: 5))
        add("→←↔⇒⇐⇔↦⟶⟵⟷⟹⟸⟺↑↓", .infix, Entry(leading: 5, trailing: 5, stretchy: true))
        // Binary operators.
        add("+−±∓×÷⋅·∗∘∙∪∩⊕⊖⊗⊘⊙∧∨∖⊎⊓⊔★⋆", .infix, Entry(leading: 4, trailing: 4))
        add("+−±∓¬", .prefix, Entry(leading: 0, trailing: 0))
        add("/", .infix, Entry(leading: 4, trailing: 4, stretchy: true))
        add("\\", .infix, Entry(leading: 0, trailing: 0))
        // Punctuation and postfix operators.
        add(",;", .infix, Entry(leading: 0, trailing: 3))
        add(":", .infix, Entry(leading: 1, trailing: 2))
        add(".", .infix, Entry(leading: 3, trailing: 3))
        add("!′″‴'%", .postfix, Entry(leading: 0, trailing: 0))
        add("∀∃∄∂∇", .prefix, Entry(leading: 0, trailing: 3))
        // Large operators: limits move to scripts outside display style; integrals keep theirs.
        add("∑∏∐⋃⋂⨁⨂⨀⋀⋁", .prefix, Entry(leading: 3, trailing: 3, largeOperator: true, movableLimits: true))
        add("∫∬∭∮∯∰", .prefix, Entry(leading: 3, trailing: 3, largeOperator: true))
        // Invisible operators: function application, invisible times, separator, plus.
        add("\u{2061}\u{2062}\u{2063}\u{2064}", .infix, Entry(leading: 0, trailing: 0))
        // Accents over and under (`mover accent`): stretch across.
        add("‾¯_→←↔⏞⏟⎴⎵^~ˇ˘ˆ˜", .postfix, Entry(leading: 0, trailing: 0, stretchy: true))
        for name in ["lim", "max", "min", "sup", "inf", "det", "gcd", "Pr"] {
            table[Key(text: name, form: .prefix)] = Entry(leading: 3, trailing: 3, movableLimits: true)
        }
        return table
    }()
}

extension OperatorDictionary {
    /// What the operator dictionary says of an `mo` when a formula is read as text: the form
    /// of the entry found (looked for in its own form, then infix, postfix, prefix, as MathML's
    /// dictionary is read), and whether it is a fence, an accent, or stretches.
    struct TextEntry: Equatable {
        var form: Form
        var fence = false
        var accent = false
        var stretchy = false
    }

    static func textEntry(for text: String, form: Form) -> TextEntry? {
        for other in [form, .infix, .postfix, .prefix] {
            if let entry = textTable[Key(text: text, form: other)] { return entry }
        }
        return nil
    }

    private static let textTable: [Key: TextEntry] = {
        var table: [Key: TextEntry] = [:]
        func add(_ characters: String, _ form: Form, fence: Bool = false, accent: Bool = false, stretchy: Bool = false) {
            for character in characters {
                table[Key(text: String(character), form: form)] = TextEntry(form: form, fence: fence, accent: accent,
                                                                            stretchy: stretchy)
            }
        }
        add("([{⟨⌈⌊|‖⟦⦃⟮⟪", .prefix, fence: true, stretchy: true)
        add(")]}⟩⌉⌋|‖⟧⦄⟯⟫", .postfix, fence: true, stretchy: true)
        add("|‖∣∥", .infix, fence: true, stretchy: true)
        add("→←↔⇒⇐⇔↦↑↓↕⇕⟶⟵⟷⟹⟸⟺⟼↼⇀↽⇁⇋⇌↗↘↙↖", .infix, stretchy: true)
        add("¯‾^~ˇˆ˜⏞⏟⎴⎵_\u{302}\u{303}\u{304}\u{305}\u{332}", .postfix, accent: true, stretchy: true)
        add("´`¨˙˚¸˘'\"\u{300}\u{301}\u{306}\u{307}\u{308}\u{30A}\u{30C}\u{20D7}", .postfix, accent: true)
        add("=≠<>≤≥≈≡∼≃≅∈∉∋⊂⊃⊆⊇⊊⊋∝≪≫:,;.", .infix)
        add("+−±∓×÷⋅·∗∘∙∪∩⊕⊖⊗⊘⊙∧∨∖/∕*", .infix)
        add("+−±∓¬∀∃∄∂∇∑∏∐⋃⋂⨁⨂⨀⋀⋁∫∬∭∮", .prefix)
        add("!′″‴%", .postfix)
        for name in ["lim", "max", "min", "sup", "inf", "liminf", "limsup"] {
            table[Key(text: name, form: .prefix)] = TextEntry(form: .prefix)
        }
        return table
    }()
}
