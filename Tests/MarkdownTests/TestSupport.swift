import BookModel
import Foundation
@testable import MarkdownReader

/// A folder of files made for one test: a Markdown book on disk.
struct BookFolderFixture {
    let url: URL

    /// Writes each (relative path, text) under a fresh directory.
    init(_ files: [(String, String)]) throws {
        url = Scratch.root.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, Data(text.utf8)) }
    }

    func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Reads the named files (or the folder itself) as one book.
    func read(_ relatives: [String]) throws -> ReadResult {
        try MarkdownReader.readBook(paths: relatives.map(path))
    }

    func read(_ relative: String) throws -> ReadResult { try read([relative]) }
}

enum Scratch {
    /// One directory for this test process's files, removed when the process exits.
    static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("b2p-markdown-tests-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return url
    }()
}

/// A one-file book read from `text`, in a folder of its own.
func readMarkdown(_ text: String, extraFiles: [(String, String)] = []) throws -> ReadResult {
    try BookFolderFixture([("book.md", text)] + extraFiles).read("book.md")
}

extension Book {
    /// Every block of every chapter, in order.
    var allBlocks: [Block] { chapters.flatMap(\.blocks) }
}

extension Block {
    var paragraphText: String? {
        if case .paragraph(let runs) = kind { return runs.plainText }
        return nil
    }
}
