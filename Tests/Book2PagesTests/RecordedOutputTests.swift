@testable import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// `--incremental` reads an output's provenance and page count without decoding its pages, and
/// never takes an output cut short for a whole one.
struct RecordedOutputTests {
    @Test(arguments: [(OutputFormat.json, false), (.json, true), (.ndjson, false)])
    func readsWhatTheDocumentRecordsAndRefusesAnyCut(format: OutputFormat, pretty: Bool) throws {
        let book = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")
        let conversion = try Converter.convert(path: book, options: ConversionOptions(pretty: pretty, outputFormat: format))
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out").path
        try conversion.json.write(to: URL(fileURLWithPath: file))
        let recorded = try #require(RecordedOutput(path: file, format: format))
        #expect(recorded.provenance == conversion.document.provenance)
        #expect(recorded.contentPages == conversion.document.pages.filter { $0.content != nil }.count)
        #expect(recorded.contentPages > 10)
        // Cut anywhere, from the first bytes to the last one, the output is not whole (a JSON
        // document's final newline aside: without it, the document is whole).
        let count = format == .json && conversion.json.last == 0x0A ? conversion.json.count - 1 : conversion.json.count
        for cut in Set(stride(from: 1, to: count, by: max(1, count / 97)).map { $0 } + [count - 1, count - 2]) {
            try conversion.json.prefix(cut).write(to: URL(fileURLWithPath: file))
            #expect(RecordedOutput(path: file, format: format) == nil, "cut at \(cut) of \(count)")
        }
    }
}
