import Book2PagesKit
import Foundation
import Testing

/// Every mistake on the command line: one line naming the option (or the operand) and what was
/// expected, the same exit status converting one book to a file and in a batch, and no output.
struct UsageErrorTests {
    /// Arguments, what the message starts with after `book2pages: `, and the exit status.
    static let mistakes: [([String], String, Int32)] = [
        (["--bogus"], "unknown option '--bogus'", ExitCode.usage),
        (["--font-size", "x"], "--font-size x: expected a number from", ExitCode.usage),
        (["--font-size", "500"], "--font-size 500: expected a number from", ExitCode.usage),
        (["--glyph-scaling", "9"], "--glyph-scaling 9: expected a number from 0 to 5", ExitCode.usage),
        (["--margins", "40", "40"], "40: a number where a book was expected", ExitCode.usage),
        (["--margins", "1,2,3"], "--margins 1,2,3: give 1, 2 or 4 values", ExitCode.usage),
        (["--target", "nope"], "--target nope: unknown target (known:", ExitCode.usage),
        (["--bounds", "10"], "--bounds 10: expected WIDTHxHEIGHT", ExitCode.usage),
        (["--lang", "e"], "--lang e: expected a language tag", ExitCode.usage),
        (["--jobs", "0"], "--jobs 0: expected a number of books", ExitCode.usage),
        (["--limit", "foo=1"], "--limit foo=1: expected NAME=VALUE", ExitCode.usage),
        (["--metadata", "x"], "--metadata x: expected KEY=VALUE", ExitCode.usage),
        (["--format", "xml"], "--format xml: unknown format (known: json, ndjson)", ExitCode.usage),
        (["--lines", "some"], "--lines some: unknown setting (known: all, none)", ExitCode.usage),
        (["--align-spreads", "maybe"], "--align-spreads maybe: unknown setting (known: on, off)", ExitCode.usage),
        (["-0"], "-0 (--null) says how --files-from separates its paths", ExitCode.usage),
        (["--png", "x"], "--png is for book2pages preview", ExitCode.usage),
        (["--pretty", "--format", "ndjson"], "--pretty indents one JSON object", ExitCode.usage),
        (["--css", "missing.css"], "missing.css: the --css stylesheet does not exist", ExitCode.unreadableInput),
        (["--defaults", "missing.yaml"], "missing.yaml:", ExitCode.unreadableInput),
    ]

    @Test(arguments: mistakes.indices)
    func theSameMistakeSaysTheSameAloneAndInABatch(index: Int) throws {
        let (arguments, message, status) = Self.mistakes[index]
        let binary = try #require(TestPaths.binary, "build book2pages first")
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("# A\n\nA book.\n".utf8).write(to: directory.appendingPathComponent("book.md"))
        for output in ["book.json", "out/"] {
            let result = try Run.program(binary, ["book.md"] + arguments + ["-o", output], directory: directory)
            #expect(result.status == status, "\(arguments) -o \(output): \(result.stderr)")
            #expect(result.stderr.hasPrefix("book2pages: " + message), "\(arguments) -o \(output): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            // The hint to read the help rides only on a mistake of usage.
            #expect(result.stderr.hasSuffix("(see book2pages --help)\n") == (status == ExitCode.usage), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["book.md"], "\(arguments)")
        }
    }
}
