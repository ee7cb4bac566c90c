import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// Every real book in the shared corpus converts, with the fixed structure (BRIEF §3).
struct CorpusTests {
    /// Fixed-layout books whose designed pages are pictures (bitmaps, or inline SVG with its
    /// text inside the drawing): until fixed layout is laid out as designed, each of their
    /// pages is an image page and none holds lines of text.
    static let picturesOnly: Set<String> = ["page-blanche.epub"]

    /// The corpus books that give lines of text.
    static var booksWithText: [URL] { TestPaths.corpusBooks.filter { !picturesOnly.contains($0.lastPathComponent) } }

    @Test(.needsSharedCorpus, arguments: TestPaths.corpusBooks)
    func convertsWithTheFixedStructure(book: URL) throws {
        let conversion = try Converter.convert(path: book.path, options: ConversionOptions())
        let pages = conversion.document.pages
        #expect(pages.count % 2 == 0)
        #expect(pages.prefix(4).map(\.kind.type) == ["invisible", "invisible", "cover", "blank"])
        #expect(pages.last?.kind.type == "blank")
        #expect(pages[2].title?.isEmpty == false, "no title for \(book.lastPathComponent)")
        let content = pages.filter { $0.content != nil }
        if Self.picturesOnly.contains(book.lastPathComponent) {
            #expect(content.isEmpty && pages.contains { $0.kind.type == "image" }, "\(book.lastPathComponent): image pages only")
        } else {
            #expect(!content.isEmpty, "no content pages in \(book.lastPathComponent)")
        }
        #expect(content.allSatisfy { $0.shown?.text.isEmpty == false && $0.shown?.folio != nil })
        // Pages of pictures alone are numbered with the text's pages.
        let numbered = pages.filter { $0.content != nil || $0.kind.type == "image" }
        #expect(numbered.map { $0.shown!.folio } == Array(numbered.indices.map { $0 + 1 }))
        // The table of contents points at numbered pages (in the nav's order, which need not be
        // the spine's: epub30-spec lists its appendices first).
        #expect(conversion.document.toc.allSatisfy { pages[$0.page].shown?.folio != nil })
    }

    /// childrens-literature carries its print edition's page list: every printed page lands on a
    /// content page, in reading order.
    @Test(.needsSharedCorpus) func thePrintedPageListMapsToPages() throws {
        let corpus = try #require(TestPaths.corpus)
        let conversion = try Converter.convert(path: corpus.appendingPathComponent("childrens-literature.epub").path,
                                               options: ConversionOptions())
        let list = conversion.document.pageList
        #expect(list.count > 80)
        #expect(list.first?.label == "169")
        #expect(list.allSatisfy { conversion.document.pages[$0.page].content != nil })
        #expect(zip(list, list.dropFirst()).allSatisfy { $0.page <= $1.page })
    }

    @Test(.needsSharedCorpus) func corpusIsPresentOrSaysSo() {
        #expect(TestPaths.corpusBooks.count >= 10)
    }

    /// The brief's own judge, run over the corpus with the built binary. Under AddressSanitizer
    /// the formula textbook alone takes over a minute of CPU, past the judge's two minutes on a
    /// machine the rest of the suite shares; that pass converts every corpus book in process
    /// (`convertsWithTheFixedStructure`), and `.ci/run` judges the release binary.
    @Test(.needsSharedCorpus, .needsSharedTools, .needsPython3,
          .outsideTheSanitizerPass("the plain pass and .ci/run's corpus step judge the binary; this pass converts each book in process"))
    func corpusRunJudgesEveryBookOK() throws {
        let corpus = try #require(TestPaths.corpus)
        let script = corpus.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("tools/corpus-run.py").path
        let binary = try #require(TestPaths.binary)
        let result = try #require(try Run.tool("python3", [script, "--timeout", "120", "--", binary, corpus.path]))
        let report = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0, "\(report)")
        let rows = report.split(separator: "\n").dropLast()
        #expect(rows.count == TestPaths.corpusBooks.count)
        #expect(rows.allSatisfy { $0.hasPrefix("ok ") }, "\(report)")
        #expect(report.hasSuffix("\(TestPaths.corpusBooks.count) passed, 0 failed\n"))
    }
}
