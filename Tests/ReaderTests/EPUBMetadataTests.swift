import BookModel
import EPUBReader
import Testing

/// The package document's metadata: title, creators with authors first, language, identifier,
/// reading direction.
struct EPUBMetadataTests {
    @Test func epub3Metadata() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub3Entries, binary: FixtureBooks.epub3Binary)
        let metadata = try EPUBReader.read(contentsOf: path).book.metadata
        #expect(metadata.title == "First\u{00A0}Title & More")
        #expect(metadata.authors == ["Ann Author", "Nora Norole", "Edna Editor"])
        #expect(metadata.language == "en-GB")
        #expect(metadata.identifier == "urn:uuid:1234")
        #expect(metadata.direction == .rightToLeft)
    }

    @Test func epub2Metadata() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub2Entries, binary: FixtureBooks.epub2Binary)
        let metadata = try EPUBReader.read(contentsOf: path).book.metadata
        #expect(metadata.title == "Old Book")
        #expect(metadata.authors == ["Mary Main", "Second Writer", "Terry Tran", "Ian Illus"])
        #expect(metadata.language == "fr")
        #expect(metadata.identifier == "978-0-00-000000-0")
        #expect(metadata.direction == .leftToRight)
    }

    @Test func missingTitleFallsBackWithAWarning() throws {
        let package = FixtureBooks.package(spine: [("c", "c.xhtml", "application/xhtml+xml", true)], metadata: "")
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", package),
                                          ("OEBPS/c.xhtml", EPUBFixture.page("<h1>Heading Title</h1>"))])
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.metadata.title == "Heading Title")
        #expect(result.warnings.contains { $0.message.contains("dc:title") })
    }
}
