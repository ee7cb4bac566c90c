import Book2PagesKit
import Foundation
import PageFormat
import Testing

/// Batches through the built binary: good and bad books together, jobs, reports, incremental
/// runs, interruption, and the progress bar.
struct BatchTests {
    func run(_ arguments: [String]) throws -> ProcessResult {
        try Run.program(try #require(TestPaths.binary, "build book2pages first"), arguments)
    }

    /// A folder of books: the samples, a Markdown file, and two that are not books.
    func library() throws -> URL {
        let directory = try Run.temporaryDirectory()
        let books = directory.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books.appendingPathComponent("more"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"),
                                         toPath: books.appendingPathComponent("lighthouse.epub").path)
        try FileManager.default.copyItem(atPath: TestPaths.repositoryFile("Samples/the-clockmakers-garden/03-winter.md"),
                                         toPath: books.appendingPathComponent("more/winter.md").path)
        try Data("# Short\n\nA short book.\n".utf8).write(to: books.appendingPathComponent("short.md"))
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: books.appendingPathComponent("broken.epub"))
        try Data("not a book".utf8).write(to: books.appendingPathComponent("notes.txt"))
        return directory
    }

    func files(in directory: URL) -> [String] {
        (FileManager.default.subpaths(atPath: directory.path) ?? []).filter { !$0.hasSuffix("/") }.sorted().filter {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }
    }

    @Test func goodBooksConvertAndABadOneFailsAlone() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path + "/"
        let report = directory.appendingPathComponent("report.jsonl").path
        let result = try run([directory.appendingPathComponent("books").path, "-o", out, "--report", report, "-q"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("broken.epub"))
        #expect(files(in: directory.appendingPathComponent("out")) == ["lighthouse.json", "more/winter.json", "short.json"])
        for name in ["lighthouse", "more/winter", "short"] {
            let data = try Data(contentsOf: directory.appendingPathComponent("out/\(name).json"))
            #expect(try PageDocument(jsonData: data).pages.count > 4)
        }
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
            .map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.map { ($0["input"] as! NSString).lastPathComponent } == ["broken.epub", "lighthouse.epub", "winter.md", "short.md"])
        #expect(lines.map { $0["status"] as! String } == ["failed", "converted", "converted", "converted"])
        #expect(lines[0]["exitCode"] as? Int == 66 && (lines[0]["error"] as? String)?.contains("broken.epub") == true)
        #expect((lines[1]["pages"] as? Int ?? 0) > 10)
    }

    /// The same mistake, the same exit status, alone and in a batch.
    @Test func aFolderWithNoBookIsInvalidInputAloneAndInABatch() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let alone = try run([empty.path])
        let batch = try run([empty.path, "-o", directory.appendingPathComponent("out").path + "/"])
        #expect(alone.status == ExitCode.invalidInput && batch.status == ExitCode.invalidInput)
        #expect(batch.stderr.contains(empty.path) && batch.stderr.contains("no books"))
    }

    @Test func oneJobOrTwoGiveTheSameOutputs() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let books = directory.appendingPathComponent("books").path
        _ = try run([books, "-o", directory.appendingPathComponent("one").path + "/", "--jobs", "1", "-q"])
        _ = try run([books, "-o", directory.appendingPathComponent("two").path + "/", "-j", "2", "-q"])
        let one = files(in: directory.appendingPathComponent("one")), two = files(in: directory.appendingPathComponent("two"))
        #expect(one == two && one.count == 3)
        for name in one {
            #expect(try Data(contentsOf: directory.appendingPathComponent("one/" + name))
                    == Data(contentsOf: directory.appendingPathComponent("two/" + name)), "\(name)")
        }
    }

    /// Each input's status in the report of the last run, by the input's file name.
    func statuses(in report: String) throws -> [String: String] {
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        return Dictionary(uniqueKeysWithValues: try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return ((object["input"] as! NSString).lastPathComponent, object["status"] as! String)
        })
    }

    @Test func incrementalRunsSkipWhatIsCurrent() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let books = directory.appendingPathComponent("books")
        let out = directory.appendingPathComponent("out").path + "/"
        let report = directory.appendingPathComponent("report.jsonl").path
        _ = try run([books.path, "-o", out, "--incremental", "--report", report, "-q"])
        #expect(try statuses(in: report)["short.md"] == "converted")
        try Data("# Short\n\nA changed book.\n".utf8).write(to: books.appendingPathComponent("short.md"))
        _ = try run([books.path, "-o", out, "--incremental", "--report", report, "-q"])
        #expect(try statuses(in: report) == ["lighthouse.epub": "unchanged", "winter.md": "unchanged",
                                             "short.md": "converted", "broken.epub": "failed"])
        // Other options are another output: converted again.
        _ = try run([books.path, "-o", out, "--incremental", "--report", report, "-q", "--font-size", "18"])
        #expect(try statuses(in: report)["lighthouse.epub"] == "converted")
        // Outputs are not forced to disk (`OutputFile`): one a power loss left cut short, or
        // empty, does not read back, and is converted again.
        let lighthouse = URL(fileURLWithPath: out + "lighthouse.json")
        let whole = try Data(contentsOf: lighthouse)
        try whole.prefix(whole.count / 2).write(to: lighthouse)
        try Data().write(to: URL(fileURLWithPath: out + "more/winter.json"))
        _ = try run([books.path, "-o", out, "--incremental", "--report", report, "-q", "--font-size", "18"])
        #expect(try statuses(in: report) == ["lighthouse.epub": "converted", "winter.md": "converted",
                                             "short.md": "unchanged", "broken.epub": "failed"])
        #expect(try Data(contentsOf: lighthouse) == whole)
        // An output made with other fonts (another version of a font file) is made again.
        let text = try String(decoding: Data(contentsOf: lighthouse), as: UTF8.self)
        let digest = try #require(text.range(of: #""sha256":"sha256:"#))
        var edited = text
        edited.replaceSubrange(digest.upperBound..<text.index(digest.upperBound, offsetBy: 4), with: "0000")
        try Data(edited.utf8).write(to: lighthouse)
        _ = try run([books.path, "-o", out, "--incremental", "--report", report, "-q", "--font-size", "18"])
        #expect(try statuses(in: report)["lighthouse.epub"] == "converted")
        #expect(try Data(contentsOf: lighthouse) == whole)
    }

    @Test(.needsSharedCorpus) func anInterruptedRunLeavesNoPartialFile() throws {
        let corpus = try #require(TestPaths.corpus)
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let books = directory.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        for n in 0..<12 {
            try FileManager.default.copyItem(at: corpus.appendingPathComponent("moby-dick.epub"),
                                             to: books.appendingPathComponent("copy-\(n).epub"))
        }
        let out = directory.appendingPathComponent("out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(TestPaths.binary))
        process.arguments = [books.path, "-o", out.path + "/", "-j", "2", "-q", "--format", "ndjson"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Stop it once the first outputs are on their way.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, (try? FileManager.default.contentsOfDirectory(atPath: out.path))?.isEmpty ?? true {
            usleep(20_000)
        }
        usleep(300_000)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGINT)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(!left.contains { $0.hasSuffix(".part") }, "\(left)")
        #expect(left.count < 12, "the run was meant to be stopped before the end")
        // Whatever is there is whole: its last line is the end line.
        for name in left {
            let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            #expect(text.split(separator: "\n").last?.contains(#""line":"end""#) == true, "\(name)")
        }
    }

    /// A batch stopped by a signal, even one it can't catch, leaves the report of the books that
    /// finished; the temporary file a `kill -9` left is removed by the next run into the folder.
    @Test(arguments: [SIGKILL, SIGTERM])
    func aStoppedRunLeavesTheReportOfWhatFinished(signal: Int32) throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let books = directory.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        for n in 0..<3 { try Data("# Short \(n)\n\nA short book.\n".utf8).write(to: books.appendingPathComponent("a\(n).md")) }
        // A book long enough to be stopped in the middle of.
        let paragraph = String(repeating: "The long book goes on and on, page after page of it. ", count: 40)
        try Data(("# Long\n\n" + String(repeating: paragraph + "\n\n", count: 4000)).utf8)
            .write(to: books.appendingPathComponent("z-long.md"))
        let out = directory.appendingPathComponent("out")
        let report = directory.appendingPathComponent("report.jsonl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(TestPaths.binary))
        process.arguments = [books.path, "-o", out.path + "/", "-j", "1", "-q", "--report", report.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read through a handle: Foundation's whole-file read leaks a buffer (LeakSanitizer
        // says) when the file grows while it reads, as this report does.
        func lines() -> [String] {
            guard let handle = FileHandle(forReadingAtPath: report.path) else { return [] }
            defer { try? handle.close() }
            let data = (try? handle.readToEnd()) ?? Data()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, lines().count < 3 { usleep(10_000) }
        usleep(100_000)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 128 + signal)
        let finished = lines()
        #expect(finished.count == 3, "\(finished)")
        #expect(finished.allSatisfy { $0.contains(#""status":"converted""#) && !$0.contains("z-long") }, "\(finished)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(left.contains { $0.hasSuffix(".part") } == (signal == SIGKILL), "\(left)")
        // The next run into the folder removes what the killed run left.
        let again = try run([books.appendingPathComponent("a0.md").path, books.appendingPathComponent("a1.md").path,
                             "-o", out.path + "/", "-q"])
        #expect(again.status == 0, "\(again.stderr)")
        let after = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(!after.contains { $0.hasSuffix(".part") }, "\(after)")
    }

    @Test func progressDoesNotShowInAPipe() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let books = directory.appendingPathComponent("books").path
        let piped = try run([books, "-o", directory.appendingPathComponent("piped").path + "/"])
        // The library holds one broken book: the batch reports it and goes on.
        #expect(piped.status == 1 && piped.stderr.contains("broken.epub"), "\(piped.stderr)")
        #expect(!piped.stderr.contains(" books/s · ") && !piped.stderr.contains("\u{1B}"))
    }

    @Test(.needsScript) func progressShowsOnATerminal() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let books = directory.appendingPathComponent("books").path
        // `script` gives the command a pseudo-terminal and copies what it shows.
        let binary = try #require(TestPaths.binary)
        let command = "\(binary) \(books) -o \(directory.appendingPathComponent("tty").path + "/")"
        let shown = try #require(try Run.tool("script", ["-qfec", command, "/dev/null"]))
        let screen = String(decoding: shown.stdout, as: UTF8.self)
        #expect(screen.contains("4/4 books") && screen.contains(" books/s · ") && screen.contains(" pages · "))
        #expect(screen.contains("\u{1B}[K"))
    }
}
