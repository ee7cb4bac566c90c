import BookModel
import EPUBReader
import Foundation
import Testing
import ZipArchive

/// The spine in reading order, `linear="no"` after, and every kind of bad spine item skipped
/// with a warning instead of stopping the book.
struct SpineTests {
    private func book(_ spine: [(String, String, String, Bool)], files: [(String, String)],
                      binary: [(String, [UInt8])] = []) throws -> ReadResult {
        let entries = [("META-INF/container.xml", EPUBFixture.container),
                       ("OEBPS/content.opf", FixtureBooks.package(spine: spine))] + files
        return try EPUBReader.read(contentsOf: try EPUBFixture.write(entries, binary: binary))
    }

    @Test func linearItemsFirstThenNonLinear() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub3Entries, binary: FixtureBooks.epub3Binary)
        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.chapters.map(\.source)
            == ["OEBPS/text/ch1.xhtml", "OEBPS/images/plate.jpg", "OEBPS/text/ch2.xhtml", "OEBPS/text/notes.xhtml"])
        #expect(book.chapters.map(\.isLinear) == [true, true, true, false])
    }

    @Test func eachChapterKnowsItsSpineStepsForCFIs() throws {
        // The spine is the package's third element (/6); its itemrefs count as written, the
        // missing ones too, whatever the reading order.
        let path = try EPUBFixture.write(FixtureBooks.epub3Entries, binary: FixtureBooks.epub3Binary)
        let book = try EPUBReader.read(contentsOf: path).book
        #expect(book.chapters.map(\.spineCFI) == ["/6/4", "/6/8", "/6/10", "/6/2"])
        let withIDs = """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/>
            <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest>
            <guide/><spine id="s"><itemref id="ref(a)" idref="a"/></spine></package>
            """
        let other = try EPUBReader.read(contentsOf: try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", withIDs),
            ("OEBPS/a.xhtml", EPUBFixture.page("<p>text</p>")),
        ])).book
        #expect(other.chapters.map(\.spineCFI) == ["/8[s]/2[ref^(a^)]"])
    }

    @Test func missingAndUnlistedSpineItemsAreSkippedWithWarnings() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub3Entries, binary: FixtureBooks.epub3Binary)
        let warnings = try EPUBReader.read(contentsOf: path).warnings
        #expect(warnings.contains { $0.entry == "OEBPS/text/gone.xhtml" && $0.message.contains("not in the archive") })
        #expect(warnings.contains { $0.entry == "OEBPS/content.opf" && $0.message.contains("nowhere") })
    }

    @Test func chapterContentIsRead() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub3Entries, binary: FixtureBooks.epub3Binary)
        let chapter = try EPUBReader.read(contentsOf: path).book.chapters[0]
        #expect(chapter.text.contains("It was a dark\u{00A0}& stormy night\u{2014}really."))
        #expect(chapter.blocks.contains {
            $0.kind == .image(Image(source: ImageReference(path: "OEBPS/images/plate.jpg", mediaType: "image/jpeg"), alt: "Plate"))
        })
        #expect(chapter.blocks.contains { $0.anchors == ["s1"] })
    }

    @Test func imageSpineItemIsAChapterHoldingTheImage() throws {
        let path = try EPUBFixture.write(FixtureBooks.epub3Entries, binary: FixtureBooks.epub3Binary)
        let chapter = try EPUBReader.read(contentsOf: path).book.chapters[1]
        #expect(chapter.blocks.map(\.kind)
            == [.image(Image(source: ImageReference(path: "OEBPS/images/plate.jpg", mediaType: "image/jpeg"), alt: ""))])
    }

    @Test func unparsableItemIsSkippedAndMalformedItemRecovered() throws {
        let result = try book([("a", "a.xhtml", "application/xhtml+xml", true),
                               ("b", "b.xhtml", "application/xhtml+xml", true),
                               ("c", "c.xhtml", "application/xhtml+xml", true),
                               ("d", "d.css", "text/css", true)],
                              files: [("OEBPS/a.xhtml", ""),
                                      ("OEBPS/b.xhtml", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Broken <b>bold</p></body>"),
                                      ("OEBPS/c.xhtml", EPUBFixture.page("<p>Fine</p>")),
                                      ("OEBPS/d.css", "p {}")])
        #expect(result.book.chapters.map(\.source) == ["OEBPS/b.xhtml", "OEBPS/c.xhtml"])
        #expect(result.book.chapters[0].text == "Broken bold")
        #expect(result.warnings.contains { $0.entry == "OEBPS/a.xhtml" && $0.message.contains("could not be parsed") })
        #expect(result.warnings.contains { $0.entry == "OEBPS/b.xhtml" && $0.message.contains("malformed markup") })
        #expect(result.warnings.contains { $0.entry == "OEBPS/d.css" && $0.message.contains("not a document") })
    }

    /// The EPUB's own files are never chapters, whatever type the manifest claims for them; nor
    /// is a file whose declared type is not a document's, whatever its name. Each: a warning.
    @Test func packageMimetypeAndOtherTypesInTheSpineAreSkipped() throws {
        let result = try book([("opf", "content.opf", "application/oebps-package+xml", true),
                               ("opf-again", "Content.OPF", "application/xhtml+xml", true),
                               ("mime", "../mimetype", "application/xhtml+xml", true),
                               ("container", "../META-INF/container.xml", "application/xml", true),
                               ("ncx", "toc.xml", "application/x-dtbncx+xml", true),
                               ("blob", "blob.html", "application/octet-stream", true),
                               ("chapter", "chapter.xhtml", "application/xhtml+xml; charset=utf-8", true),
                               ("untyped", "untyped.html", "", true)],
                              files: [("OEBPS/toc.xml", "<ncx><navMap/></ncx>"),
                                      ("OEBPS/blob.html", EPUBFixture.page("<p>Blob</p>")),
                                      ("OEBPS/chapter.xhtml", EPUBFixture.page("<p>The chapter</p>")),
                                      ("OEBPS/untyped.html", EPUBFixture.page("<p>Untyped</p>"))])
        #expect(result.book.chapters.map(\.source) == ["OEBPS/chapter.xhtml", "OEBPS/untyped.html"])
        let skipped = result.warnings.filter { $0.message.hasSuffix("skipped") }
        #expect(skipped.map(\.entry) == ["OEBPS/content.opf", "OEBPS/Content.OPF", "mimetype", "META-INF/container.xml",
                                          "OEBPS/toc.xml", "OEBPS/blob.html"])
        #expect(skipped[0].message == "is in the spine but is the package document, not a content document; skipped")
        #expect(skipped[2].message == "is in the spine but is the mimetype file, not a content document; skipped")
        #expect(skipped[5].message == "is in the spine but is application/octet-stream, not a document; skipped")
    }

    @Test func corruptSpineItemIsSkipped() throws {
        let entries = [("META-INF/container.xml", EPUBFixture.container),
                       ("OEBPS/content.opf", FixtureBooks.package(spine: [("a", "a.xhtml", "application/xhtml+xml", true),
                                                                          ("b", "b.xhtml", "application/xhtml+xml", true)])),
                       ("OEBPS/b.xhtml", EPUBFixture.page("<p>Fine</p>"))]
        let path = try TestFiles.temporaryDirectory().appendingPathComponent("crc.epub").path
        let writer = try ZipArchiveWriter(path: path)
        try writer.add("mimetype", text: "application/epub+zip", compressed: false)
        for (name, text) in entries { try writer.add(name, text: text) }
        try writer.add("OEBPS/a.xhtml", text: EPUBFixture.page("<p>Unique sentinel words here</p>"), compressed: false)
        try writer.close()
        try corruptStoredEntry(containing: "Unique sentinel", in: path)
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.map(\.source) == ["OEBPS/b.xhtml"])
        #expect(result.warnings.contains { $0.entry == "OEBPS/a.xhtml" && $0.message.lowercased().contains("crc") })
    }

    @Test func itemListedTwiceIsReadOnce() throws {
        let package = FixtureBooks.package(spine: [("a", "a.xhtml", "application/xhtml+xml", true)])
            .replacingOccurrences(of: "<spine>", with: #"<spine><itemref idref="a"/>"#)
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", package),
                                          ("OEBPS/a.xhtml", EPUBFixture.page("<p>A</p>"))])
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.count == 1)
        #expect(result.warnings.contains { $0.message.contains("listed twice") })
    }

    @Test func hrefsDifferingInCaseOrEncodingStillFindTheirEntry() throws {
        let result = try book([("a", "Text/Chapter%20One.xhtml", "application/xhtml+xml", true)],
                              files: [("OEBPS/text/chapter one.xhtml", EPUBFixture.page("<p>Found</p>"))])
        #expect(result.book.chapters.map(\.text) == ["Found"])
    }

    @Test func encryptedItemsAreSkipped() throws {
        let encryption = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
                <enc:CipherData><enc:CipherReference URI="OEBPS/a.xhtml"/></enc:CipherData></enc:EncryptedData>
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/>
                <enc:CipherData><enc:CipherReference URI="OEBPS/b.xhtml"/></enc:CipherData></enc:EncryptedData>
            </encryption>
            """
        let result = try book([("a", "a.xhtml", "application/xhtml+xml", true), ("b", "b.xhtml", "application/xhtml+xml", true)],
                              files: [("META-INF/encryption.xml", encryption),
                                      ("OEBPS/a.xhtml", "\u{1}\u{2}garbage"), ("OEBPS/b.xhtml", EPUBFixture.page("<p>B</p>"))])
        #expect(result.book.chapters.map(\.source) == ["OEBPS/b.xhtml"])
        #expect(result.warnings.contains { $0.entry == "OEBPS/a.xhtml" && $0.message.contains("DRM") })
    }
}
