import CLibXML2

/// Rewrites entity references so libxml2's XML parser never meets an undeclared one.
///
/// Books use HTML's named entities (`&nbsp;`, `&mdash;`) in XHTML without a DTD that declares
/// them; in recover mode libxml2 then drops every entity reference after the first undeclared
/// one (BRIEF §8). Before parsing, each HTML name becomes a numeric character reference, looked
/// up in libxml2's own HTML table; an unknown name or a stray `&` becomes literal text (`&amp;`),
/// as an HTML browser shows it. The five XML entities and numeric references stay as they are.
/// Comments, CDATA sections and processing instructions are copied untouched.
enum EntityRewriter {
    static func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.withUnsafeBufferPointer(holdsAmpersand) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 32)
        var lookups: [String: [UInt8]] = [:]
        bytes.withUnsafeBufferPointer { input in
            var index = 0
            while index < input.count {
                let byte = input[index]
                if byte == lessThan, let end = endOfVerbatimSection(input, at: index) {
                    output.append(contentsOf: input[index..<end])
                    index = end
                } else if byte == ampersand {
                    index = rewriteReference(input, at: index, into: &output, lookups: &lookups)
                } else {
                    output.append(byte)
                    index += 1
                }
            }
        }
        return output
    }

    /// Many chapters have no reference at all: looked for eight bytes at a time (a lane of the
    /// word that is zero after the exclusive or borrows when the lanes are counted down).
    private static func holdsAmpersand(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(input)
        let lows: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ (lows &* UInt64(ampersand))
            if (word &- lows) & ~word & highs != 0 { return true }
            offset += 8
        }
        return input[offset...].contains(ampersand)
    }

    private static let ampersand = UInt8(ascii: "&")
    private static let lessThan = UInt8(ascii: "<")
    private static let semicolon = UInt8(ascii: ";")
    private static let escapedAmpersand = Array("&amp;".utf8)
    private static let xmlEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]
    /// Longer than any HTML entity name; a longer run is not a reference.
    private static let maximumNameLength = 32

    /// Copies or rewrites the reference starting at `start` (an `&`); returns where to go on.
    private static func rewriteReference(_ input: UnsafeBufferPointer<UInt8>, at start: Int,
                                         into output: inout [UInt8], lookups: inout [String: [UInt8]]) -> Int {
        var index = start + 1
        if index < input.count, input[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < input.count && (input[index] | 0x20) == UInt8(ascii: "x")
            if hex { index += 1 }
            let digitsStart = index
            while index < input.count, isDigit(input[index], hex: hex), index - digitsStart < 8 { index += 1 }
            if index > digitsStart, index < input.count, input[index] == semicolon {
                // HTML allows `&#X…;`, XML only a lowercase x.
                output.append(contentsOf: hex ? Array("&#x".utf8) : Array("&#".utf8))
                output.append(contentsOf: input[digitsStart...index])
                return index + 1
            }
            output.append(contentsOf: escapedAmpersand)
            return start + 1
        }
        let nameStart = index
        while index < input.count, index - nameStart <= maximumNameLength, isNameByte(input[index], first: index == nameStart) {
            index += 1
        }
        guard index > nameStart, index < input.count, input[index] == semicolon else {
            output.append(contentsOf: escapedAmpersand)
            return start + 1
        }
        let name = String(decoding: input[nameStart..<index], as: UTF8.self)
        if xmlEntities.contains(name) {
            output.append(contentsOf: input[start...index])
        } else if let replacement = lookups[name] ?? numericReference(forHTMLEntity: name) {
            lookups[name] = replacement
            output.append(contentsOf: replacement)
        } else {
            output.append(contentsOf: escapedAmpersand)
            output.append(contentsOf: input[nameStart...index])
        }
        return index + 1
    }

    /// `&#8212;` for `mdash`, from libxml2's HTML entity table; nil for a name HTML doesn't know.
    private static func numericReference(forHTMLEntity name: String) -> [UInt8]? {
        let entity = name.withCString { pointer in
            pointer.withMemoryRebound(to: xmlChar.self, capacity: name.utf8.count + 1) { htmlEntityLookup($0) }
        }
        guard let entity else { return nil }
        return Array("&#\(entity.pointee.value);".utf8)
    }

    /// The end of a comment, CDATA section or processing instruction starting at `start`, whose
    /// ampersands are not references; nil for any other `<`.
    private static func endOfVerbatimSection(_ input: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        for (opening, closing) in verbatimSections where hasPrefix(input, opening, at: start) {
            var index = start + opening.count
            while index < input.count {
                if input[index] == closing[0], hasPrefix(input, closing, at: index) { return index + closing.count }
                index += 1
            }
            return input.count
        }
        return nil
    }

    private static let verbatimSections: [([UInt8], [UInt8])] = [
        (Array("<!--".utf8), Array("-->".utf8)),
        (Array("<![CDATA[".utf8), Array("]]>".utf8)),
        (Array("<?".utf8), Array("?>".utf8)),
    ]

    private static func hasPrefix(_ input: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8], at index: Int) -> Bool {
        guard index + prefix.count <= input.count else { return false }
        for offset in 0..<prefix.count where input[index + offset] != prefix[offset] { return false }
        return true
    }

    private static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): hex
        default: false
        }
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}
