@testable import CSS
import Testing

/// How selector lists read: CSS 3's grammar, namespaces, escapes, specificity, and what is
/// refused.
struct SelectorParserTests {
    static let ops = "http://www.idpf.org/2007/ops"

    static func parse(_ text: String, namespaces: String = "") -> [SelectorSyntax] {
        var declared = CSSNamespaces()
        for line in namespaces.split(separator: ";") { declared.declare(Array(line.utf8)) }
        return SelectorParser.list(parsing: Array(text.utf8), namespaces: declared, limit: 64)
    }

    static func one(_ text: String, namespaces: String = "") -> SelectorSyntax? {
        let list = parse(text, namespaces: namespaces)
        return list.count == 1 ? list[0] : nil
    }

    @Test func compoundsAndEveryCombinator() throws {
        let selector = try #require(Self.one("div.poem > p + span ~ em  b"))
        #expect(selector.combinators == [.child, .adjacent, .sibling, .descendant])
        #expect(selector.compounds.count == 5)
        #expect(selector.compounds[0].tests == [.type(localName: "div", namespace: .any), .className("poem")])
        #expect(Self.one("P#Intro")?.compounds[0].tests == [.type(localName: "p", namespace: .any), .id("Intro")])
        #expect(Self.one("div>p")?.combinators == [.child])
        #expect(Self.one("h1+p")?.combinators == [.adjacent])
        #expect(Self.one("h1 ~p")?.combinators == [.sibling])
        for refused in ["p > > p", "p +", "> p", "p..a", "#1a", "p#", "p[", "p[a=", "p[a=b", "p[='x']", "p!"] {
            #expect(Self.parse(refused).isEmpty, "\(refused)")
        }
    }

    @Test func attributeSelectorsOfEveryKind() throws {
        let operators: [(String, SelectorSyntax.AttributeTest.Operator)] = [
            ("=", .equals), ("~=", .includesWord), ("|=", .dashMatch), ("^=", .prefix), ("$=", .suffix), ("*=", .substring),
        ]
        for (written, expected) in operators {
            let selector = try #require(Self.one("a[ HREF \(written) \"x y\" ]"))
            guard case .attribute(let test) = selector.compounds[0].tests[1] else {
                Issue.record("no attribute test for \(written)")
                continue
            }
            #expect(test.match == expected)
            #expect(test.localName == "href")
            #expect(test.value == "x y")
            #expect(test.namespace == .none)
        }
        guard case .attribute(let flagged)? = Self.one("[lang='EN' i]")?.compounds[0].tests.first else {
            Issue.record("no test for the i flag")
            return
        }
        #expect(flagged.ignoresCase)
        #expect(flagged.match == .equals)
        guard case .attribute(let unquoted)? = Self.one("[data-x=plain]")?.compounds[0].tests.first else {
            Issue.record("no test for an unquoted value")
            return
        }
        #expect(unquoted.value == "plain")
        #expect(unquoted.match == .equals)
    }

    @Test func namespacesComeFromTheStylesheet() throws {
        let declared = "@namespace epub \"\(Self.ops)\"; @namespace url(http://www.w3.org/1999/xhtml)"
        let selector = try #require(Self.one("section[epub|type~=\"z3998:poem\"] p", namespaces: declared))
        guard case .attribute(let test) = selector.compounds[0].tests[1] else {
            Issue.record("no attribute test")
            return
        }
        #expect(test.namespace == .uri(Self.ops))
        #expect(test.value == "z3998:poem")
        // With a default namespace, element names are in it; attributes never are.
        #expect(selector.compounds[1].tests == [.type(localName: "p", namespace: .uri("http://www.w3.org/1999/xhtml"))])
        #expect(Self.one("*|p")?.compounds[0].tests == [.type(localName: "p", namespace: .any)])
        #expect(Self.one("|p")?.compounds[0].tests == [.type(localName: "p", namespace: .none)])
        #expect(Self.one("[*|type]") != nil)
        // An undeclared prefix makes the selector invalid, as do a case-changed one and `|=`
        // mistaken for a prefix.
        #expect(Self.parse("[epub|type~='x']").isEmpty)
        #expect(Self.parse("[EPUB|type]", namespaces: declared).isEmpty)
        #expect(Self.parse("svg|rect").isEmpty)
        guard case .attribute(let dash)? = Self.one("[lang|=en]")?.compounds[0].tests.first else {
            Issue.record("no dash-match test")
            return
        }
        #expect(dash.match == .dashMatch)
    }

    @Test func pseudoClassesAndPseudoElements() throws {
        func nth(_ text: String) -> SelectorSyntax.NthTest? {
            guard case .nth(let test)? = Self.one(text)?.compounds[0].tests.last else { return nil }
            return test
        }
        #expect(nth("li:first-child") == .init(counting: .children, a: 0, b: 1))
        #expect(nth("li:last-child") == .init(counting: .childrenFromLast, a: 0, b: 1))
        #expect(nth("li:first-of-type") == .init(counting: .ofType, a: 0, b: 1))
        #expect(nth("li:last-of-type") == .init(counting: .ofTypeFromLast, a: 0, b: 1))
        #expect(nth("tr:nth-child(odd)") == .init(counting: .children, a: 2, b: 1))
        #expect(nth("tr:nth-child( EVEN )") == .init(counting: .children, a: 2, b: 0))
        #expect(nth("tr:nth-of-type(-n + 3)") == .init(counting: .ofType, a: -1, b: 3))
        #expect(nth("tr:nth-last-child(3n-2)") == .init(counting: .childrenFromLast, a: 3, b: -2))
        #expect(nth("tr:nth-last-of-type(7)") == .init(counting: .ofTypeFromLast, a: 0, b: 7))
        #expect(nth("tr:nth-child(n)") == .init(counting: .children, a: 1, b: 0))
        for refused in ["tr:nth-child(2n+)", "tr:nth-child(n3)", "tr:nth-child(1234567)", "tr:nth-child()", "p:bogus",
                        "p:not(p:not(a))", "p:not(a b)", "p::before", "p::first-letter span", "p:is(a)"] {
            #expect(Self.parse(refused).isEmpty, "\(refused)")
        }
        #expect(Self.one("p:not(.a)")?.compounds[0].tests.last == .not(.className("a")))
        #expect(Self.one("p:not( [lang] )") != nil)
        #expect(Self.one(":root")?.compounds[0].tests == [.root])
        #expect(Self.one("a:link")?.compounds[0].tests.last == .link)
        #expect(Self.one("a:visited")?.compounds[0].tests.last == .never)
        #expect(Self.one("p:lang(FR)")?.compounds[0].tests.last == .language("fr"))
        #expect(Self.one("p::first-letter")?.pseudoElement == .firstLetter)
        #expect(Self.one("p:first-line")?.pseudoElement == .firstLine)
        #expect(Self.one("::first-line")?.pseudoElement == .firstLine)
    }

    @Test func escapesInNamesAndStrings() {
        #expect(Self.one(".\\31 0")?.compounds[0].tests == [.className("10")])
        #expect(Self.one("#a\\:b")?.compounds[0].tests == [.id("a:b")])
        #expect(Self.one(".caf\\E9")?.compounds[0].tests == [.className("café")])
        #expect(Self.one(".日本")?.compounds[0].tests == [.className("日本")])
        guard case .attribute(let test)? = Self.one("[title=\"a\\\"b\"]")?.compounds[0].tests.first else {
            Issue.record("no attribute test")
            return
        }
        #expect(test.value == "a\"b")
    }

    @Test func specificityRanksIdsThenClassesThenNames() throws {
        func specificity(_ text: String, namespaces: String = "") throws -> Int {
            try #require(Self.one(text, namespaces: namespaces)).specificity
        }
        func packed(_ ids: Int, _ classes: Int, _ names: Int) -> Int { ids << 20 | classes << 10 | names }
        #expect(try specificity("*") == packed(0, 0, 0))
        #expect(try specificity("li") == packed(0, 0, 1))
        #expect(try specificity("ul li") == packed(0, 0, 2))
        #expect(try specificity("ul ol+li") == packed(0, 0, 3))
        #expect(try specificity("h1 + *[rel=up]") == packed(0, 1, 1))
        #expect(try specificity("ul ol li.red") == packed(0, 1, 3))
        #expect(try specificity("li.red.level") == packed(0, 2, 1))
        #expect(try specificity("#x34y") == packed(1, 0, 0))
        #expect(try specificity("#s12:not(FOO)") == packed(1, 0, 1))
        #expect(try specificity("p:nth-child(2n)::first-letter") == packed(0, 1, 2))
        #expect(try specificity("[epub|type~='z3998:poem'] p > span + br", namespaces: "@namespace epub \"\(Self.ops)\"")
            == packed(0, 1, 3))
    }

    @Test func keysIndexByIdThenClassThenName() {
        #expect(Self.one("div p.a#b")?.key == .id("b"))
        #expect(Self.one("p.a.b")?.key == .className("a"))
        #expect(Self.one("div P")?.key == .element("p"))
        #expect(Self.one("p *")?.key == nil)
        #expect(Self.one("[lang]")?.key == nil)
    }
}
