import BookModel
import XHTMLReader

/// The `mimetype` entry should say `application/epub+zip`. Many books get it wrong or leave it
/// out and read fine, so a bad one is only a warning.
enum MimetypeCheck {
    static func check(_ archive: BookArchive, warnings: inout [Warning]) {
        guard archive.entry(for: "mimetype") != nil else {
            warnings.append(Warning(entry: "mimetype", "missing; read as EPUB anyway"))
            return
        }
        let mimetype = (try? archive.read("mimetype")).map { TextCleanup.trimmed(String(decoding: $0, as: UTF8.self)) }
        if mimetype != "application/epub+zip" {
            let said = mimetype.map { $0.count <= 40 && $0.allSatisfy { $0.isASCII && !$0.isNewline } ? "says \($0)" : "says something else" }
            warnings.append(Warning(entry: "mimetype", "\(said ?? "could not be read"), not application/epub+zip; read as EPUB anyway"))
        }
    }
}
