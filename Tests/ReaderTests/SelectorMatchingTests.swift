@testable import CSS
import Testing

/// Which elements selectors match, on a hand-built tree:
///
///     html
///       body
///         section  epub:type="chapter z3998:poem" lang="en-GB"
///           h2  (text)
///           p.first
///             span.i1
///             br
///             span
///           p
///           aside
///           p.last#end  (empty)
///         div
struct SelectorMatchingTests {
    static let ops = "http://www.idpf.org/2007/ops"
    static let declared = "@namespace epub \"\(ops)\""

    struct Document {
        var tree = TestElementTree()
        var html = 0, body = 0, section = 0, heading = 0, first = 0, indented = 0, lineBreak = 0, span = 0
        var middle = 0, aside = 0, last = 0, div = 0

        init() {
            typealias Spec = TestElementTree.Spec
            html = tree.add(Spec("html"))
            body = tree.add(Spec("body"), under: html)
            section = tree.add(Spec("section", attributes: [
                .init(name: "type", namespace: SelectorMatchingTests.ops, value: "chapter z3998:poem"),
                .init(name: "lang", value: "en-GB"),
            ]), under: body)
            heading = tree.add(Spec("h2", holdsText: true), under: section)
            first = tree.add(Spec("p", classes: "first"), under: section)
            indented = tree.add(Spec("span", classes: "i1", holdsText: true), under: first)
            lineBreak = tree.add(Spec("br"), under: first)
            span = tree.add(Spec("span", holdsText: true), under: first)
            middle = tree.add(Spec("p", holdsText: true), under: section)
            aside = tree.add(Spec("aside", holdsText: true), under: section)
            last = tree.add(Spec("p", id: "end", classes: "last"), under: section)
            div = tree.add(Spec("div"), under: body)
        }

        /// The elements `text` matches, in document order.
        func matched(_ text: String) -> [Int] {
            var namespaces = CSSNamespaces()
            namespaces.declare(Array(SelectorMatchingTests.declared.utf8))
            let list = SelectorParser.list(parsing: Array(text.utf8), namespaces: namespaces, limit: 64)
            guard list.count == 1 else { return [-1] }
            var budget = 1_000_000
            return (0...div).filter { list[0].matches($0, in: tree, budget: &budget) }
        }
    }

    let document = Document()

    @Test func combinators() {
        let d = document
        #expect(d.matched("section p") == [d.first, d.middle, d.last])
        #expect(d.matched("body > p") == [])
        #expect(d.matched("section > p > span") == [d.indented, d.span])
        #expect(d.matched("h2 + p") == [d.first])
        #expect(d.matched("h2 ~ p") == [d.first, d.middle, d.last])
        #expect(d.matched("aside ~ *") == [d.last])
        #expect(d.matched("span + br") == [d.lineBreak])
        #expect(d.matched("p > span + br") == [d.lineBreak])
        #expect(d.matched("h2 + p span") == [d.indented, d.span])
        #expect(d.matched("h2 ~ p + p") == [d.middle])
        // Backtracking: the nearest `p` ancestor-or-sibling is not always the one that works.
        #expect(d.matched("body > section p") == [d.first, d.middle, d.last])
        #expect(d.matched("html > section p") == [])
        #expect(d.matched("h2 + p ~ p") == [d.middle, d.last])
        #expect(d.matched("section > h2 ~ aside + p") == [d.last])
    }

    @Test func attributesAndNamespaces() {
        let d = document
        #expect(d.matched("[epub|type~=\"z3998:poem\"] p") == [d.first, d.middle, d.last])
        #expect(d.matched("[epub|type~=\"z3998:verse\"] p") == [])
        #expect(d.matched("[*|type~=chapter]") == [d.section])
        // An attribute without a prefix is in no namespace: `epub:type` is not `type`.
        #expect(d.matched("[type]") == [])
        #expect(d.matched("[epub|type^=chap]") == [d.section])
        #expect(d.matched("[epub|type$=poem]") == [d.section])
        #expect(d.matched("[epub|type*=\"r z\"]") == [d.section])
        #expect(d.matched("[epub|type=chapter]") == [])
        #expect(d.matched("[epub|type^='']") == [])
        #expect(d.matched("[lang|=en]") == [d.section])
        #expect(d.matched("[lang|=EN]") == [])
        #expect(d.matched("[lang|=EN i]") == [d.section])
        #expect(d.matched("[LANG='en-gb' i]") == [d.section])
        #expect(d.matched("[class~='i1']") == [d.indented])
        #expect(d.matched("[class~='']") == [])
        #expect(d.matched("p#end.last") == [d.last])
        #expect(d.matched(".LAST") == [])
        #expect(d.matched("SECTION") == [d.section])
    }

    @Test func structuralPseudoClasses() {
        let d = document
        #expect(d.matched("p:first-child") == [])
        #expect(d.matched(":first-child") == [d.html, d.body, d.section, d.heading, d.indented])
        #expect(d.matched("p:last-child") == [d.last])
        #expect(d.matched("p:first-of-type") == [d.first])
        #expect(d.matched("span:last-of-type") == [d.span])
        #expect(d.matched("p:nth-of-type(2)") == [d.middle])
        #expect(d.matched("section > :nth-child(odd)") == [d.heading, d.middle, d.last])
        #expect(d.matched("section > :nth-child(2n)") == [d.first, d.aside])
        #expect(d.matched("section > :nth-child(-n+2)") == [d.heading, d.first])
        #expect(d.matched("section > :nth-last-child(2)") == [d.aside])
        #expect(d.matched("p:nth-last-of-type(1)") == [d.last])
        #expect(d.matched("section > :nth-child(n+4)") == [d.aside, d.last])
        #expect(d.matched(":only-child") == [d.html, d.body])
        #expect(d.matched("span:only-of-type") == [])
        #expect(d.matched("br:only-of-type") == [d.lineBreak])
        #expect(d.matched("section > :only-of-type") == [d.heading, d.aside])
        #expect(d.matched(":root") == [d.html])
        #expect(d.matched("p:empty") == [d.last])
        #expect(d.matched("section p:not(.first)") == [d.middle, d.last])
        #expect(d.matched("section > :not(p)") == [d.heading, d.aside])
        #expect(d.matched("p:not(:last-child):not([class])") == [d.middle])
        #expect(d.matched("span:lang(en)") == [d.indented, d.span])
        #expect(d.matched("span:lang(fr)") == [])
        #expect(d.matched("p:hover") == [])
    }

    @Test func theBudgetBoundsEveryWalk() throws {
        // A long chain of nested elements, each tested against a selector that must climb
        // from every one to the root: the budget stops it and the answer is no.
        var tree = TestElementTree()
        let chain = tree.addChain(Array(repeating: TestElementTree.Spec("div"), count: 10_000))
        let selector = try #require(SelectorParser.list(parsing: Array("a > div div".utf8), limit: 1).first)
        var budget = 50_000
        var matched = 0
        for index in chain where selector.matches(index, in: tree, budget: &budget) { matched += 1 }
        #expect(matched == 0)
        #expect(budget < 0)
        // Siblings too: `:nth-child(2n)` counts back over every earlier sibling.
        var wide = TestElementTree()
        let parent = wide.add(TestElementTree.Spec("ol"))
        let items = (0..<5_000).map { _ in wide.add(TestElementTree.Spec("li"), under: parent) }
        let nth = try #require(SelectorParser.list(parsing: Array("li:nth-child(2n)".utf8), limit: 1).first)
        var small = 100_000
        for item in items { _ = nth.matches(item, in: wide, budget: &small) }
        #expect(small < 0)
    }
}
