import BookModel
import EPUBReader
import Foundation
import Testing

/// The table of contents from the EPUB 3 navigation document, else the EPUB 2 NCX, pointing at
/// chapters; chapter titles from it.
struct TableOfContentsTests {
    @Test func navDocumentGivesEntriesWithLevels() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub3Entries, binary: FixtureBooks.epub3Binary)
        let book = try EPUBReader.read(contentsOf: path).book
        // Chapters: ch1, plate, ch2, notes (non-linear last).
        #expect(book.toc == [
            TOCEntry(title: "Chapter One", level: 1, chapterIndex: 0),
            TOCEntry(title: "Section 1.1", level: 2, chapterIndex: 0, anchor: "s1"),
            TOCEntry(title: "Part 1.1.a", level: 3, chapterIndex: 0, anchor: "s1a"),
            TOCEntry(title: "Unlinked group", level: 1, chapterIndex: 2),
            TOCEntry(title: "Chapter Two", level: 2, chapterIndex: 2),
            TOCEntry(title: "Notes", level: 1, chapterIndex: 3, anchor: "n1"),
        ])
    }

    @Test func chapterTitlesComeFromTheTOCElseTheFirstHeading() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub3Entries, binary: FixtureBooks.epub3Binary)
        let chapters = try EPUBReader.read(contentsOf: path).book.chapters
        // ch1: its entry; the plate: nothing; ch2: its own entry, not the unlinked group over
        // it; notes: the only entry points inside it (#n1), so its first heading.
        #expect(chapters.map(\.title) == ["Chapter One", nil, "Chapter Two", "Notes"])
    }

    @Test func entryPointingAtAnAnchorOnTheFirstBlockNamesTheChapter() throws {
        var entries = FixtureBooks.epub3Entries
        entries[2].1 = entries[2].1.replacingOccurrences(of: "text/notes.xhtml#n1\">Notes", with: "text/notes.xhtml#top\">Endnotes")
        entries[5].1 = EPUBFixture.page(#"<h1 id="top">Notes</h1><p id="n1">A note.</p>"#)
        let chapters = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: FixtureBooks.epub3Binary)).book.chapters
        #expect(chapters.last?.title == "Endnotes")
    }

    @Test func ncxGivesEntriesWithLevels() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub2Entries, binary: FixtureBooks.epub2Binary)
        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.toc == [
            TOCEntry(title: "Part \u{2014} One", level: 1, chapterIndex: 0),
            TOCEntry(title: "Scene 1", level: 2, chapterIndex: 0, anchor: "scene1"),
            TOCEntry(title: "Deep", level: 3, chapterIndex: 0, anchor: "deep"),
            TOCEntry(title: "Part Two", level: 1, chapterIndex: 1),
        ])
        #expect(book.chapters.map(\.title) == ["Part \u{2014} One", "Part Two"])
    }

    @Test func ncxFoundByMediaTypeWithoutSpineTocAttribute() throws {
        var entries = FixtureBooks.epub2Entries
        entries[1].1 = entries[1].1.replacingOccurrences(of: #"<spine toc="ncx">"#, with: "<spine>")
        let book = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: FixtureBooks.epub2Binary)).book
        #expect(book.toc.count == 4)
    }

    @Test func navIsPreferredOverNCX() throws {
        var entries = FixtureBooks.epub3Entries
        entries.append(("OEBPS/toc.ncx", FixtureBooks.epub2NCX))
        entries[1].1 = entries[1].1.replacingOccurrences(
            of: "</manifest>", with: #"<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest>"#)
        let book = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: FixtureBooks.epub3Binary)).book
        #expect(book.toc.first?.title == "Chapter One")
    }
}
