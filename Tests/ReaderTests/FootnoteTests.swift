import BookModel
import EPUBReader
import Testing
import XHTMLReader

/// EPUB 3 footnotes (`epub:type="footnote"`, `role="doc-footnote"`) that a link of their
/// document calls leave the flow and become the chapter's notes, and the links that call them
/// say so; endnotes, notes nothing calls, and links to nothing stay as they are.
struct FootnoteTests {
    @Test func aCalledFootnoteLeavesTheFlowAndItsReferenceCallsIt() throws {
        let content = readBody("""
            <p>Pounds as L.<a epub:type="noteref" href="#n1">1</a> More.</p>
            <aside epub:type="footnote" id="n1"><p>These have been <em>corrected</em>.</p></aside>
            <p>After.</p>
            """)
        #expect(content.blocks.map(\.text) == ["Pounds as L.1 More.", "After."])
        #expect(content.blocks[0].runs[1] == Inline("1", link: "OEBPS/text/chapter.xhtml#n1", note: "n1"))
        // The note shows the reference's mark, which its own text lacks.
        #expect(content.notes == [Note(id: "n1", marker: "1", blocks: [
            Block(.paragraph([Inline("These have been "), Inline("corrected", style: .italic), Inline(".")]), anchors: ["n1"]),
        ])])
    }

    @Test func aNoteThatShowsItsOwnMarkGetsNoOther() {
        let content = readBody("""
            <p>Text<sup><a role="doc-noteref" href="#fn2">[2]</a></sup></p>
            <div role="doc-footnote" id="fn2"><p>2. Already numbered.</p></div>
            """)
        #expect(content.notes.map(\.id) == ["fn2"])
        #expect(content.notes.first?.marker == nil)
        #expect(content.blocks.map(\.text) == ["Text[2]"])
    }

    @Test func aFootnoteInsideAParagraphDoesNotSplitIt() {
        let content = readBody(##"<p>Before<a href="#s">*</a><span epub:type="footnote" id="s">Inline note.</span> after.</p>"##)
        #expect(content.blocks.map(\.text) == ["Before* after."])
        #expect(content.notes.map { $0.blocks.map(\.text) } == [["Inline note."]])
        #expect(content.notes.first?.marker == "*")
    }

    @Test func twoReferencesCallOneNote() {
        let content = readBody("""
            <p>One<a epub:type="noteref" href="#n">a</a> and two<a epub:type="noteref" href="#n">a</a>.</p>
            <aside epub:type="footnote" id="n"><p>Shared.</p></aside>
            """)
        #expect(content.notes.count == 1)
        #expect(content.blocks[0].runs.filter { $0.note == "n" }.count == 2)
    }

    @Test func endnotesAndRearNotesStayWhereTheBookPutsThem() {
        let content = readBody("""
            <p>See<a epub:type="noteref" href="#e1">1</a> and<a epub:type="noteref" href="#r1">2</a>.</p>
            <section epub:type="rearnotes"><aside epub:type="rearnote" id="r1"><p>Rear.</p></aside>
            <aside epub:type="endnote" id="e1"><p>End.</p></aside></section>
            """)
        #expect(content.notes.isEmpty)
        #expect(content.blocks.map(\.text) == ["See1 and2.", "Rear.", "End."])
        #expect(content.blocks[0].runs.allSatisfy { $0.note == nil })
    }

    @Test func aFootnoteNothingCallsStaysInPlace() {
        let content = readBody(#"<p>Text.</p><aside epub:type="footnote" id="lonely"><p>Unclaimed.</p></aside><p>End.</p>"#)
        #expect(content.notes.isEmpty)
        #expect(content.blocks.map(\.text) == ["Text.", "Unclaimed.", "End."])
    }

    @Test func aReferenceWhoseTargetIsMissingStaysAnOrdinaryLink() {
        let content = readBody(##"<p>Broken<a epub:type="noteref" href="#nowhere">9</a>.</p>"##)
        #expect(content.notes.isEmpty)
        #expect(content.blocks[0].runs == [Inline("Broken"), Inline("9", link: "OEBPS/text/chapter.xhtml#nowhere"), Inline(".")])
    }

    @Test func aReferenceToAnotherDocumentStaysAnOrdinaryLink() {
        let content = readBody(#"<p>Elsewhere<a epub:type="noteref" href="notes.xhtml#n1">1</a>.</p>"#)
        #expect(content.blocks[0].runs[1] == Inline("1", link: "OEBPS/text/notes.xhtml#n1"))
        let notes = readBody(#"<aside epub:type="footnote" id="n1"><p>Kept in its document.</p></aside>"#,
                             source: "OEBPS/text/notes.xhtml")
        #expect(notes.notes.isEmpty)
        #expect(notes.blocks.map(\.text) == ["Kept in its document."])
    }

    @Test func aNoteWithinANoteIsPartOfIt() {
        let content = readBody("""
            <p>A<a href="#outer">1</a></p>
            <aside epub:type="footnote" id="outer"><p>Outer<a href="#inner">2</a>.</p>
            <aside epub:type="footnote" id="inner"><p>Inner.</p></aside></aside>
            """)
        #expect(content.notes.map(\.id) == ["outer"])
        #expect(content.notes.first?.blocks.map(\.text) == ["Outer2.", "Inner."])
    }

    @Test func anEPUBsChapterCarriesItsNotes() throws {
        let chapter = EPUBFixture.page("""
            <p>Called<a epub:type="noteref" href="#n1">1</a>.</p><aside epub:type="footnote" id="n1"><p>The note.</p></aside>
            """)
        let path = try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container),
            ("OEBPS/content.opf", FixtureBooks.package(spine: [("c1", "c1.xhtml", "application/xhtml+xml", true)])),
            ("OEBPS/c1.xhtml", chapter),
        ])
        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.chapters[0].text == "Called1.")
        #expect(book.chapters[0].notes.map { $0.blocks.map(\.text) } == [["The note."]])
        #expect(book.textSize == "Called1.".utf8.count + "The note.".utf8.count)
    }
}
