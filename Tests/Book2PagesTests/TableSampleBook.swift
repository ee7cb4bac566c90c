import Foundation

/// A hand-made chapter of tables, each exercising one part of table layout: a plain table with
/// a header row and a caption, column and row spans with collapsed borders, a 300-row table
/// whose header must repeat on every page, a table wider than the page, and a table inside a
/// cell, with CSS borders, padding, spacing, alignments and backgrounds.
enum TableSampleBook {
    /// Words of varied length, the same on every run.
    private static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
                                "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
                                "sierra", "tango", "uniform", "victor", "whiskey", "x-ray", "yankee", "zulu"]

    private static func phrase(_ seed: Int, words count: Int) -> String {
        (0..<count).map { words[(seed * 7 + $0 * 11) % words.count] }.joined(separator: " ")
    }

    static let rowsInTheLongTable = 300

    static var xhtml: String {
        var body = """
            <h1>Tables</h1>
            <p>Each table below shows one thing a table layout must get right.</p>
            <table class="ruled" id="planets">
            <caption>The inner planets</caption>
            <thead><tr><th>Planet</th><th>Moons</th><th>What stands out</th></tr></thead>
            <tbody>
            <tr><td>Mercury</td><td class="n">0</td><td>The smallest planet and the closest to the Sun, with almost no atmosphere at all.</td></tr>
            <tr><td>Venus</td><td class="n">0</td><td>Clouds of sulphuric acid over the hottest surface of any planet.</td></tr>
            <tr><td>Earth</td><td class="n">1</td><td>Liquid water on its surface.</td></tr>
            <tr><td>Mars</td><td class="n">2</td><td>Dust storms that can cover the whole planet for months.</td></tr>
            </tbody></table>
            <p>Spans: a cell over two columns, a cell over three rows, and a footer row.</p>
            <table class="grid">
            <thead><tr><th rowspan="2">Region</th><th colspan="2">Sales</th></tr>
            <tr><th>First half</th><th>Second half</th></tr></thead>
            <tfoot><tr><td>Total</td><td class="n">1,110</td><td class="n">1,320</td></tr></tfoot>
            <tbody>
            <tr><td rowspan="3">North, with a name long enough to wrap in its cell</td><td class="n">120</td><td class="n">140</td></tr>
            <tr><td class="n">130</td><td class="n">150</td></tr>
            <tr><td class="n">160</td><td class="n">170</td></tr>
            <tr><td>South</td><td colspan="2" class="shaded">Figures for the whole year only: 700</td></tr>
            </tbody></table>
            <p>A long table: its header row repeats at the top of every page it goes on to.</p>
            <table class="ruled long">
            <thead><tr><th>Number</th><th>Name</th><th>Remarks</th></tr></thead>
            <tbody>

            """
        for row in 1...rowsInTheLongTable {
            body += "<tr><td class=\"n\">\(row)</td><td>\(phrase(row, words: 1))</td><td>\(phrase(row, words: 2 + row % 9))</td></tr>\n"
        }
        body += """
            </tbody></table>
            <p>A table wider than the page, which must be set smaller.</p>
            <table class="ruled wide"><tr>
            """
        for column in 0..<9 {
            body += "<th>Heading\(column)Donaudampfschifffahrt</th>"
        }
        body += "</tr><tr>"
        for column in 0..<9 {
            body += "<td>Kapitänsmützenabzeichen\(column)</td>"
        }
        body += """
            </tr></table>
            <p>A table inside a table's cell.</p>
            <table class="ruled">
            <tr><th>Outer</th><th>Inside</th></tr>
            <tr><td>The cell on the right holds a table of its own.</td>
            <td><table class="grid"><tr><th>a</th><th>b</th></tr><tr><td>one</td><td>two words</td></tr></table></td></tr>
            </table>
            <p>The end of the tables.</p>
            """
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en">
            <head><title>Tables</title><style>
            table.ruled { border-collapse: collapse; border: 1px solid #333333 }
            table.ruled td, table.ruled th { border: 1px solid #777777; padding: 2px 4px }
            table.grid { border-spacing: 3px; border: 2px solid #000000 }
            table.grid td, table.grid th { border: 1px solid #999999; padding: 3px; vertical-align: top }
            td.n { text-align: right }
            td.shaded { background-color: #EEEEEE }
            thead th { background-color: #DDDDDD }
            caption { caption-side: top }
            </style></head>
            <body>
            \(body)
            </body></html>
            """
    }

    /// The chapter written to a file of its own in `directory`.
    static func write(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("tables.xhtml")
        try Data(xhtml.utf8).write(to: url)
        return url
    }
}
