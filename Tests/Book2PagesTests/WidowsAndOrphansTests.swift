@testable import Book2PagesKit
import BookModel
import Foundation
@testable import Layout
import Testing

/// On a whole real book, no page break leaves a single line of a paragraph at the foot of a page
/// (an orphan) or at the head of the next (a widow): the paginator's 2/2 rule, checked from the
/// paginated chapters alone. Each line is traced to its paragraph through its source offsets,
/// which the paginator's lines still carry.
struct WidowsAndOrphansTests {
    struct Count {
        var breaksInsideParagraphs = 0
        var orphans = 0
        var widows = 0
    }

    /// Counts, over every page break inside a chapter that splits a paragraph, how many lines
    /// of it stay behind and how many go ahead.
    static func count(_ book: Book, layouter: Layouter, options: LayoutOptions) -> (pages: Int, count: Count) {
        var flattener = BlockFlattener(fontSize: options.fontSize, lineHeight: options.bodyLineHeight,
                                       alignment: options.alignment)
        let starts = book.chapters.map { flattener.flatten($0.blocks).filter { $0.scalarCount > 0 }.map(\.sourceStart) }
        func paragraph(of line: SetLine, in chapter: Int) -> Int? {
            guard let source = line.source else { return nil }
            return starts[chapter].lastIndex { $0 <= source.lowerBound }
        }
        var count = Count()
        var pageCount = 0
        var worker = layouter.worker(settings: ChapterLayouter.BookSettings(book.metadata, writingMode: .auto))
        for (chapter, content) in book.chapters.enumerated() {
            let pages = worker.paginate(content).pagination.pages
            pageCount += pages.count
            for (page, next) in zip(pages, pages.dropFirst()) {
                guard let last = page.lines.last(where: { $0.source != nil }),
                      let first = next.lines.first(where: { $0.source != nil }),
                      let split = paragraph(of: last, in: chapter),
                      paragraph(of: first, in: chapter) == split else { continue }
                count.breaksInsideParagraphs += 1
                let before = page.lines.filter { paragraph(of: $0, in: chapter) == split }.count
                let after = next.lines.filter { paragraph(of: $0, in: chapter) == split }.count
                if before == 1 { count.orphans += 1 }
                if after == 1 { count.widows += 1 }
            }
        }
        return (pageCount, count)
    }

    @Test(.needsSharedCorpus) func mobyDickHasNoWidowsOrOrphans() throws {
        let corpus = try #require(TestPaths.corpus)
        let book = try Converter.readBook(.paths([corpus.appendingPathComponent("moby-dick.epub").path]), asked: .epub).book
        for options in [LayoutOptions(), LayoutOptions(fontSize: 21)] {
            let layouter = try Layouter(options: options)
            let (pages, count) = Self.count(book, layouter: layouter, options: options)
            #expect(pages == layouter.layout(book).pages.count)
            print("moby-dick at \(options.fontSize) pt: \(pages) pages, \(count.breaksInsideParagraphs) breaks inside a paragraph, \(count.orphans) orphans, \(count.widows) widows")
            #expect(count.breaksInsideParagraphs > 100, "the check must see paragraphs split")
            #expect(count.orphans == 0)
            #expect(count.widows == 0)
        }
    }
}
