import BookModel
import Testing
@testable import MarkdownReader

/// Markdown footnotes become the notes of the chapter that first refers to them, out of its
/// flow, and their references call them, keeping the superscript number.
struct FootnoteTests {
    @Test func notesBelongToTheChapterThatFirstCallsThem() throws {
        let book = try readMarkdown("# One\n\nSee[^x] and[^y].\n\n# Two\n\nAgain[^z] and[^x].\n\n[^x]: First *note*.\n[^y]: Second.\n[^z]: Third.\n").book
        let one = book.chapters[0]
        #expect(one.blocks.count == 2)
        guard case .paragraph(let runs) = one.blocks[1].kind else { Issue.record("no paragraph"); return }
        #expect(runs[1] == Inline("1", style: .superscript, link: "book.md#fn-1", note: "fn-1"))
        #expect(runs[3] == Inline("2", style: .superscript, link: "book.md#fn-2", note: "fn-2"))
        #expect(one.notes == [
            Note(id: "fn-1", marker: "1", blocks: [Block(.paragraph([Inline("First "), Inline("note", style: .italic), Inline(".")]))]),
            Note(id: "fn-2", marker: "2", blocks: [Block(.paragraph([Inline("Second.")]))]),
        ])
        // The second chapter holds only the note it is the first to call.
        #expect(book.chapters[1].notes.map(\.id) == ["fn-3"])
        #expect(book.chapters[1].blocks.count == 2)
    }

    @Test func aReferenceInInlineHTMLCallsItsNoteToo() throws {
        let book = try readMarkdown("Press <kbd>Ctrl</kbd>[^k].\n\n[^k]: The control key.\n").book
        guard case .paragraph(let runs) = book.chapters[0].blocks[0].kind else { Issue.record("no paragraph"); return }
        let reference = try #require(runs.first { $0.link == "book.md#fn-1" })
        #expect(reference.note == "fn-1")
        #expect(book.chapters[0].notes.map(\.id) == ["fn-1"])
    }

    @Test func theNotesTextCountsTowardsTheBook() throws {
        let book = try readMarkdown("Text[^a].\n\n[^a]: A note of some length.\n").book
        #expect(book.textSize == "Text1.".utf8.count + "A note of some length.".utf8.count)
    }
}
