import Foundation

/// Where things are, seen from the tests: the repository, the shared corpus beside it, and the
/// built `book2pages` binary.
enum TestPaths {
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func repositoryFile(_ relative: String) -> String {
        repository.appendingPathComponent(relative).path
    }

    /// `../shared/tools` (the brief's judges), or nil when this checkout has none beside it.
    static let sharedTools: URL? = {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/tools")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// `../shared/corpus/epub`, or nil when this checkout has no shared corpus beside it.
    static let corpus: URL? = {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/epub")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    static var corpusBooks: [URL] {
        guard let corpus else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0.hasSuffix(".epub") }.sorted().map { corpus.appendingPathComponent($0) }
    }

    /// Says why a corpus test did nothing, so a run without the corpus is visibly partial.
    static func noteCorpusMissing(_ test: String) {
        print("\(test): left out, no ../shared/corpus/epub beside the repository")
    }

    /// The release build of `book2pages` (`swift build -c release`, which `scripts/test.sh` runs
    /// before the suite), for tests that convert the whole corpus many times; nil when it is
    /// not built.
    static let releaseBinary: String? = {
        let path = repositoryFile(".build/release/book2pages")
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Whether this run is the suite's second pass under AddressSanitizer
    /// (`scripts/ci-sanitizers.sh`), which runs every reader and the layout but not every book
    /// at every target again.
    static let sanitizerPass = ProcessInfo.processInfo.environment["BOOK2PAGES_SANITIZER_PASS"] != nil

    /// The `book2pages` built beside the test bundle by `swift build` (BOOK2PAGES_BIN overrides).
    static let binary: String? = {
        if let path = ProcessInfo.processInfo.environment["BOOK2PAGES_BIN"] { return path }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("book2pages").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()
}

/// A finished run of a program.
struct ProcessResult {
    var status: Int32
    var stdout: Data
    var stderr: String
}

enum Run {
    /// `environment`: variables to set or replace in the child's environment.
    static func program(_ path: String, _ arguments: [String], input: Data? = nil,
                        environment: [String: String] = [:]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            // Written from another thread, so a child that writes before it reads can't deadlock.
            let writer = stdin.fileHandleForWriting
            DispatchQueue.global().async {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        // Read both pipes while the child runs, so a large output can't block it.
        var stdout = Data(), stderr = Data()
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "pipe-reader", attributes: .concurrent)
        nonisolated(unsafe) var outBox = Data(), errBox = Data()
        queue.async(group: group) { outBox = out.fileHandleForReading.readDataToEndOfFile() }
        queue.async(group: group) { errBox = err.fileHandleForReading.readDataToEndOfFile() }
        group.wait()
        process.waitUntilExit()
        stdout = outBox
        stderr = errBox
        return ProcessResult(status: process.terminationStatus, stdout: stdout,
                             stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs a tool found on PATH; nil when it isn't installed.
    static func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) {
                return try program(path, arguments)
            }
        }
        return nil
    }

    /// A fresh directory for one test's files, inside this process's scratch directory.
    static func temporaryDirectory() throws -> URL {
        let url = scratchRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// One directory for this test process's scratch files, removed when the process exits:
    /// a test that fails, or leaves its directory to the end, leaves nothing behind.
    private static let scratchRoot: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("book2pages-tests-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: Run.scratchRoot) }
        return url
    }()
}
