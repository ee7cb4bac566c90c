import Book2PagesKit
import Foundation
import Synchronization
import Targets
import PageFormat
import Testing

/// A conversion that needs only its output's bytes keeps each written page's outline, not the
/// page (`Converter.convert`'s `keepingPages`): the same bytes, a fraction of the memory.
struct PageSummaryTests {
    let sample = BookInput.paths([TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")])

    @Test(arguments: [OutputFormat.json, .ndjson])
    func theSameBytesWithSummariesKept(format: OutputFormat) throws {
        var options = ConversionOptions()
        options.outputFormat = format
        let whole = try Converter.convert(sample, options: options)
        let sent = Mutex(Data())
        let summarized = try Converter.convert(sample, options: options, keepingPages: false,
                                               streamingTo: { data in sent.withLock { $0.append(data) } })
        #expect(sent.withLock { $0 } == whole.json)
        #expect(summarized.document.pages.isEmpty)
        #expect(summarized.outlines == whole.outlines && summarized.outlines.count == whole.document.pages.count)
        for (outline, page) in zip(summarized.outlines, whole.document.pages) {
            #expect(String(describing: outline.kind) == page.kind.type)
            #expect(outline.chapter == page.shown?.chapter && outline.images == (page.shown?.images.map(\.path) ?? []))
        }
        #expect(summarized.contentPageCount == whole.document.pages.count { $0.content != nil })
        #expect(summarized.document.chapters == whole.document.chapters && summarized.document.target == whole.document.target)
    }

    /// Indented JSON is written from the pages at the end: they are kept whole.
    @Test func indentedJSONKeepsItsPages() throws {
        let pretty = try Converter.convert(sample, options: ConversionOptions(pretty: true), keepingPages: false)
        #expect(pretty.document.pages.contains { !($0.shown?.lines.isEmpty ?? true) })
        #expect(try PageDocument(jsonData: pretty.json).pages == pretty.document.pages)
    }
}
