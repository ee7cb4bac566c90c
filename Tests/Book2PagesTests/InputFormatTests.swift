@testable import Book2PagesKit
import Testing

/// Which reader a file gets: the name when it tells, else the first bytes.
struct InputFormatTests {
    static let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]

    @Test(arguments: [
        ("book.epub", InputFormat.epub), ("BOOK.EPUB", .epub), ("ch.xhtml", .xhtml), ("page.html", .xhtml),
        ("notes.md", .markdown), ("notes.markdown", .markdown), ("x.mkd", .markdown),
    ])
    func theNameDecides(name: String, format: InputFormat) {
        // Even over contents that say otherwise: a name is the writer's statement.
        #expect(InputFormat.detect(path: name, firstBytes: Array("plain words".utf8)) == format)
    }

    @Test func withoutATellingNameTheBytesDecide() {
        #expect(InputFormat.detect(path: "book", firstBytes: Self.zip) == .epub)
        #expect(InputFormat.detect(path: "page.txt", firstBytes: Array("\u{FEFF}  <?xml version=\"1.0\"?>".utf8)) == .xhtml)
        #expect(InputFormat.detect(path: "notes.txt", firstBytes: Array("# A heading\n\nText.".utf8)) == .markdown)
        #expect(InputFormat.detect(path: "README", firstBytes: [0xFF, 0xFE, 0x23, 0x00]) == .markdown)
        #expect(InputFormat.detect(path: "blob.bin", firstBytes: [0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]) == nil)
    }

    @Test func severalPathsOrADirectoryAreMarkdown() throws {
        let sample = "Samples/the-clockmakers-garden"
        let folder = TestPaths.repositoryFile(sample)
        #expect(try Converter.inputFormat(of: [folder], asked: nil) == .markdown)
        #expect(try Converter.inputFormat(of: [folder + "/01-the-garden.md", folder + "/03-winter.md"], asked: nil) == .markdown)
        #expect(throws: ConversionError.self) {
            try Converter.inputFormat(of: [folder], asked: .xhtml)
        }
    }
}
