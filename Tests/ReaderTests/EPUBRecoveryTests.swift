import BookModel
import EPUBReader
import Foundation
import Testing

/// Broken books that still open: no container.xml, a container naming a missing package.
struct EPUBRecoveryTests {
    private let spine = [("a", "a.xhtml", "application/xhtml+xml", true)]

    @Test func missingContainerFallsBackToTheFirstOPF() throws {
        let path = try EPUBFixture.write([("book/package.opf", FixtureBooks.package(spine: spine)),
                                          ("book/a.xhtml", EPUBFixture.page("<p>Read anyway</p>"))])
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.map(\.text) == ["Read anyway"])
        #expect(result.warnings.contains { $0.entry == "META-INF/container.xml" && $0.message.contains("book/package.opf") })
    }

    @Test func containerNamingAMissingPackageFallsBack() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("other/real.opf", FixtureBooks.package(spine: spine)),
                                          ("other/a.xhtml", EPUBFixture.page("<p>Here</p>"))])
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.map(\.text) == ["Here"])
        #expect(result.warnings.contains { $0.message.contains("OEBPS/content.opf") })
    }

    /// An href that names an entry in another case finds it; of two entries that differ only in
    /// case, the first in the archive.
    @Test func anHrefInAnotherCaseFindsTheFirstSuchEntry() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: spine)),
                                          ("OEBPS/A.xhtml", EPUBFixture.page("<p>First</p>")),
                                          ("OEBPS/A.XHTML", EPUBFixture.page("<p>Second</p>"))])
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.map(\.text) == ["First"])
    }

    /// Many hrefs in another case: the first few are looked for by a scan, the rest in an index
    /// made then, and both find the first entry of each pair.
    @Test func manyHrefsInAnotherCaseFindTheFirstSuchEntries() throws {
        let spine = (0..<20).map { ("c\($0)", "c\($0).xhtml", "application/xhtml+xml", true) }
        var entries = [("META-INF/container.xml", EPUBFixture.container),
                       ("OEBPS/content.opf", FixtureBooks.package(spine: spine))]
        for n in 0..<20 {
            entries.append(("OEBPS/C\(n).xhtml", EPUBFixture.page("<p>First \(n)</p>")))
            entries.append(("OEBPS/C\(n).XHTML", EPUBFixture.page("<p>Second \(n)</p>")))
        }
        let result = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries))
        #expect(result.book.chapters.map(\.text) == (0..<20).map { "First \($0)" })
    }

    @Test func missingMimetypeIsOnlyAWarning() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: spine)),
                                          ("OEBPS/a.xhtml", EPUBFixture.page("<p>A</p>"))], mimetype: false)
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.count == 1)
        #expect(result.warnings.contains { $0.entry == "mimetype" })
    }

    @Test func everyContentDocumentMissingStillReadsTheMetadata() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: spine))])
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.isEmpty)
        #expect(result.book.metadata.title == "T")
        #expect(result.warnings.contains { $0.entry == "OEBPS/a.xhtml" })
    }
}
