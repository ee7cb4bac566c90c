import BookModel

/// Where an inline formula may be broken across lines: after a relation or a binary operator of
/// its outer row, as TeX breaks a formula in a paragraph (The TeXbook, ch. 17) and MathML Core
/// lets a browser do. The formula is cut around each such operator into pieces, each set as a
/// formula of its own and placed as one object of the line: the operands between operators,
/// and each operator alone, its spaces become the spaces of the text on either side of it —
/// one no line ends at before it, one a line may end at after it — which a justified line
/// stretches alike, as TeX stretches the glue around a relation.
public enum FormulaBreaks {
    /// A piece of a formula: the formula its outer row's children make, and its text.
    public struct Piece: Equatable, Sendable {
        public var formula: Formula
        public var text: String
        /// What follows it.
        public var gap: Gap
    }

    /// What follows a piece: nothing (the last), a space before an operator, where no line
    /// ends, or a space after one, where a line may end at a cost (TeX's `\relpenalty` and
    /// `\binoppenalty`).
    public enum Gap: Equatable, Sendable {
        case end
        case unbreakable
        case breakable(penalty: Double)
    }

    static let relationPenalty = 500.0
    static let binaryPenalty = 700.0

    /// The pieces of `formula`, whose texts one space apart are its text (`FormulaText`); the
    /// whole as one piece when it has no place to break, is displayed, or would not be set the
    /// same cut (a row whose operators stretch to the whole of it, fences or a slash).
    public static func pieces(of formula: Formula) -> [Piece] {
        let whole = [Piece(formula: formula, text: FormulaText.linear(formula), gap: .end)]
        return cut(formula, readingAs: whole[0].text) ?? whole
    }

    private static func cut(_ formula: Formula, readingAs text: String) -> [Piece]? {
        guard !formula.isDisplay, let children = outerRow(of: formula) else { return nil }
        var cuts: [(at: Int, penalty: Double)] = []
        var previousIsOperator = true
        let significant = children.filter { formula.nodes[$0].name != "mspace" }
        for (k, child) in significant.enumerated() {
            let node = formula.nodes[child]
            guard node.name == "mo" else {
                previousIsOperator = false
                continue
            }
            if stretchesAcrossTheRow(node) { return nil }
            // A sign after another operator (`= −x`) is unary, and a row's ends are not infix.
            if !previousIsOperator, k > 0, k < significant.count - 1, node.attribute("form") ?? "infix" == "infix",
               let penalty = penalty(after: node.text), let at = children.firstIndex(of: child) {
                cuts.append((at, penalty))
            }
            previousIsOperator = true
        }
        guard !cuts.isEmpty else { return nil }
        var pieces: [Piece] = []
        func add(_ range: Range<Int>, gap: Gap) {
            var piece = formula
            piece.nodes[0].children = Array(children[range])
            if !pieces.isEmpty { piece.alternative = nil }
            pieces.append(Piece(formula: piece, text: FormulaText.linear(piece), gap: gap))
        }
        var start = 0
        for (at, penalty) in cuts {
            guard at > start else { return nil }
            add(start..<at, gap: .unbreakable)
            // The operator alone, still infix, its spaces the text's on either side.
            var op = formula.nodes[children[at]]
            if op.attribute("form") == nil { op.attributes.append(MathAttribute("form", "infix")) }
            op.attributes.removeAll { $0.name == "lspace" || $0.name == "rspace" }
            op.attributes += [MathAttribute("lspace", "0"), MathAttribute("rspace", "0")]
            var alone = formula
            alone.nodes[children[at]] = op
            alone.nodes[0].children = [children[at]]
            alone.alternative = nil
            pieces.append(Piece(formula: alone, text: FormulaText.linear(alone), gap: .breakable(penalty: penalty)))
            start = at + 1
        }
        guard start < children.count else { return nil }
        add(start..<children.count, gap: .end)
        // Cut only where the text reads the same: each piece's text is the stretch of the whole's
        // that writes it (a piece alone may be spaced otherwise at its ends), with space
        // between them, so that search and a reader's voice see one formula.
        let whole = Array(text)
        var next = 0
        for k in pieces.indices {
            while next < whole.count, whole[next].isWhitespace { next += 1 }
            let start = next
            for character in pieces[k].text where !character.isWhitespace {
                while next < whole.count, whole[next].isWhitespace { next += 1 }
                guard next < whole.count, whole[next] == character else { return nil }
                next += 1
            }
            pieces[k].text = String(whole[start..<next])
            if k < pieces.count - 1 { guard next < whole.count, whole[next].isWhitespace else { return nil } }
        }
        return whole[next...].allSatisfy(\.isWhitespace) ? pieces : nil
    }

    /// The row whose children are the formula's outer level: the `math` element's, or those of
    /// the one `mrow` (or `semantics`' first child) it is made of.
    private static func outerRow(of formula: Formula) -> [Int]? {
        var row = 0
        while true {
            let node = formula.nodes[row]
            let children = node.name == "semantics" ? Array(node.children.prefix(1)) : node.children
            if children.count == 1, ["mrow", "semantics"].contains(formula.nodes[children[0]].name),
               formula.nodes[children[0]].attributes.isEmpty {
                row = children[0]
                continue
            }
            return children.count > 2 && node.name != "semantics" ? children : nil
        }
    }

    /// TeX's cost of a line ending after `text`, a relation's or a binary operator's; nil after
    /// any other.
    private static func penalty(after text: String) -> Double? {
        switch OperatorDictionary.spacingClass(of: text) {
        case .relation: relationPenalty
        case .binary: binaryPenalty
        default: nil
        }
    }

    /// An operator a row stretches to its whole height: set in pieces, it would be smaller.
    private static func stretchesAcrossTheRow(_ node: MathNode) -> Bool {
        if let stretchy = node.attribute("stretchy") { return stretchy == "true" }
        return OperatorDictionary.stretchesVertically(node.text)
    }
}
