import Book2PagesKit
import BookModel
import Foundation
import MathLayout
import Testing
import XHTMLReader

/// A formula's text on the page (`FormulaText`) is what pandoc writes for it in plain text: in
/// Unicode when a line of characters shows it, else in TeX. The hand-made cases were written by
/// pandoc 2.17 from the same MathML; with pandoc installed, the whole book of formulas and the
/// shared corpus's MathML textbook are compared with pandoc's text, word for word.
struct FormulaTextTests {
    static func formula(_ markup: String) throws -> Formula {
        let html = """
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>f</title></head><body><p>\
            <math xmlns="http://www.w3.org/1998/Math/MathML">\(markup)</math></p></body></html>
            """
        let content = XHTMLReader.read(bytes: Array(html.utf8), source: "f.xhtml")
        guard case .paragraph(let runs)? = content.blocks.first?.kind, let formula = runs.compactMap(\.formula).first else {
            throw CocoaError(.coderReadCorrupt)
        }
        return formula
    }

    static let cases: [(String, String)] = [
        ("<mfrac><msup><mi>x</mi><mn>2</mn></msup><mn>2</mn></mfrac>", #"\frac{x^{2}}{2}"#),
        ("<mrow><mo>[</mo><mi>A</mi><msub><mo>]</mo><mrow><mi>i</mi><mi>j</mi></mrow></msub></mrow>", "[A]_(ij)"),
        ("<msub><mi>x</mi><mn>1</mn></msub><mo>+</mo><msup><mi>y</mi><mn>2</mn></msup>", "x₁\u{2005}+\u{2005}y²"),
        ("<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mi>a</mi><mi>i</mi></msub>",
         #"\sum\limits_{i = 1}^{n}a_{i}"#),
        ("<mi>A</mi><mo>=</mo><mfenced open=\"[\" close=\"]\" separators=\"\"><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>2</mn></mtd></mtr>"
            + "<mtr><mtd><mn>3</mn></mtd><mtd><mn>4</mn></mtd></mtr></mtable></mfenced>",
         #"A = \begin{bmatrix} 1 & 2 \\ 3 & 4 \\ \end{bmatrix}"#),
        ("<mi>t</mi><mfenced separators=\"\" open=\"(\" close=\")\"><mrow><mi>A</mi></mrow></mfenced>", "t(A)"),
        ("<msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt>", #"\sqrt{x + 1}"#),
        ("<mi>α</mi><mo>∈</mo><msup><mi>ℂ</mi><mn>3</mn></msup>", "α\u{2004}∈\u{2004}ℂ³"),
        ("<mrow><mo>|</mo><mi>x</mi><mo>|</mo></mrow>", "|x|"),
        ("<mover accent=\"true\"><mi>E</mi><mo accent=\"true\">¯</mo></mover>", #"\overline{E}"#),
        ("<msub><mi>B</mi><mi>p</mi></msub>", "B_(p)"),
        ("<msup><mi>A</mi><mrow><mo>−</mo><mn>1</mn></mrow></msup>", "A⁻¹"),
    ]

    @Test(arguments: cases)
    func aFormulaReadsAsPandocWritesIt(markup: String, expected: String) throws {
        #expect(FormulaText.linear(try Self.formula(markup)) == expected)
    }

    /// A formula nested deeper than any book nests is read as its text, not followed down.
    @Test func aFormulaNestedThousandsDeepIsReadFlat() {
        var nodes = [MathNode(name: "math", children: [1])]
        for depth in 1...5000 { nodes.append(MathNode(name: "mrow", children: [depth + 1])) }
        nodes.append(MathNode(name: "mi", text: "x"))
        #expect(FormulaText.linear(Formula(nodes: nodes)) == "x")
    }

    /// The words of a text as `fidelity.py` cuts them: runs of letters, digits and underscores,
    /// case-folded.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// How many of `reference`'s words `output` has in the same order (their longest common
    /// subsequence), over the reference's count.
    static func recall(of output: [String], against reference: [String]) -> Double {
        guard !reference.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: output.count + 1)
        for word in reference {
            var current = [Int](repeating: 0, count: output.count + 1)
            for (k, other) in output.enumerated() {
                current[k + 1] = word == other ? previous[k] + 1 : max(previous[k + 1], current[k])
            }
            previous = current
        }
        return Double(previous[output.count]) / Double(reference.count)
    }

    @Test(.needsPandoc)
    func theBookOfFormulasReadsAsPandocReadsIt() throws {
        let sample = TestPaths.repositoryFile("Samples/formulas.xhtml")
        let run = try #require(try Run.tool("pandoc", ["-f", "html", "-t", "plain", sample]))
        let reference = Self.words(String(decoding: run.stdout, as: UTF8.self))
        let document = try Converter.convert(path: sample, options: ConversionOptions()).document
        let output = Self.words(document.pages.compactMap { $0.shown?.text }.joined(separator: "\n"))
        let recall = Self.recall(of: output, against: reference), precision = Self.recall(of: reference, against: output)
        print("FormulaTextTests: formulas.xhtml against pandoc: recall \(recall), precision \(precision)")
        #expect(recall >= 0.95 && precision >= 0.95)
    }

    /// The MathML textbook of the corpus, against pandoc's text of it, by `fidelity.py`.
    @Test(.needsSharedCorpus, .needsSharedTools, .needsPandoc, .needsPython3,
          .outsideTheSanitizerPass("pandoc takes most of a minute over the book"))
    func theMathTextbookReadsAsPandocReadsIt() throws {
        let book = try #require(TestPaths.corpus).appendingPathComponent("linear-algebra.epub").path
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reference = directory.appendingPathComponent("reference.txt"), pages = directory.appendingPathComponent("pages.json")
        _ = try #require(try Run.tool("pandoc", ["-f", "epub", "-t", "plain", book, "-o", reference.path]))
        let converted = try Converter.convert(path: book, options: ConversionOptions())
        try converted.json.write(to: pages)
        // A formula broken across lines is on one page: no page's text ends inside one.
        let endingInside = converted.document.pages.filter { page in
            let text = (page.shown?.lines ?? []).filter { $0.role == .body && !$0.text.isEmpty }
            return text.last?.formulas.last?.continues == true
        }
        #expect(endingInside.isEmpty, "\(endingInside.count) pages end inside a formula")
        let fidelity = try #require(TestPaths.sharedTools).appendingPathComponent("fidelity.py").path
        let run = try #require(try Run.tool("python3", [fidelity, pages.path, reference.path]))
        let line = String(decoding: run.stdout, as: UTF8.self)
        print("FormulaTextTests: linear-algebra.epub \(line)")
        let recall = line.split(separator: " ").first { $0.hasPrefix("recall=") }.flatMap { Double($0.dropFirst(7)) }
        #expect((recall ?? 0) >= 0.95, "\(line)")
    }
}
