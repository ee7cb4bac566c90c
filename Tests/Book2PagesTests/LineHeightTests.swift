import Foundation
import PageFormat
import Testing

/// `line-height` on blocks: the body's is the layout's (`--line-height`), and what the book sets
/// below it is taken against the body's own, as a share of the layout's.
struct LineHeightTests {
    @Test func blocksTakeTheirLineHeightAgainstTheBodys() throws {
        let (lines, layout) = try InlineSizeTests.lines("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><style>
            body { line-height: 1.5 } .double { line-height: 3 } .tight { line-height: 1.2 }
            .pixels { line-height: 30px } div.set { line-height: 2em } .shorthand { font: 1em/3 serif }
            .crushed { line-height: 0.2 }
            </style></head><body>
            <p>Plain paragraph.</p><p class="double">Double paragraph.</p><p class="tight">Tight paragraph.</p>
            <p class="pixels">Thirty pixels.</p><div class="set"><p>In a div of 2em.</p><h3>Heading in it</h3></div>
            <p class="shorthand">From the shorthand.</p><p class="crushed">Crushed.</p>
            </body></html>
            """)
        let base = layout.font.lineHeight
        func height(_ text: String) throws -> Double {
            layout.height(of: try #require(lines.first { $0.text == text }, "no line \(text)"))
        }
        #expect(try height("Plain paragraph.") == base)
        #expect(abs(try height("Double paragraph.") - 2 * base) < 0.01)
        #expect(abs(try height("Tight paragraph.") - 0.8 * base) < 0.01)
        // 30 px is 1.875 ems of the body, against its 1.5.
        #expect(abs(try height("Thirty pixels.") - 1.25 * base) < 0.01)
        // A length is inherited as it is computed: the heading's line is as tall as the paragraph's.
        #expect(abs(try height("In a div of 2em.") - base * 2 / 1.5) < 0.01)
        #expect(abs(try height("Heading in it") - (try height("In a div of 2em."))) < 0.01)
        #expect(abs(try height("From the shorthand.") - 2 * base) < 0.01)
        // Lines never closer than three quarters of the layout's.
        #expect(abs(try height("Crushed.") - 0.75 * base) < 0.01)
    }
}
