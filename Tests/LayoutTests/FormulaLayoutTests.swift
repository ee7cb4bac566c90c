import BookModel
import Fonts
import MathLayout
import Testing

/// What `FormulaLayouter` sets that Chromium does not (MathML Core left out `mfenced` and
/// `menclose`), and what no formula may do to it: nest past any depth.
struct FormulaLayoutTests {
    static let font = try? MathFont.load(MathFont.defaultFamily)

    /// A formula of `math` holding `children` (each a node, with their own children after them).
    static func formula(_ nodes: [MathNode]) -> Formula {
        Formula(nodes: [MathNode(name: "math", children: [1])] + nodes)
    }

    @Test(.enabled(if: font != nil, "needs TeX Gyre Termes Math (fonts-texgyre-math)"))
    func mfencedIsTheRowWithFencesItStandsFor() throws {
        let layouter = FormulaLayouter(font: try #require(Self.font), pixel: 1)
        let fenced = Self.formula([MathNode(name: "mfenced", children: [2, 3]), MathNode(name: "mi", text: "a"),
                                   MathNode(name: "mi", text: "b")])
        let written = Self.formula([MathNode(name: "mrow", children: [2, 3, 7]),
                                    MathNode(name: "mo", text: "("),
                                    MathNode(name: "mrow", children: [4, 5, 6]),
                                    MathNode(name: "mi", text: "a"), MathNode(name: "mo", text: ","), MathNode(name: "mi", text: "b"),
                                    MathNode(name: "mo", text: ")")])
        let a = layouter.layout(fenced, size: 20), b = layouter.layout(written, size: 20)
        #expect(abs(a.width - b.width) < 0.01 && abs(a.ascent - b.ascent) < 0.01 && abs(a.descent - b.descent) < 0.01)
        #expect(a.items.count == 5)
    }

    @Test(.enabled(if: font != nil, "needs TeX Gyre Termes Math (fonts-texgyre-math)"))
    func menclosedBoxDrawsFourRulesAroundItsContent() throws {
        let layouter = FormulaLayouter(font: try #require(Self.font), pixel: 1)
        let plain = layouter.layout(Self.formula([MathNode(name: "mi", text: "x")]), size: 20)
        let boxed = layouter.layout(Self.formula([MathNode(name: "menclose", attributes: [MathAttribute("notation", "box")], children: [2]),
                                                  MathNode(name: "mi", text: "x")]), size: 20)
        let rules = boxed.items.filter { if case .rule = $0.kind { true } else { false } }
        #expect(rules.count == 4)
        #expect(boxed.width > plain.width && boxed.ascent > plain.ascent && boxed.descent > plain.descent)
    }

    @Test(.enabled(if: font != nil, "needs TeX Gyre Termes Math (fonts-texgyre-math)"))
    func aFormulaNestedPastAnyDepthIsSetAsItsText() throws {
        let layouter = FormulaLayouter(font: try #require(Self.font), pixel: 1)
        // 5,000 `msqrt`s, one in the other, around one `mi`.
        var nodes = (0..<5000).map { MathNode(name: "msqrt", children: [$0 + 2]) }
        nodes.append(MathNode(name: "mi", text: "x"))
        let box = layouter.layout(Self.formula(nodes), size: 20)
        #expect(box.width > 0 && box.items.contains { if case .glyph = $0.kind { true } else { false } })
    }

    @Test(.enabled(if: font != nil, "needs TeX Gyre Termes Math (fonts-texgyre-math)"))
    func scriptsAreSmallerByTheTablesScaleDown() throws {
        let layouter = FormulaLayouter(font: try #require(Self.font), pixel: 1)
        let box = layouter.layout(Self.formula([MathNode(name: "msup", children: [2, 3]), MathNode(name: "mi", text: "x"),
                                                MathNode(name: "msup", children: [4, 5]), MathNode(name: "mi", text: "y"),
                                                MathNode(name: "mi", text: "z")]), size: 20)
        let sizes = box.items.compactMap { if case .glyph(_, let size) = $0.kind { size } else { nil } }
        // ScriptPercentScaleDown 74, ScriptScriptPercentScaleDown 55 (fontTools reads the same).
        #expect(sizes == [20, 20 * 0.74, 20 * 0.55])
    }
}
