import BookModel
import EPUBReader
import Foundation
import Testing

/// Obfuscated fonts (EPUB 3.3 OCF §4.4, and Adobe's) come out of the book's files as the fonts
/// themselves: for `--assets` to write fonts an app can register, and a renderer to load.
struct FontObfuscationTests {
    /// A font's first 2 000 bytes, a pattern with no period of 16 or 20.
    static let font: [UInt8] = (0..<2000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 13) }

    static func book(identifier: String, algorithm: String, key: [UInt8], obfuscated length: Int) throws -> String {
        var obfuscated = font
        for index in 0..<length { obfuscated[index] ^= key[index % key.count] }
        return try EPUBFixture.write([
            ("META-INF/container.xml", EPUBFixture.container),
            ("META-INF/encryption.xml", """
                <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                  <EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#">
                    <EncryptionMethod Algorithm="\(algorithm)"/>
                    <CipherData><CipherReference URI="OEBPS/fonts/face.otf"/></CipherData>
                  </EncryptedData>
                </encryption>
                """),
            ("OEBPS/content.opf", """
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
                  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                    <dc:identifier id="other">isbn-0</dc:identifier><dc:identifier id="id">\(identifier)</dc:identifier>
                    <dc:title>Fonts</dc:title></metadata>
                  <manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>
                    <item id="f" href="fonts/face.otf" media-type="font/otf"/></manifest>
                  <spine><itemref idref="c"/></spine>
                </package>
                """),
            ("OEBPS/c.xhtml", EPUBFixture.page("<p>Text</p>")),
        ], binary: [("OEBPS/fonts/face.otf", obfuscated)])
    }

    /// The key is the SHA-1 of the identifier without its white space: "book id\t42" is keyed by
    /// SHA-1("bookid42"), worked out by Python's hashlib.
    @Test func idpfObfuscationIsUndoneWithTheUniqueIdentifiersSHA1() throws {
        let key = [0x62, 0xc8, 0x50, 0x91, 0x90, 0xb5, 0xda, 0x45, 0x9a, 0x7a, 0x1e, 0x84, 0xec, 0xac, 0x34, 0x3d,
                   0xcc, 0xe4, 0x3f, 0x55].map(UInt8.init)
        let path = try Self.book(identifier: "book id\t42", algorithm: "http://www.idpf.org/2008/embedding", key: key,
                                 obfuscated: 1040)
        #expect(try EPUBReader.files(of: path).read("OEBPS/fonts/face.otf") == Self.font)
        // Read as a book, it is still a book: the font is no encrypted document.
        #expect(try EPUBReader.read(contentsOf: path).book.chapters.count == 1)
    }

    @Test func adobeObfuscationIsUndoneWithTheBooksUUID() throws {
        let key = [0x0a, 0x1b, 0x2c, 0x3d, 0x4e, 0x5f, 0x60, 0x71, 0x82, 0x93, 0xa4, 0xb5, 0xc6, 0xd7, 0xe8, 0xf9].map(UInt8.init)
        let path = try Self.book(identifier: "urn:uuid:0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9",
                                 algorithm: "http://ns.adobe.com/pdf/enc#RC", key: key, obfuscated: 1024)
        #expect(try EPUBReader.files(of: path).read("OEBPS/fonts/face.otf") == Self.font)
    }

    /// The corpus's obfuscated Waste Land: each restored face is an OpenType font again, whose
    /// table directory (inside the obfuscated bytes) leads to a `head` table with its magic number.
    @Test(.needsSharedCorpus) func wastelandsObfuscatedFacesAreOpenTypeAgain() throws {
        let files = try EPUBReader.files(of: try #require(TestFiles.corpusBook("wasteland-otf-obf.epub")))
        for face in ["Regular", "Bold", "Italic"] {
            let font = try files.read("EPUB/OldStandard-\(face).obf.otf")
            #expect(Array(font.prefix(4)) == Array("OTTO".utf8), "\(face)")
            func number(_ at: Int, _ count: Int) -> Int { font[at..<at + count].reduce(0) { $0 << 8 | Int($1) } }
            let tables = number(4, 2)
            let head = (0..<tables).map { 12 + $0 * 16 }.first { font[$0..<$0 + 4].elementsEqual("head".utf8) }
            let offset = try #require(head.map { number($0 + 8, 4) }, "\(face): no head table")
            #expect(number(offset + 12, 4) == 0x5F0F3CF5, "\(face)")
        }
    }
}
