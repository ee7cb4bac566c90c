import BookModel
import Testing

/// The YAML block at the top of a file: good, missing, malformed.
struct FrontMatterTests {
    @Test func everyKeyIsRead() throws {
        let result = try readMarkdown("""
            ---
            title: "A Title: With Colon"
            author:
              - Ann Writer
              - name: Bob Author
            lang: fr
            date: 2024-05-01
            cover: art/cover.jpg
            direction: RTL
            tags: [ignored, keys, are, fine]
            ---
            # Chapter

            Text.
            """, extraFiles: [("art/cover.jpg", "jpeg bytes")])
        let metadata = result.book.metadata
        #expect(metadata.title == "A Title: With Colon")
        #expect(metadata.authors == ["Ann Writer", "Bob Author"])
        #expect(metadata.language == "fr" && metadata.date == "2024-05-01")
        #expect(metadata.direction == .rightToLeft)
        #expect(result.book.cover == ImageReference(path: "art/cover.jpg", mediaType: "image/jpeg"))
        #expect(result.warnings.isEmpty)
        // The front matter is not text of the book.
        #expect(result.book.allBlocks.count == 2)
    }

    @Test func oneAuthorAsText() throws {
        let metadata = try readMarkdown("---\nauthor: Solo Writer\n---\nText.\n").book.metadata
        #expect(metadata.authors == ["Solo Writer"])
    }

    @Test func withoutFrontMatterTheTitleIsTheFirstLevelOneHeading() throws {
        let book = try readMarkdown("Intro.\n\n## Not this\n\n# The Real Title\n\n# Later\n").book
        #expect(book.metadata.title == "The Real Title")
        #expect(book.metadata.authors.isEmpty && book.cover == nil)
    }

    @Test func withoutAnyHeadingTheTitleIsTheFileName() throws {
        let folder = try BookFolderFixture([("my-notes.md", "Just text.\n")])
        #expect(try folder.read("my-notes.md").book.metadata.title == "my-notes")
    }

    @Test func malformedYAMLIsAnErrorNamingFileAndLine() throws {
        let folder = try BookFolderFixture([("bad.md", "---\ntitle: fine\nauthor: [unclosed\nlang: en\n---\nText.\n")])
        #expect {
            try folder.read("bad.md")
        } throws: { error in
            guard case ReadError.invalid(let file, let reason) = error else { return false }
            return file == folder.path("bad.md") && reason.hasPrefix("front matter, line ")
                && ["3", "4", "5"].contains { reason.hasPrefix("front matter, line \($0):") }
        }
    }

    @Test func frontMatterThatIsNotAMappingIsAnError() throws {
        #expect(throws: ReadError.self) { try readMarkdown("---\n- just\n- a list\n---\nText.\n") }
    }

    @Test func wrongShapesAreWarningsAndIgnored() throws {
        let result = try readMarkdown("---\ntitle: [a, b]\ndirection: sideways\nauthor: {x: 1}\n---\n# Heading\n")
        #expect(result.book.metadata.title == "Heading")
        #expect(result.book.metadata.direction == .leftToRight)
        #expect(result.book.metadata.authors.isEmpty)
        #expect(result.warnings.map(\.line) == [2, 3, 4])
        #expect(result.warnings.allSatisfy { $0.entry == "book.md" && $0.message.hasPrefix("front matter: ") })
    }

    @Test func anUnclosedFenceIsARuleNotFrontMatter() throws {
        let book = try readMarkdown("---\ntitle: no\n").book
        #expect(book.allBlocks.first?.kind == .rule)
        #expect(book.metadata.title == "book")
    }

    @Test func linesAfterFrontMatterKeepTheirNumbers() throws {
        let result = try readMarkdown("---\ntitle: T\n---\n\n![x](missing.png)\n\nText.\n")
        #expect(result.warnings.map(\.line) == [5])
    }

    @Test func aCoverOutsideTheFolderIsRefused() throws {
        let result = try readMarkdown("---\ncover: ../../../etc/hostname\n---\nText.\n")
        #expect(result.book.cover == nil)
        #expect(result.warnings.count == 1 && result.warnings[0].message.contains("outside the book's folder"))
    }
}
