import BookModel
import Foundation

extension XHTMLReader {
    /// The largest lone document read: a whole novel in one file is a few MB.
    public static let maximumDocumentSize = 256 << 20

    /// Reads a lone `.xhtml` or `.html` file as a one-chapter book. The book's title is the
    /// `<title>`, else the first heading, else the file name; its authors come from
    /// `<meta name="author">`. Images and links resolve against the file's name, so image paths
    /// are relative to the file's directory and never leave it.
    public static func readBook(contentsOf path: String) throws(ReadError) -> ReadResult {
        try readBook(bytes: readFile(path), name: path)
    }

    /// Reads a document given as bytes (from standard input, say); `name` stands for the file
    /// in messages and gives the title when nothing else does.
    public static func readBook(bytes: [UInt8], name path: String) throws(ReadError) -> ReadResult {
        if bytes.count > maximumDocumentSize {
            throw .limitExceeded(file: path, reason: "larger than \(maximumDocumentSize) bytes")
        }
        if !looksLikeText(bytes) { throw .invalid(file: path, reason: "binary data, not an XHTML or HTML document") }
        let fileName = (path as NSString).lastPathComponent
        let content = read(bytes: bytes, source: fileName)
        var warnings = content.warnings
        if content.blocks.isEmpty { warnings.append(Warning(entry: fileName, "the document has no text")) }
        let stem = (fileName as NSString).deletingPathExtension
        let metadata = Metadata(title: content.title ?? (stem.isEmpty ? fileName : stem),
                                creators: content.authors.map { Metadata.Creator(name: $0, role: "aut") },
                                language: content.language)
        let chapter = Chapter(source: fileName, title: content.firstHeading ?? content.headTitle, blocks: content.blocks)
        return ReadResult(book: Book(metadata: metadata, chapters: [chapter]), warnings: warnings)
    }

    private static func readFile(_ path: String) throws(ReadError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .unreadable(file: path, reason: "is a directory") }
        return try readFile(path, named: path, limit: maximumDocumentSize)
    }

    /// The bytes of the file at `path`, refusing one longer than `limit`; errors name it as
    /// `name`. For readers of loose files (a lone chapter, a Markdown book).
    public static func readFile(_ path: String, named name: String, limit: Int) throws(ReadError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(file: name, reason: "permission denied")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            if data.count > limit {
                throw ReadError.limitExceeded(file: name, reason: "larger than \(limit) bytes")
            }
            return [UInt8](data)
        } catch let error as ReadError {
            throw error
        } catch {
            throw .unreadable(file: name, reason: error.localizedDescription)
        }
    }
}
