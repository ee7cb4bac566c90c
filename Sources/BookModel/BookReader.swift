/// A reader of one input format: what makes a `Book` of it. Each format's module has one
/// (`EPUBReader`, `XHTMLReader`, `MarkdownReader`); `InputFormat.reader` is the one place a
/// conversion chooses between them.
public protocol BookReader {
    /// Reads the book `paths` name: one file, or for a format that can combine them, several
    /// files or a folder. `receiver`, when the reader can, takes the chapters as they are read,
    /// for a layout that starts before the book is whole. `stylesheets`: the user's, which
    /// cascade after the book's own in every document.
    static func readBook(paths: [String], limits: ReadLimits, stylesheets: [UserStylesheet],
                         receiver: (any ChapterReceiver)?) throws(ReadError) -> ReadResult
    /// Reads a book given as bytes (from standard input): `name` stands for the file in
    /// messages, and what it links to is looked for in `folder`. Nil for a format that cannot be
    /// read from its bytes alone.
    static func readBook(bytes: [UInt8], name: String, folder: String, limits: ReadLimits,
                         stylesheets: [UserStylesheet]) throws(ReadError) -> ReadResult?
    /// The files of the book `paths` name, for what is read after the conversion (its images,
    /// for `--assets`).
    static func files(ofBook paths: [String], limits: ReadLimits) throws(ReadError) -> BookFiles
}
