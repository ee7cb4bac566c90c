import BookModel
import XHTMLReader

/// A Markdown file's bytes as text: byte-order marks honoured, UTF-16 decoded, invalid UTF-8
/// replaced with U+FFFD (and said in a warning, naming the first line it happened on).
struct MarkdownText {
    let text: String
    let warnings: [Warning]

    /// nil when the bytes are binary data rather than text.
    static func decode(_ bytes: [UInt8], source: String) -> MarkdownText? {
        if bytes.starts(with: [0xFF, 0xFE]) {
            return MarkdownText(text: utf16(bytes.dropFirst(2), bigEndian: false), warnings: [])
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return MarkdownText(text: utf16(bytes.dropFirst(2), bigEndian: true), warnings: [])
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard XHTMLReader.looksLikeText(body) else { return nil }
        if let text = String(validating: body, as: UTF8.self) {
            return MarkdownText(text: text, warnings: [])
        }
        let warning = Warning(entry: source, line: firstInvalidLine(body),
                              "not valid UTF-8; the bad bytes are shown as \u{FFFD}")
        return MarkdownText(text: String(decoding: body, as: UTF8.self), warnings: [warning])
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    private static func firstInvalidLine(_ bytes: [UInt8]) -> Int {
        var line = 1
        for lineBytes in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if String(validating: lineBytes, as: UTF8.self) == nil { return line }
            line += 1
        }
        return line
    }
}
