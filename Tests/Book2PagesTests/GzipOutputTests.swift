@testable import Book2PagesKit
import Foundation
import Gzip
import PageFormat
import Testing

/// `-o book.json.gz`: the output file is gzip, made as the pages are written, of exactly the bytes
/// the same run writes without `.gz`; whole or absent as any output; and read back for its
/// provenance, so another book's `.gz` output is not replaced unasked.
struct GzipOutputTests {
    static let book = TestPaths.repositoryFile("Samples/the-lighthouse-keeper.epub")
    static let gzipTool = Run.onPath("gzip")

    func binary() throws -> String { try #require(TestPaths.binary, "build book2pages first") }

    func leftovers(in folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".part") } ?? []
    }

    /// The check that does not trust our own reading of the file: the `gzip` tool's.
    @Test(.enabled(if: gzipTool != nil, "needs gzip on PATH, the independent check of the file"),
          arguments: ["json", "ndjson"])
    func aGzNameWritesGzipOfTheSameBytes(format: String) throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("book.\(format)")
        let compressed = directory.appendingPathComponent("book.\(format).gz")
        for output in [plain, compressed] {
            let run = try Run.program(try binary(), [Self.book, "--format", format, "-o", output.path, "-q"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let bytes = try Data(contentsOf: compressed)
        #expect(bytes.prefix(2) == Data([0x1F, 0x8B]))
        let gzip = try #require(Self.gzipTool)
        #expect(try Run.program(gzip, ["-t", compressed.path]).status == 0)
        let inflated = try Run.program(gzip, ["-dc", compressed.path])
        #expect(inflated.status == 0, "\(inflated.stderr)")
        let expected = try Data(contentsOf: plain)
        #expect(inflated.stdout == expected, "\(inflated.stdout.count) bytes inflated, \(expected.count) written plain")
        // Compressed, not merely wrapped.
        #expect(bytes.count * 3 < expected.count, "\(bytes.count) of \(expected.count)")
        #expect(leftovers(in: directory).isEmpty)
    }

    /// A FIFO named `.gz` is written into, as any FIFO, and compressed, as the name asks.
    @Test func aFIFONamedGzReceivesGzip() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pages.ndjson.gz").path
        try #require(mkfifo(fifo, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        let reader = SpecialOutputTests.FIFOReader(fifo)
        let run = try Run.program(try binary(), [Self.book, "--format", "ndjson", "-o", fifo, "-q"])
        let received = reader.wait()
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try received.withUnsafeBytes { try GzipDecompression.decompress($0, limit: 1 << 30) }
        #expect(try PageDocument(jsonLines: lines).pages.count > 10)
        #expect(leftovers(in: directory).isEmpty)
    }

    @Test func aFailedConversionLeavesNoGzipFile() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("# A book\n\n![a picture](missing.png)\n\nText.\n".utf8).write(to: directory.appendingPathComponent("book.md"))
        for format in ["json", "ndjson"] {
            let run = try Run.program(try binary(), ["book.md", "--strict", "--format", format, "-o", "out.\(format).gz", "-q"],
                                      directory: directory)
            #expect(run.status == ExitCode.warningsUnderStrict, "\(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["book.md"])
    }

    /// Part of a stream compressed and written, then a failure: the temporary file goes, and with
    /// it the compressor's state; nothing appears under the name.
    @Test func anOutputDiscardedMidStreamLeavesNothing() throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("pages.ndjson.gz").path
        let file = try OutputFile(path: path, gzip: true)
        for line in 0..<2000 { try file.append(Data("{\"line\":\"page\",\"index\":\(line)}\n".utf8)) }
        #expect(leftovers(in: directory).count == 1)
        file.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func theCompressorRoundTripsPiecesOfAnySize() throws {
        let compressor = try GzipCompressor()
        var expected = Data()
        var written = Data()
        // Empty pieces, single bytes, and pieces larger than zlib's output chunk.
        let sizes = [0, 1, 17, 0, 70_000, 3, 1 << 20, 0, 5]
        for (index, size) in sizes.enumerated() {
            let piece = Data((0..<size).map { UInt8(truncatingIfNeeded: ($0 * 31 + index) % 251) })
            expected.append(piece)
            written.append(try compressor.compress(piece))
        }
        written.append(try compressor.finish())
        #expect(written.withUnsafeBytes(GzipDecompression.isGzip))
        #expect(try written.withUnsafeBytes { try GzipDecompression.decompress($0, limit: 1 << 30) } == expected)
        // Cut short anywhere, it is refused rather than taken for a shorter whole.
        for cut in [1, 10, written.count / 2, written.count - 4, written.count - 1] {
            #expect(throws: GzipError.self) { try written.prefix(cut).withUnsafeBytes { try GzipDecompression.decompress($0, limit: 1 << 30) } }
        }
        // Past the bound given, it stops.
        #expect(throws: GzipError.self) { try written.withUnsafeBytes { try GzipDecompression.decompress($0, limit: 1 << 20) } }
    }

    /// What an output records of itself is read through the gzip, in either format; a `.gz` cut
    /// short records nothing.
    @Test(arguments: [OutputFormat.json, .ndjson])
    func theProvenanceOfAGzipOutputIsRead(format: OutputFormat) throws {
        let conversion = try Converter.convert(path: Self.book, options: ConversionOptions(outputFormat: format))
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("book.gz").path
        let file = try OutputFile(path: path, gzip: true)
        try file.append(conversion.json)
        try file.commit()
        let recorded = try #require(RecordedOutput(path: path, format: format))
        #expect(recorded.provenance == conversion.document.provenance)
        #expect(recorded.contentPages == conversion.document.pages.filter { $0.content != nil }.count)
        #expect(RecordedOutput.provenance(at: path) == conversion.document.provenance)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count - 8).write(to: URL(fileURLWithPath: path))
        #expect(RecordedOutput.provenance(at: path) == nil)
    }

    /// `OtherBookCheck` reads a `.gz` output's provenance as it reads a plain one's.
    @Test(arguments: ["json", "ndjson"])
    func anotherBooksGzipOutputIsLeftAsItIs(format: String) throws {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (folder, text) in [("a", "The first book, of the lamp and the sea."), ("b", "The second book, of the garden.")] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("# Book \(folder)\n\n\(text)\n".utf8).write(to: directory.appendingPathComponent("\(folder)/book.md"))
        }
        let output = "book.\(format).gz"
        let first = try Run.program(try binary(), ["a/book.md", "--format", format, "-o", output, "-q"], directory: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: directory.appendingPathComponent(output))
        let second = try Run.program(try binary(), ["b/book.md", "--format", format, "-o", output, "-q"], directory: directory)
        #expect(second.status == ExitCode.outputFailed, "\(second.stderr)")
        #expect(second.stderr.contains("a/book.md") && second.stderr.contains("--force"), "\(second.stderr)")
        #expect(try Data(contentsOf: directory.appendingPathComponent(output)) == before)
        let forced = try Run.program(try binary(), ["b/book.md", "--format", format, "-o", output, "-q", "--force"],
                                     directory: directory)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(RecordedOutput.provenance(at: directory.appendingPathComponent(output).path)?.inputPaths == ["b/book.md"])
        #expect(leftovers(in: directory).isEmpty)
    }
}
