import BookModel
import EPUBReader
import Foundation
import Testing

/// The cover image by each of the three routes books use.
struct CoverTests {
    private let image: [(String, [UInt8])] = [("OEBPS/images/c.jpg", [0xFF, 0xD8])]

    private func cover(manifestExtra: String, metadata: String = "<dc:title>T</dc:title>", guide: String = "",
                       pages: [(String, String)] = []) throws -> (ImageReference?, [Warning]) {
        let package = FixtureBooks.package(spine: [("a", "a.xhtml", "application/xhtml+xml", true)],
                                           metadata: metadata, manifestExtra: manifestExtra, guide: guide)
        let entries = [("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", package),
                       ("OEBPS/a.xhtml", EPUBFixture.page("<p>A</p>"))] + pages
        let result = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: image))
        return (result.book.cover, result.warnings)
    }

    @Test func epub3CoverImageProperty() throws {
        let (found, _) = try cover(manifestExtra: #"<item id="x" href="images/c.jpg" media-type="image/jpeg" properties="cover-image"/>"#)
        #expect(found == ImageReference(path: "OEBPS/images/c.jpg", mediaType: "image/jpeg"))
    }

    @Test func epub2MetaCover() throws {
        let (found, _) = try cover(manifestExtra: #"<item id="front" href="images/c.jpg" media-type="image/jpeg"/>"#,
                                   metadata: #"<dc:title>T</dc:title><meta name="cover" content="front"/>"#)
        #expect(found == ImageReference(path: "OEBPS/images/c.jpg", mediaType: "image/jpeg"))
    }

    @Test func guideCoverPageGivesItsFirstImage() throws {
        let page = EPUBFixture.page(#"<div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="images/c.jpg"/></svg></div>"#)
        let (found, _) = try cover(manifestExtra: #"<item id="cp" href="cover.xhtml" media-type="application/xhtml+xml"/><item id="i" href="images/c.jpg" media-type="image/jpeg"/>"#,
                                   guide: #"<guide><reference type="toc" href="a.xhtml"/><reference type="cover" href="cover.xhtml" title="Cover"/></guide>"#,
                                   pages: [("OEBPS/cover.xhtml", page)])
        #expect(found == ImageReference(path: "OEBPS/images/c.jpg", mediaType: "image/jpeg"))
    }

    @Test func guideCoverCanNameTheImageItself() throws {
        let (found, _) = try cover(manifestExtra: "", guide: #"<guide><reference type="Cover" href="images/c.jpg"/></guide>"#)
        #expect(found == ImageReference(path: "OEBPS/images/c.jpg", mediaType: "image/jpeg"))
    }

    @Test func coverMissingFromTheArchiveIsNoCover() throws {
        let (found, warnings) = try cover(manifestExtra: #"<item id="x" href="images/none.jpg" media-type="image/jpeg" properties="cover-image"/>"#)
        #expect(found == nil)
        #expect(warnings.contains { $0.entry == "OEBPS/images/none.jpg" })
    }

    @Test func noCoverNamed() throws {
        #expect(try cover(manifestExtra: "").0 == nil)
    }

    /// A book whose spine opens with `cover.xhtml` holding `coverPage`, then one text page.
    private func chapterSources(coverPage: String) throws -> [String] {
        let package = FixtureBooks.package(
            spine: [("cp", "cover.xhtml", "application/xhtml+xml", true), ("a", "a.xhtml", "application/xhtml+xml", true)],
            metadata: "<dc:title>T</dc:title>",
            manifestExtra: #"<item id="x" href="images/c.jpg" media-type="image/jpeg" properties="cover-image"/>"#)
        let entries = [("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", package),
                       ("OEBPS/cover.xhtml", EPUBFixture.page(coverPage)),
                       ("OEBPS/a.xhtml", EPUBFixture.page("<p>A</p>"))]
        let book = try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: image)).book
        #expect(book.cover?.path == "OEBPS/images/c.jpg")
        return book.chapters.map(\.source)
    }

    @Test func aPageShowingOnlyTheCoverIsLeftOut() throws {
        #expect(try chapterSources(coverPage: #"<div><img src="images/c.jpg" alt="Cover"/></div>"#) == ["OEBPS/a.xhtml"])
    }

    @Test func aCoverPageWithTextIsKept() throws {
        #expect(try chapterSources(coverPage: #"<img src="images/c.jpg" alt="Cover"/><p>Words</p>"#)
                == ["OEBPS/cover.xhtml", "OEBPS/a.xhtml"])
    }
}
