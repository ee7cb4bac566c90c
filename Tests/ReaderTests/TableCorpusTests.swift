import BookModel
import EPUBReader
import Testing

/// The tables of real books read into consistent grids: every group has rows, the header
/// group comes first and the footer group last, spans are within HTML's bounds, and each
/// cell's text (what the layout shows today) is its blocks' text.
struct TableCorpusTests {
    @Test(.needsSharedCorpus) func tablesOfTheCorpusAreConsistent() throws {
        var counts: [String: Int] = [:]
        for name in TestFiles.corpusBooks {
            let book = try EPUBReader.read(contentsOf: try #require(TestFiles.corpusBook(name))).book
            for chapter in book.chapters {
                for table in tables(in: chapter.blocks) {
                    counts[name, default: 0] += 1
                    check(table, in: name)
                }
            }
        }
        #expect(counts["jlreq-in-english.epub"] == 263)
        #expect(counts["epub30-spec.epub"] == 35)
    }

    private func check(_ table: Table, in name: String) {
        #expect(!table.groups.isEmpty, "\(name): a table without rows")
        #expect(table.groups.allSatisfy { !$0.rows.isEmpty }, "\(name): an empty row group")
        #expect(table.groups.map(\.sourceIndex).sorted() == Array(table.groups.indices), "\(name): source order")
        if let header = table.groups.firstIndex(where: { $0.kind == .header }) {
            #expect(header == 0, "\(name): the header group is not first")
        }
        if let footer = table.groups.firstIndex(where: { $0.kind == .footer }) {
            #expect(footer == table.groups.count - 1 || table.groups[footer...].dropFirst().allSatisfy { $0.kind == .footer },
                    "\(name): a body after the footer group")
        }
        #expect(table.columns.count <= TableCell.columnSpanRange.upperBound)
        for row in table.rows {
            #expect(!row.cells.isEmpty, "\(name): a row without cells")
            for cell in row.cells {
                #expect(TableCell.columnSpanRange.contains(cell.columnSpan))
                #expect(TableCell.rowSpanRange.contains(cell.rowSpan))
                // A cell of paragraphs reads as their lines; other blocks have texts of their own.
                let lines = cell.blocks.compactMap { block -> String? in
                    if case .paragraph(let runs) = block.kind { return runs.plainText }
                    return nil
                }
                if lines.count == cell.blocks.count {
                    #expect(TableText.runs(of: cell).plainText == lines.joined(separator: "\n"), "\(name): a cell's text")
                }
            }
        }
    }

    /// Every table, nested ones included, in document order.
    private func tables(in blocks: [Block]) -> [Table] {
        var found: [Table] = []
        var pending = Array(blocks.reversed())
        while let block = pending.popLast() {
            switch block.kind {
            case .quote(let inner), .division(let inner): pending += inner.reversed()
            case .list(let list): pending += list.items.flatMap { $0 }.reversed()
            case .table(let table):
                found.append(table)
                pending += table.rows.flatMap { $0.cells.flatMap(\.blocks) }.reversed()
            default: break
            }
        }
        return found
    }
}
