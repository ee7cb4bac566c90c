import Book2PagesKit
import Fonts
import Foundation
import HTMLPreview
import Layout
import PageFormat

/// A table page made by hand, as the table layout will make them: a short book converted as
/// usual, its one content page replaced by a 3 × 3 table under a line of text — a header row
/// on a background, a cell of two lines, a cell spanning two columns, a rule on every edge of
/// the grid — each cell's lines measured in the layout's own faces and placed inside the cell,
/// so that they really fit it. Made afresh for each test (decoded pages kept in a `static` are
/// more than LeakSanitizer can follow).
struct TablePageSample {
    var document: PageDocument
    /// The font files the document's faces name, for the preview.
    var fonts: [String: Data]

    static let padding = 6.0
    static let ruleWidth = 1.0
    static let ruleColor = PageColor(red: 0x33, green: 0x33, blue: 0x33)
    static let headerColor = PageColor(red: 0xE8, green: 0xE2, blue: 0xD6)
    /// Each cell's lines, row by row; the row of two cells starts with one spanning two columns.
    static let rows: [[[String]]] = [
        [["Instrument"], ["Maker"], ["Year"]],
        [["Sextant"], ["Jesse", "Ramsden"], ["1770"]],
        [["Marine chronometer, H4"], ["1759"]],
    ]

    /// The index in `document.pages` of the table page.
    static let tablePage = PageDocument.firstContentIndex

    init() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let book = Array("# Instruments\n\nThe keeper's instruments, by maker and year.\n".utf8)
        let conversion = try Converter.convert(.standardInput(book, folder: folder), options: ConversionOptions())
        document = conversion.document
        fonts = conversion.fontFiles.compactMapValues { try? Data(contentsOf: URL(fileURLWithPath: $0)) }
        let layout = document.layout
        let faces = try FontSet(font: layout.font.requested)
        let size = layout.font.size, lineHeight = layout.font.lineHeight
        let box = layout.contentBox

        func line(_ text: String, x: Double, y: Double, bold: Bool, cell: CellPlace?) -> PageLine {
            let width = PointPrecision.rounded((bold ? faces.bold : faces.regular).advance(of: text, size: size))
            return PageLine(text: text, x: PointPrecision.rounded(x), y: PointPrecision.rounded(y), width: width,
                            runs: bold ? [PageRun(start: 0, length: text.utf16.count, face: 2, size: size)] : nil,
                            role: cell == nil ? .body : .table, cell: cell)
        }
        var lines = [line("The keeper's instruments, by maker and year.", x: box.x, y: box.y, bold: false, cell: nil)]
        var cells: [PageCell] = []
        var rules: [PageBox] = []
        let columnWidth = box.width / 3
        var top = box.y + 2 * lineHeight
        let tableTop = top
        for (row, cellLines) in Self.rows.enumerated() {
            let height = Double(cellLines.map(\.count).max() ?? 1) * lineHeight + 2 * Self.padding
            var column = 0
            for texts in cellLines {
                let span = column == 0 ? 4 - cellLines.count : 1
                let cell = PageCell(table: 0, row: row, column: column, columnSpan: span,
                                    x: PointPrecision.rounded(box.x + Double(column) * columnWidth), y: PointPrecision.rounded(top),
                                    width: PointPrecision.rounded(Double(span) * columnWidth), height: PointPrecision.rounded(height),
                                    header: row == 0)
                for (n, text) in texts.enumerated() {
                    let set = line(text, x: cell.x + Self.padding, y: cell.y + Self.padding + Double(n) * lineHeight,
                                       bold: row == 0, cell: cell.place)
                    guard set.width + 2 * Self.padding <= cell.width else { throw SampleError.doesNotFit(text) }
                    lines.append(set)
                }
                cells.append(cell)
                // The rule on the cell's left edge, centred on it, and on the right edge of the last.
                rules.append(PageBox(kind: .rule, x: PointPrecision.rounded(cell.x - Self.ruleWidth / 2), y: cell.y,
                                     width: Self.ruleWidth, height: cell.height, color: Self.ruleColor))
                column += span
            }
            rules.append(PageBox(kind: .rule, x: PointPrecision.rounded(box.x + box.width - Self.ruleWidth / 2),
                                 y: PointPrecision.rounded(top), width: Self.ruleWidth,
                                 height: PointPrecision.rounded(height), color: Self.ruleColor))
            // The rule along the row's top.
            rules.append(PageBox(kind: .rule, x: PointPrecision.rounded(box.x - Self.ruleWidth / 2),
                                 y: PointPrecision.rounded(top - Self.ruleWidth / 2), width: box.width + Self.ruleWidth,
                                 height: Self.ruleWidth, color: Self.ruleColor))
            top += height
        }
        rules.append(PageBox(kind: .rule, x: PointPrecision.rounded(box.x - Self.ruleWidth / 2),
                             y: PointPrecision.rounded(top - Self.ruleWidth / 2), width: box.width + Self.ruleWidth,
                             height: Self.ruleWidth, color: Self.ruleColor))
        // The header row's background, under the rules.
        let background = PageBox(kind: .background, x: PointPrecision.rounded(box.x), y: PointPrecision.rounded(tableTop),
                                 width: box.width, height: cells[0].height, color: Self.headerColor)

        let page = ChapterPage(text: lines.map(\.text).joined(separator: "\n"), folio: 1, chapter: 0, indexInChapter: 0,
                               lines: lines, boxes: [background] + rules, cells: cells)
        guard case .content = document.pages[Self.tablePage].kind else { throw SampleError.noContentPage }
        document.pages[Self.tablePage] = Page(.content(page))
    }

    enum SampleError: Error {
        case doesNotFit(String)
        case noContentPage
    }

    /// The preview of the document, its fonts embedded.
    func html() -> Data {
        Data(HTMLPreview.html(for: document, assets: PreviewAssets(fonts: fonts)).utf8)
    }
}
