/// What a reader hands back: the book, and what it had to recover from on the way.
public struct ReadResult: Sendable, Equatable {
    public var book: Book
    public var warnings: [Warning]

    public init(book: Book, warnings: [Warning] = []) {
        self.book = book
        self.warnings = warnings
    }
}

/// A problem the reader recovered from, such as a spine item that would not parse.
public struct Warning: Sendable, Equatable, CustomStringConvertible {
    /// The part of the book it concerns (an archive entry such as `OEBPS/ch3.xhtml`), if any.
    public var entry: String?
    /// The line in that entry, when known.
    public var line: Int?
    public var message: String

    public init(entry: String? = nil, line: Int? = nil, _ message: String) {
        self.entry = entry
        self.line = line
        self.message = message
    }

    /// `OEBPS/ch3.xhtml:41: message`, as compilers print it.
    public var description: String {
        var place = entry ?? ""
        if let line { place += ":\(line)" }
        return place.isEmpty ? message : "\(place): \(message)"
    }
}
