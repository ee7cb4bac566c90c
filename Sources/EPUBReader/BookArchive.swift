import BookModel
import Markup
import Synchronization
import XHTMLReader
import ZipArchive

/// The book's zip archive, as the EPUB reader sees it: entries found by the paths hrefs resolve
/// to (tolerating the backslashes and case slips of real books), every read counted against the
/// book's bounds.
///
/// A book that passes a bound is refused whole. The first bound passed is kept in
/// `limitFailure`; from then on every read fails at once, and `EPUBReader` throws it after the
/// step that met it, so parts read on the side (container, navigation, cover page) need no
/// error path of their own.
final class BookArchive {
    let path: String
    let limits: ReadLimits
    private let zip: ZipArchive
    private var totalRead = 0
    private var totalCompressed = 0
    private(set) var limitFailure: ReadError?
    /// The fonts the book obfuscates, which `files` gives restored; known once the package is read.
    var obfuscation: FontObfuscation?
    /// Normalized entry path → the entry's place in `zip.entryNames`. A key that is the entry's
    /// name as it stands (most are) is that very string, not a copy: a book of tens of thousands
    /// of files holds its names once.
    private let exact: [String: Int]
    /// The same keyed by lowercased path, made once `scansBeforeIndex` paths were not found as
    /// they are: every book asks for Apple's display options, which few have, and the lowercased
    /// names of a large book are megabytes; the first misses are looked for by a scan instead.
    private let caseless = Mutex<(index: [String: Int]?, scans: Int)>((nil, 0))
    private static let scansBeforeIndex = 8

    init(path: String, limits: ReadLimits) throws(ReadError) {
        self.path = path
        self.limits = limits
        do {
            zip = try ZipArchive(path: path, maximumEntryCount: limits.maximumEntryCount)
        } catch {
            if case .tooManyEntries = error {
                throw .limitExceeded(file: path, reason: "\(error.message), past \(limits.describe(.entries))")
            }
            throw .unreadable(file: path, reason: error.message)
        }
        var exact: [String: Int] = [:]
        exact.reserveCapacity(zip.entryNames.count)
        for (index, name) in zip.entryNames.enumerated() where !name.hasSuffix("/") {
            guard var normalized = BookArchive.normalized(name), !normalized.isEmpty else { continue }
            if normalized == name { normalized = name }
            if exact[normalized] == nil { exact[normalized] = index }
        }
        self.exact = exact
    }

    /// The entry in `exact` whose path, lowercased, is `lowercased`: of paths that differ only in
    /// case, the first in archive order, as `caselessIndex` keeps.
    private func caselessScan(for lowercased: String) -> Int? {
        var found: Int?
        for (path, index) in exact where index < found ?? .max && path.lowercased() == lowercased { found = index }
        return found
    }

    /// `exact` keyed by lowercased path; of paths that differ only in case, the entry first in
    /// archive order.
    private func caselessIndex() -> [String: Int] {
        var caseless: [String: Int] = [:]
        caseless.reserveCapacity(exact.count)
        for (path, index) in exact {
            let lowercased = path.lowercased()
            if let known = caseless[lowercased], known <= index { continue }
            caseless[lowercased] = index
        }
        return caseless
    }

    /// One warning per entry stored as a symbolic link: never read, so to the book it is missing
    /// (a spine item that is one is a missing spine item).
    var symbolicLinkWarnings: [Warning] {
        zip.symbolicLinks.map { Warning(entry: $0, "symbolic link, not read") }
    }

    /// Entry paths (normalized) in archive order.
    var entryPaths: [String] {
        zip.entryNames.compactMap { name in
            BookArchive.normalized(name).flatMap { path in exact[path].map { zip.entryNames[$0] } == name ? path : nil }
        }
    }

    /// An entry name as a book path: backslashes (written by Windows tools) taken as slashes.
    private static func normalized(_ name: String) -> String? {
        ArchivePath.normalized(name.utf8.contains(UInt8(ascii: "\\")) ? String(name.map { $0 == "\\" ? "/" : $0 }) : name)
    }

    /// The entry a path inside the book names: exactly, else differing only in case.
    func entry(for path: String) -> String? {
        if let index = exact[path] { return zip.entryNames[index] }
        let lowercased = path.lowercased()
        let found = caseless.withLock { caseless -> Int? in
            if caseless.index == nil, caseless.scans < Self.scansBeforeIndex {
                caseless.scans += 1
                return caselessScan(for: lowercased)
            }
            if caseless.index == nil { caseless.index = caselessIndex() }
            return caseless.index?[lowercased]
        }
        return found.map { zip.entryNames[$0] }
    }

    /// Reads an entry (by its book path), within the bounds: the entry's own size and ratio,
    /// and what the book has read so far, in bytes and against the bytes it was compressed to.
    func read(_ bookPath: String) throws(ZipArchiveError) -> [UInt8] {
        guard let entry = entry(for: bookPath) else { throw .missingEntry(archive: path, entry: bookPath) }
        let remaining = limits.maximumBookSize - totalRead
        if limitFailure != nil { throw .limitExceeded(archive: path, entry: entry, limit: .size(max(remaining, 0))) }
        let entryLimits = ZipReadLimits(maximumSize: min(limits.maximumEntrySize, max(remaining, 0)),
                                        maximumRatio: limits.maximumCompressionRatio,
                                        ratioThreshold: ReadLimits.ratioThreshold)
        let bytes: [UInt8]
        do {
            bytes = try zip.read(entry, limits: entryLimits)
        } catch {
            if case .limitExceeded(_, _, let limit) = error {
                let bound: String = switch limit {
                case .size: remaining < limits.maximumEntrySize ? "takes the book past \(limits.describe(.bookSize))"
                    : "inflates past \(limits.describe(.entrySize))"
                case .ratio(let ratio): "inflates more than \(ratio) times its compressed size, past \(limits.describe(.ratio))"
                }
                limitFailure = .limitExceeded(file: path, reason: "\(entry): \(bound)")
            }
            throw error
        }
        totalRead += bytes.count
        totalCompressed += zip.sizes(of: entry)?.compressed ?? bytes.count
        // Many small entries that each stay under the threshold are a bomb too; so are entries
        // that overlap, each claiming the same compressed bytes: together they were compressed
        // into no more than the archive.
        let compressed = min(totalCompressed, zip.fileSize)
        if totalRead > ReadLimits.ratioThreshold, totalRead / max(compressed, 1) > limits.maximumCompressionRatio {
            limitFailure = .limitExceeded(file: path, reason: "\(entry): the entries read so far inflate more than "
                                          + "\(limits.maximumCompressionRatio) times their compressed size, past \(limits.describe(.ratio))")
            throw .limitExceeded(archive: path, entry: entry, limit: .ratio(limits.maximumCompressionRatio))
        }
        return bytes
    }

    /// Throws the bound the book has passed, if it has.
    func checkLimits() throws(ReadError) {
        if let limitFailure { throw limitFailure }
    }

    /// Its entries by book path (an obfuscated font restored), failures in words that name the
    /// entry but not the archive; and the drawings of its chapters, made again from them
    /// (`InlineDrawing`), the last chapter's kept: its pictures are read one after another.
    var files: BookFiles {
        let drawings = ChapterDrawings()
        return BookFiles { path in
            do throws(ZipArchiveError) {
                let bytes = try self.read(path)
                return self.obfuscation?.restore(bytes, path: ArchivePath.normalized(path) ?? path) ?? bytes
            } catch {
                if self.entry(for: path) == nil, let place = InlineDrawing.place(of: path) {
                    if drawings.chapter != place.chapter, let chapter = try? self.read(place.chapter) {
                        drawings.chapter = place.chapter
                        drawings.files = InlineDrawing.files(inChapter: chapter)
                    }
                    if drawings.chapter == place.chapter, let drawing = drawings.files[place.number] { return drawing }
                }
                throw BookFileError(error.message)
            }
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
        let bytes: [UInt8]
        do {
            bytes = try read(path)
        } catch {
            if limitFailure == nil { warnings.append(Warning(entry: path, "could not be read (\(error.message))")) }
            return nil
        }
        let document = Markup.parse(bytes, as: syntax)
        return document.rootElement == nil ? nil : document
    }
}

/// The drawings of the chapter last asked for, by number.
private final class ChapterDrawings {
    var chapter: String?
    var files: [Int: [UInt8]] = [:]
}
