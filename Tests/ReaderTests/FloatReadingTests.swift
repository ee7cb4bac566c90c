import BookModel
import Testing
@testable import XHTMLReader

/// `float: left|right` read into a `FloatBox` block ahead of the block whose lines run beside it,
/// with where in that block's text it was met.
struct FloatReadingTests {
    @Test func aFloatInsideAParagraphComesBeforeItWithItsPlace() {
        let blocks = readBody(#"<p id="v">Son of man,<span style="float: right; width: 3em">20</span> go.</p>"#).blocks
        #expect(blocks.map(\.text) == ["[float right at 9: 20]", "Son of man, go."])
        guard case .float(let box) = blocks.first?.kind else {
            Issue.record("no float")
            return
        }
        #expect(box.width == .ems(3))
        // The paragraph's id stays on the paragraph, not on the float's text.
        #expect(blocks[1].anchors == ["v"])
    }

    @Test func aFloatedBlockOrPictureBeforeAParagraphHasItsPlaceAtTheStart() {
        let blocks = readBody("""
            <section id="s"><h2><span style="float: left">›</span>Title</h2></section>
            <div style="float: left; width: 40%"><p>Aside.</p></div><p>Text.</p>
            <p><img style="float: right" src="pic.png" alt="A picture"/>After.</p>
            """).blocks
        #expect(blocks.map(\.text) == ["[float left at 0: ›]", "Title", "[float left at 0: Aside.]", "Text.",
                                       "[float right at 0: [image OEBPS/text/pic.png A picture]]", "After."])
        #expect(blocks[1].anchors == ["s"])
        guard case .float(let box) = blocks[2].kind else {
            Issue.record("no float")
            return
        }
        #expect(box.width == .percent(40))
    }

    @Test func noFloatInsideATableOrPreformattedText() {
        let blocks = readBody("""
            <table><tr><td><span style="float: right">1</span>Cell</td></tr></table>
            <pre>code<span style="float: right">2</span></pre>
            """).blocks
        #expect(!blocks.contains { if case .float = $0.kind { true } else { false } })
        #expect(blocks.map(\.text).joined().contains("1Cell"))
        #expect(blocks.map(\.text).joined().contains("code2"))
    }
}
