import BookModel
import EPUBReader
import Testing
import ZipArchive

/// An archive entry stored as a symbolic link (`zip -y`) holds the name of a file elsewhere, not
/// content of the book: it is never read, and the book goes on as if it were missing.
struct SymbolicLinkEntryTests {
    private let spine = [("a", "a.xhtml", "application/xhtml+xml", true), ("b", "b.xhtml", "application/xhtml+xml", true)]

    @Test func theArchiveListsLinksApartAndNeverReadsThem() throws {
        let path = try EPUBFixture.write([("OEBPS/a.xhtml", "text")], links: [("OEBPS/b.xhtml", "/etc/passwd")])
        let zip = try ZipArchive(path: path)
        #expect(zip.entryNames == ["mimetype", "OEBPS/a.xhtml"])
        #expect(zip.symbolicLinks == ["OEBPS/b.xhtml"])
        #expect(throws: ZipArchiveError.missingEntry(archive: path, entry: "OEBPS/b.xhtml")) { try zip.read("OEBPS/b.xhtml") }
        #expect(zip.sizes(of: "OEBPS/b.xhtml") == nil)
    }

    @Test func aSpineItemThatIsALinkIsAMissingSpineItem() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: spine)),
                                          ("OEBPS/a.xhtml", EPUBFixture.page("<p>Kept.</p>"))],
                                         links: [("OEBPS/b.xhtml", "/etc/passwd")])
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.map(\.source) == ["OEBPS/a.xhtml"])
        #expect(result.warnings.map(\.description) == ["OEBPS/b.xhtml: symbolic link, not read",
                                                       "OEBPS/b.xhtml: is in the spine but not in the archive; skipped"])
    }

    /// A package document that is a link is no package document, and the search for a `.opf`
    /// does not find it either.
    @Test func aPackageDocumentThatIsALinkIsMissing() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container)],
                                         links: [("OEBPS/content.opf", "../../../etc/passwd")])
        #expect(throws: ReadError.invalid(file: path, reason: "no package document: META-INF/container.xml names "
                                          + "OEBPS/content.opf, which is not in the archive, and there is no .opf file")) {
            try EPUBReader.read(contentsOf: path)
        }
    }
}
