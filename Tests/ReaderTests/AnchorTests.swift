import BookModel
import Testing
import XHTMLReader

/// Ids land on the block they start in, so links and the table of contents find their page.
struct AnchorTests {
    @Test func idOnABlockElement() {
        let content = readBody(#"<h2 id="c1">Title</h2><p id="p1">Text</p>"#)
        #expect(content.blocks.map(\.anchors) == [["c1"], ["p1"]])
    }

    @Test func idOnAnInlineElementBelongsToItsParagraph() {
        let content = readBody(#"<p>first</p><p>Some <span id="s">text</span> and <a name="old"/>more</p>"#)
        #expect(content.blocks.map(\.anchors) == [[], ["s", "old"]])
    }

    @Test func idOnAContainerGoesToItsFirstBlock() {
        let content = readBody(#"<p>loose</p><section id="sec"><div id="inner"><h1>Head</h1></div></section>"#)
        #expect(content.blocks.map(\.anchors) == [[], ["sec", "inner"]])
    }

    @Test func emptyElementAnchorsMoveToTheNextBlock() {
        let content = readBody(#"<p>a</p><a id="page12"></a><div id="empty"></div><p>b</p>"#)
        #expect(content.blocks.map(\.anchors) == [[], ["page12", "empty"]])
    }

    @Test func trailingAnchorsLandOnTheLastBlock() {
        let content = readBody(#"<p>a</p><p>b</p><span id="end"/>"#)
        #expect(content.blocks.map(\.anchors) == [[], ["end"]])
    }

    @Test func anchorsInTableCellsBelongToTheTable() {
        let content = readBody(#"<table id="t"><tr><td id="c1">x</td><td><p id="c2">y</p></td></tr></table>"#)
        #expect(content.blocks.count == 1)
        // The cells keep their ids; the table's text, as laid out today, carries them all.
        var anchors = content.blocks[0].anchors
        _ = TableText.runs(of: content.blocks, anchors: &anchors)
        #expect(Set(anchors) == ["t", "c1", "c2"])
    }

    @Test func anchorsInsideAQuoteLandOnItsBlocks() throws {
        let content = readBody(#"<blockquote id="q"><p>one</p><p id="two">two</p></blockquote>"#)
        guard case .quote(let inner) = try #require(content.blocks.first).kind else { Issue.record("no quote"); return }
        #expect(inner.map(\.anchors) == [["q"], ["two"]])
    }

    @Test func imageIdsStayWithTheImage() {
        let content = readBody(#"<p>text</p><img id="fig" src="a.png" alt=""/>"#)
        #expect(content.blocks.map(\.anchors) == [[], ["fig"]])
    }
}
