/// Why a reader could not read a book at all, naming the file. Every reader throws this one type,
/// so the facade maps each kind to its exit code in one place. Problems a reader recovers from
/// are warnings instead (`ReadResult.warnings`).
public enum ReadError: Error, Equatable, CustomStringConvertible {
    /// The file can't be read: missing, a directory, unreadable, not a zip archive, truncated,
    /// or a part the book can't do without is corrupt.
    case unreadable(file: String, reason: String)
    /// The file was read but is not a usable book: no package document, one that does not
    /// parse, an empty spine, nothing but encrypted content, binary data given as a document.
    case invalid(file: String, reason: String)
    /// An entry or the whole book is bigger than the reader accepts (a zip bomb, say).
    case limitExceeded(file: String, reason: String)

    /// `file: reason`, on one line.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason), .invalid(let file, let reason), .limitExceeded(let file, let reason):
            "\(file): \(reason)"
        }
    }
}
