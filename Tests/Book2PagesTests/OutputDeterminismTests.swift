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

    /// Every corpus book, converted ten times as JSON and ten times as JSON Lines, in batches of
    /// one job and of two, gives one file per format: which layout worker meets a character
    /// first, or which book of a batch, changes nothing.
    @Test(.needsSharedCorpus, .needsReleaseBinary,
          .outsideTheSanitizerPass("the plain pass covers it; the sanitizer pass skips corpus repeats"))
    func everyCorpusBookGivesOneFilePerFormat() throws {
        let binary = try #require(TestPaths.releaseBinary)
        let books = TestPaths.corpusBooks.map(\.path)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in ["json", "ndjson"] {
            var outputs: [String: Set<Data>] = [:]
            for jobs in [1, 2] {
                for run in 0..<10 {
                    let folder = directory.appendingPathComponent("\(format)-\(jobs)-\(run)")
                    let result = try Run.program(binary, ["--quiet", "--format", format, "--jobs", "\(jobs)",
                                                          "-o", folder.path + "/"] + books)
                    #expect(result.status == 0, "\(result.stderr)")
                    for book in books {
                        let name = ((book as NSString).lastPathComponent as NSString).deletingPathExtension + "." + format
                        let output = folder.appendingPathComponent(name)
                        outputs[name, default: []].insert(try Data(contentsOf: output))
                    }
                    try FileManager.default.removeItem(at: folder)
                }
            }
            #expect(outputs.count == books.count)
            for (name, files) in outputs.sorted(by: { $0.key < $1.key }) {
                #expect(files.count == 1, "\(name): \(files.count) different outputs from 20 conversions")
            }
        }
    }
}
