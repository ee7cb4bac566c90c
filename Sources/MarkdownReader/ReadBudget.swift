import BookModel
import XHTMLReader

/// What one Markdown book may still read: each file within `entry-size`, and everything its
/// files hold together (chapters, `SUMMARY.md`, the images its pages show) within `book-size`,
/// counted as the EPUB reader counts its archive's entries. Every copy of the book's
/// `BookFolder` shares it.
///
/// The first bound passed is kept in `limitFailure`, and every read after it fails at once: image
/// reads turn failures into warnings, so the reader throws it once they are done, as
/// `BookArchive` does for an EPUB.
final class ReadBudget {
    let limits: ReadLimits
    /// The book as refusals name it: the path given, or the paths joined.
    let bookName: String
    private var total = 0
    private(set) var limitFailure: ReadError?

    init(limits: ReadLimits, bookName: String) {
        self.limits = limits
        self.bookName = bookName
    }

    /// The bytes of the file at `path`, within the bounds. `label` names the file in messages
    /// after the book's name (`chapters/two.md`); nil when the file is the book itself, which the
    /// book's name already says. Other failures name the file as `label`, else the book.
    func read(_ path: String, label: String?) throws(ReadError) -> [UInt8] {
        if let limitFailure { throw limitFailure }
        let bound = min(limits.maximumEntrySize, remaining)
        do {
            let bytes = try XHTMLReader.readFile(path, named: label ?? bookName, limit: bound)
            total += bytes.count
            return bytes
        } catch {
            guard case .limitExceeded = error else { throw error }
            throw refusal(label: label)
        }
    }

    /// Counts bytes already in memory (a book piped to standard input), within the same bounds.
    func take(_ bytes: [UInt8], label: String?) throws(ReadError) {
        if let limitFailure { throw limitFailure }
        guard bytes.count <= min(limits.maximumEntrySize, remaining) else { throw refusal(label: label) }
        total += bytes.count
    }

    /// Throws the bound the book has passed, if it has.
    func checkLimits() throws(ReadError) {
        if let limitFailure { throw limitFailure }
    }

    private var remaining: Int { max(limits.maximumBookSize - total, 0) }

    /// Keeps and returns the refusal of a file that passed a bound: the book's if what is left of
    /// it was the tighter one.
    private func refusal(label: String?) -> ReadError {
        let why = remaining < limits.maximumEntrySize ? "takes the book past \(limits.describe(.bookSize))"
            : "larger than \(limits.describe(.entrySize))"
        let failure = ReadError.limitExceeded(file: bookName, reason: label.map { "\($0): \(why)" } ?? why)
        limitFailure = failure
        return failure
    }
}
