/// What can go wrong with an archive, each naming the archive (and the entry).
public enum ZipArchiveError: Error, Equatable, CustomStringConvertible {
    /// The file can't be opened as a zip: missing, unreadable, not a zip, truncated.
    case unreadable(archive: String, reason: String)
    case missingEntry(archive: String, entry: String)
    /// The entry can't be inflated: a CRC mismatch, bad compressed data, an unsupported method.
    case corruptEntry(archive: String, entry: String, reason: String)
    /// The entry inflates past a `ZipReadLimits` bound.
    case limitExceeded(archive: String, entry: String, reason: String)
    /// Writing an archive failed.
    case writeFailed(archive: String, reason: String)

    /// `archive: message`, on one line.
    public var description: String {
        switch self {
        case .unreadable(let archive, _), .missingEntry(let archive, _), .corruptEntry(let archive, _, _),
             .limitExceeded(let archive, _, _), .writeFailed(let archive, _): "\(archive): \(message)"
        }
    }

    /// What is wrong, naming the entry but not the archive: for a message that names the
    /// archive its own way.
    public var message: String {
        switch self {
        case .unreadable(_, let reason): "not a readable zip archive: \(reason)"
        case .missingEntry(_, let entry): "no entry \(entry)"
        case .corruptEntry(_, let entry, let reason): "\(entry) is corrupt: \(reason)"
        case .limitExceeded(_, let entry, let reason): "\(entry) \(reason)"
        case .writeFailed(_, let reason): "cannot write the archive: \(reason)"
        }
    }
}
