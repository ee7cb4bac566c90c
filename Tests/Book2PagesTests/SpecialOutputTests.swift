import Book2PagesKit
@testable import CommandLineInterface
import Foundation
import PageFormat
import Testing

/// Outputs that are not regular files (a device, a FIFO, a descriptor's name) are written into,
/// never replaced by a renamed temporary file. The tests run as root: a regression would turn
/// /dev/null into a regular file, so the FIFO cases, which fail safely, come first in each.
struct SpecialOutputTests {
    static let book = TestPaths.repositoryFile("Samples/the-clockmakers-garden/03-winter.md")

    func run(_ arguments: [String]) throws -> ProcessResult {
        try Run.program(try #require(TestPaths.binary, "build book2pages first (swift build)"), arguments)
    }

    func makeFIFO(in directory: URL, named name: String = "pages.fifo") throws -> String {
        let path = directory.appendingPathComponent(name).path
        try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        return path
    }

    /// Reads the FIFO at `path` on another thread until its writer closes it, or gives up after
    /// `seconds` (so a run that never opens it fails rather than hangs). Opened without blocking:
    /// the reader is there before the writer comes.
    final class FIFOReader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var bytes = Data()

        init(_ path: String, seconds: Int = 20) {
            let descriptor = open(path, O_RDONLY | O_NONBLOCK)
            DispatchQueue.global().async { [self] in
                defer { close(descriptor); done.signal() }
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                let deadline = Date().addingTimeInterval(Double(seconds))
                while Date() < deadline {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    // No writer yet reads as the end too: wait for one to come and go (POLLHUP).
                    guard poll(&ready, 1, 200) >= 0 else { return }
                    let count = read(descriptor, &chunk, chunk.count)
                    if count > 0 { bytes.append(contentsOf: chunk[..<count]); continue }
                    if count == 0, ready.revents & Int16(POLLHUP) != 0 { return }
                }
            }
        }

        func wait() -> Data {
            done.wait()
            return bytes
        }
    }

    func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    @Test func aFIFOReceivesThePagesAndStaysAFIFO() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in ["json", "ndjson"] {
            let fifo = try makeFIFO(in: directory, named: "\(format).fifo")
            let reader = FIFOReader(fifo)
            let result = try run([Self.book, "-o", fifo, "--format", format])
            let received = reader.wait()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(isFIFO(fifo))
            let whole = try run([Self.book, "--format", format]).stdout
            #expect(!whole.isEmpty && received == whole, "\(format): \(received.count) of \(whole.count) bytes")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasSuffix(".part") })
        }
    }

    /// A link to a FIFO, as `/dev/stdout` is a link to the descriptor of a pipe: the FIFO gets the
    /// bytes, the link stays a link.
    @Test func aLinkToAFIFOIsFollowed() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = try makeFIFO(in: directory)
        let link = directory.appendingPathComponent("stdout").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        let reader = FIFOReader(fifo)
        let result = try run([Self.book, "-o", link])
        let received = reader.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == fifo)
        #expect(try PageDocument(jsonData: received).pages.count > 4)
    }

    /// A link to `/proc/self/fd/1` is what `/dev/stdout` is: with standard output a regular
    /// file, the pages go into that file and the link is left alone.
    @Test func aDescriptorsNameWritesIntoItsFile() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("stdout").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
        let file = directory.appendingPathComponent("pages.json")
        for output in [link, "/dev/fd/1"] {
            FileManager.default.createFile(atPath: file.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(TestPaths.binary))
            process.arguments = [Self.book, "-o", output]
            process.standardOutput = try FileHandle(forWritingTo: file)
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(output)")
            #expect(try PageDocument(jsonData: Data(contentsOf: file)).pages.count > 4, "\(output)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/proc/self/fd/1")
    }

    @Test func devNullStaysADevice() throws {
        var before = stat()
        try #require(stat("/dev/null", &before) == 0 && before.st_mode & S_IFMT == S_IFCHR)
        let result = try run([Self.book, "-o", "/dev/null"])
        #expect(result.status == 0, "\(result.stderr)")
        var after = stat()
        #expect(lstat("/dev/null", &after) == 0 && after.st_mode & S_IFMT == S_IFCHR)
        #expect(after.st_rdev == before.st_rdev)
        #expect(!((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).contains { $0.hasSuffix(".part") })
    }

    @Test func dashIsStandardOutput() throws {
        #expect(try Invocation(try ArgumentParser.parse(["book.md", "-o", "-"])).action
                == .convert(inputs: ["book.md"], output: nil))
        #expect(try Invocation(try ArgumentParser.parse(["preview", "book.md", "-o", "-"])).action
                == .preview(inputs: ["book.md"], output: nil, png: nil))
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(TestPaths.binary))
        process.arguments = [Self.book, "-o", "-"]
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let written = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try PageDocument(jsonData: written).pages.count > 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
