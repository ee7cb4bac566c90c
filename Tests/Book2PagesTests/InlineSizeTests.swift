import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// `font-size` on inline elements: a run is set at the size the book's CSS gives it, relative to
/// its block, and a line is as tall as its largest text needs.
struct InlineSizeTests {
    static func lines(_ chapter: String) throws -> (lines: [PageLine], layout: LayoutDescription) {
        let document = try Converter.convert(.standardInput(Array(chapter.utf8), folder: FileManager.default.temporaryDirectory.path),
                                             options: ConversionOptions(inputFormat: .xhtml)).document
        return (document.pages.flatMap { $0.shown?.lines ?? [] }.filter { !$0.text.isEmpty }, document.layout)
    }

    /// The size of the run that shows `text` in `line`.
    static func size(of text: String, in line: PageLine, _ layout: LayoutDescription) -> Double? {
        guard let range = line.text.range(of: text) else { return nil }
        let start = line.text.utf16.distance(from: line.text.startIndex, to: range.lowerBound)
        return layout.runs(of: line).first { $0.start <= start && start < $0.start + $0.length }?.size
    }

    @Test func runsTakeTheirSizeAndLinesTheirHeight() throws {
        let (lines, layout) = try Self.lines("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><style>
            .big { font-size: 2em } .small { font-size: 70% } sup { font-size: 60% } .huge { font-size: 10em }
            div.box { font-size: 1.2em }
            </style></head><body>
            <p>Plain text with a <span class="big">BIG word</span> and a <span class="small">small aside</span> and a
            note<sup>12</sup> and <sup class="big">3</sup> more words, so that the paragraph runs on for two
            lines or three of the page, and the last is plain.</p>
            <div class="box">Text of a box set larger, <span>its span as large</span>, and <span class="huge">huge</span>.</div>
            <h2>Heading <span class="small">small</span></h2>
            </body></html>
            """)
        let body = layout.font.size
        let first = try #require(lines.first)
        #expect(Self.size(of: "Plain", in: first, layout) == body)
        #expect(Self.size(of: "BIG", in: first, layout) == 2 * body)
        #expect(Self.size(of: "small aside", in: first, layout).map { abs($0 - 0.7 * body) < 0.01 } == true)
        // A line with text twice the size is as tall as twice the body's line; the others keep it.
        #expect(abs(layout.height(of: first) - 2 * layout.font.lineHeight) < 0.01)
        let plain = try #require(lines.first { $0.text.hasSuffix("the last is plain.") })
        #expect(layout.height(of: plain) == layout.font.lineHeight)
        // A superscript the book sizes smaller takes that size alone; one it sizes larger is set
        // smaller still, as every superscript is.
        let note = try #require(lines.first { $0.text.contains("note12") })
        #expect(Self.size(of: "12", in: note, layout).map { abs($0 - 0.6 * body) < 0.01 } == true)
        #expect(Self.size(of: "3 ", in: note, layout).map { abs($0 - 2 * 0.75 * body) < 0.01 } == true)
        // Inside a block set larger, a span without a size of its own is as large as the block;
        // a size past 2.5 times the body's is kept to it.
        let box = try #require(lines.first { $0.text.hasPrefix("Text of a box") })
        #expect(Self.size(of: "its span", in: box, layout).map { abs($0 - 1.2 * body) < 0.01 } == true)
        let huge = try #require(lines.first { $0.text.contains("huge") })
        #expect(Self.size(of: "huge", in: huge, layout).map { abs($0 - 2.5 * body) < 0.01 } == true)
        // In a heading, relative to the heading's size.
        let heading = try #require(lines.first { $0.text.hasPrefix("Heading") })
        let headingSize = try #require(Self.size(of: "Heading", in: heading, layout))
        #expect(Self.size(of: "small", in: heading, layout).map { abs($0 - 0.7 * headingSize) < 0.01 } == true)
    }
}
