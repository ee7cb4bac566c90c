import Book2PagesKit
import Foundation
import Testing

/// The sample book's pages, compared byte for byte with the reviewed golden file beside it.
/// After a deliberate change, rewrite the golden with BOOK2PAGES_UPDATE_GOLDEN=1 and review the diff.
struct GoldenSampleTests {
    static let cases = [
        ("Samples/the-lighthouse-keeper.epub", "Samples/the-lighthouse-keeper.pages.json"),
        ("Samples/chapter.xhtml", "Samples/chapter.pages.json"),
        ("Samples/floats.xhtml", "Samples/floats.pages.json"),
        ("Samples/boxes.xhtml", "Samples/boxes.pages.json"),
        ("Samples/typography.xhtml", "Samples/typography.pages.json"),
        ("Samples/the-clockmakers-garden", "Samples/the-clockmakers-garden.pages.json"),
    ]

    @Test(arguments: cases)
    func matchesTheGoldenFile(input: String, golden: String) throws {
        let conversion = try Converter.convert(path: TestPaths.repositoryFile(input),
                                               options: ConversionOptions(pretty: true))
        let goldenPath = TestPaths.repositoryFile(golden)
        if ProcessInfo.processInfo.environment["BOOK2PAGES_UPDATE_GOLDEN"] == "1" {
            try conversion.json.write(to: URL(fileURLWithPath: goldenPath))
        }
        let expected = try Data(contentsOf: URL(fileURLWithPath: goldenPath))
        #expect(conversion.json == expected, "\(input) no longer matches \(golden)")
    }
}
