import CSS
import Testing

/// The CSS reader: which selectors match, which declaration wins, and how values are read.
struct StylesheetTests {
    /// The style of the last element of `path` (outermost first), each styled inside the one
    /// before it; `attribute` is the last element's `style`.
    static func style(_ css: String, _ path: [TestElementTree.Spec], attribute: String? = nil,
                      defaultFontScale: Double = 1) -> ComputedStyle {
        var tree = TestElementTree()
        let indices = tree.addChain(path)
        var resolver = StyleResolver(stylesheets: [Stylesheet(parsing: css)])
        var parent = ComputedStyle()
        for index in indices {
            let last = index == indices.last
            parent = resolver.style(of: index, in: tree, styleAttribute: last ? attribute : nil, parent: parent,
                                    defaultFontScale: last ? defaultFontScale : 1)
        }
        return parent
    }

    static func element(_ name: String, id: String? = nil, _ classes: String? = nil) -> TestElementTree.Spec {
        TestElementTree.Spec(name, id: id, classes: classes)
    }

    let p = element("p")

    // MARK: - Selectors

    @Test func elementClassIdUniversalAndCompoundSelectorsMatch() {
        #expect(Self.style("P { text-align: center }", [p]).textAlign == .center)
        #expect(Self.style(".note { text-align: center }", [Self.element("p", "x note")]).textAlign == .center)
        #expect(Self.style("#intro { text-align: center }", [Self.element("p", id: "intro")]).textAlign == .center)
        #expect(Self.style("* { text-align: center }", [p]).textAlign == .center)
        #expect(Self.style("p.note.first { text-align: center }", [Self.element("p", "first note")]).textAlign == .center)
        #expect(Self.style("p.note.first { text-align: center }", [Self.element("p", "note")]).textAlign == nil)
        #expect(Self.style("div.note { text-align: center }", [Self.element("p", "note")]).textAlign == nil)
        // Class names and ids are case-sensitive; element names are not.
        #expect(Self.style(".Note { text-align: center }", [Self.element("p", "note")]).textAlign == nil)
    }

    /// A UTF-8 byte-order mark (a stylesheet saved by many Windows editors) is the file's
    /// encoding, not part of its first selector: that rule still applies.
    @Test func aByteOrderMarkIsNotPartOfTheFirstSelector() {
        #expect(Self.style("\u{FEFF}p { text-align: center }", [p]).textAlign == .center)
    }

    @Test func descendantAndChildCombinators() {
        let path = [Self.element("body"), Self.element("div", "poem"), Self.element("blockquote"), p]
        #expect(Self.style("div.poem p { text-align: right }", path).textAlign == .right)
        #expect(Self.style("body   div   p { text-align: right }", path).textAlign == .right)
        #expect(Self.style("blockquote > p { text-align: right }", path).textAlign == .right)
        #expect(Self.style("div > p { text-align: right }", path).textAlign == nil)
        #expect(Self.style("div>blockquote>p { text-align: right }", path).textAlign == .right)
        #expect(Self.style("section p { text-align: right }", path).textAlign == nil)
        // A child combinator further left may reject the nearest ancestor a descendant matched.
        let nested = [Self.element("div", "a"), Self.element("div"), Self.element("div"), p]
        #expect(Self.style("div.a > div div p { text-align: right }", nested).textAlign == .right)
        #expect(Self.style("div.a > div > div > div p { text-align: right }", nested).textAlign == nil)
    }

    @Test func anAdjacentSiblingAsTheLastCombinator() {
        func indent(_ css: String, after sibling: TestElementTree.Spec?,
                    in ancestors: [TestElementTree.Spec] = [Self.element("body")]) -> Double? {
            var tree = TestElementTree()
            let parent = tree.addChain(ancestors).last
            if let sibling { tree.add(sibling, under: parent) }
            let element = tree.add(p, under: parent)
            var resolver = StyleResolver(stylesheets: [Stylesheet(parsing: css)])
            return resolver.style(of: element, in: tree, styleAttribute: nil, parent: ComputedStyle()).textIndent
        }
        #expect(indent("p + p { text-indent: 1em }", after: p) == 1)
        #expect(indent("p+p { text-indent: 1em }", after: Self.element("h2")) == nil)
        #expect(indent("p + p { text-indent: 1em }", after: nil) == nil)
        #expect(indent("div.x > h2 + p { text-indent: 1em }", after: Self.element("h2"), in: [Self.element("div", "x")]) == 1)
        #expect(indent("div.x > h2 + p { text-indent: 1em }", after: Self.element("h2"), in: [Self.element("div")]) == nil)
        #expect(indent("p + + p { text-indent: 1em }", after: p) == nil)
    }

    @Test func commaListsKeepTheReadableSelectors() {
        #expect(Self.style("h1, p { text-align: center }", [p]).textAlign == .center)
        // Selectors that cannot be read are left out, not read as something wider: an
        // undeclared prefix, a Level 4 pseudo-class, a pseudo-element's rule.
        #expect(Self.style("epub|p, p:is(.a), p:hover, h1 + p { text-align: center }", [p]).textAlign == nil)
        #expect(Self.style("*[epub|type='pagebreak'] { display: none }", [p]).isHidden == false)
        #expect(Self.style("p::first-letter { font-size: 3em }", [p]).fontScale == 1)
        #expect(Self.style("p:is(.a), div p, p { text-align: center }", [p]).textAlign == .center)
        // A comma inside a string or brackets does not split the list.
        #expect(Self.style("p[title='a, b'], h1 { text-align: center }", [p]).textAlign == nil)
    }

    // MARK: - The cascade

    @Test func specificityThenSourceOrderDecide() {
        let note = Self.element("p", id: "x", "note")
        #expect(Self.style(".note { text-align: right } p { text-align: center }", [note]).textAlign == .right)
        #expect(Self.style("#x { text-align: left } p.note { text-align: center }", [note]).textAlign == .left)
        #expect(Self.style("p { text-align: right } p { text-align: center }", [note]).textAlign == .center)
        #expect(Self.style("p { text-align: right; text-align: center }", [note]).textAlign == .center)
        // A style attribute beats every selector, !important beats the attribute.
        #expect(Self.style("#x { text-align: left }", [note], attribute: "text-align: right").textAlign == .right)
        #expect(Self.style("p { text-align: left !important }", [note], attribute: "text-align: right").textAlign == .left)
        #expect(Self.style("p { text-align: left ! important } #x { text-align: right }", [note]).textAlign == .left)
    }

    @Test func anInvalidValueLeavesTheEarlierDeclarationStanding() {
        #expect(Self.style("p { text-align: center } p { text-align: sideways }", [p]).textAlign == .center)
        #expect(Self.style("p { text-indent: 2em; text-indent: 5% }", [p]).textIndent == 2)
        #expect(Self.style("p { orphans: 3; orphans: -1; widows: 0 }", [p]).orphans == 3)
        #expect(Self.style("p { color: red; text-align: right }", [p]).textAlign == .right)
    }

    @Test func inheritedAndNotInheritedProperties() {
        let css = "div { text-align: center; font-style: italic; orphans: 3; display: none; page-break-before: always; margin-top: 2em }"
        let style = Self.style(css, [Self.element("div"), p])
        #expect(style.textAlign == .center)
        #expect(style.isItalic == nil)
        #expect(style.orphans == 3)
        #expect(!style.isHidden)
        #expect(style.breakBefore == .auto)
        #expect(style.marginTop == nil)
    }

    // MARK: - Values

    @Test func breakPropertiesBothSpellings() {
        #expect(Self.style("p { page-break-before: always }", [p]).breakBefore == .page)
        #expect(Self.style("p { break-before: right }", [p]).breakBefore == .page)
        #expect(Self.style("p { break-before: column }", [p]).breakBefore == .auto)
        #expect(Self.style("p { page-break-after: avoid }", [p]).breakAfter == .avoid)
        #expect(Self.style("p { break-after: avoid-page }", [p]).breakAfter == .avoid)
        #expect(Self.style("p { page-break-inside: avoid }", [p]).avoidsBreakInside)
        #expect(!Self.style("p { break-inside: avoid; break-inside: auto }", [p]).avoidsBreakInside)
    }

    @Test func fontSizesAreRelativeToTheBody() {
        let div = Self.element("div")
        #expect(Self.style("div { font-size: 2em } p { font-size: 50% }", [div, p]).fontScale == 1)
        #expect(Self.style("p { font-size: 12pt }", [p]).fontScale == 1)
        #expect(Self.style("p { font-size: 24px }", [p]).fontScale == 1.5)
        #expect(Self.style("div { font-size: 2em } p { font-size: 1.5rem }", [div, p]).fontScale == 1.5)
        #expect(Self.style("p { font-size: x-large }", [p]).fontScale == 1.5)
        #expect(abs(Self.style("div { font-size: larger } p { font-size: smaller }", [div, p]).fontScale - 1) < 1e-9)
        #expect(Self.style("p { font-size: -1em }", [p]).fontSizeIsSet == false)
        // A heading's own size applies when the book sets none, relative to its parent's.
        #expect(Self.style("div { font-size: 0.5em }", [div, Self.element("h1")], defaultFontScale: 1.6).fontScale == 0.8)
        #expect(Self.style("", [Self.element("h1")], defaultFontScale: 1.6).fontSizeIsSet == false)
    }

    @Test func lengthsAreInBodyEms() {
        #expect(Self.style("p { font-size: 2em; text-indent: 1.5em }", [p]).textIndent == 3)
        #expect(Self.style("p { text-indent: 32px }", [p]).textIndent == 2)
        #expect(Self.style("p { text-indent: -1em }", [p]).textIndent == -1)
        #expect(Self.style("p { text-indent: 0 }", [p]).textIndent == 0)
        #expect(Self.style("p { margin-top: 1ex }", [p]).marginTop == 0.5)
    }

    @Test func theMarginShorthandGivesItsVerticalParts() {
        let one = Self.style("p { margin: 2em }", [p])
        #expect(one.marginTop == 2 && one.marginBottom == 2)
        let two = Self.style("p { margin: 1em auto }", [p])
        #expect(two.marginTop == 1 && two.marginBottom == 1)
        let three = Self.style("p { margin: 0 1em 3em }", [p])
        #expect(three.marginTop == 0 && three.marginBottom == 3)
        let four = Self.style("p { margin: 1em 0 2em 0; margin-bottom: 0 }", [p])
        #expect(four.marginTop == 1 && four.marginBottom == 0)
        #expect(Self.style("p { margin: 1em 2em 3em 4em 5em }", [p]).marginTop == nil)
    }

    @Test func theFontShorthandSetsStyleWeightAndSizeAndResetsWhatItLeavesOut() {
        let reset = Self.style("p { font-weight: bold; font-style: italic } p { font: small-caps 105% sans-serif }", [p])
        #expect(reset.isBold == false && reset.isItalic == false && reset.fontScale == 1.05)
        let set = Self.style("p { font: italic bold 2em/1.5 \"Times New Roman\", serif }", [p])
        #expect(set.isBold == true && set.isItalic == true && set.fontScale == 2)
        // A system font, or no size, is not read: the earlier declarations stand.
        #expect(Self.style("p { font-weight: bold; font: caption }", [p]).isBold == true)
        #expect(Self.style("p { font-weight: bold; font: italic serif }", [p]).isBold == true)
    }

    @Test func fontStyleWeightAndWhiteSpace() {
        #expect(Self.style("p { font-style: oblique }", [p]).isItalic == true)
        #expect(Self.style("p { font-style: normal }", [p]).isItalic == false)
        #expect(Self.style("p { font-weight: 700 }", [p]).isBold == true)
        #expect(Self.style("p { font-weight: 400 }", [p]).isBold == false)
        #expect(Self.style("p { font-weight: bolder }", [p]).isBold == true)
        #expect(Self.style("p { white-space: pre-wrap }", [p]).preservesWhitespace)
        #expect(!Self.style("p { white-space: pre-line }", [p]).preservesWhitespace)
        #expect(Self.style("p { white-space: pre-line }", [p]).keepsLineBreaks)
        #expect(Self.style("p { white-space: pre-wrap }", [p]).keepsLineBreaks)
        #expect(!Self.style("p { white-space: nowrap }", [p]).keepsLineBreaks)
        #expect(!Self.style("p { white-space: nowrap }", [p]).preservesWhitespace)
    }

    // MARK: - At-rules and comments

    @Test func mediaBlocksForScreenOrPrintAreReadOthersSkipped() {
        #expect(Self.style("@media screen, print { p { text-align: center } }", [p]).textAlign == .center)
        #expect(Self.style("@media only screen { p { text-align: center } }", [p]).textAlign == .center)
        #expect(Self.style("@media all { p { text-align: center } } p { font-style: italic }", [p]).isItalic == true)
        #expect(Self.style("@media amzn-kf8 { p { display: none } }", [p]).isHidden == false)
        #expect(Self.style("@media screen and (max-width: 600px) { p { display: none } }", [p]).isHidden == false)
        #expect(Self.style("@media not print { p { display: none } } p { text-align: right }", [p]).textAlign == .right)
        #expect(Self.style("@media print { @media screen { p { display: none } } p { text-align: right } }", [p]).textAlign == .right)
    }

    @Test func otherAtRulesAndCommentsAreSkipped() {
        let css = """
            @charset "utf-8"; @import url("other.css");
            @font-face { font-family: "X"; src: url(x.ttf) }
            @page { margin: 5em }
            /* p { display: none } */
            p /* a comment */ { text-align: /* here too */ center; content: "}" ; text-indent: 1em }
            """
        let style = Self.style(css, [p])
        #expect(!style.isHidden)
        #expect(style.textAlign == .center)
        #expect(style.textIndent == 1)
        #expect(style.marginTop == nil)
    }
}
