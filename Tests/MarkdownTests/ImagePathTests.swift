import BookModel
import Foundation
import Testing

/// Images resolve against the file that names them and never leave the book's folder.
struct ImagePathTests {
    func images(_ book: Book) -> [String] {
        book.allBlocks.compactMap { block in
            if case .image(let image) = block.kind { return image.source.path }
            return nil
        }
    }

    @Test(arguments: ["../secret.png", "/etc/hostname", "../../../../../../etc/passwd", "C:\\\\x.png", "%2e%2e/secret.png"])
    func pathsOutsideTheFolderAreRefusedWithAWarning(href: String) throws {
        let folder = try BookFolderFixture([("book/book.md", "Before\n\n![alt](\(href))\n\nafter\n"), ("secret.png", "x")])
        let result = try folder.read("book/book.md")
        #expect(images(result.book).isEmpty)
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.line == 3)
        #expect(result.book.allBlocks.compactMap(\.paragraphText) == ["Before", "after"])
    }

    @Test func aSymbolicLinkOutOfTheFolderIsRefused() throws {
        let folder = try BookFolderFixture([("book/book.md", "Text.\n\n![alt](link.png)\n"), ("outside.png", "x")])
        try FileManager.default.createSymbolicLink(atPath: folder.path("book/link.png"), withDestinationPath: folder.path("outside.png"))
        let result = try folder.read("book/book.md")
        #expect(images(result.book).isEmpty)
        #expect(result.warnings.first?.message.contains("outside the book's folder") == true)
    }

    @Test func webAndMissingImagesAreLeftOutWithAWarning() throws {
        let result = try readMarkdown("Text.\n\n![a](https://example.org/a.png)\n\n![b](nowhere.png)\n")
        #expect(images(result.book).isEmpty)
        #expect(result.warnings.map(\.message) == [
            "the image https://example.org/a.png is on the web, not in the book (never fetched); left out",
            "the image nowhere.png does not exist; left out",
        ])
    }

    @Test func htmlImagesFollowTheSameRule() throws {
        let result = try readMarkdown("Text.\n\n<p><img src=\"ok.png\" alt=\"fine\"/></p>\n\n<img src=\"../../nope.png\">\n",
                                      extraFiles: [("ok.png", "GIF89a\u{10}\0\u{8}\0")])
        #expect(images(result.book) == ["ok.png"])
        #expect(result.warnings.count == 1)
    }

    @Test func percentEncodedNamesResolve() throws {
        let result = try readMarkdown("![a](my%20picture.png)\n", extraFiles: [("my picture.png", "x")])
        #expect(images(result.book) == ["my picture.png"])
    }
}
