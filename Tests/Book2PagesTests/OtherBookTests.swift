@testable import Book2PagesKit
import BookModel
import Foundation
import PageFormat
import Testing

/// An output that holds another book's pages is not replaced unasked (`OtherBookCheck`): not by a
/// second run, not by a second process at the same moment; the same book, edited or reached by
/// another name, replaces its own; `--force` replaces anything.
struct OtherBookTests {
    func binary() throws -> String { try #require(TestPaths.binary, "build book2pages first") }

    /// `a/book.md` and `b/book.md`: two books of one name.
    func twoBooks() throws -> URL {
        let directory = try Run.temporaryDirectory()
        for (folder, text) in [("a", "The first book, of the lamp and the sea."), ("b", "The second book, of the garden.")] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("# Book \(folder)\n\n\(text)\n".utf8).write(to: directory.appendingPathComponent("\(folder)/book.md"))
        }
        return directory
    }

    func recordedPaths(_ file: URL) throws -> [String]? {
        try JSONDecoder().decode(PageDocument.self, from: Data(contentsOf: file)).provenance?.inputPaths
    }

    func leftovers(in folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".part") }
    }

    @Test func theWayFromTheOutputsFolderToItsBook() {
        #expect(RealPath.route(from: "/w/out", to: "/w/books/a.epub") == "../books/a.epub")
        #expect(RealPath.route(from: "/w/out/sub", to: "/w/out/sub/a.md") == "a.md")
        #expect(RealPath.route(from: "/w", to: "/w") == ".")
        #expect(RealPath.route(from: "/", to: "/a/b.md") == "a/b.md")
    }

    @Test func anotherBooksOutputIsLeftAsItIs() throws {
        let directory = try twoBooks()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out/book.json")
        let first = try Run.program(try binary(), ["a/book.md", "-o", "out/", "-q"], directory: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try recordedPaths(output) == ["../a/book.md"])
        let before = try Data(contentsOf: output)
        // Alone, and as a batch of one, the same refusal and the same exit status.
        for arguments in [["b/book.md", "-o", "out/book.json"], ["b/book.md", "-o", "out/"]] {
            let second = try Run.program(try binary(), arguments + ["-q"], directory: directory)
            #expect(second.status == ExitCode.outputFailed, "\(arguments): \(second.stderr)")
            #expect(second.stderr.contains("out/book.json") && second.stderr.contains("../a/book.md")
                        && second.stderr.contains("b/book.md") && second.stderr.contains("--force"), "\(second.stderr)")
            #expect(second.stderr.split(separator: "\n").count == 1, "\(second.stderr)")
            #expect(try Data(contentsOf: output) == before)
        }
        #expect(leftovers(in: directory).isEmpty)
        let forced = try Run.program(try binary(), ["b/book.md", "-o", "out/", "-q", "--force"], directory: directory)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try recordedPaths(output) == ["../b/book.md"])
    }

    @Test func theSameBookEditedOrReachedByAnotherNameReplacesItsOwn() throws {
        let directory = try twoBooks()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out/book.json")
        #expect(try Run.program(try binary(), ["a/book.md", "-o", "out/", "-q"], directory: directory).status == 0)
        // Edited, then converted from its own folder by another name: the same place.
        try Data("# Book a\n\nThe first book, edited.\n".utf8).write(to: directory.appendingPathComponent("a/book.md"))
        let edited = try Run.program(try binary(), ["book.md", "-o", "../out/book.json", "-q"],
                                     directory: directory.appendingPathComponent("a"))
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8).contains("edited"))
        // A copy of the same bytes elsewhere makes the same pages: not another book.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("c"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: directory.appendingPathComponent("a/book.md"),
                                         to: directory.appendingPathComponent("c/book.md"))
        let copy = try Run.program(try binary(), ["c/book.md", "-o", "out/book.json", "-q"], directory: directory)
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try recordedPaths(output) == ["../c/book.md"])
    }

    /// A book that is missing fails for that, not as another book's: its output is no one's yet.
    @Test func aMissingBookIsMissingNotAnotherBook() throws {
        let directory = try twoBooks()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Run.program(try binary(), ["a/book.md", "-o", "out/", "-q"], directory: directory).status == 0)
        let missing = try Run.program(try binary(), ["c/book.md", "-o", "out/book.json", "-q"], directory: directory)
        #expect(missing.status == ExitCode.unreadableInput, "\(missing.stderr)")
        #expect(!missing.stderr.contains("another book"), "\(missing.stderr)")
        // A link at the output's name is replaced, whatever the file it leads to holds.
        try FileManager.default.moveItem(at: directory.appendingPathComponent("out/book.json"),
                                         to: directory.appendingPathComponent("a.json"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("out/book.json").path,
                                                   withDestinationPath: "../a.json")
        let linked = try Run.program(try binary(), ["b/book.md", "-o", "out/", "-q"], directory: directory)
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(try recordedPaths(directory.appendingPathComponent("a.json")) == ["../a/book.md"])
    }

    /// Two processes started together, each with its own book for the same output: one writes it,
    /// the other fails, whichever comes second, and the output holds the winner's pages.
    @Test func twoProcessesAtOnceNeverBothWrite() throws {
        let directory = try twoBooks()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try binary()
        for round in 0..<4 {
            let out = "out\(round)/"
            nonisolated(unsafe) var results: [ProcessResult?] = [nil, nil]
            let lock = NSLock()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let result = try? Run.program(path, [index == 0 ? "a/book.md" : "b/book.md", "-o", out, "-q"], directory: directory)
                lock.withLock { results[index] = result }
            }
            let statuses = results.map { $0?.status }
            #expect(statuses.sorted { ($0 ?? -1) < ($1 ?? -1) } == [0, ExitCode.outputFailed], "\(results.map { $0?.stderr })")
            let winner = statuses[0] == 0 ? "a" : "b"
            #expect(try recordedPaths(directory.appendingPathComponent(out + "book.json")) == ["../\(winner)/book.md"])
            #expect(leftovers(in: directory.appendingPathComponent(out)).isEmpty)
        }
    }

    @Test func theProvenanceNamesTheHyphenationDictionaries() throws {
        let directory = try twoBooks()
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = ConversionOptions()
        let book = BookInput.paths([directory.appendingPathComponent("a/book.md").path])
        let installed = try #require(Fingerprint.provenance(of: book, options: options)?.hyphenation)
        #expect(installed.hasPrefix("sha256:") && installed.count == 71)
        #expect(Fingerprint.provenance(of: book, options: options)?.inputPaths == nil)
        options.outputPath = directory.appendingPathComponent("out/book.json").path
        #expect(Fingerprint.provenance(of: book, options: options)?.inputPaths == ["../a/book.md"])
    }
}
