import BookModel
import Foundation
import Testing
import XHTMLReader
import ZipArchive

/// Where the tests find things and make scratch files.
enum TestFiles {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus/epub` beside the repository, or nil when this checkout has none.
    static let corpus: URL? = {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/epub")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    static var corpusBooks: [String] {
        guard let corpus else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0.hasSuffix(".epub") }.sorted()
    }

    static func corpusBook(_ name: String) -> String? {
        corpus.map { $0.appendingPathComponent(name).path }
    }

    /// Where `name` is on PATH; nil when it isn't installed.
    static func onPath(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            .first(where: FileManager.default.isExecutableFile)
    }

    /// One directory for this test process's scratch files, removed when the process exits.
    private static let scratchRoot: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("b2p-reader-tests-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: TestFiles.scratchRoot) }
        return url
    }()

    /// A fresh directory for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = scratchRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// What the tests that need more than the repository need, each looked for once; a test that
/// needs one says so with its trait, and is reported skipped, with the reason, when it is missing.
enum Available {
    static let sharedCorpus = TestFiles.corpus != nil
    static let pandoc = TestFiles.onPath("pandoc") != nil
}

extension Trait where Self == ConditionTrait {
    static var needsSharedCorpus: Self { .enabled(if: Available.sharedCorpus, "needs ../shared/corpus/epub beside the repository") }
    static var needsPandoc: Self { .enabled(if: Available.pandoc, "needs pandoc on PATH") }
}

/// Builds EPUB files for tests with `ZipArchiveWriter`.
enum EPUBFixture {
    static let container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    /// Writes `entries` (name, text) after a stored `mimetype`, then `binary` ones, then `links`
    /// (name, target) stored as symbolic links; returns the file's path.
    static func write(_ entries: [(String, String)], binary: [(String, [UInt8])] = [], links: [(String, String)] = [],
                      mimetype: Bool = true, name: String = "book.epub") throws -> String {
        let path = try TestFiles.temporaryDirectory().appendingPathComponent(name).path
        let writer = try ZipArchiveWriter(path: path)
        if mimetype { try writer.add("mimetype", text: "application/epub+zip", compressed: false) }
        for (entry, text) in entries { try writer.add(entry, text: text) }
        for (entry, bytes) in binary { try writer.add(entry, bytes: bytes) }
        for (entry, target) in links { try writer.addSymbolicLink(entry, target: target) }
        try writer.close()
        return path
    }

    /// An XHTML content document with this body.
    static func page(_ body: String, title: String = "Page") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>\(title)</title></head>
        <body>\(body)</body>
        </html>
        """
    }
}

/// Flips a byte inside the data of a stored (uncompressed) entry, so only its CRC check fails.
func corruptStoredEntry(containing marker: String, in path: String) throws {
    let url = URL(fileURLWithPath: path)
    var bytes = [UInt8](try Data(contentsOf: url))
    guard let range = bytes.firstRange(of: Array(marker.utf8)) else { throw CocoaError(.fileReadCorruptFile) }
    bytes[range.lowerBound] ^= 0x20
    try Data(bytes).write(to: url)
}

/// Reads an XHTML body the way a chapter is read.
func readBody(_ body: String, source: String = "OEBPS/text/chapter.xhtml") -> XHTMLContent {
    XHTMLReader.read(bytes: Array(EPUBFixture.page(body).utf8), source: source)
}

func readDocument(_ text: String, source: String = "OEBPS/text/chapter.xhtml") -> XHTMLContent {
    XHTMLReader.read(bytes: Array(text.utf8), source: source)
}

extension Block {
    /// The block's text: runs joined, nested blocks on their own lines.
    var text: String {
        switch kind {
        case .heading(_, let runs), .paragraph(let runs), .preformatted(let runs): runs.plainText
        case .quote(let blocks), .division(let blocks): blocks.map(\.text).joined(separator: "\n")
        case .list(let list): list.items.map { $0.map(\.text).joined(separator: "\n") }.joined(separator: "\n")
        case .table(let table):
            TableText.rowsInSourceOrder(of: table).map { $0.cells.map { TableText.runs(of: $0).plainText }.joined(separator: " | ") }
                .joined(separator: "\n")
        case .image(let image): "[image \(image.source.path) \(image.alt)]"
        case .rule: "---"
        case .float(let box): "[float \(box.side) at \(box.anchor): \(box.blocks.map(\.text).joined(separator: "\n"))]"
        }
    }

    var runs: [Inline] {
        switch kind {
        case .heading(_, let runs), .paragraph(let runs), .preformatted(let runs): runs
        default: []
        }
    }
}

extension Chapter {
    /// The blocks' text, or a designed page's: its boxes' blocks, lines and pictures in order.
    var text: String {
        guard let design else { return blocks.map(\.text).joined(separator: "\n") }
        return design.items.map { item in
            switch item {
            case .image(let image, _): Block(.image(image)).text
            case .textBox(let box): box.blocks.map(\.text).joined(separator: "\n")
            case .textLine(let line): line.runs.plainText
            }
        }.joined(separator: "\n")
    }
}
