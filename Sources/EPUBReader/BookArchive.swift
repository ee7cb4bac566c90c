import BookModel
import Markup
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
            throw .unreadable(file: path, reason: error.message)
        }
        var exact: [String: String] = [:]
        var caseless: [String: String] = [:]
        for name in zip.entryNames where !name.hasSuffix("/") {
            guard let normalized = BookArchive.normalized(name), !normalized.isEmpty else { continue }
            if exact[normalized] == nil { exact[normalized] = name }
            if caseless[normalized.lowercased()] == nil { caseless[normalized.lowercased()] = name }
        }
        self.exact = exact
        self.caseless = caseless
    }

    /// Entry paths (normalized) in archive order.
    var entryPaths: [String] {
        zip.entryNames.compactMap { name in
            BookArchive.normalized(name).flatMap { exact[$0] == name ? $0 : nil }
        }
    }

    /// An entry name as a book path: backslashes (written by Windows tools) taken as slashes.
    private static func normalized(_ name: String) -> String? {
        ArchivePath.normalized(String(name.map { $0 == "\\" ? "/" : $0 }))
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

    /// Its entries by book path, failures in words that name the entry but not the archive.
    var files: BookFiles {
        BookFiles { path in
            do throws(ZipArchiveError) { return try self.read(path) } catch { throw BookFileError(error.message) }
        }
    }

    /// A manifest item parsed, for the pages read on the way to something else (the navigation
    /// document, the NCX, a cover page): nil when it is missing or unreadable, and then the book
    /// goes on without what it would have given.
    func document(at path: String, as syntax: Markup.SyntaxChoice, warnings: inout [Warning]) -> MarkupDocument? {
        guard entry(for: path) != nil else {
            warnings.append(Warning(entry: path, "is in the manifest but not in the archive"))
            return nil
        }
        guard let bytes = try? read(path) else {
            warnings.append(Warning(entry: path, "could not be read"))
            return nil
        }
        let document = Markup.parse(bytes, as: syntax)
        return document.rootElement == nil ? nil : document
    }
}
