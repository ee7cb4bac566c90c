/// A cursor over a stylesheet's UTF-8 bytes that knows what CSS nests: comments, strings,
/// parentheses and braces. Every method moves forward only and none recurses, so any input —
/// an unterminated comment, a million opening braces — costs one pass over its bytes.
@usableFromInline
struct CSSScanner {
    let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { position >= bytes.count }
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func advance() { position += 1 }

    /// Skips white space and comments. An unterminated comment runs to the end.
    mutating func skipSpaceAndComments() {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) {
                position += 1
            } else if startsComment(at: position) {
                skipComment()
            } else {
                return
            }
        }
    }

    /// Reads up to (not including) the first of `stops` that is outside strings, comments and
    /// parentheses, and returns what it passed with comments left out. Stops at the end too.
    mutating func read(upTo stops: Set<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        var parentheses = 0
        while position < bytes.count {
            let byte = bytes[position]
            if parentheses == 0, stops.contains(byte) { break }
            if takeCommentStringOrEscape(into: &text) { continue }
            if byte == UInt8(ascii: "(") { parentheses += 1 }
            if byte == UInt8(ascii: ")"), parentheses > 0 { parentheses -= 1 }
            // A stray `}` ends whatever contains it, even inside parentheses.
            if byte == UInt8(ascii: "}"), stops.contains(byte) { break }
            text.append(byte)
            position += 1
        }
        return text
    }

    /// At a `{`: reads the block's content up to its matching `}` (consumed), nested braces
    /// counted, not followed. An unclosed block runs to the end.
    mutating func readBlock() -> [UInt8] {
        position += 1
        var text: [UInt8] = []
        var depth = 1
        while position < bytes.count {
            let byte = bytes[position]
            if takeCommentStringOrEscape(into: &text) { continue }
            if byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 {
                    position += 1
                    return text
                }
            }
            text.append(byte)
            position += 1
        }
        return text
    }

    /// At a comment, a string or a backslash escape: moves past it, adding it to `text` (a
    /// comment as one space), and answers true; elsewhere false. What they hold is never a
    /// brace, parenthesis or separator.
    private mutating func takeCommentStringOrEscape(into text: inout [UInt8]) -> Bool {
        let byte = bytes[position]
        if startsComment(at: position) {
            skipComment()
            text.append(0x20)
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            let start = position
            skipString()
            text += bytes[start..<position]
        } else if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
            text += bytes[position...position + 1]
            position += 2
        } else {
            return false
        }
        return true
    }

    /// At a quote: past the closing quote. A newline ends an unterminated string, as CSS says,
    /// and so does the end of the input.
    private mutating func skipString() {
        let quote = bytes[position]
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote { position += 1; return }
            if byte == 0x0A { return }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        position = bytes.count
    }

    private func startsComment(at index: Int) -> Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*")
    }

    private mutating func skipComment() {
        position += 2
        while position + 1 < bytes.count {
            if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                return
            }
            position += 1
        }
        position = bytes.count
    }

    @inlinable
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
