import Foundation

/// The kinds of book a reader exists for.
public enum InputFormat: String, CaseIterable, Sendable {
    case epub
    case xhtml

    /// The format a file's name says, or failing that, its first bytes.
    static func detect(path: String, firstBytes: [UInt8]) -> InputFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "epub": return .epub
        case "xhtml", "html", "htm", "xml": return .xhtml
        default: break
        }
        if firstBytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .epub }
        let text = firstBytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if text.first == UInt8(ascii: "<") { return .xhtml }
        return nil
    }
}
