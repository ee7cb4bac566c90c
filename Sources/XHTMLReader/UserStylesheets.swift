import BookModel
import CSS

/// The user's stylesheets (`--css`), parsed once a book and appended to every document's
/// sheets (`DocumentStylesheets.collect`): author sheets that come last in the cascade, so a
/// rule of theirs beats the book's of equal specificity, while a more specific rule of the
/// book, `!important` or a `style` attribute still wins, as in calibre's `--extra-css`.
///
/// A `url()` in them resolves as one in a `<style>` element does, against each document,
/// inside the book; their `@font-face` rules are not read, since the fonts they name are not
/// the book's (`--font` sets the body's face). A rule that does not parse is skipped, as a
/// browser skips it.
public struct UserStylesheets: Sendable {
    let sheets: [Stylesheet]
    /// What reading them left out, each naming its file: a reader adds them to the book's once.
    public let warnings: [Warning]

    public static let none = UserStylesheets([])

    public init(_ given: [UserStylesheet]) {
        var sheets: [Stylesheet] = []
        var warnings: [Warning] = []
        for stylesheet in given {
            let sheet = Stylesheet(parsing: stylesheet.text)
            warnings += sheet.notes.map { Warning(entry: stylesheet.name, $0) }
            if !sheet.fontFaces.isEmpty {
                warnings.append(Warning(entry: stylesheet.name, "its @font-face rules are not read: a --css "
                                        + "stylesheet brings no fonts (--font sets the body's)"))
            }
            sheets.append(sheet)
        }
        self.sheets = sheets
        self.warnings = warnings
    }

    public var isEmpty: Bool { sheets.isEmpty }
}
