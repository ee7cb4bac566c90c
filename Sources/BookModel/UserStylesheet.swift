/// A stylesheet the user adds to the book's (`--css`, calibre's `--extra-css`): an author
/// sheet that cascades after every sheet of the book, so it wins at equal specificity. Its
/// text is read by the command, not the reader, so a missing file fails before a book is
/// opened; every reader hands it to the cascade of each document it reads.
public struct UserStylesheet: Sendable, Equatable {
    /// The file it came from, as given: what its warnings name.
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
