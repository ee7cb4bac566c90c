import Book2PagesKit
@testable import CommandLineInterface
import Foundation
import PageFormat
import Testing

/// The built binary, run as a user runs it.
struct EndToEndTests {
    static let sample = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")

    func run(_ arguments: [String]) throws -> ProcessResult {
        let binary = try #require(TestPaths.binary, "build book2pages first (swift build)")
        return try Run.program(binary, arguments)
    }

    @Test func helpAndVersion() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        // A reviewed snapshot: a change to the help shows up in the diff of Snapshots/help.txt.
        let snapshot = try String(contentsOfFile: TestPaths.repositoryFile("Tests/Book2PagesTests/Snapshots/help.txt"),
                                  encoding: .utf8)
        #expect(String(decoding: help.stdout, as: UTF8.self) == snapshot)
        #expect(help.stdout.split(separator: UInt8(ascii: "\n")).allSatisfy { $0.count <= 80 })
        let version = try run(["--version"])
        #expect(String(decoding: version.stdout, as: UTF8.self) == "book2pages \(Book2Pages.version)\n")
    }

    @Test func convertsTheSampleBookToStandardOutput() throws {
        let result = try run([Self.sample])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try PageDocument(jsonData: result.stdout)
        #expect(document.pages.count % 2 == 0)
        #expect(document.pages.prefix(3).map(\.kind.type) == ["invisible", "invisible", "cover"])
        #expect(document.pages.filter { $0.content != nil }.count > 5)
        #expect(document.metadata.title == "The Lighthouse Keeper")
    }

    @Test func sameInputSameBytes() throws {
        let first = try run([Self.sample, "--bounds", "800x600"])
        let second = try run([Self.sample, "--bounds", "800x600"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
    }

    @Test func outputFileIsWrittenWhole() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("book.json").path
        let result = try run([Self.sample, "-o", output])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(try PageDocument(jsonData: written).pages.count > 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["book.json"])
    }

    @Test func unwritableOutputFailsWithNothingWritten() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("missing/book.json").path
        let result = try run([Self.sample, "-o", output])
        #expect(result.status == ExitCode.outputFailed)
        #expect(result.stderr == "book2pages: \(output): no such directory: \(directory.path)/missing\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// An existing directory as the output is a batch of one: the book goes inside it, by name.
    @Test func anExistingDirectoryAsOutputTakesTheBookInside() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try run([Self.sample, "-o", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["the-lighthouse-keeper.json"])
    }

    @Test func aLoneXHTMLChapterConverts() throws {
        let result = try run([TestPaths.repositoryFile("Samples/chapter.xhtml")])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try PageDocument(jsonData: result.stdout)
        let text = document.pages.compactMap(\.shown?.text).joined(separator: "\n")
        #expect(!text.isEmpty)
        #expect(!text.contains("&nbsp;") && !text.contains("&mdash;"))
    }

    @Test func missingBookIsOneLineAndExit66() throws {
        let result = try run(["no-such-book.epub"])
        #expect(result.status == ExitCode.unreadableInput)
        #expect(result.stderr == "book2pages: no-such-book.epub: no such file\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func junkIsRefusedClearly() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junk = directory.appendingPathComponent("junk.bin")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: junk)
        let result = try run([junk.path])
        #expect(result.status == ExitCode.invalidInput)
        #expect(result.stderr.hasPrefix("book2pages: \(junk.path): "))
        let fakeEPUB = directory.appendingPathComponent("fake.epub")
        try Data("this is not a zip archive".utf8).write(to: fakeEPUB)
        let fake = try run([fakeEPUB.path])
        #expect(fake.status == ExitCode.unreadableInput)
        #expect(fake.stderr.hasPrefix("book2pages: \(fakeEPUB.path): "))
        #expect(fake.stderr.split(separator: "\n").count == 1)
        #expect(fake.stdout.isEmpty)
    }

    @Test func badUsageExits64WithAHint() throws {
        let result = try run(["--bounds", "huge", Self.sample])
        #expect(result.status == ExitCode.usage)
        #expect(result.stderr.hasPrefix("book2pages: --bounds huge: "))
        #expect(result.stderr.hasSuffix("(see book2pages --help)\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownFontExits69() throws {
        let result = try run([Self.sample, "--font", "/nonexistent/font.ttf"])
        #expect(result.status == ExitCode.fontUnavailable)
        #expect(result.stderr.split(separator: "\n").count == 1)
        let family = try run([Self.sample, "--font", "Nonexistent Family Xyz"])
        #expect(family.status == ExitCode.fontUnavailable)
        #expect(family.stderr.contains("'Nonexistent Family Xyz' is not installed"))
        #expect(family.stdout.isEmpty)
    }

    @Test func iOSFamilyNamesGiveTheirMetricTwins() throws {
        let result = try run([Self.sample, "--font", "Arial"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let font = try PageDocument(jsonData: result.stdout).layout.font
        #expect(font.family == "Liberation Sans" && font.iOSFontName == "ArialMT" && font.requested == "Arial")
    }
}
