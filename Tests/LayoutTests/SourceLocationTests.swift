import BookModel
import Layout
import Testing

/// Each line says which of its chapter's text it shows, in scalars of the chapter's paragraphs
/// one after another, and the offsets do not change with the page size.
struct SourceLocationTests {
    static let paragraphs = (0..<8).map { TestBooks.words(70, seed: UInt64($0)) } + ["Ünïcödé wörds — and émigrés’ “quotes” too."]

    func book() -> Book {
        TestBooks.book([[Block(.heading(level: 1, [Inline("A Heading")]))] + Self.paragraphs.map { TestBooks.paragraph($0) }])
    }

    @Test func eachLineNamesTheTextItShows() throws {
        let chapterText = Array((["A Heading"] + Self.paragraphs).joined().unicodeScalars)
        let paged = try Layouter(options: TestBooks.options()).layout(book())
        var lines = 0
        for page in paged.pages {
            for line in page.lines {
                guard let source = line.source else {
                    #expect(line.text.isEmpty)
                    continue
                }
                var shown = line.text
                if line.hyphenated { shown.removeLast() }
                #expect(String(String.UnicodeScalarView(chapterText[source])) == shown)
                lines += 1
            }
        }
        #expect(lines > 20)
        #expect(paged.pages.last?.source?.upperBound == chapterText.count)
    }

    @Test func offsetsDoNotDependOnThePageSize() throws {
        let small = try Layouter(options: TestBooks.options(width: 240, height: 200)).layout(book())
        let large = try Layouter(options: TestBooks.options(width: 420, height: 600, fontSize: 14)).layout(book())
        #expect(small.pages.count > large.pages.count)
        // Every place a small page starts is shown by exactly one large page.
        for page in small.pages {
            let start = try #require(page.source?.lowerBound)
            #expect(large.pages.filter { $0.source.map { $0.contains(start) } ?? false }.count == 1)
        }
        #expect(small.pages.last?.source?.upperBound == large.pages.last?.source?.upperBound)
    }
}
