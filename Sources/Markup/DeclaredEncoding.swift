/// What a document says about its own encoding, and the repair of UTF-8 that isn't.
///
/// A document without a declaration is UTF-8 (XML's default, and EPUB's rule). When a document
/// that is UTF-8 by declaration or by default holds bytes that are not UTF-8, each invalid
/// sequence becomes U+FFFD before libxml2 sees it: libxml2 would otherwise stop at the first
/// one, or switch the rest of the document to Latin-1, and either loses or garbles text with
/// no more than a parser error to show for it. One exception: an old HTML file that declares
/// nothing and holds no UTF-8 sequence at all is 8-bit text (Windows-1252, as browsers take
/// it), which libxml2's HTML parser reads.
enum DeclaredEncoding {
    /// The encoding named by an XML declaration (`<?xml … encoding="…"?>`), else by a `charset`
    /// in the first few kilobytes (`<meta charset="…">`, or the `content` of a
    /// `<meta http-equiv="Content-Type">`); nil when the document names none.
    static func name(in bytes: [UInt8]) -> String? {
        var head = bytes.prefix(4096)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        // Only what is searched is lowered: a declaration is a few dozen bytes.
        if lowercased(head.prefix(5)).elementsEqual("<?xml".utf8) {
            let declaration = head.prefix { $0 != UInt8(ascii: ">") }
            return value(after: "encoding", in: lowercased(declaration), quoted: true)
        }
        return value(after: "charset", in: lowercased(head), quoted: false)
    }

    /// ASCII letters lowered, as HTML compares names and attribute values without case.
    static func lowercased(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }[...]
    }

    /// True for the names under which the bytes must be UTF-8 (ASCII is a subset).
    static func isUTF8(_ name: String?) -> Bool {
        guard let name else { return true }
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(name)
    }

    /// `name="value"` (or `name=value` when not `quoted`) in `text`: the value, lowercased.
    private static func value(after name: String, in text: ArraySlice<UInt8>, quoted: Bool) -> String? {
        let key = Array(name.utf8)
        var index = text.startIndex
        while index + key.count < text.endIndex {
            guard text[index..<index + key.count].elementsEqual(key) else {
                index += 1
                continue
            }
            var cursor = index + key.count
            while cursor < text.endIndex, text[cursor] == 0x20 { cursor += 1 }
            guard cursor < text.endIndex, text[cursor] == UInt8(ascii: "=") else {
                index += 1
                continue
            }
            cursor += 1
            while cursor < text.endIndex, text[cursor] == 0x20 { cursor += 1 }
            let quote = cursor < text.endIndex && (text[cursor] == 0x22 || text[cursor] == 0x27) ? text[cursor] : nil
            if quote != nil { cursor += 1 } else if quoted { return nil }
            let value = text[cursor...].prefix { byte in
                if let quote { return byte != quote }
                return byte != 0x22 && byte != 0x27 && byte != 0x20 && byte != UInt8(ascii: ";")
                    && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/")
            }
            return value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
        }
        return nil
    }

    /// Nearly every document is valid: the standard library's validation says so many times
    /// faster than parsing it scalar by scalar, and it is asked only about the stretches of
    /// bytes above 0x7F (a curly quote, a word in Greek), with the ASCII between them passed
    /// over eight bytes at a time. An ASCII byte is never part of a longer UTF-8 sequence, so
    /// the bytes are valid exactly when each such stretch is (and nothing is copied into a
    /// string of the whole document).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { input in
            let raw = UnsafeRawBufferPointer(input)
            var index = 0
            while index < input.count {
                while index + 8 <= input.count,
                      raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                while index < input.count, input[index] < 0x80 { index += 1 }
                let start = index
                while index < input.count, input[index] >= 0x80 { index += 1 }
                if index > start,
                   String(validating: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self) == nil {
                    return false
                }
            }
            return true
        }
    }

    /// The bytes with every invalid UTF-8 sequence replaced by U+FFFD, how many there were, the
    /// line of the first, and whether any valid sequence of more than one byte was met; nil when
    /// the bytes are valid UTF-8.
    static func repairedUTF8(_ bytes: [UInt8]) -> (bytes: [UInt8], count: Int, firstLine: Int, hasMultibyte: Bool)? {
        if isValidUTF8(bytes) { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var output: [UInt8] = []
        var count = 0
        var firstOffset = 0
        var hasMultibyte = false
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if count > 0 { output.append(contentsOf: scalar) }
                offset += scalar.count
                if scalar.count > 1 { hasMultibyte = true }
            case .error(let length):
                if count == 0 {
                    firstOffset = offset
                    output.reserveCapacity(bytes.count + 16)
                    output.append(contentsOf: bytes[..<offset])
                }
                count += 1
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                offset += length
            case .emptyInput:
                guard count > 0 else { return nil }
                let line = 1 + bytes[..<firstOffset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                return (output, count, line, hasMultibyte)
            }
        }
    }
}
