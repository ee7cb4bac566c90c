import Book2PagesKit
@testable import CommandLineInterface
import Foundation
import HTMLPreview
import PageFormat
import Testing
import Targets

/// `book2pages preview`: what its command line accepts, where the HTML goes, and `--png`, with
/// and without Chromium.
struct PreviewCommandTests {
    func invocation(_ arguments: [String]) throws -> Invocation {
        try Invocation(try ArgumentParser.parse(arguments))
    }

    @Test func previewIsTheFirstWord() throws {
        #expect(try invocation(["preview", "b.epub", "-o", "b.html"]).action
                == .preview(inputs: ["b.epub"], output: "b.html", png: nil))
        #expect(try invocation(["preview", "--png", "shots", "b.epub"]).action
                == .preview(inputs: ["b.epub"], output: nil, png: "shots"))
        // Anywhere else it is a book's name, and `./preview` names a book called so.
        #expect(try invocation(["b.md", "preview"]).action == .convert(inputs: ["b.md", "preview"], output: nil))
        #expect(try invocation(["./preview"]).action == .convert(inputs: ["./preview"], output: nil))
        // The layout options apply as to the JSON.
        #expect(try invocation(["preview", "--target", "reader", "b.epub"]).options.target.name == .reader)
    }

    @Test func previewRefusesWhatItCannotDo() throws {
        #expect(throws: ConversionError.usage("preview: no book given")) { try invocation(["preview"]) }
        #expect(throws: ConversionError.usage("--png is for book2pages preview")) { try invocation(["--png", "d", "b.epub"]) }
        #expect(throws: ConversionError.usage("--png needs a directory")) { try invocation(["preview", "--png=", "b.epub"]) }
        #expect(throws: ConversionError.usage("preview writes one HTML file: give -o a file name, such as book.html")) {
            try invocation(["preview", "b.epub", "-o", "out/"])
        }
        #expect(throws: ConversionError.usage("--format is for the JSON output: preview writes HTML")) {
            try invocation(["preview", "--format", "ndjson", "b.epub"])
        }
        #expect(throws: ConversionError.usage("--jobs, --report and --incremental are for a batch: give -o a directory")) {
            try invocation(["preview", "-j", "2", "b.epub"])
        }
    }

    @Test func theHTMLGoesToStandardOutputOrWholeIntoItsFile() throws {
        let binary = try #require(TestPaths.binary)
        let sample = TestPaths.repositoryFile("Samples/chapter.xhtml")
        let piped = try Run.program(binary, ["preview", sample])
        #expect(piped.status == 0, "\(piped.stderr)")
        let html = String(decoding: piped.stdout, as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("src:url(data:font/ttf;base64,"))

        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("chapter.html").path
        let written = try Run.program(binary, ["preview", sample, "-o", file])
        #expect(written.status == 0 && written.stdout.isEmpty)
        #expect(FileManager.default.contents(atPath: file) == piped.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["chapter.html"])
    }

    @Test func pngWithoutChromiumIsOneLineAndExit69() throws {
        let binary = try #require(TestPaths.binary)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shots = directory.appendingPathComponent("shots").path
        let result = try Run.program(binary, ["preview", TestPaths.repositoryFile("Samples/chapter.xhtml"), "--png", shots],
                                     environment: ["BOOK2PAGES_CHROMIUM": directory.appendingPathComponent("no-chromium").path])
        #expect(result.status == ExitCode.fontUnavailable)
        #expect(result.stderr == "book2pages: --png: \(HeadlessBrowser.Failure.notInstalled)\n")
        #expect(!FileManager.default.fileExists(atPath: shots))
    }

    @Test(.needsChromium) func pngWritesOneImageASpread() throws {
        let binary = try #require(TestPaths.binary)
        let sample = TestPaths.repositoryFile("Samples/chapter.xhtml")
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shots = directory.appendingPathComponent("shots").path
        let result = try Run.program(binary, ["preview", sample, "--png", shots])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try PageDocument(jsonData: try Run.program(binary, [sample]).stdout)
        let count = try #require(document.target?.spreads?.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: shots).sorted()
        #expect(files == (0..<count).map(SpreadImages.fileName(ofScreen:)))
        for file in files {
            let bytes = try #require(FileManager.default.contents(atPath: shots + "/" + file))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(file) is not a PNG")
        }
        // No HTML left behind: it was a temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["shots"])
    }
}
