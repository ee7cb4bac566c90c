/// Why an EPUB could not be read at all, naming the file. Recoverable problems are warnings
/// instead (`ReadResult.warnings`).
public enum EPUBError: Error, Equatable, CustomStringConvertible {
    /// The file can't be read as a zip archive: missing, unreadable, not a zip, truncated, or a
    /// part the book can't do without (its package document) is corrupt.
    case unreadable(file: String, reason: String)
    /// The archive is not a usable EPUB: no package document, a package document that does not
    /// parse, an empty spine, nothing but encrypted content.
    case invalid(file: String, reason: String)
    /// An entry or the whole book inflates past the reader's bounds (a zip bomb).
    case limitExceeded(file: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason), .invalid(let file, let reason), .limitExceeded(let file, let reason):
            "\(file): \(reason)"
        }
    }
}

/// How much an EPUB may inflate.
public struct EPUBReadLimits: Sendable, Equatable {
    /// The most one entry may inflate to.
    public var maximumEntrySize: Int
    /// The most all the entries read may inflate to together.
    public var maximumTotalSize: Int
    /// The most an entry over 1 MiB may inflate relative to its compressed size.
    public var maximumCompressionRatio: Int

    public init(maximumEntrySize: Int = 256 << 20, maximumTotalSize: Int = 1 << 30, maximumCompressionRatio: Int = 200) {
        self.maximumEntrySize = maximumEntrySize
        self.maximumTotalSize = maximumTotalSize
        self.maximumCompressionRatio = maximumCompressionRatio
    }
}
