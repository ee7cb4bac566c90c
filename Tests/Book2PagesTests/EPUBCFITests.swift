import Book2PagesKit
import Foundation
import Layout
import PageFormat
import Testing
import Targets

/// Every content page of an EPUB names where it starts and ends as EPUB CFIs, and they lead to
/// the page's text: `scripts/check-cfi.py` follows each one in the book with Python's own XML
/// parser (not book2pages's) and compares the letters found there with the page's.
struct EPUBCFITests {
    static var books: [String] {
        ["Samples/the-lighthouse-keeper.epub", "Samples/the-tide-clock.epub"].map(TestPaths.repositoryFile)
    }

    private struct Report: Decodable {
        var checked: Int
        var characters: Int
        var matched: Int
        var unresolved: Int
    }

    @Test(arguments: books)
    func everyCFILeadsToThePageText(book: String) throws {
        let result = try Converter.convert(path: book, options: ConversionOptions())
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pages = directory.appendingPathComponent("pages.json")
        try result.json.write(to: pages)
        let run = try #require(try Run.tool("python3", [TestPaths.repositoryFile("scripts/check-cfi.py"), book, pages.path]))
        let output = String(decoding: run.stdout, as: UTF8.self)
        let report = try JSONDecoder().decode(Report.self, from: run.stdout)
        let contentPages = result.document.pages.filter { $0.shown?.location != nil }
        #expect(report.checked == contentPages.count * 2, "every content page has both CFIs: \(output)")
        #expect(report.unresolved == 0, "\(output)")
        #expect(report.characters > 0)
        #expect(report.matched == report.characters, "\(output)")
    }

    /// The same, for every corpus book with text.
    @Test(.needsSharedCorpus,
          .outsideTheSanitizerPass("it converts every corpus book elsewhere; here it checks the sample"),
          arguments: CorpusTests.booksWithText.map(\.path))
    func everyCFILeadsToTheCorpusPageText(book: String) throws {
        try everyCFILeadsToThePageText(book: book)
    }

    @Test func theSameTextHasTheSameCFIAtAnySize() throws {
        let book = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")
        let landscape = try Converter.convert(path: book, options: ConversionOptions()).document
        var portrait = ConversionOptions(target: try BookLayoutTarget(TargetRequest(bounds: Dimensions(width: 768, height: 1024))))
        portrait.layout.fontSize = 21
        let other = try Converter.convert(path: book, options: portrait).document
        func cfis(_ document: PageDocument) -> [String: String] {
            var byOffset: [String: String] = [:]
            for page in document.pages {
                guard let chapter = page.shown?.chapter, let location = page.shown?.location else { continue }
                byOffset["\(document.chapters[chapter].source)@\(location.start)"] = location.startCFI
            }
            return byOffset
        }
        let first = cfis(landscape)
        let second = cfis(other)
        let shared = Set(first.keys).intersection(second.keys)
        // Each chapter's first page starts at offset 0 in both; other starts may coincide too.
        #expect(shared.count >= landscape.chapters.count)
        for key in shared { #expect(first[key] == second[key], "\(key)") }
    }

    @Test func markdownPagesHaveNoCFI() throws {
        let book = TestPaths.repositoryFile("Samples/the-clockmakers-garden")
        let document = try Converter.convert(path: book, options: ConversionOptions()).document
        let locations = document.pages.compactMap(\.shown?.location)
        #expect(!locations.isEmpty)
        #expect(locations.allSatisfy { $0.startCFI == nil && $0.endCFI == nil })
    }
}
