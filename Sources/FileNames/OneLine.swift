/// What book2pages prints is one line per message: names, hrefs, entry names and front matter
/// come from the book or the file system and may hold anything. A newline would split a
/// message, an ESC sequence or a C1 control could repaint the terminal, and a bidi control
/// would reorder what is shown, so each is written as an escape instead, in the form a shell's
/// `$'…'` reads back where one exists: `\n`, `\r`, `\t`, `\x1b`, `\x00`, `\u0085`, `\u202e`, and
/// a byte of a file name that is not UTF-8 (`FileName`) as `\xe9`. Everything else, backslashes
/// included, is left as it is, so an ordinary name is printed unchanged and can be pasted back.
public enum OneLine {
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var line = ""
        line.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                line.unicodeScalars.append(scalar)
                continue
            }
            if let byte = FileName.rawByte(scalar) {
                line += "\\x" + hex(UInt32(byte), digits: 2)
                continue
            }
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            default:
                line += scalar.value < 0x80 ? "\\x" + hex(scalar.value, digits: 2) : "\\u" + hex(scalar.value, digits: 4)
            }
        }
        return line
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidi marks, embeddings, overrides and isolates; the line and paragraph separators.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: FileName.rawByte(scalar) != nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
