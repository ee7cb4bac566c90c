import Book2PagesKit
import Fonts
import Foundation
import PageFormat
import Testing

/// An independent check of table pages, from the output alone, as `LineFitTests` checks lines:
/// every line of a cell is shaped again in the faces and sizes the output names and must lie
/// inside its cell's box, every cell box inside the content box; a row goes on to the next
/// page only when it could not fit one; and a table that goes on to another page shows its
/// header rows again at that page's top.
struct TableFitTests {
    static let tolerance = LineFitTests.tolerance

    /// The corpus books with tables the issue names.
    static var corpusBooks: [String] {
        ["georgia-cfi.epub", "epub30-spec.epub", "jlreq-in-english.epub"].compactMap { name in
            TestPaths.corpus.map { $0.appendingPathComponent(name).path }
        }
    }

    @Test func theHandMadeTablesFit() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try TableSampleBook.write(in: directory)
        let report = try Self.check(book.path)
        // The plain table, the spans (and the table inside), the long one, the wide one, the outer one.
        #expect(report.tables >= 6)
        #expect(report.continuedPages >= 5, "the 300-row table goes on over several pages")
        #expect(report.rowsCutAcrossPages == 0)
    }

    @Test(.needsSharedCorpus, arguments: corpusBooks)
    func corpusTablesFit(book: String) throws {
        let report = try Self.check(book)
        #expect(report.cells > 0, "\(book) has tables")
    }

    /// What a check saw.
    struct Report {
        var tables = 0
        var cells = 0
        var continuedPages = 0
        var rowsCutAcrossPages = 0
    }

    static func check(_ book: String) throws -> Report {
        let document = try Converter.convert(path: book, options: ConversionOptions()).document
        let layout = document.layout
        let faces = try OutputFaces.load(layout, book: book)
        let standIns = try LineFitTests.standInFaces(of: layout)
        let box = layout.contentBox
        let measurer = TextMeasurer(language: document.metadata.language)
        var report = Report()
        var tables = Set<[Int]>()
        // Where each table's body rows were last seen, and the pages each row's cells are on.
        var rowPages: [[Int]: Set<Int>] = [:]
        var rowHeights: [[Int]: Double] = [:]
        var headerRows: [[Int]: Set<Int>] = [:]
        var lastPageOfTable: [[Int]: Int] = [:]
        let name = (book as NSString).lastPathComponent
        for (index, page) in document.pages.enumerated() {
            guard let shown = page.shown else { continue }
            let chapter = shown.chapter
            for cell in shown.cells {
                let table = [chapter, cell.table]
                tables.insert(table)
                report.cells += 1
                #expect(cell.x >= box.x - tolerance && cell.x + cell.width <= box.x + box.width + tolerance
                        && cell.y >= box.y - tolerance && cell.y + cell.height <= box.y + box.height + tolerance,
                        "\(name) page \(index): cell \(cell.row),\(cell.column) of table \(cell.table) leaves the content box")
                if cell.header, !cell.repeated { headerRows[table, default: []].insert(cell.row) }
                if !cell.repeated, cell.rowSpan == 1 {
                    let row = table + [cell.row, cell.column]
                    rowPages[row, default: []].insert(index)
                    rowHeights[row, default: 0] += cell.height
                }
            }
            for line in shown.lines {
                guard let place = line.cell else { continue }
                let cells = shown.cells.filter { $0.table == place.table && $0.row == place.row && $0.column == place.column
                    && $0.repeated == place.repeated }
                let cell = try #require(cells.first, "\(name) page \(index): \(line.text) names a cell the page lacks")
                var natural = 0.0
                for run in layout.runs(of: line) {
                    let face = try run.standIn.map { try #require(standIns[$0]) } ?? faces[run.face]
                    for piece in LineFitTests.pieces(of: line, within: run) {
                        let utf16 = Array(line.text.utf16)
                        let text = String(decoding: utf16[piece.start..<piece.start + piece.length], as: UTF16.self)
                        natural += measurer.width(of: text, in: face, size: run.size,
                                                  rightToLeft: line.bidi.isEmpty ? nil : piece.rightToLeft, remembering: false)
                    }
                }
                let height = layout.height(of: line)
                #expect(line.x >= cell.x - tolerance && line.x + natural <= cell.x + cell.width + tolerance,
                        "\(name) page \(index): \(line.text) (\(natural) wide at \(line.x)) leaves its cell [\(cell.x), \(cell.x + cell.width)]")
                #expect(line.y >= cell.y - tolerance && line.y + height <= cell.y + cell.height + tolerance,
                        "\(name) page \(index): \(line.text) leaves its cell vertically")
            }
            // A table seen on the page before goes on here: its header, if it has one, is at the top.
            let here = Set(shown.cells.filter { !$0.repeated }.map { [chapter, $0.table] })
            for table in here where lastPageOfTable[table] == index - 1 {
                report.continuedPages += 1
                // A table that starts with header rows shows them again: a run of them from its
                // first row (its `thead`, or its leading rows of header cells).
                let marked = headerRows[table] ?? []
                if marked.contains(0) {
                    let repeated = Set(shown.cells.filter { $0.repeated && [chapter, $0.table] == table }.map(\.row))
                    let tallest = shown.cells.filter { [chapter, $0.table] == table }.map(\.height).max() ?? 0
                    let prefix = !repeated.isEmpty && repeated == Set(0..<repeated.count) && repeated.isSubset(of: marked)
                    // A header too tall to repeat (half the page) is not.
                    #expect(prefix || tallest > box.height / 2,
                            "\(name) page \(index): table \(table[1]) goes on without its header")
                }
            }
            for table in here { lastPageOfTable[table] = index }
        }
        // A row's tallest cell, over the pages it is on.
        var tallest: [[Int]: Double] = [:]
        for (cell, height) in rowHeights { tallest[Array(cell.prefix(3)), default: 0] = max(tallest[Array(cell.prefix(3)), default: 0], height) }
        for (row, pages) in rowPages where pages.count > 1 {
            // Only a row too tall for a page is cut (the layout cuts only a band of rows taller
            // than the page; half a page is this check's bound for one row of it).
            if tallest[Array(row.prefix(3)), default: 0] <= box.height / 2 {
                report.rowsCutAcrossPages += 1
                Issue.record("\(name): row \(row[2]) of table \(row[1]) is cut over pages \(pages.sorted())")
            }
        }
        report.tables = tables.count
        print("TableFitTests: \(name): \(report.tables) tables, \(report.cells) cells, \(report.continuedPages) continued pages")
        return report
    }
}
