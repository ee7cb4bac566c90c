import Book2PagesKit
@testable import CommandLineInterface
import Foundation
import Testing

/// `--defaults FILE`: options from a YAML file, the command line winning.
struct DefaultsFileTests {
    func invocation(_ yaml: String, _ arguments: [String]) throws -> Invocation {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("defaults.yaml")
        try Data(yaml.utf8).write(to: file)
        var parsed = try ArgumentParser.parse(["book.epub", "--defaults", file.path] + arguments)
        try DefaultsFile.merge(file.path, into: &parsed)
        return try Invocation(parsed)
    }

    @Test func theFileGivesOptionsAndTheCommandLineWins() throws {
        let yaml = """
            target: swiftui-book
            font-size: 18
            quiet: true
            strict: false
            metadata:
              - title=Poems, Two
              - author=Anna
            """
        let read = try invocation(yaml, [])
        #expect(read.options.target.name.rawValue == "swiftui-book")
        #expect(read.options.layout.fontSize == 18 && read.quiet && !read.options.strict)
        #expect(read.options.layout.metadata.title == "Poems, Two" && read.options.layout.metadata.authors == ["Anna"])
        let overridden = try invocation(yaml, ["--font-size", "20", "--target", "reader"])
        #expect(overridden.options.layout.fontSize == 20 && overridden.options.target.name.rawValue == "reader")
    }

    @Test(arguments: [
        ("fontsize: 3", "line 1: fontsize: not an option"),
        ("font-size: [1, 2]", "line 1: font-size: expected a value"),
        ("strict: maybe", "line 1: strict: expected true or false"),
        ("- font-size", "expected a mapping"),
        ("font-size: 3\nfont-size: 4", "line 2: font-size: given twice"),
        ("defaults: other.yaml", "defaults: not an option"),
    ])
    func aWrongEntryIsAUsageErrorNamingFileLineAndKey(yaml: String, message: String) {
        #expect {
            try invocation(yaml, [])
        } throws: { error in
            let error = error as? ConversionError
            return error?.exitCode == ExitCode.usage && error?.description.contains(message) == true
                && error?.description.hasPrefix("--defaults ") == true
        }
    }

    @Test func aWrongValueGetsTheCommandLinesMessageAndAMissingFileIsUnreadable() throws {
        #expect {
            try invocation("font-size: 300", [])
        } throws: { error in
            (error as? ConversionError)?.description == "--font-size 300: expected a number from 4 to 200"
        }
        let result = try Run.program(try #require(TestPaths.binary), ["book.epub", "--defaults", "/nonexistent/defaults.yaml"])
        #expect(result.status == ExitCode.unreadableInput && result.stderr.contains("defaults.yaml"))
    }
}
