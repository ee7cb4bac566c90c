import Foundation
import Testing

/// The README's recipes for running book2pages under an existing job engine — GNU parallel and
/// `xargs -P` — give the same files as one batch run: conversion is a pure function of input
/// and options.
struct PipelineRecipeTests {
    func books() throws -> (directory: URL, files: [String]) {
        let directory = try Run.temporaryDirectory()
        var files: [String] = []
        for (name, source) in [("lighthouse.epub", "Samples/the-lighthouse-keeper.epub"),
                               ("winter.md", "Samples/the-clockmakers-garden/03-winter.md"),
                               ("fete.md", "Samples/the-clockmakers-garden/04-the-fete.md"),
                               ("fog.xhtml", "Samples/chapter.xhtml")] {
            let path = directory.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: TestPaths.repositoryFile(source), toPath: path)
            files.append(path)
        }
        return (directory, files)
    }

    func contents(of folder: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
    }

    /// The files of one batch run over the books, to compare each recipe's with.
    func oneBatch(_ files: [String], in directory: URL, binary: String) throws -> [String: Data] {
        let single = directory.appendingPathComponent("single")
        let batch = try Run.program(binary, files + ["-o", single.path + "/", "-q"])
        #expect(batch.status == 0, "\(batch.stderr)")
        let expected = try contents(of: single)
        #expect(expected.count == 4)
        return expected
    }

    /// The README's GNU parallel recipe: the paths on standard input, cut into jobs of a few
    /// books each, every job a batch of its own from `--files-from -`. Two of the books have the
    /// same name in different folders, and each keeps its own output.
    @Test(.needsParallel) func gnuParallelMatchesOneBatch() throws {
        let (directory, files) = try books()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(TestPaths.binary)
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("library/\(folder)"),
                                                    withIntermediateDirectories: true)
        }
        var listed: [String] = []
        for (file, place) in zip(files, ["library/a/book.epub", "library/b/book.md", "library/fete.md", "library/fog.xhtml"]) {
            try FileManager.default.moveItem(atPath: file, toPath: directory.appendingPathComponent(place).path)
            listed.append(place)
        }
        let list = Data((listed.joined(separator: "\n") + "\n").utf8)
        let single = directory.appendingPathComponent("single")
        let batch = try Run.program(binary, ["--files-from", "-", "-o", single.path + "/", "-q"], input: list, directory: directory)
        #expect(batch.status == 0, "\(batch.stderr)")
        let shard = directory.appendingPathComponent("parallel")
        let shell = "parallel --will-cite --pipe -N 2 -j 2 '\(binary)' --files-from - -o '\(shard.path)/' -q"
        let parallel = try Run.program("/bin/sh", ["-c", shell], input: list, directory: directory)
        #expect(parallel.status == 0, "\(parallel.stderr)")
        let names = ["library/a/book.json", "library/b/book.json", "library/fete.json", "library/fog.json"]
        for name in names {
            let one = try Data(contentsOf: single.appendingPathComponent(name))
            #expect(try Data(contentsOf: shard.appendingPathComponent(name)) == one, "\(name)")
        }
    }

    @Test func xargsMatchesOneBatch() throws {
        let (directory, files) = try books()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(TestPaths.binary)
        let expected = try oneBatch(files, in: directory, binary: binary)
        // xargs -P: two workers, two books each.
        let xargs = directory.appendingPathComponent("xargs")
        let list = directory.appendingPathComponent("books.txt")
        try Data(files.joined(separator: "\n").utf8).write(to: list)
        let shell = "xargs -P 2 -n 2 '\(binary)' -q -j 1 -o '\(xargs.path)/' < '\(list.path)'"
        let run = try #require(try Run.tool("sh", ["-c", shell]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try contents(of: xargs) == expected)
    }
}
