import BookModel
import Foundation
import MarkdownReader
import Testing

/// Files that are not good Markdown end in a clear error or a warning, never a crash.
struct BadInputTests {
    @Test func binaryJunkIsAClearError() throws {
        var generator = SystemRandomNumberGenerator()
        let junk = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0])
        let folder = try BookFolderFixture([])
        try folder.write("junk.md", junk)
        #expect {
            try folder.read("junk.md")
        } throws: { error in
            error as? ReadError == .invalid(file: folder.path("junk.md"), reason: "binary data, not Markdown text")
        }
    }

    @Test func invalidUTF8IsReplacedAndWarnedAbout() throws {
        let folder = try BookFolderFixture([])
        try folder.write("latin1.md", Data("# Caf".utf8 + [0xE9] + Array("\n\nline two\n\nna\u{EF}ve".utf8) + [0xFF]))
        let result = try folder.read("latin1.md")
        #expect(result.book.metadata.title == "Caf\u{FFFD}")
        #expect(result.warnings.count == 1 && result.warnings[0].line == 1)
        #expect(result.book.allBlocks.count == 3)
    }

    @Test func utf16WithAByteOrderMarkIsRead() throws {
        let folder = try BookFolderFixture([])
        let text = "# Überschrift\n\nText.\n"
        try folder.write("le.md", Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!)
        try folder.write("be.md", Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!)
        #expect(try folder.read("le.md").book.metadata.title == "Überschrift")
        #expect(try folder.read("be.md").book.metadata.title == "Überschrift")
    }

    @Test func anEmptyBookIsAnError() throws {
        #expect(throws: ReadError.self) { try readMarkdown("") }
        #expect(throws: ReadError.self) { try readMarkdown("---\ntitle: Only metadata\n---\n\n<!-- nothing -->\n") }
    }

    @Test func aMissingFileIsUnreadable() throws {
        let folder = try BookFolderFixture([])
        #expect {
            try folder.read("absent.md")
        } throws: { error in
            error as? ReadError == .unreadable(file: folder.path("absent.md"), reason: "no such file")
        }
    }

    @Test func standardInputIsReadWithImagesInTheGivenFolder() throws {
        let folder = try BookFolderFixture([("pic.png", "GIF89a\u{10}\0\u{8}\0")])
        let result = try MarkdownReader.readBook(bytes: Array("# Piped\n\n![p](pic.png)\n\n![q](../q.png)\n".utf8),
                                                 name: "stdin", folder: folder.url.path)
        #expect(result.book.metadata.title == "Piped")
        #expect(result.book.chapters.map(\.source) == ["stdin"])
        #expect(result.warnings.count == 1)
    }

    @Test func pathologicalInputsFinish() throws {
        let inputs = [
            String(repeating: "*a ", count: 20_000),
            String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000),
            String(repeating: "- ", count: 10_000) + "deep",
            String(repeating: "| a ", count: 2_000) + "|\n" + String(repeating: "|---", count: 2_000) + "|\n",
        ]
        for input in inputs {
            let result = try readMarkdown(input)
            #expect(!result.book.chapters.isEmpty)
        }
        // Past libxml2's depth limit the HTML's text is lost: a clear refusal, not a crash.
        #expect(throws: ReadError.self) { try readMarkdown(String(repeating: "<div>", count: 20_000) + "text") }
    }
}
