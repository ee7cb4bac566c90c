import Book2PagesKit
import Foundation
import Layout
import PageFormat
import Testing
import Targets

/// A bookmark taken on a page of one layout (its chapter's source and its start offset) finds the
/// page showing the same text in a layout at another size.
struct BookmarkSurvivalTests {
    static var books: [String] {
        ["Samples/the-lighthouse-keeper.epub", "Samples/the-clockmakers-garden"].map(TestPaths.repositoryFile)
    }

    @Test(arguments: books)
    func bookmarksFindTheirPageAtAnotherSize(book: String) throws {
        let landscape = try Converter.convert(path: book, options: ConversionOptions()).document
        var portrait = ConversionOptions(target: try BookLayoutTarget(TargetRequest(bounds: Dimensions(width: 768, height: 1024))))
        portrait.layout.fontSize = 19
        let other = try Converter.convert(path: book, options: portrait).document
        #expect(landscape.pages.map(\.shown?.location) != other.pages.map(\.shown?.location), "the two layouts should differ")
        var checked = 0
        for page in landscape.pages where page.content != nil {
            guard let chapter = page.shown?.chapter, let location = page.shown?.location else { continue }
            let source = landscape.chapters[chapter].source
            let found = try #require(other.pageIndex(source: source, offset: location.start))
            let there = try #require(other.pages[found].shown?.location)
            #expect(there.start <= location.start && location.start <= there.end, "\(source) at \(location.start)")
            checked += 1
        }
        #expect(checked > 5)
    }

    @Test(.needsSharedCorpus, arguments: ["moby-dick.epub", "childrens-literature.epub", "regime-anticancer-arabic.epub"])
    func corpusBookmarksFindTheirPageAtAnotherSize(name: String) throws {
        try bookmarksFindTheirPageAtAnotherSize(book: try #require(TestPaths.corpus).appendingPathComponent(name).path)
    }
}
