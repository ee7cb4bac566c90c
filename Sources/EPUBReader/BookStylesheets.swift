import BookModel
import CSS
import Foundation
import XHTMLReader
import ZipArchive

/// The book's stylesheets, each read from the archive and parsed once, however many of its
/// documents link it; one missing or unreadable is a warning, once, and the book reads on
/// without it. It also holds the user's sheets (`--css`), which every document takes after its own.
///
/// Documents are read side by side (`SpineReader`), so it is shared under a lock, and its
/// warnings come in the order a reading one document at a time would give: each sheet's where
/// the earliest document first asked for it.
final class BookStylesheets: @unchecked Sendable {
    private let archive: BookArchive
    let user: UserStylesheets
    private let lock = NSLock()
    // Guarded by `lock`.
    private var parsed: [String: Stylesheet] = [:]
    /// The rules of every sheet in `parsed`, against `CSSLimits.maximumBookRules`.
    private var ruleCount = 0
    private var unreadable: Set<String> = []
    /// Each sheet's warnings, and the earliest request for it: (spine position, request number
    /// within that document).
    private var notes: [String: [Warning]] = [:]
    private var firstRequest: [String: Request] = [:]

    struct Request: Comparable {
        let item: Int
        let number: Int

        static func < (a: Request, b: Request) -> Bool { (a.item, a.number) < (b.item, b.number) }
    }

    init(archive: BookArchive, user: UserStylesheets = .none) {
        self.archive = archive
        self.user = user
    }

    /// The warnings of every sheet asked for, in reading order.
    var warnings: [Warning] {
        lock.lock()
        defer { lock.unlock() }
        return firstRequest.sorted { $0.value < $1.value }.flatMap { notes[$0.key] ?? [] }
    }

    /// What the document at spine position `item` finds its stylesheets with. Each loader is
    /// used by one thread at a time.
    func loader(forItem item: Int) -> XHTMLReader.StylesheetLoader {
        var number = 0
        return { path in
            defer { number += 1 }
            return self.stylesheet(at: path, request: Request(item: item, number: number))
        }
    }

    /// The stylesheet at an archive path, read (once) before any document asks for it: for
    /// what the whole book declares, its fonts. Its warnings come when a document links it.
    func stylesheet(at path: String) -> Stylesheet? {
        lock.lock()
        defer { lock.unlock() }
        return parsedSheet(at: path)
    }

    /// The stylesheet at an archive path (an href already resolved inside the book).
    private func stylesheet(at path: String, request: Request) -> Stylesheet? {
        lock.lock()
        defer { lock.unlock() }
        if let first = firstRequest[path], first < request {} else { firstRequest[path] = request }
        return parsedSheet(at: path)
    }

    /// Called with `lock` held.
    private func parsedSheet(at path: String) -> Stylesheet? {
        if let sheet = parsed[path] { return sheet }
        if unreadable.contains(path) { return nil }
        guard archive.entry(for: path) != nil else {
            unreadable.insert(path)
            notes[path] = [Warning(entry: path, "is linked as a stylesheet but not in the archive")]
            return nil
        }
        guard ruleCount < CSSLimits.maximumBookRules else {
            unreadable.insert(path)
            notes[path] = [Warning(entry: path, "the book's stylesheets hold more than \(CSSLimits.maximumBookRules) rules; this one is ignored")]
            return nil
        }
        do {
            let sheet = Stylesheet(parsing: try archive.read(path), base: path)
            notes[path] = sheet.notes.map { Warning(entry: path, $0) }
            parsed[path] = sheet
            ruleCount += sheet.ruleCount
            return sheet
        } catch {
            unreadable.insert(path)
            notes[path] = [Warning(entry: path, "stylesheet could not be read (\(error.message)); ignored")]
            return nil
        }
    }
}
