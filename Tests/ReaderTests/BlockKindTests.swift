import BookModel
import Testing
import XHTMLReader

/// Every block-level element the reader knows becomes the right kind of block.
struct BlockKindTests {
    @Test func headingsOneToSix() {
        let content = readBody((1...6).map { "<h\($0)>Level \($0)</h\($0)>" }.joined())
        #expect(content.blocks.map(\.kind) == (1...6).map { .heading(level: $0, [Inline("Level \($0)")]) })
    }

    @Test func paragraphsAndLooseTextInContainers() {
        let content = readBody("<p>One</p><div>Loose <em>text</em><p>Two</p>after</div><section>Three</section>")
        #expect(content.blocks.map(\.kind) == [
            .paragraph([Inline("One")]),
            .paragraph([Inline("Loose "), Inline("text", style: .italic)]),
            .paragraph([Inline("Two")]),
            .paragraph([Inline("after")]),
            .paragraph([Inline("Three")]),
        ])
    }

    @Test func orderedListWithStartAndNestedUnorderedList() throws {
        let content = readBody("""
            <ol start="3"><li>three</li><li>four<ul><li>a</li><li><p>b</p><p>b2</p></li></ul></li></ol>
            """)
        let expected = List(isOrdered: true, start: 3, items: [
            [Block(.paragraph([Inline("three")]))],
            [Block(.paragraph([Inline("four")])),
             Block(.list(List(isOrdered: false, items: [
                 [Block(.paragraph([Inline("a")]))],
                 [Block(.paragraph([Inline("b")])), Block(.paragraph([Inline("b2")]))],
             ])))],
        ])
        #expect(content.blocks.map(\.kind) == [.list(expected)])
    }

    @Test func listWithoutStartStartsAtOne() {
        #expect(readBody("<ol><li>x</li></ol>").blocks.map(\.kind)
            == [.list(List(isOrdered: true, start: 1, items: [[Block(.paragraph([Inline("x")]))]]))])
    }

    @Test func blockquoteHoldsBlocks() {
        #expect(readBody("<blockquote><p>a</p>b</blockquote>").blocks.map(\.kind)
            == [.quote([Block(.paragraph([Inline("a")])), Block(.paragraph([Inline("b")]))])])
    }

    @Test func preformattedKeepsSpacesAndNewlines() {
        let content = readBody("<pre>\nline  one\n\tindented\n  <b>bold</b>   end\n</pre>")
        #expect(content.blocks.map(\.kind) == [.preformatted([
            Inline("line  one\n\tindented\n  "), Inline("bold", style: .bold), Inline("   end"),
        ])])
    }

    @Test func ruleBetweenParagraphs() {
        #expect(readBody("<p>a</p><hr/><p>b</p>").blocks.map(\.kind)
            == [.paragraph([Inline("a")]), .rule, .paragraph([Inline("b")])])
    }

    @Test func tableRowsAndHeaderCells() {
        let content = readBody("""
            <table><caption>Prices</caption>
            <thead><tr><td>Item</td><th>Cost</th></tr></thead>
            <tbody><tr><th>Tea</th><td>2 <i>pence</i></td></tr><tr><td></td><td>3</td></tr></tbody>
            <tfoot><tr><td>Total</td><td>5</td></tr></tfoot></table>
            """)
        #expect(content.blocks.count == 1)
        guard case .table(let table) = content.blocks.first?.kind else { Issue.record("no table"); return }
        #expect(table.caption?.blocks.map(\.kind) == [.paragraph([Inline("Prices")])])
        #expect(table.groups.map(\.kind) == [.header, .body, .footer])
        #expect(table.rows.map { $0.cells.map(\.isHeader) } == [[true, true], [true, false], [false, false], [false, false]])
        #expect(table.rows[1].cells[1].blocks.map(\.kind) == [.paragraph([Inline("2 "), Inline("pence", style: .italic)])])
        #expect(table.rows[2].cells[0].blocks.isEmpty)
        #expect(content.blocks[0].text == "Item | Cost\nTea | 2 pence\n | 3\nTotal | 5")
    }

    @Test func nestedTableIsABlockOfItsCell() {
        let content = readBody("""
            <table><tr><td>outer</td><td><p>para</p><table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table></td></tr></table>
            """)
        guard case .table(let table) = content.blocks.first?.kind else { Issue.record("no table"); return }
        let inner = table.rows[0].cells[1].blocks
        #expect(inner.count == 2)
        guard case .table(let nested) = inner.last?.kind else { Issue.record("no nested table"); return }
        #expect(nested.rows.map(\.cells.count) == [2, 1])
        #expect(TableText.runs(of: table.rows[0].cells[1]) == [Inline("para\na b\nc")])
    }

    @Test func imagesResolveAgainstTheDocumentAndKeepAlt() {
        let content = readBody("""
            <p>Before<img src="../images/fig%201.png" alt="  A  figure "/>after</p>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
              <title>not text</title><image xlink:href="../images/cover.jpg"/></svg>
            """, source: "OEBPS/text/ch1.xhtml")
        #expect(content.blocks.map(\.kind) == [
            .paragraph([Inline("Before")]),
            .image(Image(source: ImageReference(path: "OEBPS/images/fig 1.png", mediaType: "image/png"), alt: "A figure")),
            .paragraph([Inline("after")]),
            .image(Image(source: ImageReference(path: "OEBPS/images/cover.jpg", mediaType: "image/jpeg"), alt: "")),
        ])
    }

    @Test func imagesOutsideTheBookAreLeftOutWithAWarning() {
        let content = readBody(#"<img src="../../../etc/passwd"/><img src="http://example.com/a.png"/><img alt="x"/>"#,
                               source: "OEBPS/ch1.xhtml")
        #expect(content.blocks.isEmpty)
        #expect(content.warnings.count == 3)
        #expect(content.warnings.allSatisfy { $0.entry == "OEBPS/ch1.xhtml" && $0.line == 4 })
    }

    @Test func definitionListTermsAreBoldAndDefinitionsIndented() {
        #expect(readBody("<dl><dt>Term</dt><dd>Meaning</dd></dl>").blocks.map(\.kind) == [
            .paragraph([Inline("Term", style: .bold)]),
            .quote([Block(.paragraph([Inline("Meaning")]))]),
        ])
    }

    @Test func blockInsideAParagraphSplitsIt() {
        #expect(readBody("<p>one<ul><li>item</li></ul>two</p>").blocks.map(\.kind) == [
            .paragraph([Inline("one")]),
            .list(List(isOrdered: false, items: [[Block(.paragraph([Inline("item")]))]])),
            .paragraph([Inline("two")]),
        ])
    }
}
