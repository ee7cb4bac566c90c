import Book2PagesKit
@testable import CommandLineInterface
import Foundation
import PageFormat
import Testing

/// `--lines none`: content pages without their lines, every page and break as with them.
struct LinesOptionTests {
    let sample = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")

    func convert(_ arguments: [String]) throws -> Data {
        let result = try Run.program(try #require(TestPaths.binary), [sample, "-q"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func theOptionTakesAllOrNone() throws {
        #expect(try Invocation(try ArgumentParser.parse(["book.md"])).options.keepsLines)
        #expect(try Invocation(try ArgumentParser.parse(["book.md", "--lines", "all"])).options.keepsLines)
        #expect(try !Invocation(try ArgumentParser.parse(["book.md", "--lines", "none"])).options.keepsLines)
        #expect(throws: ConversionError.self) { try Invocation(try ArgumentParser.parse(["book.md", "--lines", "some"])) }
    }

    @Test func thePagesAreTheSameWithoutTheirLines() throws {
        let all = try PageDocument(jsonData: try convert([]))
        let bytes = try convert(["--lines", "none"])
        let none = try PageDocument(jsonData: bytes)
        #expect(!String(decoding: bytes, as: UTF8.self).contains(#""lines""#))
        #expect(none.pages.count == all.pages.count)
        var withLines = 0
        for (without, with) in zip(none.pages, all.pages) {
            #expect(without.kind.type == with.kind.type)
            guard case .content(let shown) = without.kind, case .content(let full) = with.kind else { continue }
            #expect(shown.linesLeftOut && shown.lines.isEmpty && !full.linesLeftOut)
            #expect(shown.text == full.text && shown.folio == full.folio && shown.location == full.location
                        && shown.images == full.images && shown.boxes == full.boxes)
            withLines += full.lines.isEmpty ? 0 : 1
        }
        #expect(withLines > 10)
        #expect(none.chapters == all.chapters && none.toc == all.toc)
        #expect(none.provenance?.options != all.provenance?.options)
        #expect(bytes.count * 2 < (try convert([])).count)
    }

    /// Indented, compact and JSON Lines say the same.
    @Test func everyWriterLeavesThemOut() throws {
        let compact = try PageDocument(jsonData: try convert(["--lines", "none"]))
        let pretty = try PageDocument(jsonData: try convert(["--lines", "none", "--pretty"]))
        let lines = try convert(["--lines", "none", "--format", "ndjson"])
        #expect(!String(decoding: lines, as: UTF8.self).contains(#""lines""#))
        let streamed = try PageDocument(jsonLines: lines)
        #expect(pretty.pages == compact.pages && streamed.pages == compact.pages)
    }
}
