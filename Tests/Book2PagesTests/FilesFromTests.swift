@testable import Book2PagesKit
@testable import CommandLineInterface
import FileNames
import Foundation
import Testing

/// `--files-from`: a batch whose books come from a list, each output keeping its path's folders,
/// so that two books of the same name never write one file.
struct FilesFromTests {
    func run(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
        try Run.program(try #require(TestPaths.binary, "build book2pages first"), arguments, input: input)
    }

    /// Two books named `book` in two folders, and a third beside them.
    func library() throws -> URL {
        let directory = try Run.temporaryDirectory()
        for folder in ["shelf/a", "shelf/b"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"),
                                         toPath: directory.appendingPathComponent("shelf/a/book.epub").path)
        try FileManager.default.copyItem(atPath: TestPaths.repositoryFile("Samples/the-clockmakers-garden/03-winter.md"),
                                         toPath: directory.appendingPathComponent("shelf/b/book.md").path)
        try Data("# Short\n\nA short book.\n".utf8).write(to: directory.appendingPathComponent("shelf/short.md"))
        return directory
    }

    func outputs(in folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func theListReadsLinesOrNulEndedPaths() {
        #expect(BookList.paths(in: Array("a.epub\n\nb/c.md\r\n  \n".utf8), nullSeparated: false) == ["a.epub", "b/c.md"])
        #expect(BookList.paths(in: Array("a b.epub\0new\nline.md\0\0".utf8), nullSeparated: true) == ["a b.epub", "new\nline.md"])
        // Bytes that are not UTF-8 stay the file's name.
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".md".utf8)
        #expect(BookList.paths(in: latin1, nullSeparated: false).map(FileName.bytes) == [latin1])
    }

    @Test func listedBooksKeepTheirFolders() throws {
        let jobs = try BatchPlan.jobs(for: ["x/named.epub"], listed: ["shelf/a/book.epub", "./shelf/b/book.md", "/abs/c.epub"],
                                      into: "out", format: .json)
        #expect(jobs.map(\.output) == ["out/named.json", "out/shelf/a/book.json", "out/shelf/b/book.json", "out/abs/c.json"])
        #expect(throws: ConversionError.self) {
            try BatchPlan.jobs(for: [], listed: ["../up.epub"], into: "out", format: .json)
        }
    }

    @Test func aListFromStandardInputConvertsEachBookIntoItsFolder() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        let list = "shelf/a/book.epub\nshelf/b/book.md\nshelf/short.md\n"
        let result = try Run.program(try #require(TestPaths.binary), ["--files-from", "-", "-o", out.path + "/", "-q"],
                                     input: Data(list.utf8), directory: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(outputs(in: out) == ["shelf/a/book.json", "shelf/b/book.json", "shelf/short.json"])
    }

    /// The same books, the list cut in two and run by two processes, or given NUL-separated to
    /// one, give the same files: no book's output depends on which others share its run.
    @Test func aListCutAmongProcessesGivesTheSameFiles() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(TestPaths.binary)
        let one = directory.appendingPathComponent("one")
        let whole = ["shelf/a/book.epub", "shelf/b/book.md", "shelf/short.md"]
        let first = try Run.program(binary, ["--files-from", "-", "-0", "-o", one.path + "/", "-q"],
                                    input: Data(whole.joined(separator: "\0").utf8), directory: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let two = directory.appendingPathComponent("two")
        let listA = directory.appendingPathComponent("a.txt"), listB = directory.appendingPathComponent("b.txt")
        try Data(whole[0].utf8).write(to: listA)
        try Data(whole[1...].joined(separator: "\n").utf8).write(to: listB)
        for list in [listA, listB] {
            let part = try Run.program(binary, ["--files-from", list.path, "-o", two.path + "/", "-q"], directory: directory)
            #expect(part.status == 0, "\(part.stderr)")
        }
        #expect(outputs(in: one).count == 3 && outputs(in: one) == outputs(in: two))
        for name in outputs(in: one) {
            #expect(try Data(contentsOf: one.appendingPathComponent(name)) == Data(contentsOf: two.appendingPathComponent(name)))
        }
    }

    @Test func anEmptyListConvertsNothingAndAMissingOneIsUnreadable() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path + "/"
        let empty = try run(["--files-from", "-", "-o", out], input: Data())
        #expect(empty.status == 0 && empty.stderr.isEmpty)
        let missing = try run(["--files-from", directory.appendingPathComponent("none.txt").path, "-o", out])
        #expect(missing.status == ExitCode.unreadableInput)
        #expect(missing.stderr.contains("none.txt") && missing.stderr.split(separator: "\n").count == 1)
        let up = try run(["--files-from", "-", "-o", out], input: Data("../book.epub\n".utf8))
        #expect(up.status == ExitCode.usage && up.stderr.contains("../book.epub"))
    }

    @Test(arguments: [
        ["--files-from", "list.txt"],
        ["--files-from", "list.txt", "-o", "book.json"],
        ["a.epub", "-0", "-o", "out/"],
        ["--files-from", "", "-o", "out/"],
    ])
    func theListIsForABatch(arguments: [String]) {
        #expect {
            try Invocation(try ArgumentParser.parse(arguments))
        } throws: { error in
            (error as? ConversionError)?.exitCode == ExitCode.usage
        }
    }
}
