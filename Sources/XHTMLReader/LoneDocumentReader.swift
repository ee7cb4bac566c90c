import BookModel
import FileNames
import Foundation
import Markup

extension XHTMLReader {
    /// Reads a lone `.xhtml` or `.html` file as a one-chapter book. The book's title is the
    /// `<title>`, else the first heading, else the file name; its authors come from
    /// `<meta name="author">`. Images and links resolve against the file's name, so image paths
    /// are relative to the file's directory and never leave it. The file must be within
    /// `limits.maximumEntrySize`; a document with no text reads as an empty chapter
    /// (`Book.showsSomething` tells). `stylesheets`: the user's, after the document's own.
    public static func readBook(contentsOf path: String, limits: ReadLimits = ReadLimits(),
                                stylesheets: [UserStylesheet] = []) throws(ReadError) -> ReadResult {
        try readBook(bytes: readFile(path, limits: limits), name: path, limits: limits, stylesheets: stylesheets)
    }

    /// Reads a document given as bytes (from standard input, say); `name` stands for the file
    /// in messages and gives the title when nothing else does.
    public static func readBook(bytes: [UInt8], name path: String, limits: ReadLimits = ReadLimits(),
                                stylesheets: [UserStylesheet] = []) throws(ReadError) -> ReadResult {
        if bytes.count > limits.maximumEntrySize {
            throw .limitExceeded(file: path, reason: "larger than \(limits.describe(.entrySize))")
        }
        if !looksLikeText(bytes) { throw .invalid(file: path, reason: "binary data, not an XHTML or HTML document") }
        let fileName = (path as NSString).lastPathComponent
        let user = UserStylesheets(stylesheets)
        let content = read(document: Markup.parse(bytes), source: fileName, user: user)
        var warnings = user.warnings + content.warnings
        let stem = (fileName as NSString).deletingPathExtension
        var metadata = Metadata(title: content.title ?? (stem.isEmpty ? fileName : stem),
                                creators: content.authors.map { Metadata.Creator(name: $0, role: "aut") },
                                language: content.language, direction: content.direction ?? .leftToRight)
        metadata.writesVertically = content.writesVertically
        warnings += content.unshownMedia.warnings
        let chapter = Chapter(source: fileName, title: content.firstHeading ?? content.headTitle, blocks: content.blocks,
                              notes: content.notes)
        return ReadResult(book: Book(metadata: metadata, chapters: [chapter]), warnings: warnings)
    }

    private static func readFile(_ path: String, limits: ReadLimits) throws(ReadError) -> [UInt8] {
        guard let kind = FileSystem.kind(of: path) else { throw .unreadable(file: path, reason: "no such file") }
        if kind == .directory { throw .unreadable(file: path, reason: "is a directory") }
        return try readFile(path, named: path, limit: limits.maximumEntrySize, describedAs: limits.describe(.entrySize))
    }

    /// The bytes of the file at `path`, refusing one longer than `limit` (named in the refusal
    /// as `description`, when given); errors name the file as `name`. For readers of loose files
    /// (a lone chapter, a Markdown book).
    public static func readFile(_ path: String, named name: String, limit: Int,
                                describedAs description: String? = nil) throws(ReadError) -> [UInt8] {
        let handle = try LooseFile.open(path, named: name)
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: min(limit, Int.max - 1) + 1) ?? Data()
            if data.count > limit {
                throw ReadError.limitExceeded(file: name, reason: "larger than \(description ?? ByteCount.describe(limit))")
            }
            return [UInt8](data)
        } catch let error as ReadError {
            throw error
        } catch {
            throw .unreadable(file: name, reason: SystemError.reason(for: error))
        }
    }
}

extension XHTMLReader: BookReader {
    public static func readBook(paths: [String], limits: ReadLimits, stylesheets: [UserStylesheet],
                                receiver: (any ChapterReceiver)?) throws(ReadError) -> ReadResult {
        try readBook(contentsOf: paths[0], limits: limits, stylesheets: stylesheets)
    }

    /// A document from standard input links to nothing read: `folder` is not used.
    public static func readBook(bytes: [UInt8], name: String, folder: String, limits: ReadLimits,
                                stylesheets: [UserStylesheet]) throws(ReadError) -> ReadResult? {
        try readBook(bytes: bytes, name: name, limits: limits, stylesheets: stylesheets) as ReadResult
    }

    /// A lone document shows no image with a size, so it has none to give.
    public static func files(ofBook paths: [String], limits: ReadLimits) throws(ReadError) -> BookFiles {
        BookFiles { _ in throw BookFileError("a lone XHTML file has no images read") }
    }
}
