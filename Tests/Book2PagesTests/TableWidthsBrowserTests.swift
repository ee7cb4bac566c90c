import Foundation
import HTMLPreview
@testable import Layout
import Testing

/// The table layout's column widths against Chromium's own table layout: random tables whose
/// cells hold unbreakable blocks of known widths with break opportunities between them (so a
/// cell's minimum is its widest block and its maximum their sum), with widths asked for in
/// points and percentages on cells, columns and tables, are set by both, and each column must
/// come out within half a point of the browser's.
@Suite(.serialized) struct TableWidthsBrowserTests {
    /// A table of the test: its cells' blocks, the widths asked for, the room and spacing.
    private struct Sample {
        var rows: [[SampleCell]]
        var columnWidths: [TableColumnWidths.Width]
        var tableWidth: TableColumnWidths.Width
        var spacing: Double
        var available: Double

        var columnCount: Int { rows.map { $0.reduce(0) { $0 + $1.span } }.max() ?? 0 }
    }

    private struct SampleCell {
        var blocks: [Int]
        var span = 1
        var width: TableColumnWidths.Width = .auto
    }

    /// A small seeded generator (SplitMix64), so a failure can be run again.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static func samples(count: Int, spans: Bool) -> [Sample] {
        var random = Generator(state: spans ? 22 : 17)
        return (0..<count).map { _ in
            let columns = Int.random(in: 1...5, using: &random)
            let rows = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                var cells: [SampleCell] = []
                var column = 0
                while column < columns {
                    let blocks = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 4...120, using: &random) }
                    var cell = SampleCell(blocks: blocks)
                    if spans, column + 1 < columns, Int.random(in: 0..<4, using: &random) == 0 { cell.span = 2 }
                    if cell.span == 1 {
                        switch Int.random(in: 0..<10, using: &random) {
                        case 0: cell.width = .points(Double(Int.random(in: 20...200, using: &random)))
                        case 1: cell.width = .fraction(Double(Int.random(in: 5...40, using: &random)) / 100)
                        default: break
                        }
                    }
                    cells.append(cell)
                    column += cell.span
                }
                return cells
            }
            let columnWidths = (0..<columns).map { _ -> TableColumnWidths.Width in
                Int.random(in: 0..<8, using: &random) == 0 ? .points(Double(Int.random(in: 20...150, using: &random))) : .auto
            }
            let tableWidth: TableColumnWidths.Width = switch Int.random(in: 0..<6, using: &random) {
            case 0: .points(Double(Int.random(in: 100...700, using: &random)))
            case 1: .fraction(Double(Int.random(in: 50...100, using: &random)) / 100)
            default: .auto
            }
            return Sample(rows: rows, columnWidths: columnWidths, tableWidth: tableWidth,
                          spacing: Double(Int.random(in: 0...6, using: &random)),
                          available: Double(Int.random(in: 150...700, using: &random)))
        }
    }

    /// The widths this layout gives the sample's columns.
    private static func laidOut(_ sample: Sample) -> [Double] {
        var cells: [TableColumnWidths.Cell] = []
        for row in sample.rows {
            var column = 0
            for cell in row {
                cells.append(TableColumnWidths.Cell(columns: column..<column + cell.span,
                                                    minimum: Double(cell.blocks.max() ?? 0),
                                                    maximum: Double(cell.blocks.reduce(0, +)), width: cell.width))
                column += cell.span
            }
        }
        var columnWidths = sample.columnWidths
        columnWidths += Array(repeating: .auto, count: max(0, sample.columnCount - columnWidths.count))
        return TableColumnWidths(cells: cells, columnWidths: columnWidths, spacing: sample.spacing,
                                 available: sample.available, tableWidth: sample.tableWidth).columns
    }

    private static func css(_ width: TableColumnWidths.Width) -> String {
        switch width {
        case .auto: ""
        case .points(let points): "width:\(points)px;"
        case .fraction(let fraction): "width:\(fraction * 100)%;"
        }
    }

    /// The samples as one page: each table in a box of its room, followed by a row of empty
    /// cells, one per column, whose widths the script reports (they add nothing to the widths).
    private static func page(_ samples: [Sample]) -> String {
        var html = """
            <!DOCTYPE html><html><head><style>
            body{margin:0} .room{margin:0 0 10px 0} table{border-collapse:separate;border:0;margin:0}
            td{padding:0;border:0;vertical-align:top} i{display:inline-block;height:3px;background:#000}
            </style></head><body>
            """
        for sample in samples {
            html += "<div class=room style=\"width:\(sample.available)px\">"
            html += "<table style=\"border-spacing:\(sample.spacing)px;\(css(sample.tableWidth))\">"
            html += sample.columnWidths.map { "<col style=\"\(css($0))\">" }.joined()
            for row in sample.rows {
                html += "<tr>" + row.map { cell in
                    "<td colspan=\(cell.span) style=\"\(css(cell.width))\">"
                        + cell.blocks.map { "<i style=\"width:\($0)px\"></i>" }.joined(separator: "<wbr>") + "</td>"
                }.joined() + "</tr>"
            }
            html += "<tr class=m>" + String(repeating: "<td></td>", count: sample.columnCount) + "</tr></table></div>"
        }
        html += """
            <pre id="out"></pre><script>
            document.getElementById('out').textContent = JSON.stringify([...document.querySelectorAll('tr.m')]
              .map(r => [...r.children].map(c => c.getBoundingClientRect().width)));
            </script></body></html>
            """
        return html
    }

    private static func browserWidths(of samples: [Sample], browser: HeadlessBrowser) throws -> [[Double]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("book2pages-table-widths-\(UUID().uuidString).html")
        try Data(page(samples).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let dom = try browser.dumpDOM(of: file, fragment: "", budget: 5_000)
        guard let start = dom.range(of: "<pre id=\"out\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw HeadlessBrowser.Failure.failed("the page wrote no widths")
        }
        return try JSONDecoder().decode([[Double]].self, from: Data(dom[start.upperBound..<end.lowerBound].utf8))
    }

    private static func check(_ samples: [Sample]) throws {
        let browser = try #require(HeadlessBrowser.find())
        let measured = try browserWidths(of: samples, browser: browser)
        try #require(measured.count == samples.count)
        var wrong = 0
        for (sample, browserColumns) in zip(samples, measured) {
            let columns = laidOut(sample)
            let agrees = columns.count == browserColumns.count && zip(columns, browserColumns).allSatisfy { abs($0 - $1) <= 0.5 }
            if !agrees {
                wrong += 1
                if wrong <= 5 { Issue.record("\(sample): this layout \(columns), Chromium \(browserColumns)") }
            }
        }
        #expect(wrong == 0, "\(wrong) of \(samples.count) tables differ from Chromium's")
    }

    @Test(.needsChromium) func columnsOfOneCellWidthAgreeWithChromium() throws {
        try Self.check(Self.samples(count: 300, spans: false))
    }

    @Test(.needsChromium) func columnsUnderSpanningCellsAgreeWithChromium() throws {
        try Self.check(Self.samples(count: 300, spans: true))
    }
}
