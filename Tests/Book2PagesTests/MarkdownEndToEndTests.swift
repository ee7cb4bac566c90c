import Foundation
import PageFormat
import Testing

/// Markdown books through the built binary: files, folders, standard input, and bad input.
struct MarkdownEndToEndTests {
    static let sample = TestPaths.repositoryFile("Samples/the-clockmakers-garden")

    func run(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
        let binary = try #require(TestPaths.binary, "build book2pages first (swift build)")
        return try Run.program(binary, arguments, input: input)
    }

    func content(_ document: PageDocument) -> String {
        document.pages.compactMap(\.shown?.text).joined(separator: "\n")
    }

    @Test func theSampleFolderConvertsWithItsCoverAndChapters() throws {
        let result = try run([Self.sample])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let document = try PageDocument(jsonData: result.stdout)
        #expect(document.metadata.title == "The Clockmaker's Garden")
        #expect(document.metadata.language == "en-GB" && document.metadata.date == "2025-03-14")
        #expect(document.pages[2].kind == .cover(image: "images/cover.png"))
        #expect(document.pages[2].subtitle == "Ada Pennywhistle, Tobias Marrow")
        #expect(document.chapters.map(\.source) == ["01-the-garden.md", "02-the-workshop.md", "03-winter.md", "04-the-fete.md"])
        #expect(document.toc.map(\.title).contains("The station clock"))
    }

    @Test func filesGivenOneByOneMakeTheSameBookAsTheirFolder() throws {
        let files = ["01-the-garden.md", "02-the-workshop.md", "03-winter.md", "04-the-fete.md"].map { Self.sample + "/" + $0 }
        let separate = try run(files)
        let folder = try run([Self.sample])
        #expect(separate.status == 0)
        // The same book; only the inputs' fingerprints differ (the folder's holds its images too).
        var one = try PageDocument(jsonData: separate.stdout), other = try PageDocument(jsonData: folder.stdout)
        #expect(one.provenance != other.provenance)
        one.provenance = nil
        other.provenance = nil
        #expect(one == other)
        let reversed = try run(files.reversed())
        #expect(try PageDocument(jsonData: reversed.stdout).chapters.first?.source == "04-the-fete.md")
    }

    @Test func standardInputIsReadAsMarkdown() throws {
        let text = Data("---\ntitle: Piped\n---\n# One\n\nSome *text* from a pipe.\n".utf8)
        for arguments in [["-"], ["--from", "markdown", "-"]] {
            let result = try run(arguments, input: text)
            #expect(result.status == 0, "\(result.stderr)")
            let document = try PageDocument(jsonData: result.stdout)
            #expect(document.metadata.title == "Piped")
            #expect(document.chapters.map(\.source) == ["stdin"])
            #expect(content(document).contains("Some text from a pipe."))
        }
    }

    @Test func standardInputCanBeXHTML() throws {
        let result = try run(["--from", "xhtml", "-"], input: Data("<html><body><h1>Web</h1><p>Page.</p></body></html>".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try PageDocument(jsonData: result.stdout).metadata.title == "Web")
    }

    @Test func binaryJunkGivenAsMarkdownIsOneClearLine() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junk = directory.appendingPathComponent("junk.md").path
        var generator = SystemRandomNumberGenerator()
        try Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: junk))
        let output = directory.appendingPathComponent("out.json").path
        for arguments in [[junk, "-o", output], ["--from", "markdown", junk, "-o", output]] {
            let result = try run(arguments)
            #expect(result.status == 65)
            #expect(result.stderr == "book2pages: \(junk): binary data, not Markdown text\n")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        let piped = try run(["-"], input: try Data(contentsOf: URL(fileURLWithPath: junk)))
        #expect(piped.status == 65 && piped.stderr.hasPrefix("book2pages: stdin: "))
    }

    /// A book refused at once ends the process while the work started beside its reading (the
    /// output's provenance, hashing on a thread of its own) may still run: the conversion waits
    /// for it, since the exit's clean-up under a thread still hashing crashed one run in five.
    @Test func aBookRefusedAtOnceExitsCleanlyEveryTime() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junk = directory.appendingPathComponent("junk.md")
        try Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }).write(to: junk)
        let empty = directory.appendingPathComponent("empty.xhtml")
        try Data().write(to: empty)
        let output = directory.appendingPathComponent("out.json").path
        var statuses: [Int32: Int] = [:]
        for _ in 0..<25 {
            for book in [junk, empty] {
                let result = try run([book.path, "-o", output])
                statuses[result.status, default: 0] += 1
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            }
        }
        #expect(statuses == [65: 50])
    }

    @Test func malformedFrontMatterNamesFileAndLine() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("bad.md").path
        try Data("---\ntitle: x\nauthor: [a, b\n---\n# Text\n".utf8).write(to: URL(fileURLWithPath: book))
        let result = try run([book])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("book2pages: \(book): front matter, line "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func markdownWarningsNameFileAndLineOnce() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("book.md").path
        // A language, so that the only warning is the image's (a book without one is not hyphenated, and says so).
        try Data("---\nlanguage: en\n---\nText.\n\n![gone](../outside.png)\n".utf8).write(to: URL(fileURLWithPath: book))
        let result = try run([book])
        #expect(result.status == 0)
        #expect(result.stderr == "book2pages: warning: \(book):6: the image ../outside.png is outside the book's folder; left out\n")
        #expect(try run([book, "--quiet"]).stderr.isEmpty)
    }

    @Test func inputsThatCannotMakeOneBookAreUsageErrors() throws {
        let epub = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")
        let markdown = Self.sample + "/03-winter.md"
        let mixed = try run([markdown, epub])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("only Markdown files combine into one book"))
        #expect(try run(["-", markdown]).status == 64)
        #expect(try run(["--from", "epub", "-"], input: Data()).status == 64)
        #expect(try run(["--from", "epub", Self.sample]).status == 64)
    }

    /// `--limit entry-size` and `book-size` reach Markdown books: exit 79, one line naming the
    /// book and the file that passed the bound; within the bounds, the same book converts.
    @Test func readLimitsBoundMarkdownBooks() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        for (name, count) in [("1-short.md", 300), ("2-long.md", 1500)] {
            let text = "---\nlanguage: en\n---\n# \(name)\n\n" + String(repeating: "word ", count: count / 5) + "\n"
            try Data(text.utf8).write(to: book.appendingPathComponent(name))
        }
        let hint = "(see --limit in book2pages --help)"
        let entry = try run([book.path, "--limit", "entry-size=1K"])
        #expect(entry.status == 79)
        #expect(entry.stderr == "book2pages: \(book.path): 2-long.md: larger than the entry-size limit (1 KiB) \(hint)\n")
        #expect(entry.stdout.isEmpty)
        let whole = try run([book.path, "--limit", "book-size=1K,entry-size=4K"])
        #expect(whole.status == 79)
        #expect(whole.stderr == "book2pages: \(book.path): 2-long.md: takes the book past the book-size limit (1 KiB) \(hint)\n")
        let lone = book.appendingPathComponent("2-long.md").path
        let single = try run([lone, "--limit", "entry-size=1K"])
        #expect(single.status == 79)
        #expect(single.stderr == "book2pages: \(lone): larger than the entry-size limit (1 KiB) \(hint)\n")
        let piped = try run(["-", "--limit", "entry-size=1K"], input: try Data(contentsOf: URL(fileURLWithPath: lone)))
        #expect(piped.status == 79)
        #expect(piped.stderr == "book2pages: stdin: larger than the entry-size limit (1 KiB) \(hint)\n")
        let within = try run([book.path, "--limit", "entry-size=2K,book-size=4K"])
        #expect(within.status == 0, "\(within.stderr)")
    }
}
