import BookModel
import Testing
import XHTMLReader

/// What the reader keeps of a table for a grid: groups, caption, columns, spans, and what the
/// markup's attributes and the book's CSS say of sizes, spacing, borders and alignment.
struct TableModelTests {
    private func table(_ body: String, css: String = "") throws -> Table {
        let page = css.isEmpty ? body : "<style>\(css)</style>" + body
        let blocks = readBody(page).blocks
        let found = blocks.compactMap { block -> Table? in
            if case .table(let table) = block.kind { return table }
            return nil
        }
        return try #require(found.first)
    }

    private func text(_ cell: TableCell) -> String { TableText.runs(of: cell).plainText }

    @Test func groupsInRenderOrderWithTheFooterFirstInTheSource() throws {
        let found = try table("""
            <table><tfoot><tr><td>F</td></tr></tfoot><tbody><tr><td>B1</td></tr></tbody>
            <thead><tr><th>H</th></tr></thead><tbody><tr><td>B2</td></tr></tbody></table>
            """)
        #expect(found.groups.map(\.kind) == [.header, .body, .body, .footer])
        #expect(found.groups.map(\.sourceIndex) == [2, 1, 3, 0])
        #expect(found.rows.map { text($0.cells[0]) } == ["H", "B1", "B2", "F"])
        #expect(TableText.rowsInSourceOrder(of: found).map { text($0.cells[0]) } == ["F", "B1", "H", "B2"])
    }

    @Test func rowsOutsideGroupsMakeAnAnonymousBody() throws {
        let found = try table("<table><tr><td>a</td></tr><tr><td>b</td></tr><tbody><tr><td>c</td></tr></tbody><tr><td>d</td></tr></table>")
        #expect(found.groups.map(\.kind) == [.body, .body, .body])
        #expect(found.groups.map(\.rows.count) == [2, 1, 1])
    }

    @Test func captionAtTheBottom() throws {
        let found = try table("<table><caption>Cap</caption><tr><td>x</td></tr></table>", css: "table { caption-side: bottom }")
        #expect(found.caption?.side == .bottom)
        #expect(found.caption?.blocks.map(\.kind) == [.paragraph([Inline("Cap")])])
    }

    @Test func columnsFromColgroupAndColWithSpans() throws {
        let found = try table("""
            <table><colgroup span="2" width="50"></colgroup><colgroup><col width="20%"/><col span="2" style="width: 3em"/></colgroup>
            <col span="0"/><tr><td>x</td></tr></table>
            """)
        #expect(found.columns.map(\.width) == [.points(37.5), .points(37.5), .percent(20), .points(36), .points(36), nil])
    }

    @Test func spansAreClampedAsHTMLDoes() throws {
        let found = try table("""
            <table><tr><td colspan="3" rowspan="0">a</td><td colspan="0" rowspan="x">b</td><td colspan="2000" rowspan="70000">c</td>
            <td colspan=" 2abc">d</td></tr></table>
            """)
        let cells = found.rows[0].cells
        #expect(cells.map(\.columnSpan) == [3, 1, 1000, 2])
        #expect(cells.map(\.rowSpan) == [0, 1, 65534, 1])
    }

    @Test func cellpaddingCellspacingAndBorderAttributes() throws {
        let found = try table(#"<table border="2" cellpadding="4" cellspacing="0" width="80%"><tr><td>x</td></tr></table>"#)
        #expect(found.borders == TableBorders(all: TableBorder(width: 1.5, style: .solid)))
        #expect(found.borderSpacing == TableSpacing(horizontal: 0, vertical: 0))
        #expect(found.width == .percent(80))
        let cell = found.rows[0].cells[0]
        #expect(cell.padding == TableInsets(all: 3))
        #expect(cell.borders == TableBorders(all: TableBorder(width: 0.75, style: .solid)))
    }

    @Test func browserDefaultsWithoutAttributes() throws {
        let found = try table("<table><tr><th>h</th><td>x</td></tr></table>")
        #expect(found.borderSpacing == .htmlDefault)
        #expect(!found.bordersCollapse)
        #expect(found.layout == .auto)
        let cells = found.rows[0].cells
        #expect(cells.map(\.padding) == [.htmlDefault, .htmlDefault])
        #expect(cells.map(\.textAlign) == [.center, nil])
        #expect(cells.map(\.verticalAlign) == [.middle, .middle])
        #expect(cells.map { $0.borders.top.isVisible } == [false, false])
    }

    @Test func cssBordersPaddingAndCollapse() throws {
        let found = try table(#"<table class="t"><tr><td>x</td><td class="c">y</td></tr></table>"#, css: """
            table.t { border-collapse: collapse; border-spacing: 4px 8px; table-layout: fixed; width: 300px; border: 2px solid black }
            td { padding: 2px 4px; border: 1px dashed #ff0000 }
            td.c { padding-left: 1em; border-bottom-style: none; border-top-width: thick }
            """)
        #expect(found.bordersCollapse)
        #expect(found.borderSpacing == TableSpacing(horizontal: 3, vertical: 6))
        #expect(found.layout == .fixed)
        #expect(found.width == .points(225))
        #expect(found.borders.left == TableBorder(width: 1.5, style: .solid, color: BookColor(red: 0, green: 0, blue: 0)))
        let cells = found.rows[0].cells
        let red = BookColor(red: 255, green: 0, blue: 0)
        #expect(cells[0].padding == TableInsets(top: 1.5, right: 3, bottom: 1.5, left: 3))
        #expect(cells[0].borders == TableBorders(all: TableBorder(width: 0.75, style: .solid, color: red)))
        #expect(cells[1].padding.left == 12)
        #expect(cells[1].borders.bottom.style == .none)
        #expect(cells[1].borders.top.width == 3.75)
    }

    @Test func alignmentsBackgroundsHeightAndNoWrap() throws {
        let found = try table("""
            <table bgcolor="#eeeeee"><tr style="height: 20pt; background-color: rgb(1, 2, 3)">
            <td align="right" valign="top">a</td><td style="vertical-align: bottom; text-align: justify; background: url(x.png) #abc">b</td>
            <td nowrap="">c</td><td style="white-space: nowrap">d</td></tr></table>
            """)
        #expect(found.backgroundColor == BookColor(red: 0xee, green: 0xee, blue: 0xee))
        let row = found.rows[0]
        #expect(row.height == 20)
        #expect(row.backgroundColor == BookColor(red: 1, green: 2, blue: 3))
        #expect(row.cells.map(\.textAlign) == [.right, .justify, nil, nil])
        #expect(row.cells.map(\.verticalAlign) == [.top, .bottom, .middle, .middle])
        #expect(row.cells[1].backgroundColor == BookColor(red: 0xaa, green: 0xbb, blue: 0xcc))
        #expect(row.cells.map(\.noWrap) == [false, false, true, true])
    }

    @Test func displayTableOnDivsMakesATable() throws {
        let found = try table("""
            <div class="t"><div class="h"><div class="r"><span class="c">A</span><span class="c">B</span></div></div>
            <div class="r"><div class="c">1</div><div class="c">2</div></div></div>
            """, css: """
            .t { display: table } .h { display: table-header-group } .r { display: table-row } .c { display: table-cell }
            """)
        #expect(found.groups.map(\.kind) == [.header, .body])
        #expect(found.rows.map { $0.cells.map(text) } == [["A", "B"], ["1", "2"]])
        #expect(found.rows[0].cells.map(\.isHeader) == [true, true])
    }

    @Test func aCellHoldsParagraphsImagesAndNestedTables() throws {
        let found = try table("""
            <table><tr><td><p>one</p><p>two</p><img src="a.png" alt="pic"/></td><td>bare <b>text</b></td>
            <td><table><tr><td>in</td></tr></table></td></tr></table>
            """)
        let cells = found.rows[0].cells
        #expect(cells[0].blocks.count == 3)
        guard case .image(let image) = cells[0].blocks[2].kind else { Issue.record("no image"); return }
        #expect(image.alt == "pic")
        #expect(text(cells[0]) == "one\ntwo\npic")
        #expect(cells[1].blocks.map(\.kind) == [.paragraph([Inline("bare "), Inline("text", style: .bold)])])
        guard case .table(let nested) = cells[2].blocks.first?.kind else { Issue.record("no nested table"); return }
        #expect(text(nested.rows[0].cells[0]) == "in")
    }

    @Test func aHostileSpanStaysBounded() throws {
        let rows = String(repeating: #"<tr><td colspan="1000">x</td></tr>"#, count: 2000)
        let found = try table(#"<table><colgroup span="99999"/><col span="5000"/>"# + rows + "</table>")
        #expect(found.rows.count == 2000)
        #expect(found.columns.count == 1000)
        #expect(found.rows.allSatisfy { $0.cells.map(\.columnSpan) == [1000] })
    }
}
