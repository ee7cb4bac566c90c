import BookModel
import EPUBReader
import Foundation
import Testing

/// Books that can't be read end in one error naming the file, of a kind a facade can map to an
/// exit code.
struct ReadErrorTests {
    private func expectError(_ path: String, _ matches: (ReadError) -> Bool) {
        let error = #expect(throws: ReadError.self) { try EPUBReader.read(contentsOf: path) }
        guard let error else { return }
        #expect(matches(error), "unexpected \(error)")
        #expect(error.description.hasPrefix(path + ": "))
        #expect(!error.description.contains("\n"))
    }

    @Test func missingFileIsUnreadable() throws {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent("nothing.epub").path
        expectError(path) { if case .unreadable = $0 { true } else { false } }
    }

    @Test func notAZipIsUnreadable() throws {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent("text.epub").path
        try "plain text, not a zip".write(toFile: path, atomically: true, encoding: .utf8)
        expectError(path) { if case .unreadable = $0 { true } else { false } }
    }

    @Test func noPackageDocumentIsInvalid() throws {
        let path = try EPUBFixture.write([("OEBPS/a.xhtml", EPUBFixture.page("<p>A</p>"))])
        expectError(path) { if case .invalid(_, let reason) = $0 { reason.contains("no package document") } else { false } }
    }

    @Test func unparsablePackageDocumentIsInvalid() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", "this is not XML")])
        expectError(path) { if case .invalid(_, let reason) = $0 { reason.contains("not a package document") } else { false } }
    }

    @Test func emptySpineIsInvalid() throws {
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: []))])
        expectError(path) { if case .invalid(_, let reason) = $0 { reason.contains("spine") } else { false } }
    }

    @Test func onlyEncryptedContentIsInvalid() throws {
        let encryption = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
                <enc:CipherData><enc:CipherReference URI="OEBPS/a.xhtml"/></enc:CipherData></enc:EncryptedData>
            </encryption>
            """
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("META-INF/encryption.xml", encryption),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: [("a", "a.xhtml", "application/xhtml+xml", true)])),
                                          ("OEBPS/a.xhtml", "\u{1}garbage")])
        expectError(path) { if case .invalid(_, let reason) = $0 { reason.contains("DRM") } else { false } }
    }

    @Test func chapterPastTheSizeBoundExceedsTheLimit() throws {
        let big = EPUBFixture.page((0..<40_000).map { "<p>Line \($0): all work and no play makes Jack a dull boy.</p>\n" }.joined())
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: [("a", "a.xhtml", "application/xhtml+xml", true)])),
                                          ("OEBPS/a.xhtml", big)])
        let error = #expect(throws: ReadError.self) {
            try EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumEntrySize: 1 << 20))
        }
        if case .limitExceeded(let file, let reason) = error {
            #expect(file == path)
            #expect(reason.contains("OEBPS/a.xhtml"))
        } else {
            Issue.record("expected limitExceeded, got \(String(describing: error))")
        }
        #expect(try EPUBReader.read(contentsOf: path).book.chapters.count == 1)
    }

    @Test func wholeBookPastTheTotalBoundExceedsTheLimit() throws {
        let page = EPUBFixture.page(String(repeating: "<p>Words words words.</p>", count: 20_000))
        let spine = (0..<4).map { ("c\($0)", "c\($0).xhtml", "application/xhtml+xml", true) }
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: spine))]
                                         + (0..<4).map { ("OEBPS/c\($0).xhtml", page) })
        let error = #expect(throws: ReadError.self) {
            try EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumBookSize: 1 << 20))
        }
        if case .limitExceeded = error {} else { Issue.record("expected limitExceeded, got \(String(describing: error))") }
    }
}
