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

    public var description: String {
        switch self {
        case .unreadable(let archive, let reason): "\(archive): not a readable zip archive: \(reason)"
        case .missingEntry(let archive, let entry): "\(archive): no entry \(entry)"
        case .corruptEntry(let archive, let entry, let reason): "\(archive): \(entry) is corrupt: \(reason)"
        case .limitExceeded(let archive, let entry, let reason): "\(archive): \(entry) \(reason)"
        case .writeFailed(let archive, let reason): "\(archive): cannot write the archive: \(reason)"
        }
    }
}
