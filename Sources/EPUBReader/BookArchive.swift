import BookModel
import ZipArchive

/// The book's zip archive, as the EPUB reader sees it: entries found by the paths hrefs resolve
/// to (tolerating the backslashes and case slips of real books), every read counted against the
/// book's bounds.
final class BookArchive {
    let path: String
    private let zip: ZipArchive
    private let limits: EPUBReadLimits
    private var totalRead = 0
    /// Normalized entry path → entry name, and the same keyed by lowercased path.
    private let exact: [String: String]
    private let caseless: [String: String]

    init(path: String, limits: EPUBReadLimits) throws(ReadError) {
        self.path = path
        self.limits = limits
        do {
            zip = try ZipArchive(path: path)
        } catch {
            throw .unreadable(file: path, reason: BookArchive.reason(error))
        }
        var exact: [String: String] = [:]
        var caseless: [String: String] = [:]
        for name in zip.entryNames where !name.hasSuffix("/") {
            let forwardSlashes = String(name.map { $0 == "\\" ? "/" : $0 })
            guard let normalized = ArchivePath.normalized(forwardSlashes), !normalized.isEmpty else { continue }
            if exact[normalized] == nil { exact[normalized] = name }
            if caseless[normalized.lowercased()] == nil { caseless[normalized.lowercased()] = name }
        }
        self.exact = exact
        self.caseless = caseless
    }

    /// Entry paths (normalized) in archive order.
    var entryPaths: [String] {
        zip.entryNames.compactMap { name in
            ArchivePath.normalized(String(name.map { $0 == "\\" ? "/" : $0 })).flatMap { exact[$0] == name ? $0 : nil }
        }
    }

    /// The entry a path inside the book names: exactly, else differing only in case.
    func entry(for path: String) -> String? {
        exact[path] ?? caseless[path.lowercased()]
    }

    /// Reads an entry (by its book path), within the bounds.
    func read(_ bookPath: String) throws(ZipArchiveError) -> [UInt8] {
        guard let entry = entry(for: bookPath) else { throw .missingEntry(archive: path, entry: bookPath) }
        let remaining = limits.maximumTotalSize - totalRead
        let entryLimits = ZipReadLimits(maximumSize: min(limits.maximumEntrySize, max(remaining, 0)),
                                        maximumRatio: limits.maximumCompressionRatio)
        do {
            let bytes = try zip.read(entry, limits: entryLimits)
            totalRead += bytes.count
            return bytes
        } catch {
            if case .limitExceeded = error, remaining < limits.maximumEntrySize {
                throw .limitExceeded(archive: path, entry: entry,
                                     reason: "takes the book past \(limits.maximumTotalSize) bytes inflated")
            }
            throw error
        }
    }

    /// The reason part of a zip error, for an `ReadError` that names the file itself.
    static func reason(_ error: ZipArchiveError) -> String {
        switch error {
        case .unreadable(_, let reason): "not a readable zip archive: \(reason)"
        case .missingEntry(_, let entry): "no entry \(entry)"
        case .corruptEntry(_, let entry, let reason): "\(entry) is corrupt: \(reason)"
        case .limitExceeded(_, let entry, let reason): "\(entry) \(reason)"
        case .writeFailed(_, let reason): reason
        }
    }
}
