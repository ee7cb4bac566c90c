import CSS
import Testing

/// Stylesheets written to break a reader: each is read in one pass, keeps the rules it can, and
/// applies in bounded work.
struct StylesheetHostileInputTests {
    let p = TestElementTree.Spec("p")

    func style(_ css: String, _ element: TestElementTree.Spec? = nil) -> ComputedStyle {
        var tree = TestElementTree()
        let index = tree.add(element ?? p)
        var resolver = StyleResolver(stylesheets: [Stylesheet(parsing: css)])
        return resolver.style(of: index, in: tree, styleAttribute: nil, parent: ComputedStyle())
    }

    @Test func anUnterminatedCommentHidesTheRest() {
        #expect(style("p { text-align: center } /* p { text-align: right }").textAlign == .center)
        #expect(style("/* never closed p { text-align: right }").textAlign == nil)
    }

    @Test func anUnterminatedStringEndsAtItsLine() {
        let css = """
            p { content: "never closed; text-align: right }
            }
            p { text-align: center }
            """
        // The bad string swallows the rest of its line, brace and all; the next rule is whole.
        #expect(style(css).textAlign == .center)
        #expect(style("p { text-align: center; content: 'open").textAlign == .center)
    }

    @Test func unclosedBlocksAndStrayBraces() {
        #expect(style("} } p { text-align: center }").textAlign == .center)
        #expect(style("p { text-align: center").textAlign == .center)
        #expect(style("p { text-align: center } }} { } {{ p { text-align: right }").textAlign == .center)
    }

    @Test func deeplyNestedBracesCostNoStack() {
        let depth = 200_000
        let css = String(repeating: "{", count: depth) + String(repeating: "}", count: depth) + " p { text-align: center }"
        #expect(style(css).textAlign == .center)
        let media = String(repeating: "@media screen { ", count: depth) + "p { text-align: right }"
        #expect(style(media).textAlign == nil)
        let parentheses = "p { text-indent: calc" + String(repeating: "(", count: depth) + " } p { text-align: center }"
        #expect(style(parentheses).textAlign == .center)
    }

    @Test func aMegabyteOfJunkIsReadAndKeepsWhatIsValid() {
        // A linear congruential sequence: the same junk on every run.
        var state: UInt32 = 4
        let alphabet = Array("p{}:;.#*>, \n\"'/*\\@!()[]-azAZ09em%".utf8)
        var junk = (0..<1 << 20).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return alphabet[Int(state >> 16) % alphabet.count]
        }
        junk += Array("\n;}}}*/\"\n'\n p { text-align: center }".utf8)
        // Whatever the junk declares, styling an element with it ends.
        _ = style(String(decoding: junk, as: UTF8.self))
        // A megabyte of one selector's worth of letters, then a rule.
        let bytes = Array(String(repeating: "x", count: 1 << 20).utf8) + Array(" { } p { text-align: center }".utf8)
        #expect(style(String(decoding: bytes, as: UTF8.self)).textAlign == .center)
    }

    @Test func aStylesheetPastTheSizeBoundIsCutWithANote() {
        let rule = "p { text-align: center }\n"
        let filler = String(repeating: "/* filler */ ", count: CSSLimits.maximumSize / 13 + 1)
        let sheet = Stylesheet(parsing: rule + filler + "p { text-align: right }")
        #expect(sheet.notes.count == 1)
        var tree = TestElementTree()
        let index = tree.add(p)
        var resolver = StyleResolver(stylesheets: [sheet])
        #expect(resolver.style(of: index, in: tree, styleAttribute: nil, parent: ComputedStyle()).textAlign == .center)
    }

    @Test func matchingADeepDocumentStopsAtTheBudget() {
        // Each element tests a long descendant selector against every ancestor: quadratic, so
        // the budget must end it.
        let css = "a b c d e f g h p { text-align: center } div { font-style: italic }"
        var resolver = StyleResolver(stylesheets: [Stylesheet(parsing: css)])
        var tree = TestElementTree()
        var div: Int?
        var paragraph = 0
        var parent = ComputedStyle()
        for _ in 0..<20_000 {
            div = tree.add(TestElementTree.Spec("div"), under: div)
            paragraph = tree.add(p, under: div)
        }
        var index: Int? = 0
        while let current = index {
            parent = resolver.style(of: current, in: tree, styleAttribute: nil, parent: parent)
            _ = resolver.style(of: current + 1, in: tree, styleAttribute: nil, parent: parent)
            index = current + 2 < paragraph ? current + 2 : nil
        }
        #expect(resolver.budgetExhausted)
        // After the budget, `style` attributes still apply.
        let last = resolver.style(of: paragraph, in: tree, styleAttribute: "text-align: right", parent: parent)
        #expect(last.textAlign == .right)
    }

    @Test func longSelectorsAndHugeNumbersAreRefused() {
        let long = Array(repeating: "div", count: 1000).joined(separator: " ") + " p { text-align: center }"
        #expect(style(long).textAlign == nil)
        #expect(style("p { text-indent: 1e400em; font-size: 99999999999999999999999999999999999999%; orphans: 99999999999999999999 }")
            .orphans == nil)
        #expect(style("p { text-indent: nanem; margin: infinitypx }").textIndent == nil)
    }
}
