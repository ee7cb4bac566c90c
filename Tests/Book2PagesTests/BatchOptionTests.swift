import Book2PagesKit
@testable import CommandLineInterface
import Foundation
import Testing

/// When the command line is a batch, and what a batch accepts.
struct BatchOptionTests {
    func invocation(_ arguments: [String]) throws -> Invocation {
        try Invocation(try ArgumentParser.parse(arguments))
    }

    @Test func aDirectoryAsOutputMakesABatch() throws {
        let existing = FileManager.default.temporaryDirectory.path
        #expect(try invocation(["a.epub", "b.md", "-o", "out/"]).action == .batch(inputs: ["a.epub", "b.md"], directory: "out/"))
        #expect(try invocation(["a.epub", "-o", existing]).action == .batch(inputs: ["a.epub"], directory: existing))
        #expect(try invocation(["a.epub", "-o", "a.json"]).action == .convert(inputs: ["a.epub"], output: "a.json"))
        let batch = try invocation(["a.epub", "-o", "out/", "-j", "3", "--report", "r.jsonl", "--incremental"])
        #expect(batch.jobs == 3 && batch.report == "r.jsonl" && batch.incremental)
        #expect(try invocation(["a.epub", "-o", "out/"]).jobs == ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test func aNumberWhereABookWasExpectedIsAUsageErrorNamingIt() {
        #expect {
            try invocation(["book.epub", "--margins", "40", "40"])
        } throws: { error in
            let error = error as? ConversionError
            return error?.exitCode == ExitCode.usage && error?.description.contains("40: a number where a book was expected") == true
        }
    }

    @Test(arguments: [
        ["a.epub", "--jobs", "2"],
        ["a.epub", "-o", "a.json", "--incremental"],
        ["a.epub", "--report", "r.jsonl"],
        ["a.epub", "-o", "out/", "--jobs", "0"],
        ["a.epub", "-o", "out/", "--jobs", "many"],
        ["-", "-o", "out/"],
    ])
    func batchOptionsOutsideABatchAreUsageErrors(arguments: [String]) {
        #expect {
            try invocation(arguments)
        } throws: { error in
            (error as? ConversionError)?.exitCode == ExitCode.usage
        }
    }
}
