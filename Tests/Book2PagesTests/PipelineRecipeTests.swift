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

    @Test(.needsParallel) func gnuParallelMatchesOneBatch() throws {
        let (directory, files) = try books()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try #require(TestPaths.binary)
        let expected = try oneBatch(files, in: directory, binary: binary)
        // GNU parallel: one book a job, two jobs at a time (with --sshlogin the same command runs
        // on other machines).
        let shard = directory.appendingPathComponent("parallel")
        let parallel = try #require(try Run.tool("parallel", ["--will-cite", "-j", "2", binary, "{}", "-o", shard.path + "/", "-q", ":::"]
                                                 + files))
        #expect(parallel.status == 0, "\(parallel.stderr)")
        #expect(try contents(of: shard) == expected)
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
