import BookModel
import Foundation
@testable import MarkdownReader
import Testing

/// `--limit entry-size` bounds each file a Markdown book reads and `book-size` all of them
/// together, images included, as they bound an EPUB's entries (BRIEF §6). Refusals name the book
/// as it was given, then the file that passed the bound.
struct MarkdownLimitTests {
    /// A chapter of `count` bytes: a heading and one long paragraph.
    private func chapter(_ title: String, bytes count: Int) -> String {
        let head = "# \(title)\n\n"
        return head + String(repeating: "x", count: count - head.utf8.count - 1) + "\n"
    }

    private func refusal(_ read: () throws -> ReadResult) -> ReadError? {
        do {
            _ = try read()
            Issue.record("expected a refusal")
            return nil
        } catch {
            return error as? ReadError
        }
    }

    @Test func aLoneFilePastTheEntrySizeIsRefusedByItsName() throws {
        let folder = try BookFolderFixture([("big.md", chapter("Big", bytes: 3000))])
        let path = folder.path("big.md")
        #expect(refusal { try MarkdownReader.readBook(paths: [path], limits: ReadLimits(maximumEntrySize: 2048)) }
                == .limitExceeded(file: path, reason: "larger than the entry-size limit (2 KiB)"))
        #expect(try MarkdownReader.readBook(paths: [path], limits: ReadLimits(maximumEntrySize: 3000)).book.chapters.count == 1)
    }

    @Test func oneFileOfAFolderPastTheEntrySizeIsNamedAfterTheFolder() throws {
        let folder = try BookFolderFixture([("1-small.md", chapter("One", bytes: 500)), ("2-big.md", chapter("Two", bytes: 1500))])
        #expect(refusal { try MarkdownReader.readBook(paths: [folder.url.path], limits: ReadLimits(maximumEntrySize: 1024)) }
                == .limitExceeded(file: folder.url.path, reason: "2-big.md: larger than the entry-size limit (1 KiB)"))
    }

    @Test func filesThatPassTheBookSizeTogetherAreRefused() throws {
        let folder = try BookFolderFixture((1...3).map { ("\($0).md", chapter("Part \($0)", bytes: 1000)) })
        let limits = ReadLimits(maximumEntrySize: 1024, maximumBookSize: 2500)
        #expect(refusal { try MarkdownReader.readBook(paths: [folder.url.path], limits: limits) }
                == .limitExceeded(file: folder.url.path, reason: "3.md: takes the book past the book-size limit (2500 bytes)"))
        let named = ["1.md", "2.md", "3.md"].map(folder.path)
        #expect(refusal { try MarkdownReader.readBook(paths: named, limits: limits) }
                == .limitExceeded(file: named.joined(separator: ", "), reason: "3.md: takes the book past the book-size limit (2500 bytes)"))
        #expect(try MarkdownReader.readBook(paths: [folder.url.path], limits: ReadLimits(maximumBookSize: 3000)).book.chapters.count == 3)
    }

    /// Images are read for their sizes, where a failure is only a warning; a bound passed there
    /// still refuses the book.
    @Test func imagesCountTowardsTheBookSize() throws {
        let folder = try BookFolderFixture([("book.md", "# Pictures\n\n![a picture](pic.gif)\n")])
        try folder.write("pic.gif", Data("GIF89a\u{10}\0\u{8}\0".utf8) + Data(count: 5000))
        let path = folder.path("book.md")
        #expect(refusal { try MarkdownReader.readBook(paths: [path], limits: ReadLimits(maximumBookSize: 4096)) }
                == .limitExceeded(file: path, reason: "pic.gif: takes the book past the book-size limit (4 KiB)"))
        #expect(refusal { try MarkdownReader.readBook(paths: [path], limits: ReadLimits(maximumEntrySize: 2048)) }
                == .limitExceeded(file: path, reason: "pic.gif: larger than the entry-size limit (2 KiB)"))
        let read = try MarkdownReader.readBook(paths: [path], limits: ReadLimits(maximumBookSize: 8192))
        #expect(read.warnings.isEmpty)
    }

    @Test func anMdBookSummaryCountsToo() throws {
        let summary = "# Summary\n\n- [One](one.md)\n" + String(repeating: "<!-- padding -->\n", count: 100)
        let folder = try BookFolderFixture([("src/SUMMARY.md", summary), ("src/one.md", chapter("One", bytes: 200))])
        #expect(refusal { try MarkdownReader.readBook(paths: [folder.url.path], limits: ReadLimits(maximumEntrySize: 1024)) }
                == .limitExceeded(file: folder.url.path, reason: "src/SUMMARY.md: larger than the entry-size limit (1 KiB)"))
        #expect(refusal { try MarkdownReader.readBook(paths: [folder.path("src/SUMMARY.md")], limits: ReadLimits(maximumEntrySize: 1024)) }
                == .limitExceeded(file: folder.path("src/SUMMARY.md"), reason: "larger than the entry-size limit (1 KiB)"))
    }

    @Test func standardInputIsBoundedToo() throws {
        let folder = try BookFolderFixture([])
        let bytes = Array(chapter("Piped", bytes: 2000).utf8)
        #expect(refusal { try MarkdownReader.readBook(bytes: bytes, name: "-", folder: folder.url.path, limits: ReadLimits(maximumEntrySize: 1024)) }
                == .limitExceeded(file: "-", reason: "larger than the entry-size limit (1 KiB)"))
        #expect(try MarkdownReader.readBook(bytes: bytes, name: "-", folder: folder.url.path, limits: ReadLimits(maximumEntrySize: 2000))
                    .book.chapters.count == 1)
    }

    /// The largest bounds a caller can ask for read as any other: nothing overflows.
    @Test func theLargestBoundsReadNormally() throws {
        let folder = try BookFolderFixture([("book.md", chapter("Book", bytes: 100))])
        let limits = ReadLimits(maximumEntrySize: .max, maximumBookSize: .max, maximumCompressionRatio: .max,
                                maximumEntryCount: .max, maximumTextSize: .max)
        #expect(try MarkdownReader.readBook(paths: [folder.path("book.md")], limits: limits).book.chapters.count == 1)
    }
}
