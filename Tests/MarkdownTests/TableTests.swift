import BookModel
import Testing

/// GitHub tables: a header group, each column's alignment on its cells, GitHub's rules.
struct TableTests {
    @Test func alignmentsHeaderAndRules() throws {
        let found = try readMarkdown("| L | C | R | N |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n").book.allBlocks
        guard case .table(let table) = try #require(found.first).kind else { Issue.record("no table"); return }
        #expect(table.groups.map(\.kind) == [.header, .body])
        #expect(table.rows.map { $0.cells.map(\.textAlign) } == [[.left, .center, .right, .center], [.left, .center, .right, nil]])
        #expect(table.rows[0].cells.allSatisfy { $0.isHeader })
        #expect(table.bordersCollapse)
        #expect(table.rows.allSatisfy { $0.cells.allSatisfy { $0.borders.left.isVisible && $0.borders.top.width == 0.75 } })
        #expect(table.rows[1].cells.map { TableText.runs(of: $0).plainText } == ["1", "2", "3", "4"])
    }

    @Test func anEmptyCellHasNoBlocks() throws {
        let found = try readMarkdown("| a | b |\n|---|---|\n|   | x |\n").book.allBlocks
        guard case .table(let table) = try #require(found.first).kind else { Issue.record("no table"); return }
        #expect(table.rows[1].cells[0].blocks.isEmpty)
    }
}
