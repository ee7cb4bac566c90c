/// Where a book comes from.
public enum BookInput: Sendable, Equatable {
    /// Files or a directory named on the command line. One file is a book in any format; several
    /// Markdown files, a directory of them or a `SUMMARY.md` make one Markdown book.
    case paths([String])
    /// A book piped in (Markdown or XHTML: a zip archive can't be read from a pipe). Images it
    /// names are looked for in `folder`, and never outside it.
    case standardInput([UInt8], folder: String)

    /// What messages call the input.
    public var name: String {
        switch self {
        case .paths(let paths): paths.joined(separator: ", ")
        case .standardInput: BookInput.standardInputName
        }
    }

    static let standardInputName = "stdin"
}
