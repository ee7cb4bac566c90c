/// The files of one book by their path in it (archive path, or path in a Markdown book's
/// folder), read within the book's bounds: how its images are read, for their size and to be
/// written out with `--assets`. A read that fails throws an error whose description says why,
/// in words that do not repeat the book's name.
public struct BookFiles {
    public let read: (String) throws -> [UInt8]

    public init(read: @escaping (String) throws -> [UInt8]) {
        self.read = read
    }
}

/// Why a book's file could not be read, in the reader's words.
public struct BookFileError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
