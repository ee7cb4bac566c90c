import BookModel
import Fonts
import Hyphenation
@testable import Layout
import PageFormat
import Testing

/// The table setter on tables made by hand: cells set inside their boxes, rows as tall as their
/// tallest cell, bands of rows kept whole unless taller than a page, the header kept for
/// repeating, borders shared when they collapse, a table too wide set smaller.
@Suite struct TableSetterTests {
    private static let lineHeight = 16.0

    private static func setter(width: Double = 400, height: Double = 600) throws -> TableSetter {
        let fonts = try FontSet(font: LayoutOptions.defaultFont)
        let segmenter = ParagraphSegmenter(fonts: fonts, measurer: TextMeasurer(language: "en"),
                                           finder: BreakOpportunityFinder(locale: "en"))
        let paragraphs = ParagraphSetter(segmenter: segmenter, lineBreaker: TotalFitLineBreaker(),
                                         hyphenator: WordHyphenator(dictionaries: HyphenationDictionaries()),
                                         contentWidth: width, bodySize: 12, bookLanguage: "en")
        return TableSetter(setter: paragraphs, gapHeight: lineHeight, contentSize: Dimensions(width: width, height: height))
    }

    private static func cell(_ text: String, columns: Int = 1, rows: Int = 1, header: Bool = false,
                             border: Double = 0) -> FlatTable.Cell {
        var paragraph = StyledParagraph(lineHeight: lineHeight)
        paragraph.append(text, face: (header ? FaceRole.bold : FaceRole.regular).rawValue, size: 12)
        var cell = FlatTable.Cell(paragraphs: [paragraph], span: TableGrid.Span(columns: columns, rows: rows),
                                  padding: FlatTable.Edges(all: 2.0), isHeader: header)
        cell.borders = FlatTable.Edges(all: FlatTable.Border(width: border))
        return cell
    }

    private static func table(_ rows: [[FlatTable.Cell]], headerRows: Int = 0) -> FlatTable {
        FlatTable(index: 0, rows: rows.map { FlatTable.Row(cells: $0) }, groupEnds: [rows.count], headerRows: headerRows,
                  spacing: (2, 2))
    }

    private static func allLines(_ set: SetTable) -> [SetLine] { set.slices.flatMap(\.lines) }

    @Test func everyLineLiesInItsCell() throws {
        let setter = try Self.setter()
        let long = "A cell with enough words in it to need several lines at the width its column gets in the table."
        let (set, scale) = setter.set(Self.table([[Self.cell("Name", header: true), Self.cell("Notes", header: true)],
                                                  [Self.cell("First"), Self.cell(long)],
                                                  [Self.cell("Second, longer"), Self.cell("Short.")]], headerRows: 1))
        #expect(scale == 1)
        #expect(set.slices.count == 3, "one band a row")
        for slice in set.slices {
            for line in slice.lines {
                let place = try #require(line.cell)
                let cell = try #require(slice.cells.first { $0.row == place.row && $0.column == place.column })
                #expect(line.x >= cell.x && line.x + line.width <= cell.x + cell.width + 1e-9, "\(line.text)")
                #expect(line.y >= cell.y && line.y + line.height <= cell.y + cell.height + 1e-9, "\(line.text)")
                #expect(line.role == .table)
            }
            // Every cell of a row is as tall as the row.
            #expect(Set(slice.cells.map(\.height)).count == 1)
        }
        #expect(Self.allLines(set).filter { $0.cell?.column == 1 && $0.cell?.row == 1 }.count > 1, "the long cell wraps")
        #expect(set.headerSlices == 1)
        #expect(set.header?.lines.allSatisfy { $0.cell?.repeated == true && $0.source == nil } == true)
        #expect(set.slices.map(\.breakable) == [false, false, true], "no break between the header and the first row")
    }

    @Test func aCellOverRowsKeepsThemTogether() throws {
        let setter = try Self.setter()
        let (set, _) = setter.set(Self.table([[Self.cell("spans three rows", rows: 3), Self.cell("a")],
                                              [Self.cell("b")], [Self.cell("c")], [Self.cell("d"), Self.cell("e")]]))
        #expect(set.slices.count == 2)
        #expect(set.slices[0].cells.count == 4)
        let spanning = try #require(set.slices[0].cells.first { $0.rowSpan == 3 })
        let rows = set.slices[0].cells.filter { $0.column == 1 }
        #expect(abs(spanning.height - (rows.map(\.height).reduce(0, +) + 2 * 2)) < 1e-9, "as tall as its rows and the spacing")
    }

    @Test func aBandTallerThanThePageIsCutBetweenLines() throws {
        let setter = try Self.setter(width: 300, height: 200)
        let words = Array(repeating: "many words in one cell", count: 40).joined(separator: " ")
        let (set, _) = setter.set(Self.table([[Self.cell("short"), Self.cell(words)], [Self.cell("after"), Self.cell("row")]]))
        #expect(set.slices.count > 2, "the first row is cut")
        // Its slices: the first may follow a break, the others only where the page is full.
        let firstRow = set.slices.dropLast()
        #expect(firstRow.dropFirst().allSatisfy { !$0.breakable })
        #expect(set.slices.last?.breakable == true)
        for slice in set.slices {
            for line in slice.lines { #expect(line.y >= -1e-9 && line.y + line.height <= slice.height + 1e-9) }
        }
    }

    @Test func collapsedBordersAreSharedAndTheWiderWins() throws {
        let setter = try Self.setter()
        var table = Self.table([[Self.cell("a", border: 1), Self.cell("b", border: 3)]])
        table.collapsesBorders = true
        let (set, _) = setter.set(table)
        let rules = set.slices[0].boxes.filter { $0.kind == .rule }
        // Between a and b: the wider, 3, drawn once, centred on the edge.
        let a = try #require(set.slices[0].cells.first { $0.column == 0 })
        let between = rules.filter { $0.height > $0.width && $0.x > a.x + 1 && $0.x < a.x + a.width }
        #expect(between.count == 1)
        #expect(between.first.map { abs($0.x - (a.x + a.width - 1.5)) < 1e-9 && $0.width == 3 } == true)
        #expect(a.x == 0, "no spacing when borders collapse")
        // b's content starts half of that inside it.
        let b = try #require(set.slices[0].cells.first { $0.column == 1 })
        let bLine = try #require(set.slices[0].lines.first { $0.cell?.column == 1 })
        #expect(abs(bLine.x - (b.x + 1.5 + 2)) < 1e-9)
    }

    @Test func aTableTooWideIsSetSmaller() throws {
        let setter = try Self.setter(width: 200)
        let row = (0..<6).map { Self.cell("Unbreakable\($0)word") }
        let (set, scale) = setter.set(Self.table([row]))
        #expect(scale < 1 && scale >= TableSetter.smallestScale)
        for cell in set.slices[0].cells { #expect(cell.x + cell.width <= 200 + 1e-9) }
        for line in Self.allLines(set) { #expect(line.x + line.width <= 200 + 1e-9) }
    }
}
