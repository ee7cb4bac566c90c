import BookModel
import EPUBReader
import Foundation
import Testing
import XHTMLReader

/// Every bound of `ReadLimits` refuses a book that passes it, naming the entry and the limit;
/// wherever in the book the entry is read (BRIEF §6).
struct ReadLimitTests {
    private let spine = [("a", "a.xhtml", "application/xhtml+xml", true)]

    private func limitReason(_ read: () throws(ReadError) -> ReadResult) -> String? {
        do {
            _ = try read()
            return nil
        } catch {
            if case .limitExceeded(_, let reason) = error { return reason }
            Issue.record("expected limitExceeded, got \(error)")
            return nil
        }
    }

    private func book(_ extra: [(String, String)] = [], page: String = EPUBFixture.page("<p>Text.</p>")) throws -> String {
        try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                               ("OEBPS/content.opf", FixtureBooks.package(spine: spine)), ("OEBPS/a.xhtml", page)] + extra)
    }

    @Test func tooManyEntriesAreRefusedBeforeAnyIsRead() throws {
        let path = try book((0..<20).map { ("x/\($0)", "") })
        let reason = limitReason { () throws(ReadError) in try EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumEntryCount: 10)) }
        #expect(reason == "lists 24 entries, past the entries limit (10)")
        #expect(try EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumEntryCount: 24)).book.chapters.count == 1)
    }

    @Test func textPastTheLimitIsRefusedNamingTheChapter() throws {
        let path = try book(page: EPUBFixture.page(String(repeating: "<p>Twelve bytes</p>", count: 100)))
        let reason = limitReason { () throws(ReadError) in try EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumTextSize: 1000)) }
        #expect(reason == "OEBPS/a.xhtml: takes the book's text past the text limit (1000 bytes)")
        #expect(try EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumTextSize: 1200)).book.textSize == 1200)
    }

    /// The container, the navigation document or the mimetype are read on the side, where a
    /// failure is only a warning; a bound passed there still refuses the book.
    @Test func aBoundPassedOnTheSideStillRefusesTheBook() throws {
        let big = String(repeating: "<!-- padding padding padding -->\n", count: 40_000)
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container + big),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: spine)),
                                          ("OEBPS/a.xhtml", EPUBFixture.page("<p>Text.</p>"))])
        let reason = limitReason { () throws(ReadError) in try EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumEntrySize: 1 << 20)) }
        #expect(reason == "META-INF/container.xml: inflates past the entry-size limit (1 MiB)")
    }

    /// Entries that each stay under the 1 MiB ratio threshold, together far over it.
    @Test func manySmallEntriesThatInflateTooMuchTogetherAreABomb() throws {
        let page = EPUBFixture.page("<p>Text.</p>" + String(repeating: " ", count: 900_000))
        let spine = (0..<3).map { ("c\($0)", "c\($0).xhtml", "application/xhtml+xml", true) }
        let path = try EPUBFixture.write([("META-INF/container.xml", EPUBFixture.container),
                                          ("OEBPS/content.opf", FixtureBooks.package(spine: spine))]
                                         + (0..<3).map { ("OEBPS/c\($0).xhtml", page) })
        let reason = limitReason { () throws(ReadError) in try EPUBReader.read(contentsOf: path) }
        #expect(reason?.hasPrefix("OEBPS/c1.xhtml: the entries read so far inflate more than 200 times their compressed size") == true)
        #expect(try EPUBReader.read(contentsOf: path, limits: ReadLimits(maximumCompressionRatio: 10_000)).book.chapters.count == 3)
    }

    @Test func aLoneDocumentPastTheEntrySizeIsRefused() throws {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent("big.xhtml").path
        try Data(EPUBFixture.page(String(repeating: "<p>x</p>", count: 1000)).utf8).write(to: URL(fileURLWithPath: path))
        let reason = limitReason { () throws(ReadError) in try XHTMLReader.readBook(contentsOf: path, limits: ReadLimits(maximumEntrySize: 4096)) }
        #expect(reason == "larger than the entry-size limit (4 KiB)")
    }

    /// The largest bounds a caller can ask for read as any other: no arithmetic at the edge of
    /// `Int` overflows, and the buffer follows what is inflated, not what the archive declares.
    @Test func theLargestBoundsReadNormally() throws {
        let path = try book()
        let limits = ReadLimits(maximumEntrySize: .max, maximumBookSize: .max, maximumCompressionRatio: .max,
                                maximumEntryCount: .max, maximumTextSize: .max)
        #expect(try EPUBReader.read(contentsOf: path, limits: limits).book.chapters.count == 1)
        let lone = try TestFiles.temporaryDirectory().appendingPathComponent("lone.xhtml").path
        try Data(EPUBFixture.page("<p>Text.</p>").utf8).write(to: URL(fileURLWithPath: lone))
        #expect(try XHTMLReader.readBook(contentsOf: lone, limits: limits).book.chapters.count == 1)
    }

    @Test func sizesAreNamedExactly() {
        #expect(ByteCount.describe(64 << 20) == "64 MiB")
        #expect(ByteCount.describe(1 << 30) == "1 GiB")
        #expect(ByteCount.describe(1536 << 10) == "1536 KiB")
        #expect(ByteCount.describe(1000) == "1000 bytes")
        #expect(ReadLimits().describe(.entries) == "the entries limit (10000)")
    }
}
