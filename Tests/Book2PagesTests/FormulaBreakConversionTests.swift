import Book2PagesKit
import Fonts
import Foundation
import PageFormat
import Testing

/// A long inline formula is broken across lines after its operators, as TeX breaks one, rather
/// than set smaller: each line that ends inside it ends with the operator, each piece fits,
/// and the pieces read as the whole.
struct FormulaBreakConversionTests {
    static let font = try? MathFont.load(MathFont.defaultFamily)

    /// A paragraph with the sum x₁ + x₂ + … + x₄₀ = s in its line, far wider than the page.
    static let chapter: String = {
        let terms = (1...40).map { "<msub><mi>x</mi><mn>\($0)</mn></msub>" }.joined(separator: "<mo>+</mo>")
        return """
            <html xmlns="http://www.w3.org/1999/xhtml"><body>
            <p>The whole of it is <math><mrow>\(terms)<mo>=</mo><mi>s</mi></mrow></math>, which no line holds.</p>
            </body></html>
            """
    }()

    @Test(.enabled(if: font != nil, "needs TeX Gyre Termes Math (fonts-texgyre-math)"))
    func aLongInlineFormulaIsBrokenAfterItsOperators() throws {
        let document = try Converter.convert(.standardInput(Array(Self.chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                             options: ConversionOptions(inputFormat: .xhtml)).document
        let box = document.layout.contentBox
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.formulas.isEmpty }
        #expect(lines.count >= 3, "the sum runs over several lines")
        let pieces = lines.flatMap(\.formulas)
        // Every piece at its full size, inside the content box, and marked as going on but the last.
        #expect(pieces.allSatisfy { $0.scale == 1 })
        #expect(pieces.allSatisfy { $0.x >= box.x - 0.01 && $0.x + $0.width <= box.x + box.width + 0.01 })
        #expect(pieces.dropLast().allSatisfy(\.continues) && pieces.last?.continues == false)
        for line in lines.dropLast() {
            // The line ends with its last piece, whose text ends with its operator.
            let last = try #require(line.formulas.last)
            let text = line.text.utf16
            #expect(last.start + last.length == text.count, "\(line.text)")
            #expect(line.text.hasSuffix("+") || line.text.hasSuffix("="), "\(line.text)")
            #expect(line.x + line.width <= box.x + box.width + 0.01)
        }
        // The formula's text, joined back, is the whole's: x₁ + x₂ + … (one space where lines end).
        let text = lines.map(\.text).joined(separator: " ")
        let written = text.components(separatedBy: .whitespaces).joined()
        #expect(written.contains((1...40).map { "x\(Self.subscriptDigits($0))" }.joined(separator: "+") + "=s"))
    }

    static func subscriptDigits(_ n: Int) -> String {
        String(String(n).map { Character(UnicodeScalar(0x2080 + Int(String($0))!)!) })
    }
}
