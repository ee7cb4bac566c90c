import BookModel
import Foundation
import Testing

/// Books of many files: the command line's order, a folder's natural order, mdBook's SUMMARY.md.
struct MultiFileBookTests {
    @Test func filesOnTheCommandLineKeepTheirOrder() throws {
        let folder = try BookFolderFixture([
            ("b.md", "# Bee\n\nTwo.\n"), ("a.md", "---\ntitle: Given Title\n---\n# Ay\n\nOne.\n"), ("c.md", "Three.\n"),
        ])
        let book = try folder.read(["b.md", "a.md", "c.md"]).book
        #expect(book.chapters.map(\.source) == ["b.md", "a.md", "c.md"])
        #expect(book.chapters.map(\.title) == ["Bee", "Ay", nil])
        // Front matter counts wherever the first file that has some stands.
        #expect(book.metadata.title == "Given Title")
        #expect(book.toc.map(\.chapterIndex) == [0, 1])
    }

    @Test func aFolderReadsItsMarkdownInNaturalOrder() throws {
        let folder = try BookFolderFixture([
            ("10-end.md", "# End\n"), ("2-middle.md", "# Middle\n"), ("1-start.md", "# Start\n"),
            ("notes.txt", "not markdown"), (".hidden.md", "# Hidden\n"), ("sub/deeper.md", "# Deeper\n"),
        ])
        let book = try folder.read(["."]).book
        #expect(book.chapters.map(\.source) == ["1-start.md", "2-middle.md", "10-end.md"])
        #expect(book.metadata.title == "Start")
    }

    @Test func aChapterLinkedFromOutsideTheFolderIsSkipped() throws {
        let folder = try BookFolderFixture([("book/1.md", "# One\n"), ("elsewhere.md", "# Secret\n")])
        try FileManager.default.createSymbolicLink(atPath: folder.path("book/2.md"), withDestinationPath: folder.path("elsewhere.md"))
        let result = try folder.read("book")
        #expect(result.book.chapters.map(\.source) == ["1.md"])
        #expect(result.warnings == [Warning(entry: "2.md", "links outside the book's folder; skipped")])
    }

    @Test func aFolderWithoutMarkdownIsAnError() throws {
        let folder = try BookFolderFixture([("readme.txt", "x")])
        #expect(throws: ReadError.self) { try folder.read(["."]) }
    }

    static let summary = """
        # Summary

        [Preface](preface.md)

        # Part I

        - [First](chapters/first.md)
          - [Nested](chapters/nested.md)
            - [Deeper](chapters/deeper.md)
        - [Draft chapter]()
        - [Second](chapters/second.md)
        - [Outside](../outside.md)
        - [Web](https://example.org/x.md)
        - [Missing](missing.md)

        ---

        [Epilogue](epilogue.md)
        """

    func mdBook() throws -> BookFolderFixture {
        try BookFolderFixture([
            ("SUMMARY.md", Self.summary), ("preface.md", "# Preface\n"),
            ("chapters/first.md", "# First\n\nText.\n\n## Section\n"),
            ("chapters/nested.md", "# Nested\n\nInner text.\n"),
            ("chapters/deeper.md", "# Deeper\n"),
            ("chapters/second.md", "# Second\n"), ("epilogue.md", "# Epilogue\n"),
            ("unlisted.md", "# Not in the summary\n"),
        ])
    }

    @Test func summaryListsTheChaptersInOrderWithDraftsSkipped() throws {
        let result = try mdBook().read("SUMMARY.md")
        #expect(result.book.chapters.map(\.source) == [
            "preface.md", "chapters/first.md", "chapters/nested.md", "chapters/deeper.md",
            "chapters/second.md", "epilogue.md",
        ])
        let problems = result.warnings.map(\.message)
        #expect(problems.count == 3)
        #expect(problems.contains { $0.contains("../outside.md") && $0.contains("outside the book's folder") })
        #expect(problems.contains { $0.contains("https://example.org/x.md") })
        #expect(problems.contains { $0.contains("missing.md") && $0.contains("does not exist") })
        #expect(result.warnings.allSatisfy { $0.entry == "SUMMARY.md" && $0.line != nil })
    }

    @Test func summaryNestingBecomesHeadingLevels() throws {
        let book = try mdBook().read("SUMMARY.md").book
        let levels = book.chapters.map { chapter -> Int? in
            if case .heading(let level, _) = chapter.blocks.first?.kind { return level }
            return nil
        }
        #expect(levels == [1, 1, 2, 3, 1, 1])
        #expect(book.toc.map(\.title) == ["Preface", "First", "Section", "Nested", "Deeper", "Second", "Epilogue"])
        #expect(book.toc.map(\.level) == [1, 1, 2, 2, 3, 1, 1])
    }

    @Test func aFolderWithASummaryReadsTheSummary() throws {
        let folder = try mdBook()
        #expect(try folder.read(["."]).book.chapters.count == 6)
        // An mdBook project keeps it in src/.
        let project = try BookFolderFixture([("book.toml", "[book]\n"), ("src/SUMMARY.md", "- [One](one.md)\n"),
                                             ("src/one.md", "# One\n")])
        let book = try project.read(["."]).book
        #expect(book.chapters.map(\.source) == ["one.md"])
    }

    @Test func aDirectoryAmongOtherInputsIsRefused() throws {
        let folder = try BookFolderFixture([("a.md", "A\n"), ("sub/b.md", "B\n")])
        #expect(throws: ReadError.self) { try folder.read(["a.md", "sub"]) }
    }

    @Test func filesInSubfoldersResolveImagesAgainstThemselves() throws {
        let folder = try BookFolderFixture([
            ("one/a.md", "![pic](img/p.png)\n"), ("two/b.md", "![pic](../one/img/p.png)\n"), ("one/img/p.png", "png"),
        ])
        let book = try folder.read(["one/a.md", "two/b.md"]).book
        let paths = book.allBlocks.compactMap { block -> String? in
            if case .image(let image) = block.kind { return image.source.path }
            return nil
        }
        #expect(paths == ["one/img/p.png", "one/img/p.png"])
    }
}
