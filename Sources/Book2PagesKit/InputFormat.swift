import BookModel
import EPUBReader
import Foundation
import MarkdownReader
import XHTMLReader

/// The kinds of book a reader exists for, and the one place a reader is chosen: a new format is
/// a case here, with its reader and what tells its files apart.
public enum InputFormat: String, CaseIterable, Sendable {
    case epub
    case xhtml
    case markdown

    /// The format's reader.
    var reader: any BookReader.Type {
        switch self {
        case .epub: EPUBReader.self
        case .xhtml: XHTMLReader.self
        case .markdown: MarkdownReader.self
        }
    }

    /// The format a file's name says, or failing that, its first bytes: a zip archive is an
    /// EPUB, markup is XHTML, and any other text is Markdown (plain text is valid Markdown).
    /// Nil for binary data.
    static func detect(path: String, firstBytes: [UInt8]) -> InputFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "epub": return .epub
        case "xhtml", "html", "htm", "xml": return .xhtml
        case "md", "markdown", "mdown", "mkd", "mkdn", "mdwn": return .markdown
        default: return detect(firstBytes: firstBytes)
        }
    }

    static func detect(firstBytes: [UInt8]) -> InputFormat? {
        if firstBytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .epub }
        let text = firstBytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if text.first == UInt8(ascii: "<") { return .xhtml }
        // Text has no zero bytes (UTF-16 is given away by its byte-order mark).
        if firstBytes.starts(with: [0xFF, 0xFE]) || firstBytes.starts(with: [0xFE, 0xFF]) { return .markdown }
        return firstBytes.contains(0) ? nil : .markdown
    }
}
