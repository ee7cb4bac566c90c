import BookModel
import Testing
@testable import XHTMLReader

/// How HTML and CSS number a list: `ol type`, `start`, `reversed`, `li value` and
/// `list-style-type`, with CSS's order between them.
struct ListReadingTests {
    func lists(css: String = "", _ body: String) -> [List] {
        let content = readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><style>\(css)</style></head>
            <body>\(body)</body></html>
            """)
        return content.blocks.compactMap { block in
            if case .list(let list) = block.kind { return list }
            return nil
        }
    }

    @Test func htmlAttributesNumberTheItems() {
        let found = lists("""
            <ol type="a" start="3"><li>c</li><li>d</li></ol>
            <ol reversed=""><li>3</li><li>2</li><li>1</li></ol>
            <ol reversed="" start="10"><li>10</li><li value="4">4</li><li>3</li></ol>
            <ol><li>1</li><li value="7">7</li><li>8</li></ol>
            <ol type="I"><li>I</li></ol><ul type="square"><li>x</li></ul><ol start="x"><li>1</li></ol>
            """)
        #expect(found.count == 7)
        #expect(found[0].marker(ofItem: 0) == .lowerAlpha)
        #expect((0..<2).map(found[0].number(ofItem:)) == [3, 4])
        #expect((0..<3).map(found[1].number(ofItem:)) == [3, 2, 1])
        #expect((0..<3).map(found[2].number(ofItem:)) == [10, 4, 3])
        #expect((0..<3).map(found[3].number(ofItem:)) == [1, 7, 8])
        #expect(found[4].marker(ofItem: 0) == .upperRoman)
        #expect(found[5].marker(ofItem: 0) == .square)
        #expect(found[6].markers.isEmpty && found[6].number(ofItem: 0) == 1)
    }

    @Test func cssListStyleTypeAndItsOrderWithTheAttribute() {
        let found = lists(css: """
            ul.sq { list-style-type: square } ol.roman { list-style: upper-roman inside }
            ol.plain { list-style-type: none } div.greek { list-style-type: lower-greek }
            ol.css { list-style-type: decimal } ul.dash { list-style-type: "– " }
            ol.bad { list-style-type: decimal; list-style-type: symbols(cyclic "*") }
            """, """
            <ul class="sq"><li>a</li></ul><ol class="roman"><li>a</li></ol><ol class="plain"><li>a</li></ol>
            <div class="greek"><ol><li>a</li></ol><ol type="A"><li>a</li></ol></div>
            <ol class="css" type="i"><li>a</li></ol><ul class="dash"><li>a</li></ul><ol class="bad"><li>a</li></ol>
            """)
        #expect(found.map { $0.marker(ofItem: 0) } == [.square, .upperRoman, ListMarker.none,
                                                       // What a `div` sets does not reach through a list (browsers'
                                                       // own stylesheet sets `decimal` on every `ol`); the attribute
                                                       // does, and a rule for the element beats the attribute.
                                                       nil, .upperAlpha, .decimal, .text("– "), .decimal])
    }

    @Test func itemsTakeTheirOwnMarkerElseTheirLists() {
        // As the internallinks sample book writes it: the markers are set on the items, a
        // nested list's by a selector through the outer item.
        let found = lists(css: """
            li { list-style: none outside } ul > li { list-style-type: disc } li ul > li { list-style-type: circle }
            ol > li { list-style-type: decimal } li.roman { list-style-type: lower-roman }
            """, """
            <ul><li>one<ul><li>inner</li></ul></li></ul>
            <ol type="a"><li>1</li><li class="roman">ii</li></ol>
            <ol type="A"><li type="i">i</li><li>B</li></ol>
            """)
        #expect(found.count == 3)
        #expect(found[0].marker(ofItem: 0) == .disc)
        guard case .list(let inner)? = found[0].items[0].last?.kind else {
            Issue.record("no nested list")
            return
        }
        #expect(inner.marker(ofItem: 0) == .circle)
        // `ol > li` sets decimal on every item, over the list's `type`.
        #expect(found[1].markers == [.decimal, .lowerRoman])
        #expect(found[2].markers == [.decimal, .decimal])
        let plain = lists("<ol type=\"A\"><li type=\"i\">i</li><li>B</li></ol><ul><li>x</li></ul>")
        #expect(plain[0].markers == [.lowerRoman, .upperAlpha])
        #expect(plain[1].markers.isEmpty)
    }
}
