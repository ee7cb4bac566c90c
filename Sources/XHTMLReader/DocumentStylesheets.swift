import BookModel
import CSS
import Markup
import ZipArchive

/// The stylesheets a document uses, in the order they cascade: `<link rel="stylesheet">` files
/// (found by the loader, inside the book only) and `<style>` elements, wherever they stand. A
/// `media` attribute that names a condition or a medium other than `all`, `screen` or `print`
/// leaves its sheet out, as `@media` does; so does an alternate stylesheet. The user's sheets
/// (`--css`) come after all of them: this is the one place every reader's documents get them.
enum DocumentStylesheets {
    static func collect(in document: MarkupDocument, root: Int, source: String,
                        loader: XHTMLReader.StylesheetLoader?, user: UserStylesheets = .none,
                        warnings: inout [Warning]) -> [Stylesheet] {
        var sheets: [Stylesheet] = []
        // Where each linked sheet stands in `sheets`. A sheet linked again cascades as if only
        // its last link were there (every rule of the earlier copy is repeated later), so it is
        // kept once, there: a document linking one sheet thousands of times costs one sheet.
        var linked: [String: Int] = [:]
        for index in document.descendants(of: root) {
            let node = document[index]
            guard node.kind == .element, appliesToPages(node) else { continue }
            switch node.name.lowercased() {
            case "style":
                let sheet = Stylesheet(parsing: document.textContent(of: index))
                warnings += sheet.notes.map { Warning(entry: source, line: node.line, "<style>: \($0)") }
                sheets.append(sheet)
            case "link":
                guard let loader, let rel = node.attribute("rel")?.lowercased().split(separator: " "),
                      rel.contains("stylesheet"), !rel.contains("alternate"),
                      let href = node.attribute("href"),
                      let reference = ArchivePath.resolve(href, relativeTo: source) else { continue }
                guard let sheet = loader(reference.path) else { continue }
                if let earlier = linked[reference.path] {
                    sheets.remove(at: earlier)
                    for (path, position) in linked where position > earlier { linked[path] = position - 1 }
                }
                linked[reference.path] = sheets.count
                sheets.append(sheet)
            default:
                continue
            }
        }
        return sheets + user.sheets
    }

    private static func appliesToPages(_ node: MarkupNode) -> Bool {
        if let type = node.attribute("type")?.lowercased(), !type.isEmpty, type != "text/css" { return false }
        guard let media = node.attribute("media"), !media.allSatisfy(\.isWhitespace) else { return true }
        return Stylesheet.readsMedia(Array("@media \(media)".utf8))
    }
}
