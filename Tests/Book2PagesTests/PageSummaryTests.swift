import Book2PagesKit
import Foundation
import Synchronization
import PageFormat
import Testing

/// A conversion that needs only its output's bytes keeps each written page's summary, not the
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
        #expect(summarized.document.pages.count == whole.document.pages.count)
        for (summary, page) in zip(summarized.document.pages, whole.document.pages) {
            #expect(summary.kind.type == page.kind.type && summary.shown?.folio == page.shown?.folio
                        && summary.shown?.chapter == page.shown?.chapter && summary.shown?.images == page.shown?.images)
            #expect(summary.shown?.lines.isEmpty ?? true)
        }
        #expect(whole.document.pages.contains { !($0.shown?.lines.isEmpty ?? true) })
        #expect(summarized.document.chapters == whole.document.chapters && summarized.document.target == whole.document.target)
    }

    /// Indented JSON is written from the pages at the end: they are kept whole.
    @Test func indentedJSONKeepsItsPages() throws {
        let pretty = try Converter.convert(sample, options: ConversionOptions(pretty: true), keepingPages: false)
        #expect(pretty.document.pages.contains { !($0.shown?.lines.isEmpty ?? true) })
        #expect(try PageDocument(jsonData: pretty.json).pages == pretty.document.pages)
    }
}
