import BookModel
import MathLayout
import Testing

/// Where `FormulaBreaks` cuts an inline formula: around a relation or binary operator of its
/// outer row only, never where a piece would be set otherwise than in the whole, and so that
/// its pieces' texts, a space apart, are the whole's.
struct FormulaBreakTests {
    /// `math` around one `mrow` of `tokens`, each `(element, text)`.
    static func row(_ tokens: [(String, String)], display: Bool = false) -> Formula {
        let children = Array(2..<(2 + tokens.count))
        return Formula(nodes: [MathNode(name: "math", children: [1]), MathNode(name: "mrow", children: children)]
            + tokens.map { MathNode(name: $0.0, text: $0.1) }, isDisplay: display)
    }

    @Test func aSumIsCutAroundItsBinaryOperatorsAndRelations() {
        let formula = Self.row([("mi", "x"), ("mo", "+"), ("mn", "1"), ("mo", "="), ("mn", "64000")])
        let pieces = FormulaBreaks.pieces(of: formula)
        #expect(pieces.map(\.text) == ["x", "+", "1", "=", "64000"])
        #expect(pieces.map(\.gap) == [.unbreakable, .breakable(penalty: 700), .unbreakable, .breakable(penalty: 500), .end])
        #expect(pieces.map(\.text).joined().filter { !$0.isWhitespace } == FormulaText.linear(formula).filter { !$0.isWhitespace })
        // An operator alone is still infix, with no space of its own: the text's are around it.
        let plus = pieces[1].formula
        let op = plus.nodes[plus.root.children[0]]
        #expect(plus.root.children.count == 1 && op.text == "+")
        #expect(op.attribute("form") == "infix" && op.attribute("lspace") == "0" && op.attribute("rspace") == "0")
    }

    @Test func aSignAfterAnOperatorIsNotAPlaceToBreak() {
        // `x = −y`: the minus is unary; the only cut is around `=`.
        let pieces = FormulaBreaks.pieces(of: Self.row([("mi", "x"), ("mo", "="), ("mo", "−"), ("mi", "y")]))
        #expect(pieces.map(\.text) == ["x", "=", "−y"])
    }

    @Test func aRowWhoseFencesStretchOverItStaysWhole() {
        let fenced = Self.row([("mo", "("), ("mi", "a"), ("mo", "+"), ("mi", "b"), ("mo", ")"), ("mo", "="), ("mi", "c")])
        #expect(FormulaBreaks.pieces(of: fenced).count == 1)
        let slashed = Self.row([("mi", "a"), ("mo", "/"), ("mi", "b"), ("mo", "="), ("mi", "c")])
        #expect(FormulaBreaks.pieces(of: slashed).count == 1)
    }

    @Test func displayFormulasAndInnerRowsAreNotCut() {
        let display = Self.row([("mi", "x"), ("mo", "+"), ("mn", "1")], display: true)
        #expect(FormulaBreaks.pieces(of: display).count == 1)
        // `√(x + 1)`: its plus is inside the root, not in the outer row.
        let root = Formula(nodes: [MathNode(name: "math", children: [1]), MathNode(name: "msqrt", children: [2, 3, 4]),
                                   MathNode(name: "mi", text: "x"), MathNode(name: "mo", text: "+"), MathNode(name: "mn", text: "1")])
        #expect(FormulaBreaks.pieces(of: root).count == 1)
    }
}
