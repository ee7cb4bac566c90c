/// What can go wrong with an archive, each naming the archive (and the entry).
public enum ZipArchiveError: Error, Equatable, CustomStringConvertible {
    /// The file can't be opened as a zip: missing, unreadable, not a zip, truncated.
    case unreadable(archive: String, reason: String)
    /// The path names a FIFO, a device or a socket, which is never read.
    case notRegularFile(archive: String)
    case missingEntry(archive: String, entry: String)
    /// The entry can't be inflated: a CRC mismatch, bad compressed data, an unsupported method.
    case corruptEntry(archive: String, entry: String, reason: String)
    /// The entry inflates past a `ZipReadLimits` bound.
    case limitExceeded(archive: String, entry: String, limit: ZipLimit)
    /// The archive lists more entries than the reader accepts.
    case tooManyEntries(archive: String, count: Int)
    /// Writing an archive failed.
    case writeFailed(archive: String, reason: String)

    /// `archive: message`, on one line.
    public var description: String {
        switch self {
        case .unreadable(let archive, _), .notRegularFile(let archive), .missingEntry(let archive, _),
             .corruptEntry(let archive, _, _),
             .limitExceeded(let archive, _, _), .tooManyEntries(let archive, _),
             .writeFailed(let archive, _): "\(archive): \(message)"
        }
    }

    /// What is wrong, naming the entry but not the archive: for a message that names the
    /// archive its own way.
    public var message: String {
        switch self {
        case .unreadable, .notRegularFile, .tooManyEntries, .writeFailed: reason
        case .missingEntry(_, let entry): "no entry \(entry)"
        case .corruptEntry(_, let entry, _), .limitExceeded(_, let entry, _): "\(entry): \(reason)"
        }
    }

    /// What is wrong, naming neither the archive nor the entry: for a message that already
    /// names both.
    public var reason: String {
        switch self {
        case .unreadable(_, let reason): "not a readable zip archive: \(reason)"
        case .notRegularFile: "is not a regular file"
        case .missingEntry: "not in the archive"
        case .corruptEntry(_, _, let reason): "corrupt: \(reason)"
        case .limitExceeded(_, _, .size(let maximum)): "inflates past \(maximum) bytes"
        case .limitExceeded(_, _, .ratio(let maximum)): "inflates more than \(maximum) times its compressed size"
        case .tooManyEntries(_, let count): "lists \(count) entries"
        case .writeFailed(_, let reason): "cannot write the archive: \(reason)"
        }
    }
}

/// Which bound an entry passed.
public enum ZipLimit: Sendable, Equatable {
    /// The most bytes it may inflate to.
    case size(Int)
    /// The most it may inflate relative to its compressed size.
    case ratio(Int)
}
