import PageFormat
import Testing

/// `white-space` on the page: `pre-line` and `pre-wrap` keep their line breaks (and `pre-wrap`
/// its spaces) in the body's face, `pre` is a listing in the code face.
struct WhiteSpaceTests {
    @Test func eachValueKeepsWhatItSaysOnThePage() throws {
        let (lines, layout) = try InlineSizeTests.lines("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><style>
            .line { white-space: pre-line } .wrap { white-space: pre-wrap } .pre { white-space: pre }
            </style></head><body>
            <div class="line">First line   of pre-line
                second    line</div>
            <p class="wrap">Pre-wrap   keeps   its
            spaces    and   breaks.</p>
            <p class="pre">White-space   pre
            is a listing.</p>
            </body></html>
            """)
        let shown = lines.map(\.text)
        #expect(shown == ["First line of pre-line", "second line", "Pre-wrap   keeps   its",
                          "spaces    and   breaks.", "White-space   pre", "is a listing."])
        let faces = lines.map { layout.runs(of: $0).map(\.face) }
        #expect(faces.prefix(4).allSatisfy { $0 == [0] })
        #expect(faces.suffix(2).allSatisfy { $0.allSatisfy { layout.faces?[$0].role == "monospace" } })
    }
}
