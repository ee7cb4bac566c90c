import BookModel
import EPUBReader
import Foundation
import Markup
import Testing
import XHTMLReader

/// Damaged and hostile input ends in a book or an error, never a crash (BRIEF §6).
struct HostileInputTests {
    /// A fixed pseudo-random sequence, so a failure can be replayed.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    @Test func randomBytesParseWithoutCrashing() {
        var generator = Generator(state: 42)
        for size in [0, 1, 7, 100, 4096, 100_000] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = XHTMLReader.read(bytes: bytes, source: "junk.xhtml")
            _ = Markup.parse(bytes, as: .xml)
            _ = Markup.parse(bytes, as: .html)
        }
    }

    @Test func markupSoupParsesWithoutCrashing() {
        var generator = Generator(state: 7)
        let pieces = ["<p>", "</p>", "<div>", "</b>", "<table>", "<td>", "<li>", "&nbsp;", "&", "<", ">", "text ", "<br/>",
                      "<![CDATA[", "]]>", "<!--", "-->", "<?x", "<ul>", "<pre>", "\u{0}", "<svg>", "<image href='a'/>", "\""]
        for _ in 0..<200 {
            let soup = (0..<300).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
            _ = XHTMLReader.read(bytes: Array(soup.utf8), source: "soup.xhtml")
        }
    }

    @Test(.needsSharedCorpus) func corruptedCorpusBooksReadOrFailCleanly() throws {
        var generator = Generator(state: 1)
        let directory = try TestFiles.temporaryDirectory()
        for name in TestFiles.corpusBooks {
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try #require(TestFiles.corpusBook(name)))))
            for round in 0..<3 {
                var bytes = original
                for _ in 0..<20 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= 0xFF }
                if round == 2 { bytes = Array(bytes.prefix(bytes.count * 3 / 4)) }
                let path = directory.appendingPathComponent("\(round)-\(name)").path
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                do {
                    _ = try EPUBReader.read(contentsOf: path)
                } catch {
                    #expect(error.description.hasPrefix(path))
                }
            }
        }
    }

    @Test func manifestHrefsOutsideTheBookAreIgnored() throws {
        let package = FixtureBooks.package(spine: [("evil", "../../../../etc/passwd", "application/xhtml+xml", true),
                                                   ("ok", "ok.xhtml", "application/xhtml+xml", true)])
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container), ("OEBPS/content.opf", package),
                                          ("OEBPS/ok.xhtml", EPUBFixture.page("<p>ok</p>"))])
        let result = try EPUBReader.read(contentsOf: path)
        #expect(result.book.chapters.map(\.source) == ["OEBPS/ok.xhtml"])
        #expect(result.warnings.contains { $0.message.contains("outside the book") })
        #expect(!result.book.chapters.contains { $0.text.contains("root:") })
    }
}
