import BookModel
import FileNames
import Foundation
import HTMLPreview
import Testing

/// Names are bytes: a file whose name is not UTF-8 converts like any other, alone, as an
/// output and in a batch; and what book2pages prints of names, hrefs and messages stays one
/// line on the terminal.
struct NameAndMessageTests {
    /// `é` in Latin-1: a byte that is not UTF-8 on its own.
    static let latin1E: UInt8 = 0xE9

    /// The bytes of `directory/name`.
    static func path(_ directory: URL, _ name: [UInt8]) -> [UInt8] {
        Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
    }

    static func create(_ path: [UInt8], contents: Data) throws {
        let descriptor = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        try #require(descriptor >= 0, "open: \(String(cString: strerror(errno)))")
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == contents.count)
    }

    static func makeDirectory(_ path: [UInt8]) throws {
        let made = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) }
        try #require(made == 0, "mkdir: \(String(cString: strerror(errno)))")
    }

    static func isRegularFile(_ path: [UInt8]) -> Bool {
        var status = stat()
        let found = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { stat($0.baseAddress!, &status) }
        return found == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of every name under `directory`, as `find` lists them (FileManager would
    /// replace the bytes that are not UTF-8).
    static func listing(_ directory: URL) throws -> [[UInt8]] {
        let found = try #require(try Run.tool("find", [directory.path, "-mindepth", "1", "-print0"]))
        let prefix = Array(directory.path.utf8) + [UInt8(ascii: "/")]
        return [UInt8](found.stdout).split(separator: 0).map { Array($0.dropFirst(prefix.count)) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// A scratch directory removed with `rm -rf` (FileManager can't name what is inside).
    static func scratch() throws -> URL {
        try Run.temporaryDirectory()
    }

    static func remove(_ directory: URL) {
        _ = try? Run.tool("rm", ["-rf", directory.path])
    }

    /// Runs `book2pages` with arguments given as bytes, which `Process` can't pass (it takes
    /// `String`s, which can't hold them).
    static func run(_ arguments: [[UInt8]]) throws -> ProcessResult {
        let binary = try #require(TestPaths.binary, "build book2pages first")
        return try spawn(Array(binary.utf8), arguments)
    }

    static func spawn(_ program: [UInt8], _ arguments: [[UInt8]]) throws -> ProcessResult {
        let out = Pipe(), err = Pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out.fileHandleForWriting.fileDescriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, err.fileHandleForWriting.fileDescriptor, 2)
        let strings = ([program] + arguments).map { strdup(String(repeating: "x", count: $0.count)) }
        defer { strings.forEach { free($0) } }
        for (string, bytes) in zip(strings, [program] + arguments) {
            for (index, byte) in bytes.enumerated() { string![index] = CChar(bitPattern: byte) }
        }
        var argv = strings + [nil]
        var pid: pid_t = 0
        let status = posix_spawn(&pid, strings[0]!, &actions, nil, &argv, environ)
        try #require(status == 0, "posix_spawn: \(String(cString: strerror(status)))")
        try out.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        nonisolated(unsafe) var stdout = Data(), stderr = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { stdout = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { stderr = err.fileHandleForReading.readDataToEndOfFile() }
        group.wait()
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) < 0, errno == EINTR {}
        return ProcessResult(status: (exit >> 8) & 0xFF, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Made on each use: a `Data` kept in a static to the process's exit is reported by
    /// LeakSanitizer, which can't follow the references `Data` holds.
    static var markdown: Data { Data("# Café\n\nA short chapter with some words in it.\n".utf8) }

    @Test func fileNamesRoundTripThroughStrings() {
        let names: [[UInt8]] = [
            Array("café.md".utf8), [0x63, 0x61, 0x66, Self.latin1E, 0x2E, 0x6D, 0x64], [0xFF, 0xFE, 0x80],
            [0xC3], [0xED, 0xA0, 0x80] /* a surrogate */, [0xF4, 0x90, 0x80, 0x80] /* past U+10FFFF */,
            [0xC0, 0xAF] /* overlong */, Array("\u{10FFE9}".utf8) /* the escape itself, as a real name */,
        ]
        for name in names {
            #expect(FileName.bytes(FileName.string(name)) == name, "\(name)")
        }
        #expect(FileName.string(Array("café.md".utf8)) == "café.md")
        #expect(!FileName.hasRawBytes("café.md"))
        #expect(FileName.hasRawBytes(FileName.string([Self.latin1E])))
        #expect(FileName.readable(FileName.string([0x61, Self.latin1E])) == "a\u{FFFD}")
    }

    @Test func aBookWhoseNameIsNotUTF8ConvertsIntoAnOutputWhoseNameIsNotUTF8() throws {
        let directory = try Self.scratch()
        defer { Self.remove(directory) }
        let markdown = Self.path(directory, Array("caf".utf8) + [Self.latin1E] + Array(".md".utf8))
        try Self.create(markdown, contents: Self.markdown)
        let epub = Self.path(directory, Array("b".utf8) + [Self.latin1E] + Array(".epub".utf8))
        try Self.create(epub, contents: try Data(contentsOf: URL(fileURLWithPath: TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"))))
        for input in [markdown, epub] {
            let output = input + Array(".json".utf8)
            let result = try Self.run([input, Array("-q".utf8), Array("-o".utf8), output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(Self.isRegularFile(output), "\(result.stderr)")
        }
        // A folder of Markdown whose name is not UTF-8, read as one book, and its title.
        let folder = Self.path(directory, Array("dossier".utf8) + [Self.latin1E])
        try Self.makeDirectory(folder)
        try Self.create(folder + Array("/one.md".utf8), contents: Data("Text without a heading.\n".utf8))
        let result = try Self.run([folder, Array("-q".utf8)])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: result.stdout.split(separator: UInt8(ascii: "\n"))[0]) as? [String: Any]
        let title = (document?["metadata"] as? [String: Any])?["title"] as? String
        #expect(title == "dossier\u{FFFD}", "\(String(decoding: result.stdout.prefix(400), as: UTF8.self))")
    }

    /// A font file named by bytes that are not UTF-8 is measured with, and the preview embeds it.
    @Test func aFontWhoseNameIsNotUTF8IsMeasuredWithAndEmbedded() throws {
        let directory = try Self.scratch()
        defer { Self.remove(directory) }
        let found = try #require(try Run.tool("fc-match", ["-f", "%{file}", "Liberation Serif"]))
        let font = Self.path(directory, Array("caf".utf8) + [Self.latin1E] + Array(".ttf".utf8))
        try Self.create(font, contents: try Data(contentsOf: URL(fileURLWithPath: String(decoding: found.stdout, as: UTF8.self))))
        let book = Self.path(directory, Array("book.md".utf8))
        try Self.create(book, contents: Self.markdown)
        let converted = try Self.run([Array("--font".utf8), font, Array("-q".utf8), book])
        #expect(converted.status == 0, "\(converted.stderr)")
        let document = try JSONSerialization.jsonObject(with: converted.stdout) as? [String: Any]
        let face = ((document?["layout"] as? [String: Any])?["font"] as? [String: Any])?["family"] as? String
        #expect(face == "Liberation Serif", "\(String(decoding: converted.stdout.prefix(600), as: UTF8.self))")
        let preview = try Self.run([Array("preview".utf8), Array("--font".utf8), font, Array("-q".utf8), book])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(String(decoding: preview.stdout, as: UTF8.self).contains("src:url(data:font/ttf;base64,"))
    }

    /// The preview's PNGs go into the folder named, and its HTML into the file named, by bytes
    /// that are not UTF-8.
    @Test(.needsChromium)
    func previewImagesGoWhereANameThatIsNotUTF8Says() throws {
        let directory = try Self.scratch()
        defer { Self.remove(directory) }
        let sample = Array(TestPaths.repositoryFile("Samples/chapter.xhtml").utf8)
        let html = Self.path(directory, Array("aper".utf8) + [Self.latin1E] + Array("u.html".utf8))
        let shots = Self.path(directory, Array("images-".utf8) + [Self.latin1E])
        let result = try Self.run([Array("preview".utf8), sample, Array("-o".utf8), html, Array("--png".utf8), shots])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.isRegularFile(html))
        #expect(Self.isRegularFile(shots + Array("/".utf8) + Array(SpreadImages.fileName(ofScreen: 0).utf8)))
        // Nothing else: no folder or file under a name of the wrong bytes.
        let names = try Self.listing(directory).filter { !$0.contains(UInt8(ascii: "/")) }
        #expect(names == [html, shots].map { Array($0.dropFirst(directory.path.utf8.count + 1)) }.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func aBatchFindsAndWritesBooksWhoseNamesAreNotUTF8() throws {
        let directory = try Self.scratch()
        defer { Self.remove(directory) }
        let e = Self.latin1E
        let library = Self.path(directory, Array("lib".utf8) + [e])
        try Self.makeDirectory(library)
        try Self.makeDirectory(library + Array("/sub".utf8) + [e])
        try Self.create(library + Array("/sub".utf8) + [e] + Array("/caf".utf8) + [e] + Array(".md".utf8), contents: Self.markdown)
        try Self.create(library + Array("/b".utf8) + [e] + Array(".epub".utf8),
                        contents: try Data(contentsOf: URL(fileURLWithPath: TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub"))))
        let out = directory.appendingPathComponent("out")
        let searched = try Self.run([library, Array("-q".utf8), Array("-o".utf8), Array((out.path + "/").utf8)])
        #expect(searched.status == 0, "\(searched.stderr)")
        #expect(try Self.listing(out) == [[0x62, e] + Array(".json".utf8), Array("sub".utf8) + [e],
                                          Array("sub".utf8) + [e] + Array("/caf".utf8) + [e] + Array(".json".utf8)])
        // Named one by one, with --incremental seeing them unchanged the second time.
        let named = directory.appendingPathComponent("named")
        let arguments = [library + Array("/b".utf8) + [e] + Array(".epub".utf8),
                         library + Array("/sub".utf8) + [e] + Array("/caf".utf8) + [e] + Array(".md".utf8),
                         Array("-o".utf8), Array((named.path + "/").utf8)]
        let first = try Self.run(arguments + [Array("-q".utf8)])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.listing(named) == [[0x62, e] + Array(".json".utf8), Array("caf".utf8) + [e] + Array(".json".utf8)])
        let report = directory.appendingPathComponent("report.jsonl")
        let again = try Self.run(arguments + [Array("-q".utf8), Array("--incremental".utf8), Array("--report".utf8), Array(report.path.utf8)])
        #expect(again.status == 0, "\(again.stderr)")
        let statuses = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["status"] as? String
        }
        #expect(statuses == ["unchanged", "unchanged"])
    }

    // MARK: - Every message one line

    /// Each line of standard error is a message of its own: none raw, none split.
    static func expectOneLinePerMessage(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for line in lines {
            #expect(line.hasPrefix("book2pages: "), "a message split: \(stderr.debugDescription)", sourceLocation: sourceLocation)
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
                    "raw control: \(line.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test func namesHrefsAndFrontMatterAreEscapedInMessages() throws {
        let directory = try Run.temporaryDirectory()
        defer { Self.remove(directory) }
        let binary = try #require(TestPaths.binary, "build book2pages first")
        // A name with a newline, a terminal's clear-screen and a right-to-left override.
        let name = directory.appendingPathComponent("a\nb\u{1B}[2J\u{202E}.md")
        try Data("---\nlang: \"e\\x1b]0;title\\x07n\"\n---\n# T\n\n![alt](<pic\u{1B}[31m.png>) text\n".utf8).write(to: name)
        let result = try Run.program(binary, [name.path, "-o", directory.appendingPathComponent("out.json").path])
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectOneLinePerMessage(result.stderr)
        #expect(result.stderr.contains("a\\nb\\x1b[2J\\u202e.md:6: the image pic\\x1b[31m.png does not exist"), "\(result.stderr)")
        #expect(result.stderr.contains("for language 'e\\x1b]0;title\\x07n'"), "\(result.stderr)")
        // An error names the file so too, C1 controls included.
        let missing = try Run.program(binary, [directory.appendingPathComponent("gone\r\u{85}.md").path])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasSuffix("gone\\r\\u0085.md: no such file\n"), "\(missing.stderr)")
        Self.expectOneLinePerMessage(missing.stderr)
        // A byte that is not UTF-8 is shown as the shell writes it, not as U+FFFD.
        let bytes = try Self.run([Self.path(directory, Array("caf".utf8) + [Self.latin1E] + Array(".md".utf8))])
        #expect(bytes.status == 66)
        #expect(bytes.stderr.hasSuffix("/caf\\xe9.md: no such file\n"), "\(bytes.stderr)")
    }

    @Test func aBatchPrintsOneLineAMessageAndItsReportKeepsTheNames() throws {
        let directory = try Run.temporaryDirectory()
        defer { Self.remove(directory) }
        let books = directory.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        try Self.markdown.write(to: books.appendingPathComponent("x\ny\u{1B}[1A.md"))
        try Self.create(Self.path(books, Array("caf".utf8) + [Self.latin1E] + Array(".md".utf8)), contents: Self.markdown)
        let report = directory.appendingPathComponent("report.jsonl")
        let result = try Self.run([Array(books.path.utf8), Array("-o".utf8), Array((directory.path + "/out/").utf8),
                                   Array("--report".utf8), Array(report.path.utf8)])
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectOneLinePerMessage(result.stderr)
        #expect(result.stderr.contains("/x\\ny\\x1b[1A.md: the book names no language"), "\(result.stderr)")
        #expect(result.stderr.contains("/caf\\xe9.md: the book names no language"), "\(result.stderr)")
        // JSON escapes by itself: the report's names are the names (a byte that is not UTF-8,
        // which no JSON string holds, as `\xe9`).
        let inputs = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map {
            ((try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["input"] as? NSString)?.lastPathComponent
        }
        #expect(inputs == ["caf\\xe9.md", "x\ny\u{1B}[1A.md"])
    }

    // MARK: - Warnings of one kind counted

    /// 100 missing images and a warning of another kind: 20 of the first shown, the rest counted.
    /// Made on each use, as `markdown` is.
    static var manyWarnings: Data {
        var text = "# Many\n\n"
        for index in 0..<100 { text += "![a](missing-\(index).png) text \(index)\n\n" }
        text += "Some text.\n"
        return Data(text.utf8)
    }

    static func expectCounted(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let images = stderr.split(separator: "\n").filter { $0.hasPrefix("book2pages: warning: ") && $0.contains(": the image missing-") }
        #expect(images.count == 20, "\(stderr)", sourceLocation: sourceLocation)
        #expect(images.last?.contains("missing-19.png") == true, "\(stderr)", sourceLocation: sourceLocation)
        #expect(stderr.contains("many.md: … and 80 more like this (the image … does not exist; left out)\n"),
                "\(stderr)", sourceLocation: sourceLocation)
    }

    @Test func warningsOfOneKindPastTwentyAreCounted() throws {
        let directory = try Run.temporaryDirectory()
        defer { Self.remove(directory) }
        let binary = try #require(TestPaths.binary, "build book2pages first")
        let books = directory.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        let book = books.appendingPathComponent("many.md")
        try Self.manyWarnings.write(to: book)
        let single = try Run.program(binary, [book.path, "-o", directory.appendingPathComponent("one.json").path])
        #expect(single.status == 0, "\(single.stderr)")
        Self.expectCounted(single.stderr)
        // The warning of another kind is shown, after the first 20 of the many.
        #expect(single.stderr.contains("the book names no language"), "\(single.stderr)")
        let strict = try Run.program(binary, ["--strict", book.path, "-o", directory.appendingPathComponent("strict.json").path])
        #expect(strict.status == 80, "\(strict.stderr)")
        Self.expectCounted(strict.stderr)
        #expect(strict.stderr.contains("refused under --strict: 100 warnings"), "\(strict.stderr)")
        let batch = try Run.program(binary, [books.path, "-o", directory.path + "/out/", "--report", directory.path + "/report.jsonl"])
        #expect(batch.status == 0, "\(batch.stderr)")
        Self.expectCounted(batch.stderr)
        // The report, for programs, keeps every warning.
        let line = try String(contentsOfFile: directory.path + "/report.jsonl", encoding: .utf8)
        let warnings = (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["warnings"] as? [String]
        #expect(warnings?.count == 101)
    }

    @Test func aWarningsKindLeavesOutWhatVaries() {
        #expect(Warning(entry: "a.md", line: 3, "the image a/b.png does not exist; left out").kind
                == Warning("the image c.png does not exist; left out").kind)
        #expect(Warning("no installed font has glyphs for 3 of the book's characters (U+001B): they are measured").kind
                == "no installed font has glyphs for … of the book's characters … they are measured")
        #expect(Warning("spine item ch1 is not in the manifest; skipped").kind == "spine item … is not in the manifest; skipped")
        #expect(Warning("no hyphenation dictionary for language 'de-CH' (Debian's hyphen-* packages): its text is not hyphenated").kind
                == "no hyphenation dictionary for language … its text is not hyphenated")
        #expect(Warning("symbolic link, not read").kind == "symbolic link, not read")
    }

    // MARK: - Reasons that say what is wrong

    /// A Unix socket bound at `path` (open(2) refuses one with ENXIO, "No such device or address").
    static func bindSocket(_ path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
        return descriptor
    }

    @Test func aSocketIsNotARegularFile() throws {
        let directory = try Run.temporaryDirectory()
        defer { Self.remove(directory) }
        let binary = try #require(TestPaths.binary, "build book2pages first")
        let book = directory.appendingPathComponent("book.md")
        try Self.markdown.write(to: book)
        for name in ["s.md", "s.epub"] {
            let socket = directory.appendingPathComponent(name).path
            let descriptor = try Self.bindSocket(socket)
            defer { close(descriptor) }
            for arguments in [[socket], ["--from", "epub", socket]] {
                let result = try Run.program(binary, arguments)
                #expect(result.status == 66 && result.stderr == "book2pages: \(socket): is not a regular file\n", "\(result.stderr)")
            }
            let output = try Run.program(binary, [book.path, "-q", "-o", socket])
            #expect(output.status == 73 && output.stderr == "book2pages: \(socket): is a socket, not a file that can be written\n",
                    "\(output.stderr)")
        }
    }

    @Test func aFolderThatCantBeMadeSaysWhy() throws {
        let directory = try Run.temporaryDirectory()
        defer { Self.remove(directory) }
        let binary = try #require(TestPaths.binary, "build book2pages first")
        let books = directory.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Self.markdown.write(to: books.appendingPathComponent("sub/book.md"))
        // A file where the batch's output folder, or a folder inside it, would go.
        let blocked = directory.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let top = try Run.program(binary, [books.path, "-q", "-o", blocked.path + "/out/"])
        #expect(top.status == 73 && top.stderr == "book2pages: \(blocked.path)/out/: Not a directory\n", "\(top.stderr)")
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data().write(to: out.appendingPathComponent("sub"))
        let inside = try Run.program(binary, [books.path, "-q", "-o", out.path + "/"])
        // Its one book failed: the batch exits as that book alone would.
        #expect(inside.status == 73, "\(inside.stderr)")
        #expect(inside.stderr == "book2pages: \(out.path)/sub/book.json: its folder \(out.path)/sub can't be made: Not a directory\n",
                "\(inside.stderr)")
    }

    /// A read-only file system can't be made in a test without root: the mapping, from the errno
    /// and from the Foundation errors that carry it.
    @Test func foundationErrorsSayTheSystemsReason() {
        #expect(SystemError(code: EROFS).description == "Read-only file system")
        #expect(SystemError.reason(for: CocoaError(.fileWriteVolumeReadOnly)) == "Read-only file system")
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))
        #expect(SystemError.reason(for: NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                                                userInfo: [NSUnderlyingErrorKey: underlying])) == "Read-only file system")
        #expect(SystemError.reason(for: NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileReadUnknown.rawValue))
                == "could not be read")
        #expect(SystemError.reason(for: CocoaError(.fileReadNoPermission)) == "Permission denied")
    }
}
