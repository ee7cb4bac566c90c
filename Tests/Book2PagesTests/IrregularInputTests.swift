import Foundation
import Testing

/// Inputs that are not regular files — a FIFO as the book, as a chapter of a book's folder, as
/// an image, as `--font` — are refused at once, or (an image) left out with a warning, where
/// reading them would wait forever.
struct IrregularInputTests {
    /// A finished run, or nil when it was still running after `seconds` (and was killed).
    func run(_ arguments: [String], in directory: URL, seconds: Double = 10) throws -> ProcessResult? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(TestPaths.binary, "build book2pages first (swift build)"))
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var stdout = Data(), stderr = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { stdout = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { stderr = err.fileHandleForReading.readDataToEndOfFile() }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let hung = process.isRunning
        if hung { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        group.wait()
        if hung { return nil }
        return ProcessResult(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    func fifo(_ name: String, in directory: URL) throws {
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
    }

    @Test(arguments: [["book.epub"], ["book.md"], ["book.xhtml"], ["--from", "epub", "book.epub"],
                      ["--from", "markdown", "book.md"]])
    func aFIFOAsTheBookIsRefusedAtOnce(_ arguments: [String]) throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = arguments.last!
        try fifo(name, in: directory)
        let result = try #require(try run(arguments, in: directory), "\(arguments) was still running")
        #expect(result.status == 66)
        #expect(result.stderr == "book2pages: \(name): is not a regular file\n")
    }

    @Test func aFIFOAmongABooksChaptersIsRefusedAtOnce() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("book"), withIntermediateDirectories: true)
        try Data("# One\n\nThe first chapter.\n".utf8).write(to: directory.appendingPathComponent("book/01-one.md"))
        try fifo("book/02-two.md", in: directory)
        for arguments in [["book"], ["book/01-one.md", "book/02-two.md"]] {
            let result = try #require(try run(arguments, in: directory), "\(arguments) was still running")
            #expect(result.status == 66, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("02-two.md: is not a regular file"),
                    "\(arguments): \(result.stderr)")
        }
    }

    @Test func aFIFOAsAnImageIsLeftOutWithAWarning() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try fifo("pictures/lamp.png", in: directory)
        let book = "---\nlang: en\n---\n# Lamp\n\n![A lamp](pictures/lamp.png)\n\nThe lamp was lit.\n"
        try Data(book.utf8).write(to: directory.appendingPathComponent("book.md"))
        let result = try #require(try run(["book.md"], in: directory), "still running")
        #expect(result.status == 0)
        #expect(result.stderr.contains("pictures/lamp.png") && result.stderr.contains("is not a regular file"), "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("A lamp"))
        // Under --strict the warning fails the book, as any other does.
        #expect(try run(["book.md", "--strict"], in: directory)?.status == 80)
    }

    @Test func aFIFOAsTheFontIsRefusedAtOnce() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try fifo("face.ttf", in: directory)
        try Data("# One\n\nText.\n".utf8).write(to: directory.appendingPathComponent("book.md"))
        let result = try #require(try run(["book.md", "--font", "./face.ttf"], in: directory), "still running")
        #expect(result.status == 69)
        #expect(result.stderr == "book2pages: font file './face.ttf' is not a regular file\n")
    }

    /// `--incremental` digests each input before converting it: a FIFO among a batch's books must
    /// not stop it there.
    @Test func aFIFOInAnIncrementalBatchFailsAlone() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("books"), withIntermediateDirectories: true)
        try Data("# One\n\nText.\n".utf8).write(to: directory.appendingPathComponent("books/good.md"))
        try fifo("books/stuck.epub", in: directory)
        let result = try #require(try run(["books", "-o", "out/", "--incremental", "--report", "report.jsonl", "-q"],
                                          in: directory), "still running")
        #expect(result.status == 1)
        #expect(result.stderr == "book2pages: books/stuck.epub: is not a regular file\n")
        let report = try String(contentsOf: directory.appendingPathComponent("report.jsonl"), encoding: .utf8)
        #expect(report.contains(#""exitCode":66"#))
    }
}
