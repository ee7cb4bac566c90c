import BookModel
import XHTMLReader

/// The `mimetype` entry should say `application/epub+zip`. Many books get it wrong or leave it
/// out and read fine, so a bad one is only a warning.
enum MimetypeCheck {
    static func check(_ archive: BookArchive, warnings: inout [Warning]) {
        let mimetype = (try? archive.read("mimetype")).map { TextCleanup.trimmed(String(decoding: $0, as: UTF8.self)) }
        if mimetype != "application/epub+zip" {
            warnings.append(Warning(entry: "mimetype", mimetype == nil ? "missing; read as EPUB anyway"
                                    : "is not application/epub+zip; read as EPUB anyway"))
        }
    }
}
