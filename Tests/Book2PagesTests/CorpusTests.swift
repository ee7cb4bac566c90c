import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// Every real book in the shared corpus converts, with the fixed structure (BRIEF §3), except
/// the one that holds nothing to show.
struct CorpusTests {
    /// kusamakura-preview's archive holds the package, an NCX, style sheets and a font, but none
    /// of the three documents its spine lists and neither of its images: converted, it would be
    /// a cover and blank pages. A book with no text and no images is refused (issue 7).
    static let nothingToShow = "kusamakura-preview.epub"

    @Test(arguments: TestPaths.corpusBooks)
    func convertsWithTheFixedStructure(book: URL) throws {
        if book.lastPathComponent == Self.nothingToShow {
            #expect(throws: ConversionError.invalid(file: book.path, reason: "no text and no images to show "
                        + "(EPUB/xhtml/表紙.xhtml: is in the spine but not in the archive; skipped)")) {
                try Converter.convert(path: book.path, options: ConversionOptions())
            }
            return
        }
        let conversion = try Converter.convert(path: book.path, options: ConversionOptions())
        let pages = conversion.document.pages
        #expect(pages.count % 2 == 0)
        #expect(pages.prefix(4).map(\.type) == [.invisible, .invisible, .cover, .blank])
        #expect(pages.last?.type == .blank)
        #expect(pages[2].title?.isEmpty == false, "no title for \(book.lastPathComponent)")
        let content = pages.filter { $0.type == .content }
        #expect(!content.isEmpty, "no content pages in \(book.lastPathComponent)")
        #expect(content.allSatisfy { $0.text?.isEmpty == false && $0.folio != nil })
        // Pages of pictures alone are numbered with the text's pages.
        let numbered = pages.filter { $0.type == .content || $0.type == .image }
        #expect(numbered.map(\.folio!) == Array(numbered.indices.map { $0 + 1 }))
        // The table of contents points at numbered pages (in the nav's order, which need not be
        // the spine's: epub30-spec lists its appendices first).
        #expect(conversion.document.toc.allSatisfy { pages[$0.page].folio != nil })
    }

    /// childrens-literature carries its print edition's page list: every printed page lands on a
    /// content page, in reading order.
    @Test func thePrintedPageListMapsToPages() throws {
        guard let corpus = TestPaths.corpus else { return TestPaths.noteCorpusMissing("thePrintedPageListMapsToPages") }
        let conversion = try Converter.convert(path: corpus.appendingPathComponent("childrens-literature.epub").path,
                                               options: ConversionOptions())
        let list = conversion.document.pageList
        #expect(list.count > 80)
        #expect(list.first?.label == "169")
        #expect(list.allSatisfy { conversion.document.pages[$0.page].type == .content })
        #expect(zip(list, list.dropFirst()).allSatisfy { $0.page <= $1.page })
    }

    @Test func corpusIsPresentOrSaysSo() {
        if TestPaths.corpus == nil {
            TestPaths.noteCorpusMissing("CorpusTests")
        } else {
            #expect(TestPaths.corpusBooks.count >= 10)
        }
    }

    /// The brief's own judge, run over the corpus with the built binary.
    @Test func corpusRunJudgesEveryBookOK() throws {
        guard let corpus = TestPaths.corpus else { return TestPaths.noteCorpusMissing("corpusRunJudgesEveryBookOK") }
        let script = corpus.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("tools/corpus-run.py").path
        let binary = try #require(TestPaths.binary)
        guard let result = try Run.tool("python3", [script, "--timeout", "120", "--", binary, corpus.path]) else {
            print("corpusRunJudgesEveryBookOK: left out, python3 is not installed")
            return
        }
        let report = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0, "\(report)")
        let rows = report.split(separator: "\n").dropLast()
        #expect(rows.count == TestPaths.corpusBooks.count)
        #expect(rows.allSatisfy { $0.hasPrefix("ok ") || ($0.hasPrefix("refused ") && $0.contains(Self.nothingToShow)) },
                "\(report)")
        #expect(report.hasSuffix("\(TestPaths.corpusBooks.count) passed, 0 failed\n"))
    }
}
