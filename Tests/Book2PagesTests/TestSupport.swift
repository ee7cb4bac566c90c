import Fonts
import Foundation
import HTMLPreview
import PageFormat
import Testing
import ZipArchive

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

/// What the tests that need more than the repository need, each looked for once. A test that
/// needs one of them says so with its trait below, and is reported skipped, with the reason, when
/// it is missing: never passed without having run.
enum Available {
    static let sharedCorpus = TestPaths.corpus != nil
    static let sharedTools = TestPaths.sharedTools != nil
    static let releaseBinary = TestPaths.releaseBinary != nil
    static let chromium = HeadlessBrowser.find() != nil
    static let pandoc = Run.onPath("pandoc") != nil
    static let python3 = Run.onPath("python3") != nil
    static let jsonschema = python3 && (try? Run.tool("python3", ["-c", "import jsonschema"]))??.status == 0
    static let mandoc = Run.onPath("mandoc") != nil
    static let script = Run.onPath("script") != nil
    static let parallel = Run.onPath("parallel") != nil
    static let zsh = Run.onPath("zsh") != nil
    /// An ssh server to start and the client, keys and transfers GNU parallel's --sshlogin uses.
    static let sshd = FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd")
        && ["ssh", "ssh-keygen", "rsync", "parallel"].allSatisfy { Run.onPath($0) != nil }
    static let fish = Run.onPath("fish") != nil
    static let swiftc = Run.onPath("swiftc") != nil
    /// A font with OpenType small capitals and old-style numerals (`fonts-texgyre`).
    static let texGyreTermes = (try? FontSet(font: "TeX Gyre Termes")) != nil
}

extension Trait where Self == ConditionTrait {
    static var needsSharedCorpus: Self { .enabled(if: Available.sharedCorpus, "needs ../shared/corpus/epub beside the repository") }
    static var needsSharedTools: Self { .enabled(if: Available.sharedTools, "needs ../shared/tools beside the repository") }
    static var needsReleaseBinary: Self {
        .enabled(if: Available.releaseBinary, "needs the release build (swift build -c release --product book2pages)")
    }
    static var needsChromium: Self {
        .enabled(if: Available.chromium, "needs headless Chromium (scripts/install-deps.sh --test installs it)")
    }
    static var needsTeXGyreTermes: Self {
        .enabled(if: Available.texGyreTermes, "needs TeX Gyre Termes (fonts-texgyre; scripts/install-deps.sh --test installs it)")
    }
    static var needsPandoc: Self { .enabled(if: Available.pandoc, "needs pandoc on PATH") }
    static var needsPython3: Self { .enabled(if: Available.python3, "needs python3 on PATH") }
    static var needsJSONSchema: Self {
        .enabled(if: Available.jsonschema, "needs the Python package jsonschema for the python3 on PATH")
    }
    static var needsMandoc: Self { .enabled(if: Available.mandoc, "needs mandoc on PATH") }
    static var needsScript: Self { .enabled(if: Available.script, "needs script (util-linux) on PATH for a terminal") }
    static var needsParallel: Self { .enabled(if: Available.parallel, "needs GNU parallel on PATH") }
    static var needsSSHD: Self {
        .enabled(if: Available.sshd, "needs openssh-server's sshd, ssh, rsync and GNU parallel (the ssh recipe)")
    }
    static var needsZsh: Self { .enabled(if: Available.zsh, "needs zsh on PATH") }
    static var needsFish: Self { .enabled(if: Available.fish, "needs fish on PATH") }
    static var needsSwiftc: Self { .enabled(if: Available.swiftc, "needs swiftc on PATH") }

    /// Left out of the suite's second pass, under AddressSanitizer (`scripts/ci-sanitizers.sh`).
    static func outsideTheSanitizerPass(_ why: String) -> Self {
        .disabled(if: TestPaths.sanitizerPass, Comment(rawValue: "left out of the sanitizer pass: " + why))
    }
}

/// A finished run of a program.
struct ProcessResult {
    var status: Int32
    var stdout: Data
    var stderr: String
}

enum Run {
    /// `environment`: variables to set or replace in the child's environment; `directory`: the
    /// folder it runs in, when not this one.
    static func program(_ path: String, _ arguments: [String], input: Data? = nil,
                        environment: [String: String] = [:], directory: URL? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
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
        try onPath(name).map { try program($0, arguments) }
    }

    /// Where `name` is on PATH; nil when it isn't installed.
    static func onPath(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            .first(where: FileManager.default.isExecutableFile)
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

extension TargetDescription {
    /// The spreads of a target that shows pages in pairs; nil for one that does not.
    var spreads: [Spread]? {
        if case .spreads(let spreads) = grouping { spreads } else { nil }
    }

    /// How many screens the target's system shows, counted from its grouping: a leaf is two (its
    /// front, then its back), and a reader opens on the cover before its chapters.
    var screenCount: Int {
        switch grouping {
        case .spreads(let spreads): spreads.count
        case .leaves(let leaves): leaves.count * 2
        case .screens(let screens): screens.count
        case .chapters(let chapters): chapters.reduce(1) { $0 + $1.pages.count }
        case .none: 0
        }
    }
}

/// An EPUB a test writes: its `mimetype` and a container naming `content.opf` are in; the test
/// adds the package document and the rest, then closes the writer.
enum TestEPUB {
    static func start(at path: String) throws -> ZipArchiveWriter {
        let writer = try ZipArchiveWriter(path: path)
        try writer.add("mimetype", bytes: Array("application/epub+zip".utf8), compressed: false)
        try writer.add("META-INF/container.xml", bytes: Array("""
            <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
            <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """.utf8))
        return writer
    }
}
