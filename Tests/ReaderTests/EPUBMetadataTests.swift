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
        #expect(metadata.creators == [Metadata.Creator(name: "Ann Author", role: "aut"),
                                      Metadata.Creator(name: "Nora Norole"),
                                      Metadata.Creator(name: "Edna Editor", role: "edt")])
        #expect(metadata.authors == ["Ann Author", "Nora Norole"])
        #expect(metadata.language == "en-GB")
        #expect(metadata.identifier == "urn:uuid:1234")
        #expect(metadata.date == "2020-01-31")
        #expect(metadata.direction == .rightToLeft)
    }

    @Test func epub2Metadata() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub2Entries, binary: FixtureBooks.epub2Binary)
        let metadata = try EPUBReader.read(contentsOf: path).book.metadata
        #expect(metadata.title == "Old Book")
        #expect(metadata.creators == [Metadata.Creator(name: "Mary Main", role: "aut"),
                                      Metadata.Creator(name: "Second Writer", role: "aut"),
                                      Metadata.Creator(name: "Terry Tran", role: "trl"),
                                      Metadata.Creator(name: "Ian Illus", role: "ill")])
        #expect(metadata.authors == ["Mary Main", "Second Writer"])
        #expect(metadata.language == "fr")
        #expect(metadata.identifier == "978-0-00-000000-0")
        // EPUB 2 dates carry an event: the publication is the book's date.
        #expect(metadata.date == "1899")
        #expect(metadata.direction == .leftToRight)
    }

    /// The sample book lists its illustrator before its author: the illustrator is a creator,
    /// not an author.
    @Test func sampleIllustratorIsNoAuthor() throws {
        let path = TestFiles.repository.appendingPathComponent("Samples/the-lighthouse-keeper.epub").path
        let metadata = try EPUBReader.read(contentsOf: path).book.metadata
        #expect(metadata.authors == ["Ada Marlow"])
        #expect(metadata.creators == [Metadata.Creator(name: "Ada Marlow", role: "aut"),
                                      Metadata.Creator(name: "Theo Brand", role: "ill")])
    }

    @Test func creatorsWithoutRolesAreAuthors() {
        let metadata = Metadata(title: "T", authors: ["A", "B"])
        #expect(metadata.creators == [Metadata.Creator(name: "A"), Metadata.Creator(name: "B")])
        #expect(metadata.authors == ["A", "B"])
        let mixed = Metadata(title: "T", creators: [Metadata.Creator(name: "Ill", role: "ill"), Metadata.Creator(name: "Au", role: "aut"),
                                                    Metadata.Creator(name: "None")])
        #expect(mixed.creators.map(\.name) == ["Au", "None", "Ill"])
        #expect(mixed.authors == ["Au", "None"])
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
