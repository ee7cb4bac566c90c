import Book2PagesKit
import Foundation
import Testing

/// The sample book's pages, compared byte for byte with the reviewed golden file beside it (but
/// for the digests of the machine's fonts).
/// After a deliberate change, rewrite the golden with BOOK2PAGES_UPDATE_GOLDEN=1 and review the diff.
struct GoldenSampleTests {
    static let cases = [
        ("Samples/the-lighthouse-keeper.epub", "Samples/the-lighthouse-keeper.pages.json"),
        ("Samples/chapter.xhtml", "Samples/chapter.pages.json"),
        ("Samples/floats.xhtml", "Samples/floats.pages.json"),
        ("Samples/boxes.xhtml", "Samples/boxes.pages.json"),
        ("Samples/typography.xhtml", "Samples/typography.pages.json"),
        ("Samples/formulas.xhtml", "Samples/formulas.pages.json"),
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
        #expect(Self.withoutFontDigests(conversion.json) == Self.withoutFontDigests(expected),
                "\(input) no longer matches \(golden)")
    }

    /// The document with the digests of this machine's font files (`provenance.fonts`,
    /// `installedFonts`) and hyphenation dictionaries (`hyphenation`) masked: they are the files'
    /// versions and the machine's lists, not the pages; every other byte is compared, the files'
    /// names among them.
    static func withoutFontDigests(_ json: Data) -> String {
        String(decoding: json, as: UTF8.self)
            .replacingOccurrences(of: #""(sha256|installedFonts|hyphenation)" : "sha256:[0-9a-f]{64}""#, with: #""$1" : "…""#,
                                  options: .regularExpression)
    }
}
