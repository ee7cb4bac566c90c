import BookModel

/// Reads a formula's MathML into terms (`MathTerm`) as pandoc's MathML reader does: each `mo`
/// classed by the operator dictionary and its place in its row (first prefix, last postfix),
/// stretchy fences paired into delimited groups, a script on a closing fence given to the
/// whole group, `mfenced` read as the row of fences and separators it stands for, `mtext` of
/// one space read as a space.
struct TermReader {
    let formula: Formula

    /// What an element inherits: its ancestors' attributes (MathML's attributes are read
    /// from the nearest element that has them), where it stands in its row, whether it is a
    /// script (whose operators never stretch), and the style a `mstyle` set.
    struct Context {
        var attributes: [String: String] = [:]
        var form: OperatorDictionary.Form?
        var inScript = false
        var style = MathStyleName.normal
        var depth = 0
    }

    /// An element of the formula, or one a legacy element stands for (`mfenced`'s fences).
    enum Node {
        case element(Int)
        case madeOperator(String)
        case madeRow([Node])
    }

    /// What reading an element gives a row: a term, an operator that stretches (paired with
    /// its partner by the row), or a script left for the group a closing fence ends.
    enum Piece {
        case term(MathTerm)
        case stretchy(position: SymbolClass, made: MathTerm, text: String)
        case trailing(script: ScriptKind, MathTerm)
    }

    enum ScriptKind { case sub, sup }

    /// Past this depth, an element is read as its text: no book nests so deep, and reading
    /// recurses once a level.
    static let maximumDepth = 48

    /// Attributes an element passes on to those inside it, as pandoc's reader reads them.
    private static let inherited: Set<String> = ["mathvariant", "accent", "stretchy", "fence", "form", "columnalign",
                                                 "linethickness", "notation", "selection"]

    mutating func row(of children: [Int], context: Context) -> [MathTerm] {
        let term = rowTerm(children.map { .element($0) }, context: context)
        if case .group(let terms) = term { return terms }
        return [term]
    }

    // MARK: Rows

    private func name(_ node: Node) -> String {
        switch node {
        case .element(let index): formula.nodes[index].name
        case .madeOperator: "mo"
        case .madeRow: "mrow"
        }
    }

    private func children(_ node: Node) -> [Node] {
        switch node {
        case .element(let index): formula.nodes[index].children.map { .element($0) }
        case .madeOperator: []
        case .madeRow(let nodes): nodes
        }
    }

    private func ownAttribute(_ node: Node, _ attribute: String) -> String? {
        guard case .element(let index) = node else { return nil }
        return formula.nodes[index].attribute(attribute)
    }

    private func attribute(_ node: Node, _ attribute: String, _ context: Context) -> String? {
        ownAttribute(node, attribute) ?? context.attributes[attribute]
    }

    private func text(_ node: Node) -> String {
        switch node {
        case .element(let index): formula.nodes[index].text
        case .madeOperator(let text): text
        case .madeRow: ""
        }
    }

    /// Space-like: an `mtext`, an `mspace`, or a row of nothing else.
    private func isSpaceLike(_ node: Node) -> Bool {
        switch name(node) {
        case "mtext", "mspace", "maligngroup", "malignmark": true
        case "mrow", "mstyle", "mphantom", "mpadded": children(node).allSatisfy(isSpaceLike)
        default: false
        }
    }

    /// A row's pieces: the space-like elements at its ends read apart, the rest each at its
    /// place (first prefix, last postfix, the others infix).
    private func group(_ nodes: [Node], context: Context) -> [Piece] {
        var start = 0, end = nodes.count
        while start < end, isSpaceLike(nodes[start]) { start += 1 }
        while end > start, isSpaceLike(nodes[end - 1]) { end -= 1 }
        var pieces: [Piece] = []
        for node in nodes[..<start] { pieces += expression(node, context: context) }
        var inner = context
        inner.form = nil
        let body = nodes[start..<end]
        for (k, node) in body.enumerated() {
            var placed = inner
            if body.count == 1 {
                placed.form = .infix
            } else {
                placed.form = k == 0 ? .prefix : k == body.count - 1 ? .postfix : .infix
            }
            pieces += expression(node, context: placed)
        }
        for node in nodes[end...] { pieces += expression(node, context: inner) }
        return pieces
    }

    private func rowTerm(_ nodes: [Node], context: Context) -> MathTerm {
        Self.term(of: group(nodes, context: context))
    }

    /// One element read whole into one term (a script, a fraction's part).
    private func whole(_ node: Node, context: Context) -> MathTerm {
        Self.term(of: expression(node, context: context))
    }

    /// A script or limit: read as a postfix element whose operators never stretch.
    private func script(_ node: Node, context: Context) -> MathTerm {
        var context = context
        context.form = .postfix
        context.inScript = true
        return whole(node, context: context)
    }

    // MARK: Elements

    private func expression(_ node: Node, context outer: Context) -> [Piece] {
        var context = outer
        context.depth += 1
        if case .element(let index) = node {
            for attribute in formula.nodes[index].attributes where Self.inherited.contains(attribute.name) {
                context.attributes[attribute.name == "accentunder" ? "accent" : attribute.name] = attribute.value
            }
            if let accentUnder = formula.nodes[index].attribute("accentunder") { context.attributes["accent"] = accentUnder }
        }
        guard context.depth < Self.maximumDepth else { return [.term(.text(flatText(node)))] }
        let children = children(node)
        switch name(node) {
        case "mi": return [.term(identifier(node, context: context))]
        case "mn": return [.term(.number(stripped(text(node))))]
        case "mo": return [op(node, context: context)]
        case "mtext": return [.term(mtext(node, context: context))]
        case "ms": return [.term(.text("\u{201C}" + stripped(text(node)) + "\u{201D}"))]
        case "mspace": return [.term(.space(Self.ems(attribute(node, "width", context) ?? "0em")))]
        case "mstyle":
            let style = MathStyleName(rawValue: attribute(node, "mathvariant", context) ?? "normal") ?? .normal
            var inner = context
            inner.attributes["mathvariant"] = nil
            inner.style = style
            let result = rowTerm(children, context: inner)
            return [.term(context.style == style ? result : .styled(style, [result]))]
        case "mfrac":
            guard children.count == 2 else { return [.term(rowTerm(children, context: context))] }
            let noLine = Self.ems(attribute(node, "linethickness", context) ?? "medium", thickness: true) == 0
            return [.term(.fraction(whole(children[0], context: context), whole(children[1], context: context), noLine: noLine))]
        case "msqrt": return [.term(.squareRoot(rowTerm(children, context: context)))]
        case "mroot":
            guard children.count == 2 else { return [.term(rowTerm(children, context: context))] }
            return [.term(.root(index: whole(children[1], context: context), whole(children[0], context: context)))]
        case "merror", "maligngroup", "malignmark": return [.term(.empty)]
        case "mphantom": return [.term(.phantom(rowTerm(children, context: context)))]
        case "mfenced": return expression(fenced(node, children: children), context: context)
        case "menclose":
            let row = rowTerm(children, context: context)
            return [.term(attribute(node, "notation", context) == "box" ? .boxed(row) : row)]
        case "msub", "msup":
            guard children.count == 2 else { return [.term(rowTerm(children, context: context))] }
            return scripted(children[0], children[1], kind: name(node) == "msub" ? .sub : .sup, context: context)
        case "msubsup", "munder", "mover", "munderover":
            guard children.count == (name(node) == "munder" || name(node) == "mover" ? 2 : 3) else {
                return [.term(rowTerm(children, context: context))]
            }
            let base = whole(children[0], context: context)
            let first = script(children[1], context: context)
            switch name(node) {
            case "munder": return [.term(.under(base, first))]
            case "mover": return [.term(.over(base, first))]
            case "msubsup": return [.term(.subSup(base, first, script(children[2], context: context)))]
            default: return [.term(.underOver(base, first, script(children[2], context: context)))]
            }
        case "mtable": return [.term(table(node, context: context))]
        case "maction":
            let selection = Int(attribute(node, "selection", context) ?? "1") ?? 1
            guard selection >= 1, selection <= children.count else { return [.term(.empty)] }
            return [.term(whole(children[selection - 1], context: context))]
        case "semantics":
            guard let first = children.first else { return [.term(.empty)] }
            return [.term(whole(first, context: context))]
        case "mmultiscripts": return [.term(multiscripts(children, context: context))]
        default:
            // `mrow`, `mpadded`, `math`, and elements MathML does not know: a row.
            return [.term(rowTerm(children, context: context))]
        }
    }

    /// An element's text at any depth, as one run: what an element nested too deep is read as.
    private func flatText(_ node: Node) -> String {
        var words: [String] = []
        var stack = [node]
        while let next = stack.popLast() {
            let own = stripped(text(next))
            if !own.isEmpty { words.append(own) }
            stack += children(next).reversed()
        }
        return words.joined(separator: " ")
    }

    private func stripped(_ text: String) -> String {
        var text = Substring(text)
        while text.first == " " || text.first == "\t" || text.first == "\n" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\n" { text = text.dropLast() }
        return String(text)
    }

    private func identifier(_ node: Node, context: Context) -> MathTerm {
        let name = stripped(text(node))
        let base: MathTerm = TeXSymbols.operatorNames.contains(name) ? .operatorName(name) : .identifier(name)
        guard let variant = attribute(node, "mathvariant", context), let style = MathStyleName(rawValue: variant),
              style != context.style else { return base }
        return .styled(style, [base])
    }

    /// `mtext`: its text; one space character, the space it is.
    private func mtext(_ node: Node, context: Context) -> MathTerm {
        let string = stripped(text(node))
        let raw = text(node)
        if attribute(node, "mathvariant", context) == nil, raw.count == 1, let width = TeXSymbols.spaceWidth(of: raw) {
            return .space(width)
        }
        if string.isEmpty, !raw.isEmpty, let width = TeXSymbols.spaceWidth(of: String(raw.first!)) { return .space(width) }
        return .text(string)
    }

    /// An `mo`: classed by the dictionary entry for its place (a fence opens or closes by its
    /// entry, not by where it stands), and, when it stretches outside a script, left for its
    /// row to pair.
    private func op(_ node: Node, context: Context) -> Piece {
        let string = stripped(text(node))
        let form = attribute(node, "form", context).flatMap(OperatorDictionary.Form.init(named:)) ?? context.form ?? .infix
        let entry = OperatorDictionary.textEntry(for: string, form: form)
        func has(_ property: String, _ inEntry: Bool) -> Bool {
            attribute(node, property, context).map { $0 == "true" } ?? inEntry
        }
        let fence = has("fence", entry?.fence ?? false), accent = has("accent", entry?.accent ?? false)
        let stretchy = has("stretchy", entry?.stretchy ?? false)
        let position: SymbolClass = switch entry?.form ?? form {
        case .prefix: .open
        case .postfix: .close
        case .infix: .largeOperator
        }
        let made: MathTerm
        if fence {
            made = .symbol(position, string)
        } else if accent {
            made = .symbol(.accent, string)
        } else if string.unicodeScalars.count == 1 {
            made = .symbol(TeXSymbols.symbolClass(of: string), string)
        } else {
            made = entry != nil ? .symbol(.ordinary, string) : .operatorName(string)
        }
        return stretchy && !context.inScript ? .stretchy(position: position, made: made, text: string) : .term(made)
    }

    /// `mfenced`: the row it stands for, its open fence, its children between separators
    /// (the last separator repeated), its close fence.
    private func fenced(_ node: Node, children: [Node]) -> Node {
        let open = ownAttribute(node, "open") ?? "(", close = ownAttribute(node, "close") ?? ")"
        let separators = (ownAttribute(node, "separators") ?? ",").filter { !$0.isWhitespace }
        var inner: [Node] = []
        for (k, child) in children.enumerated() {
            if k > 0, !separators.isEmpty {
                let index = separators.index(separators.startIndex, offsetBy: min(k - 1, separators.count - 1))
                inner.append(.madeOperator(String(separators[index])))
            }
            inner.append(child)
        }
        return .madeRow((open.isEmpty ? [] : [.madeOperator(open)]) + [.madeRow(inner)]
                        + (close.isEmpty ? [] : [.madeOperator(close)]))
    }

    /// `msub`, `msup`: a script on a fence that stretches stays with the fence's group.
    private func scripted(_ base: Node, _ scriptNode: Node, kind: ScriptKind, context: Context) -> [Piece] {
        let pieces = expression(base, context: context)
        let scriptTerm = script(scriptNode, context: context)
        func make(_ base: MathTerm) -> MathTerm { kind == .sub ? .sub(base, scriptTerm) : .sup(base, scriptTerm) }
        if pieces.count == 1, case .stretchy(let position, _, _) = pieces[0] {
            switch position {
            case .open: return [pieces[0], .term(make(.empty))]
            case .close: return [.trailing(script: kind, scriptTerm), pieces[0]]
            default: return [pieces[0], .term(.sub(.empty, scriptTerm))]
            }
        }
        return [.term(make(Self.term(of: pieces)))]
    }

    private func table(_ node: Node, context: Context) -> MathTerm {
        var rows: [[(ColumnAlignment, [MathTerm])]] = []
        for row in children(node) {
            var rowContext = context
            if case .element(let index) = row {
                for attribute in formula.nodes[index].attributes where Self.inherited.contains(attribute.name) {
                    rowContext.attributes[attribute.name] = attribute.value
                }
            }
            var cells = children(row)
            if name(row) == "mlabeledtr" { cells = Array(cells.dropFirst()) }
            rows.append(cells.map { cell in
                let alignment = ColumnAlignment(attribute(cell, "columnalign", rowContext))
                var cellContext = rowContext
                cellContext.depth += 1
                return (alignment, [rowTerm(children(cell), context: cellContext)])
            })
        }
        let width = rows.map(\.count).max() ?? 0
        var alignments: [ColumnAlignment] = []
        for column in 0..<width {
            let found = rows.compactMap { column < $0.count ? $0[column].0 : nil }
            alignments.append(found.dropFirst().reduce(found.first ?? .center) { $0 == $1 ? $0 : .center })
        }
        return .array(alignments, rows.map { row in row.map(\.1) + Array(repeating: [], count: width - row.count) })
    }

    private func multiscripts(_ nodes: [Node], context: Context) -> MathTerm {
        let split = nodes.firstIndex { name($0) == "mprescripts" } ?? nodes.count
        func read(_ node: Node) -> MathTerm { name(node) == "none" ? .empty : whole(node, context: context) }
        let after = nodes[..<split].map(read)
        let base: MathTerm = switch after.count {
        case 0: .empty
        case 1: after[0]
        case 2: .sub(after[0], after[1])
        default: .subSup(after[0], after[1], after[2])
        }
        let before = nodes.dropFirst(split + 1).map(read)
        switch before.count {
        case 0: return base
        case 1: return .group([.sub(before[0], .empty), base])
        default: return .group([.subSup(.empty, before[0], before[1]), base])
        }
    }

    // MARK: Pairing fences

    /// What pairing leaves of a row: terms, fences left unpaired (which make the row a group
    /// delimited by nothing), and scripts waiting for their group.
    enum Item {
        case term(MathTerm)
        case loose(String)
        case trailing(ScriptKind, MathTerm)
    }

    /// A row's pieces made one term: its stretchy fences paired, an opening fence with the next
    /// closing one at its depth, each pair and what is between made a delimited group.
    static func term(of pieces: [Piece]) -> MathTerm {
        term(of: paired(pieces))
    }

    private static func term(of items: [Item]) -> MathTerm {
        let parts = items.map(part)
        guard !parts.isEmpty else { return .empty }
        if parts.contains(where: { if case .fence = $0 { true } else { false } }) {
            if parts.count == 1, case .fence(let text) = parts[0] { return .symbol(.ordinary, text) }
            return .delimited(open: "", close: "", parts)
        }
        let terms = parts.map { if case .term(let term) = $0 { term } else { MathTerm.empty } }
        return terms.count == 1 ? terms[0] : .group(terms)
    }

    private static func part(_ item: Item) -> DelimitedPart {
        switch item {
        case .term(let term): .term(term)
        case .loose(let text): .fence(text)
        case .trailing(_, let term): .term(term)
        }
    }

    private static func isFence(_ piece: Piece) -> Bool {
        if case .stretchy(let position, _, _) = piece { return position == .open || position == .close }
        return false
    }

    private static func unstretched(_ pieces: ArraySlice<Piece>) -> [Item] {
        if pieces.count == 1, case .stretchy(_, let made, _) = pieces.first! { return [.term(made)] }
        return pieces.map { piece in
            switch piece {
            case .term(let term): .term(term)
            case .stretchy(_, _, let text): .loose(text)
            case .trailing(let kind, let term): .trailing(kind, term)
            }
        }
    }

    private static func paired(_ pieces: [Piece]) -> [Item] {
        paired(pieces[...])
    }

    private static func paired(_ pieces: ArraySlice<Piece>) -> [Item] {
        guard let fence = pieces.firstIndex(where: isFence) else { return unstretched(pieces) }
        let before = pieces[..<fence]
        guard case .stretchy(let position, let made, let text) = pieces[fence] else { return unstretched(pieces) }
        let rest = pieces[(fence + 1)...]
        if position == .close {
            return [.term(delimited(open: nil, close: (text, made), paired(before)))] + paired(rest)
        }
        // The closing fence at this depth.
        var depth = 0
        var closing: Int?
        for k in rest.indices {
            guard case .stretchy(let inner, _, _) = rest[k], inner == .open || inner == .close else { continue }
            if inner == .close {
                if depth == 0 { closing = k; break }
                depth -= 1
            } else {
                depth += 1
            }
        }
        let open = (text, made)
        guard let closing, case .stretchy(_, let closeMade, let closeText) = rest[closing] else {
            return unstretched(before) + [.term(delimited(open: open, close: nil, paired(rest)))]
        }
        return unstretched(before) + [.term(delimited(open: open, close: (closeText, closeMade), paired(rest[..<closing])))]
            + paired(rest[(closing + 1)...])
    }

    /// A delimited group of `items`; a script waiting at its end goes on the whole group.
    private static func delimited(open: (text: String, made: MathTerm)?, close: (text: String, made: MathTerm)?,
                                  _ items: [Item]) -> MathTerm {
        if let last = items.last, case .trailing(let kind, let script) = last {
            let base = delimited(open: open, close: close, Array(items.dropLast()))
            return kind == .sub ? .sub(base, script) : .sup(base, script)
        }
        guard !items.isEmpty else {
            switch (open, close) {
            case (nil, nil): return .empty
            case (let open?, nil): return open.made
            case (nil, let close?): return close.made
            case (let open?, let close?): return .group([open.made, close.made])
            }
        }
        return .delimited(open: open?.text ?? "", close: close?.text ?? "", items.map(part))
    }

    // MARK: Lengths

    /// A MathML length in ems (a named space, or a number with a unit); a thickness's names
    /// are thin, medium and thick.
    static func ems(_ value: String, thickness: Bool = false) -> Double {
        let thicknesses: [String: Double] = ["thin": 3 / 18.0, "medium": 0.5, "thick": 1]
        let spaces: [String: Double] = [
            "veryverythinmathspace": 1 / 18.0, "verythinmathspace": 2 / 18.0, "thinmathspace": 3 / 18.0,
            "mediummathspace": 4 / 18.0, "thickmathspace": 5 / 18.0, "verythickmathspace": 6 / 18.0,
            "veryverythickmathspace": 7 / 18.0,
        ]
        let named = thickness ? thicknesses : spaces
        let trimmed = value.filter { !$0.isWhitespace }
        if let width = named[trimmed] { return width }
        let units: [(String, Double)] = [("em", 1), ("ex", 0.5), ("mu", 1 / 18.0), ("pt", 0.1), ("px", 1 / 16.0),
                                         ("pc", 1.2), ("in", 7.2), ("cm", 7.2 / 2.54), ("mm", 0.72 / 2.54)]
        for (unit, scale) in units where trimmed.hasSuffix(unit) {
            return Double(trimmed.dropLast(unit.count)).map { $0 * scale } ?? 0
        }
        return Double(trimmed) ?? (thickness ? 0.5 : 0)
    }
}

extension OperatorDictionary.Form {
    init?(named name: String) {
        switch name {
        case "prefix": self = .prefix
        case "infix": self = .infix
        case "postfix": self = .postfix
        default: return nil
        }
    }
}
