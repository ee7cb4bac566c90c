/// Small text helpers for the text, titles, alt text and attribute values of books (no
/// Foundation needed).
public enum TextCleanup {
    /// White space collapsed to single spaces and trimmed, as HTML shows a title or alt text;
    /// U+00A0 is kept, control characters are not (see `withoutControlCharacters`).
    public static func singleLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in withoutControlCharacters(text).unicodeScalars {
            if isCollapsible(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Without HTML's ASCII white space (space, tab, line feed, form feed, carriage return) at
    /// either end, as HTML and XML trim an attribute value such as an `href`.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isCollapsible($0) }),
              let last = scalars.lastIndex(where: { !isCollapsible($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// HTML's ASCII white space, which collapses to one space; never U+00A0.
    static func isCollapsible(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}"
    }

    /// The same for one byte of UTF-8, where all of that white space is ASCII.
    static func isCollapsible(_ byte: UInt8) -> Bool {
        // One comparison clears the bytes that are not white space, nearly all of them.
        byte <= 0x20 && (byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C)
    }

    /// The text without control characters, which a font draws as boxes or not at all: C0
    /// controls other than HTML's white space, and DEL, are dropped. A C1 control (U+0080 to
    /// U+009F) is almost always a Windows-1252 character in a document read as Latin-1 (what
    /// libxml2 falls back to for undeclared 8-bit text), so it becomes that character, or goes
    /// where Windows-1252 has none.
    static func withoutControlCharacters(_ text: String) -> String {
        guard containsControlCharacters(text) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20:
                if isCollapsible(scalar) { result.append(scalar) }
            case 0x7F:
                continue
            case 0x80...0x9F:
                if let replacement = windows1252[Int(scalar.value - 0x80)] { result.append(replacement) }
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether text read outside `pre` needs neither `withoutControlCharacters` nor collapsing: no
    /// byte below 0x20 (a control, or white space other than the space), no DEL, no C1 control,
    /// no two spaces in a row, and no space first when `afterBreak` (where it would be dropped).
    ///
    /// Eight bytes at a time, as one 64-bit word: a word with none of the bytes that need a
    /// closer look (below 0x20, 0x7F, 0xC2, the lead byte of the C1 controls) is judged by its
    /// spaces alone, found as whole lanes (bit 7 of each byte that is 0x20).
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, afterBreak: Bool) -> Bool {
        if afterBreak, bytes.first == 0x20 { return false }
        let raw = UnsafeRawBufferPointer(bytes)
        let lows: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var previousSpace = false
        var offset = 0
        while offset + 8 <= raw.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            // Some lane below 0x20 (the borrow test; exact about whether any lane is), or equal
            // to 0x7F or 0xC2: those bytes are judged one by one.
            let below = (word &- lows &* 0x20) & ~word & highs
            if below | lanes(of: word, equalTo: 0x7F) | lanes(of: word, equalTo: 0xC2) != 0 {
                for index in offset..<offset + 8 where !isPlainByte(at: index, in: bytes) { return false }
            }
            let spaces = lanes(of: word, equalTo: 0x20)
            if spaces & spaces << 8 != 0 || (previousSpace && spaces & 0x80 != 0) { return false }
            previousSpace = spaces >> 63 != 0
            offset += 8
        }
        for index in offset..<bytes.count {
            guard isPlainByte(at: index, in: bytes) else { return false }
            let space = bytes[index] == 0x20
            if space, previousSpace { return false }
            previousSpace = space
        }
        return true
    }

    /// Bit 7 set in each byte lane of `word` that equals `byte`, and in no other: the lanes that
    /// are zero after an exclusive or, found without a borrow crossing lanes.
    @inline(__always)
    private static func lanes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let sevens: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~((difference & sevens &+ sevens) | difference | sevens)
    }

    /// The byte is no control character (C0, DEL, or the start of a C1 control) nor white space
    /// other than the space.
    @inline(__always)
    private static func isPlainByte(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return false }
        if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] < 0xA0 { return false }
        return true
    }

    /// Controls are rare: look for one by bytes before building a new string.
    private static func containsControlCharacters(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                // Printable ASCII, nearly every byte, is cleared by one comparison.
                if byte &- 0x20 < 0x5F { continue }
                if byte < 0x20, !isCollapsible(byte) { return true }
                if byte == 0x7F { return true }
                // C1 controls are 0xC2 0x80 to 0xC2 0x9F in UTF-8.
                if byte == 0xC2, index < bytes.count, bytes[index] < 0xA0 { return true }
            }
            return false
        }
    }

    /// Windows-1252's characters for the bytes 0x80 to 0x9F; nil where it has none.
    private static let windows1252: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// A value as it appears in a warning, cut short when long.
    static func quoted(_ text: String) -> String {
        let shown = text.count > 80 ? String(text.prefix(77)) + "…" : text
        return "\"\(shown)\""
    }
}
