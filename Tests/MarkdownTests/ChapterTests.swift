import BookModel
import Testing

/// Chapters and the table of contents come from the headings.
struct ChapterTests {
    @Test func eachLevelOneHeadingStartsAChapter() throws {
        let book = try readMarkdown("Preface text.\n\n# One\n\nA.\n\n## One point one\n\n### Deep\n\n#### Deeper\n\n# Two\n\nB.\n").book
        #expect(book.chapters.map(\.title) == [nil, "One", "Two"])
        #expect(book.chapters.map(\.blocks.count) == [1, 5, 2])
        #expect(book.toc == [
            TOCEntry(title: "One", level: 1, chapterIndex: 1, anchor: "one"),
            TOCEntry(title: "One point one", level: 2, chapterIndex: 1, anchor: "one-point-one"),
            TOCEntry(title: "Deep", level: 3, chapterIndex: 1, anchor: "deep"),
            TOCEntry(title: "Two", level: 1, chapterIndex: 2, anchor: "two"),
        ])
    }

    @Test func aBookOfSectionsHasATopLevel() throws {
        let book = try readMarkdown("## First\n\n### Sub\n\n## Second\n").book
        #expect(book.chapters.count == 1)
        #expect(book.toc.map(\.level) == [1, 2, 1])
    }

    @Test func headingsInsideQuotesAreNotChapters() throws {
        let book = try readMarkdown("# Real\n\n> # Quoted\n").book
        #expect(book.chapters.count == 1 && book.toc.count == 1)
    }
}
