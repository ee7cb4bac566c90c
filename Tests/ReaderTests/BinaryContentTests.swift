import BookModel
import EPUBReader
import Foundation
import Testing
import XHTMLReader

/// Binary data given as a document is refused, in a book and alone; UTF-16 text, full of zero
/// bytes, is not mistaken for it.
struct BinaryContentTests {
    /// A PNG header and then pseudo-random bytes: zero bytes early on.
    private static let pngLike: [UInt8] = {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        var state: UInt32 = 7
        for _ in 0..<4000 {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(state >> 24))
        }
        return bytes
    }()

    /// Every byte value but zero, over and over: binary without a single zero byte.
    private static let withoutZeroBytes: [UInt8] = (0..<9000).map { UInt8($0 % 255 + 1) }

    private static func book(withSpineItem bytes: [UInt8]) throws -> String {
        let package = FixtureBooks.package(spine: [("x", "x.xhtml", "application/xhtml+xml", true),
                                                   ("ok", "ok.xhtml", "application/xhtml+xml", true)])
        return try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", package),
                                      ("OEBPS/ok.xhtml", EPUBFixture.page("<p>ok</p>"))],
                                     binary: [("OEBPS/x.xhtml", bytes)])
    }

    private static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    @Test(arguments: ["PNG", "no zero bytes"])
    func binarySpineItemIsSkippedWithAWarning(junk: String) throws {
        let result = try EPUBReader.read(contentsOf: try Self.book(withSpineItem: junk == "PNG" ? Self.pngLike : Self.withoutZeroBytes))
        #expect(result.book.chapters.map(\.source) == ["OEBPS/ok.xhtml"])
        #expect(result.warnings.map(\.description).contains("OEBPS/x.xhtml: is not a text document (binary data); skipped"))
    }

    @Test func utf16SpineItemsRead() throws {
        let page = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Grüße, 世界</p></body></html>"
        for (bigEndian, mark) in [(false, true), (true, true), (false, false), (true, false)] {
            let result = try EPUBReader.read(contentsOf: try Self.book(withSpineItem: Self.utf16(page, bigEndian: bigEndian, byteOrderMark: mark)))
            #expect(result.book.chapters.first?.text == "Grüße, 世界", "big endian \(bigEndian), mark \(mark)")
        }
    }

    @Test func loneUTF16FileReadsAndLoneJunkIsRefused() throws {
        let directory = try TestFiles.temporaryDirectory()
        let text = directory.appendingPathComponent("utf16.html").path
        try Data(Self.utf16("<p>Hallo</p>", bigEndian: false, byteOrderMark: false)).write(to: URL(fileURLWithPath: text))
        #expect(try XHTMLReader.readBook(contentsOf: text).book.chapters[0].text == "Hallo")
        let junk = directory.appendingPathComponent("junk.html").path
        try Data(Self.withoutZeroBytes).write(to: URL(fileURLWithPath: junk))
        #expect(throws: ReadError.invalid(file: junk, reason: "binary data, not an XHTML or HTML document")) {
            try XHTMLReader.readBook(contentsOf: junk)
        }
    }

    @Test func tellsTextFromBinary() {
        #expect(XHTMLReader.looksLikeText([]))
        #expect(XHTMLReader.looksLikeText(Array("<p>plain UTF-8, café</p>".utf8)))
        // Windows-1252 curly quotes, a stray vertical tab, and ISO-2022-JP's escapes are text.
        #expect(XHTMLReader.looksLikeText(Array("<p>It".utf8) + [0x92, 0x73, 0x0B] + Array(" \u{1B}$B%F%-%9%H\u{1B}(B</p>".utf8)))
        #expect(XHTMLReader.looksLikeText(Self.utf16("<?xml version=\"1.0\"?><p/>", bigEndian: true, byteOrderMark: false)))
        #expect(!XHTMLReader.looksLikeText(Self.pngLike))
        #expect(!XHTMLReader.looksLikeText(Self.withoutZeroBytes))
        #expect(!XHTMLReader.looksLikeText(Array("<p>".utf8) + [0] + Array("</p>".utf8)))
    }

    /// Eight bytes without a control are passed over at once: controls and zero bytes count
    /// wherever they fall, up to the last bytes of the start that is looked at.
    @Test func controlsCountWhereverTheyFall() {
        for shift in 0..<9 {
            var text = [UInt8](repeating: UInt8(ascii: "a"), count: 1003)
            // 1 003 bytes allow ten controls.
            for index in 0..<10 { text[shift + index * 99] = index % 2 == 0 ? 0x01 : 0x7F }
            #expect(XHTMLReader.looksLikeText(text), "shift \(shift)")
            text[1002 - shift] = 0x1F
            #expect(!XHTMLReader.looksLikeText(text), "shift \(shift)")
            var zero = [UInt8](repeating: UInt8(ascii: "a"), count: 20)
            zero[19 - shift] = 0
            #expect(!XHTMLReader.looksLikeText(zero), "shift \(shift)")
        }
    }
}
