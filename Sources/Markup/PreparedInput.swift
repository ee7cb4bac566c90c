/// A document's bytes made ready for libxml2: UTF-16 turned into UTF-8 (the entity rewriting
/// works on ASCII-compatible bytes), invalid UTF-8 repaired (`DeclaredEncoding`), and a first
/// look at whether it is HTML rather than XHTML.
struct PreparedInput {
    let bytes: [UInt8]
    /// The encoding to tell libxml2, overriding the document's own declaration; nil lets libxml2
    /// read the declaration (or default to UTF-8).
    let encoding: String?
    /// No XML declaration and an `<html>` start tag without `xmlns`: an HTML file, which the XML
    /// parser would mangle (void elements such as `<br>`, unquoted attributes).
    let looksLikeHTML: Bool
    /// What had to be done to the bytes for them to read, when anything did.
    let encodingProblem: MarkupProblem?

    init(_ original: [UInt8]) {
        if let utf16 = PreparedInput.transcodedUTF16(original) {
            bytes = utf16
            encoding = "UTF-8"
            encodingProblem = nil
        } else if let repaired = PreparedInput.repairedUTF8(original) {
            bytes = repaired.bytes
            encoding = "UTF-8"
            let places = repaired.count == 1 ? "1 place" : "\(repaired.count) places"
            encodingProblem = MarkupProblem(line: repaired.firstLine, message: "invalid UTF-8 replaced with U+FFFD in \(places)")
        } else {
            bytes = original
            encoding = nil
            encodingProblem = nil
        }
        looksLikeHTML = PreparedInput.sniffHTML(bytes)
    }

    var isValidUTF8: Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// How UTF-16 text is laid out in `bytes`: its byte order and where the text starts (after
    /// a byte-order mark); nil when the bytes are not UTF-16. Without a mark, a document in
    /// UTF-16 starts with `<` and an ASCII character, each followed (or preceded) by a zero byte:
    /// no ASCII-compatible encoding has those.
    static func utf16Layout(_ bytes: [UInt8]) -> (bigEndian: Bool, start: Int)? {
        guard bytes.count >= 4 else { return nil }
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        // FF FE 00 00 is the mark of UTF-32, which no book uses.
        case (0xFF, 0xFE, _, _) where !(bytes[2] == 0 && bytes[3] == 0): return (false, 2)
        case (0xFE, 0xFF, _, _): return (true, 2)
        case (0x3C, 0x00, 0x01...0x7F, 0x00): return (false, 0)
        case (0x00, 0x3C, 0x00, 0x01...0x7F): return (true, 0)
        default: return nil
        }
    }

    /// The bytes with invalid UTF-8 replaced, when they must be UTF-8 and aren't (the rules are
    /// `DeclaredEncoding`'s).
    private static func repairedUTF8(_ original: [UInt8]) -> (bytes: [UInt8], count: Int, firstLine: Int)? {
        let declared = DeclaredEncoding.name(in: original)
        guard DeclaredEncoding.isUTF8(declared), let repaired = DeclaredEncoding.repairedUTF8(original) else { return nil }
        if declared == nil, !repaired.hasMultibyte, sniffHTML(original) { return nil }
        return (repaired.bytes, repaired.count, repaired.firstLine)
    }

    private static func transcodedUTF16(_ bytes: [UInt8]) -> [UInt8]? {
        guard let (bigEndian, start) = utf16Layout(bytes) else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    private static func sniffHTML(_ bytes: [UInt8]) -> Bool {
        var head = bytes.prefix(4096)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        head = head.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // An XML declaration settles it before the rest is lowered and searched.
        if DeclaredEncoding.lowercased(head.prefix(5)).elementsEqual("<?xml".utf8) { return false }
        let text = DeclaredEncoding.lowercased(head)
        let marker = Array("<html".utf8)
        var index = text.startIndex
        while index + marker.count < text.endIndex {
            if text[index..<index + marker.count].elementsEqual(marker) {
                let after = text[index + marker.count]
                if after == 0x3E || after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D {
                    let tag = text[index...].prefix { $0 != 0x3E }
                    return !String(decoding: tag, as: UTF8.self).contains("xmlns")
                }
            }
            index += 1
        }
        return false
    }
}
