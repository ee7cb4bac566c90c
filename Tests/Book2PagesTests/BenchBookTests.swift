import Foundation
import PageFormat
import Testing

/// The benchmark's books (`scripts/make-bench-books.py`, docs/PERFORMANCE.md) are real books:
/// a small one of the same kind converts as an EPUB and as Markdown, with every chapter, the
/// same chapter titles, and the same bytes when written again from the same seed.
struct BenchBookTests {
    static let chapterCount = 5

    func write(into directory: URL) throws {
        let script = TestPaths.repositoryFile("scripts/make-bench-books.py")
        let result = try #require(try Run.tool("python3", [script, directory.path, "--scale", "1",
                                                            "--chapters", "\(Self.chapterCount)"]))
        try #require(result.status == 0, "python3 could not write the books: \(result.stderr)")
    }

    @Test(.needsPython3) func aSmallBenchBookConvertsAsEPUBAndAsMarkdown() throws {
        guard let binary = TestPaths.binary else { Issue.record("book2pages is not built"); return }
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(into: directory)
        var titles: [[String?]] = []
        for book in ["bench-1x.epub", "bench-1x-md"] {
            let result = try Run.program(binary, [directory.appendingPathComponent(book).path, "-q"])
            #expect(result.status == 0, "\(book): \(result.stderr)")
            let document = try PageDocument(jsonData: result.stdout)
            #expect(document.metadata.title == "The Long Winter (1x)")
            #expect(document.chapters.count == Self.chapterCount)
            #expect(document.pages.filter { $0.content != nil }.count > Self.chapterCount)
            titles.append(document.chapters.map(\.title))
        }
        #expect(titles[0] == titles[1])
        #expect(titles[0].first??.hasPrefix("Chapter 1: ") == true)
    }

    @Test(.needsPython3) func theSameSeedWritesTheSameBytes() throws {
        let first = try Run.temporaryDirectory(), second = try Run.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        try write(into: first)
        try write(into: second)
        let name = "bench-1x.epub"
        #expect(FileManager.default.contentsEqual(atPath: first.appendingPathComponent(name).path,
                                                  andPath: second.appendingPathComponent(name).path))
    }
}
