import Foundation
import Testing

/// The same book and options give the same bytes, run after run and whatever the locale: line
/// breaking, hyphenation and case mapping never consult `LANG`.
struct OutputDeterminismTests {
    @Test func sameBytesWhateverTheLocale() throws {
        let binary = try #require(TestPaths.binary, "build book2pages first")
        let book = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")
        var outputs: [Data] = []
        // Turkish lowercases I differently; German and Japanese have other line-breaking rules.
        for locale in ["C", "C.UTF-8", "tr_TR.UTF-8", "de_DE.UTF-8", "ja_JP.UTF-8", "C"] {
            let result = try Run.program(binary, [book, "--page-size", "320x480"],
                                         environment: ["LANG": locale, "LC_ALL": locale])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(Set(outputs).count == 1)
        // The narrow page makes the layout hyphenate, so the comparison covers it.
        #expect(String(decoding: outputs[0], as: UTF8.self).contains(#""hyphenated":true"#))
    }
}
