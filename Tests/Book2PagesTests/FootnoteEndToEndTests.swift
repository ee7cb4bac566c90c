import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// Footnotes of real books and of Markdown stand at the foot of the page that calls them, in the
/// output a renderer reads: below a `noteSeparator` line, in lines of role `note` that end at the
/// content box's foot, and nowhere else in the text.
struct FootnoteEndToEndTests {
    /// The page whose text holds `call`, after checking that every page's foot is laid out as the
    /// format says.
    private func page(calling call: String, in document: PageDocument,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> Page {
        let notes = try #require(document.layout.notes, sourceLocation: sourceLocation)
        let box = document.layout.contentBox
        for page in document.pages {
            let lines = page.shown?.lines ?? []
            guard let rule = lines.firstIndex(where: { $0.role == .noteSeparator }) else {
                #expect(!lines.contains { $0.role != .body && $0.role != .table }, sourceLocation: sourceLocation)
                continue
            }
            // The page's text above the rule, a table's among it.
            #expect(lines[..<rule].allSatisfy { ($0.role == .body || $0.role == .table) && $0.y < lines[rule].y },
                    sourceLocation: sourceLocation)
            let foot = lines[(rule + 1)...]
            #expect(!foot.isEmpty && foot.allSatisfy { $0.role == .note }, sourceLocation: sourceLocation)
            for line in foot { #expect(line.x + line.width <= box.x + box.width + 0.01, sourceLocation: sourceLocation) }
            let bottom = lines[rule].y + notes.lineHeight * Double(foot.count + 1)
            #expect(abs(bottom - (box.y + box.height)) < 0.05, "the notes end at the content box's foot",
                    sourceLocation: sourceLocation)
        }
        return try #require(document.pages.first { $0.shown?.text.contains(call) == true }, sourceLocation: sourceLocation)
    }

    @Test(.needsSharedCorpus) func mobyDicksTranscribersNoteStandsAtTheFootOfItsPage() throws {
        let corpus = try #require(TestPaths.corpus)
        let document = try Converter.convert(path: corpus.appendingPathComponent("moby-dick.epub").path,
                                             options: ConversionOptions()).document
        let page = try page(calling: "a unit of currency.1", in: document)
        let lines = try #require(page.shown?.lines)
        #expect(lines.suffix(2).map(\.role) == [.noteSeparator, .note])
        #expect(lines.last?.text == "1 These have been corrected in this EPUB3 edition.")
        let mentions = document.pages.filter { $0.shown?.text.contains("These have been corrected") == true }
        #expect(mentions.count == 1, "the note is out of the flow, and shown once")
        #expect(document.layout.notes == NoteFontDescription(size: 13.6, lineHeight: 19.04))
    }

    @Test(.needsSharedCorpus) func wastelandsRearNotesStayAtTheBack() throws {
        let corpus = try #require(TestPaths.corpus)
        let document = try Converter.convert(path: corpus.appendingPathComponent("wasteland.epub").path,
                                             options: ConversionOptions()).document
        // Its fifty notes are rear notes (`epub:type="rearnote"`), which a printed book keeps at
        // the back: none moves to a page's foot, and each is read once, after the poem.
        let lines = document.pages.flatMap { $0.shown?.lines ?? [] }
        #expect(!lines.contains { $0.role != .body })
        let poem = try #require(lines.firstIndex { $0.text == "April is the cruellest month, breeding" })
        let note = try #require(lines.firstIndex { $0.text.hasPrefix("Line 20. Cf. Ezekiel 2:1.") })
        #expect(poem < note)
        #expect(lines.filter { $0.text.contains("Cf. Ezekiel 2:1.") }.count == 1)
        // Each verse is a line of its own (one `div` a verse), straight under the one before, as
        // a browser sets them: the `div`s have no margins, only their group has.
        #expect(lines[poem + 1].text == "Lilacs out of the dead land, mixing")
        #expect(abs(lines[poem + 1].y - lines[poem].y - document.layout.font.lineHeight) < 0.01)
        #expect(lines[poem - 1].text.isEmpty, "the group's margin still shows above its first verse")
        // The call stays where the poet put it, an ordinary mark.
        #expect(lines.contains { $0.text.hasPrefix("Out of this stony rubbish? Son of man,") })
    }

    @Test func theSampleBooksFootnoteStandsUnderItsCall() throws {
        let document = try Converter.convert(path: TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"),
                                             options: ConversionOptions()).document
        let page = try page(calling: "Storm force ten1", in: document)
        // Under its call; or, when the call is the page's last line and no room is left below
        // it, first at the foot of the next page.
        let body = (page.shown?.lines ?? []).filter { $0.role == .body && !$0.text.isEmpty }
        let index = try #require(document.pages.firstIndex(of: page))
        let foot = body.last?.text.contains("Storm force ten1") == true && page.shown?.lines.contains { $0.role == .note } != true
            ? document.pages[index + 1] : page
        #expect(foot.shown?.lines.first { $0.role == .note }?.text.hasPrefix("1 On the Beaufort scale") == true)
    }

    @Test func markdownFootnotesStandAtTheFootOfTheirPage() throws {
        let folder = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let filler = (1...40).map { "Paragraph \($0) of a chapter long enough to fill pages with text." }.joined(separator: "\n\n")
        let markdown = "# Notes\n\nFirst call.[^a]\n\n\(filler)\n\nLate call.[^b]\n\n[^a]: The first note.\n[^b]: The second note.\n"
        let path = folder.appendingPathComponent("notes.md")
        try Data(markdown.utf8).write(to: path)
        let document = try Converter.convert(path: path.path, options: ConversionOptions()).document
        let first = try page(calling: "First call.1", in: document)
        #expect(first.shown?.lines.last?.text == "1 The first note.")
        let late = try page(calling: "Late call.2", in: document)
        #expect(late.shown?.lines.last?.text == "2 The second note.")
        #expect(first.shown?.folio != late.shown?.folio)
    }
}
