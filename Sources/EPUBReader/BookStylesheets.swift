import BookModel
import CSS
import ZipArchive

/// The book's stylesheets, each read from the archive and parsed once, however many of its
/// documents link it; one missing or unreadable is a warning, once, and the book reads on
/// without it.
final class BookStylesheets {
    private let archive: BookArchive
    private var parsed: [String: Stylesheet] = [:]
    private var unreadable: Set<String> = []
    private(set) var warnings: [Warning] = []

    init(archive: BookArchive) {
        self.archive = archive
    }

    /// The stylesheet at an archive path (an href already resolved inside the book).
    func stylesheet(at path: String) -> Stylesheet? {
        if let sheet = parsed[path] { return sheet }
        if unreadable.contains(path) { return nil }
        guard archive.entry(for: path) != nil else {
            unreadable.insert(path)
            warnings.append(Warning(entry: path, "is linked as a stylesheet but not in the archive"))
            return nil
        }
        do {
            let sheet = Stylesheet(parsing: try archive.read(path))
            warnings += sheet.notes.map { Warning(entry: path, $0) }
            parsed[path] = sheet
            return sheet
        } catch {
            unreadable.insert(path)
            warnings.append(Warning(entry: path, "stylesheet could not be read (\(error.message)); ignored"))
            return nil
        }
    }
}
