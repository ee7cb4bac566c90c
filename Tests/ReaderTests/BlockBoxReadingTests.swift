import BookModel
import Testing
@testable import XHTMLReader

/// Borders, padding and backgrounds the book's CSS draws around blocks, as the reader keeps
/// them (`BlockStyle.box`): on the block that shows them, or on a `division` holding the blocks
/// of a `div` that draws one; nothing for what draws nothing.
struct BlockBoxReadingTests {
    func read(css: String, body: String) -> XHTMLContent {
        readDocument("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><style>\(css)</style></head>
            <body>\(body)</body></html>
            """)
    }

    static let px = 1.0 / 16

    @Test func aHeadingsBottomBorderIsItsBox() throws {
        let content = read(css: "h2 { border-bottom: 2px solid #900; padding-bottom: 0.25em; margin-left: 1em }",
                           body: "<h2>Title</h2><p>Text.</p>")
        let box = try #require(content.blocks[0].box)
        #expect(box.borders.bottom == BlockBox.Border(width: 2 * Self.px, color: BookColor(red: 0x99, green: 0, blue: 0)))
        #expect(box.borders.top == .none && box.borders.left == .none && box.borders.right == .none)
        // The heading's `em` is of its own size, 1.35 of the body's.
        #expect(abs(box.padding.bottom - 0.25 * 1.35) < 1e-9 && box.padding.left == 0)
        // The margin places the box; the lines are not indented by it besides.
        #expect(abs(box.marginLeft - 1.35) < 1e-9 && content.blocks[0].style.startIndent == nil)
        #expect(content.blocks[1].box == nil)
    }

    @Test func aBorderedDivIsOneDivisionAroundItsBlocks() throws {
        let content = read(css: ".aside { border: 1px solid; padding: 1em; margin: 2em 0 1em } p { margin: 0 }",
                           body: #"<p>Before.</p><div class="aside" id="a"><p>One.</p><p>Two.</p></div><p>After.</p>"#)
        #expect(content.blocks.map(\.text) == ["Before.", "One.\nTwo.", "After."])
        let division = content.blocks[1]
        guard case .division(let inner) = division.kind else {
            Issue.record("no division: \(division.kind)")
            return
        }
        let box = try #require(division.box)
        #expect(box.borders == BlockBox.Sides(all: BlockBox.Border(width: Self.px)))
        #expect(box.padding == BlockBox.Sides(all: 1))
        // The div's margins are its own, not passed to the blocks inside or around it.
        #expect(division.style.marginTop == 2 && division.style.marginBottom == 1)
        #expect(inner.map(\.style.marginTop) == [0, 0] && inner.allSatisfy { $0.box == nil })
        #expect(content.blocks[2].style.marginTop == 0)
        // Its id lands on the first block inside it.
        #expect(inner[0].anchors == ["a"])
    }

    @Test func boxesNestAndTextStraightInsideABoxIsAnonymous() throws {
        let content = read(css: "div { border: 1px solid black; margin: 1em }",
                           body: "<div>loose text<div><p>inner</p></div></div>")
        guard case .division(let outer) = try #require(content.blocks.first).kind, outer.count == 2,
              case .division(let inner) = outer[1].kind else {
            Issue.record("not nested: \(content.blocks.map(\.kind))")
            return
        }
        // The loose text is a paragraph of no margins and no box of its own: the div's are around it.
        #expect(outer[0].text == "loose text" && outer[0].box == nil && outer[0].style.marginTop == 0)
        #expect(inner.map(\.text) == ["inner"] && outer[1].box != nil)
    }

    @Test func aQuotationsBarAndAListsFrameAreTheirBoxes() throws {
        let content = read(css: "blockquote { border-left: 4px solid #aaa; padding-left: .5em } ul { border: thin solid red }",
                           body: "<blockquote><p>Said.</p></blockquote><ul><li>a</li><li>b</li></ul>")
        let bar = try #require(content.blocks[0].box)
        #expect(bar.borders.left.width == 4 * Self.px && bar.padding.left == 0.5 && bar.borders.right == .none)
        if case .quote = content.blocks[0].kind {} else { Issue.record("not a quote") }
        let frame = try #require(content.blocks[1].box)
        #expect(frame.borders.top == BlockBox.Border(width: Self.px, color: BookColor(red: 255, green: 0, blue: 0)))
    }

    @Test func aBorderedItemIsADivisionInItsList() throws {
        let content = read(css: "li.boxed { border: 1px solid }", body: #"<ol><li>one</li><li class="boxed"><p>two</p></li></ol>"#)
        guard case .list(let list) = try #require(content.blocks.first).kind else {
            Issue.record("no list")
            return
        }
        #expect(list.items[0].allSatisfy { $0.box == nil })
        guard case .division(let inner) = try #require(list.items[1].first).kind else {
            Issue.record("the item is not boxed: \(list.items[1])")
            return
        }
        #expect(inner.map(\.text) == ["two"] && list.items[1][0].box != nil)
    }

    @Test func aBackgroundIsTheBoxsNotTheRunsButAnInlineOneStaysOnItsRun() throws {
        let content = read(css: ".note { background-color: #eee } mark { background: yellow } body { background: #fffff0 }",
                           body: #"<div class="note"><p>Shaded <mark>marked</mark>.</p></div><p class="x">Plain.</p>"#)
        guard case .division(let inner) = try #require(content.blocks.first).kind else {
            Issue.record("no division")
            return
        }
        #expect(content.blocks[0].box?.background == BookColor(red: 0xee, green: 0xee, blue: 0xee))
        #expect(inner[0].runs.map(\.background) == [nil, BookColor(red: 255, green: 255, blue: 0), nil])
    }

    @Test func whatDrawsNothingMakesNoBox() {
        let content = read(css: """
            body { background: #fafafa }
            .none { border: 3px none black; padding-left: 2em }
            .hidden { border-bottom: 2px hidden red }
            .zero { border: 0 solid black }
            .page { background-color: #fafafa }
            .clear { background: transparent }
            .padded { padding: 1em }
            """, body: """
            <p class="none">a</p><p class="hidden">b</p><p class="zero">c</p><div class="page"><p>d</p></div>
            <p class="clear">e</p><div class="padded"><p>f</p></div>
            """)
        #expect(content.blocks.map(\.text) == ["a", "b", "c", "d", "e", "f"])
        #expect(content.blocks.allSatisfy { $0.box == nil })
        // Padding alone indents the lines, as it always did.
        #expect(content.blocks[0].style.startIndent == 2)
    }

    @Test func aBorderTakesTheTextsColourWhenItSetsNone() throws {
        let content = read(css: "body { color: #111 } p { border-top: 1px solid } p.blue { color: #336699 }",
                           body: #"<p>page colour</p><p class="blue">blue</p>"#)
        // The page's text colour is the app's to choose, as for runs: left unset.
        #expect(try #require(content.blocks[0].box).borders.top.color == nil)
        #expect(try #require(content.blocks[1].box).borders.top.color == BookColor(red: 0x33, green: 0x66, blue: 0x99))
    }

    @Test func hostileLengthsAreBounded() throws {
        let content = read(css: """
            p { border: 1000000em solid; padding: 5000em 1e308em; margin-left: -40em; margin-right: 99999em }
            """, body: "<p>x</p>")
        let box = try #require(content.blocks.first?.box)
        for side in [box.borders.top, box.borders.right, box.borders.bottom, box.borders.left] {
            #expect(side.width.isFinite && side.width <= BlockBox.maximumLength)
        }
        for length in [box.padding.top, box.padding.right, box.padding.bottom, box.padding.left] {
            #expect(length.isFinite && length >= 0 && length <= BlockBox.maximumLength)
        }
        #expect(box.marginLeft == 0 && box.marginRight == BlockStyle.maximumStartIndent)
    }

    @Test func aDeepStackOfBorderedDivsIsReadWithinTheNestingBound() {
        let depth = 100
        let body = String(repeating: #"<div style="border: 1px solid; padding: 1px">"#, count: depth) + "<p>core</p>"
            + String(repeating: "</div>", count: depth)
        let content = read(css: "", body: body)
        var level = 0
        var blocks = content.blocks
        while blocks.count == 1, case .division(let inner) = blocks[0].kind {
            level += 1
            blocks = inner
        }
        #expect(level <= XHTMLReader.maximumBlockNesting)
        #expect(content.blocks.map(\.text) == ["core"])
    }
}
