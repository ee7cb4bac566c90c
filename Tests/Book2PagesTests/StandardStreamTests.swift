import Foundation
import Testing

/// The built binary with its standard error or output closed, or a pipe nobody reads: it ends
/// with its documented exit code, never a signal, and a batch still writes its report.
struct StandardStreamTests {
    /// What one of the child's descriptors 1 and 2 is.
    enum Stream {
        /// Closed before the program starts (`2>&-`).
        case closed
        /// A pipe whose reading end was closed first: every write fails with EPIPE.
        case brokenPipe
        /// A pipe read to its end, whose bytes come back.
        case captured
    }

    struct Outcome {
        /// nil when the program was ended by a signal.
        var exitCode: Int32?
        var signal: Int32?
        var stdout = Data()
        var stderr = Data()
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs the binary with `posix_spawn`, which can leave a descriptor closed in the child
    /// (Foundation's `Process` always hands it one).
    func run(_ arguments: [String], stdout: Stream, stderr: Stream) throws -> Outcome {
        let binary = try #require(TestPaths.binary, "build book2pages first (swift build)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var readers: [Int32: Int32] = [:], parentEnds: [Int32] = []
        for (target, stream) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch stream {
            case .closed:
                posix_spawn_file_actions_addclose(&actions, target)
            case .brokenPipe, .captured:
                var ends: [Int32] = [0, 0]
                #expect(pipe(&ends) == 0)
                if case .brokenPipe = stream { close(ends[0]) } else { readers[target] = ends[0] }
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
                parentEnds.append(ends[1])
            }
        }
        // The child must not inherit the reading ends (it would be a reader of its own pipe).
        for reader in readers.values { posix_spawn_file_actions_addclose(&actions, reader) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        for end in parentEnds { close(end) }
        #expect(spawned == 0)
        // Both pipes read side by side, so a child that fills one can't block on it.
        nonisolated(unsafe) var captured: [Int32: Data] = [:]
        let lock = NSLock()
        let group = DispatchGroup()
        for (target, reader) in readers {
            DispatchQueue.global().async(group: group) {
                let data = FileHandle(fileDescriptor: reader, closeOnDealloc: true).readDataToEndOfFile()
                lock.withLock { captured[target] = data }
            }
        }
        group.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        var outcome = Outcome()
        // WIFEXITED and friends are macros Swift does not import.
        if status & 0x7f == 0 { outcome.exitCode = (status >> 8) & 0xff } else { outcome.signal = status & 0x7f }
        outcome.stdout = captured[1] ?? Data()
        outcome.stderr = captured[2] ?? Data()
        return outcome
    }

    /// A good book and a bad one, for a batch in which something is said on standard error.
    func library() throws -> URL {
        let directory = try Run.temporaryDirectory()
        let books = directory.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        try Data("# Short\n\nA short book.\n".utf8).write(to: books.appendingPathComponent("short.md"))
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: books.appendingPathComponent("broken.epub"))
        return directory
    }

    @Test(arguments: [Stream.closed, .brokenPipe])
    func aMissingBookExits66WhateverStandardErrorIs(_ stderr: Stream) throws {
        let outcome = try run(["/nonexistent/book.epub"], stdout: .captured, stderr: stderr)
        #expect(outcome.signal == nil)
        #expect(outcome.exitCode == 66)
        #expect(outcome.stdout.isEmpty)
    }

    @Test(arguments: [Stream.closed, .brokenPipe])
    func aBatchWritesItsReportWhateverStandardErrorIs(_ stderr: Stream) throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("report.jsonl").path
        let outcome = try run([directory.appendingPathComponent("books").path,
                               "-o", directory.appendingPathComponent("out").path + "/", "--report", report],
                              stdout: .captured, stderr: stderr)
        #expect(outcome.signal == nil)
        #expect(outcome.exitCode == 1)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.contains("broken.epub") && $0.contains(#""failed""#) })
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/short.json").path))
    }

    @Test func aBrokenStandardOutputIsAnOutputErrorInPlainWords() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = directory.appendingPathComponent("books/short.md").path
        for format in ["json", "ndjson"] {
            let outcome = try run([book, "--format", format], stdout: .brokenPipe, stderr: .captured)
            #expect(outcome.signal == nil)
            #expect(outcome.exitCode == 73, "\(format): \(outcome.stderrText)")
            #expect(outcome.stderrText == "book2pages: standard output: Broken pipe\n", "\(format)")
        }
        let help = try run(["--help"], stdout: .brokenPipe, stderr: .captured)
        #expect(help.exitCode == 73 && help.stderrText == "book2pages: standard output: Broken pipe\n")
    }

    /// `>&-`: the descriptor stays taken (by /dev/null, read-only), so the pages are not written
    /// to whatever the program opened next (libdispatch's epoll took it: `Invalid argument`),
    /// and not thrown away in silence.
    @Test func aClosedStandardOutputIsAnOutputError() throws {
        let directory = try library()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try run([directory.appendingPathComponent("books/short.md").path], stdout: .closed, stderr: .captured)
        #expect(outcome.signal == nil)
        #expect(outcome.exitCode == 73)
        #expect(outcome.stderrText == "book2pages: standard output: Bad file descriptor\n")
    }
}
