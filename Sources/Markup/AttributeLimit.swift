import CLibXML2
import Glibc

/// Keeps the first `Markup.maximumAttributes` attributes of each start tag and leaves the rest
/// out before libxml2 sees them: libxml2 checks each new attribute against all the earlier ones
/// of its element, so one element with 200 000 attributes costs minutes.
///
/// The pass reads start tags the way the parser that will get the bytes reads them, so that no
/// element can hide attributes from it (a `>` the pass took for the end of a tag, inside a value
/// the parser is still reading, would let everything after it through uncounted):
///
/// - XML (`xmlParseStartTag2`): a start tag never holds a `<` (a value may not hold one either),
///   and the parser gives up on the tag at its first error. So each `<` starts afresh and
///   nothing needs skipping: tag-like text in a comment, CDATA section or processing
///   instruction only loses anything when it has more than the bound of well-formed
///   `name="value"` pairs itself.
/// - HTML (`htmlParseStartTag`): values may hold `<` and `>`, names are read 100 characters at
///   a time, anything else is skipped up to a blank; comments (`-->`, `--!>`), processing
///   instructions (to `>`), DOCTYPE literals and `<script>`/`<style>` text are skipped as the
///   HTML parser skips them.
///
/// The dropped attributes' line breaks stay, so every later line number is still right. A
/// document without such a tag comes back as it was, uncopied.
enum AttributeLimit {
    static func apply(_ bytes: [UInt8], syntax: MarkupDocument.Syntax,
                      maximum: Int = Markup.maximumAttributes) -> (bytes: [UInt8], problem: MarkupProblem?) {
        let result: (output: [UInt8]?, firstLine: Int?) = bytes.withUnsafeBufferPointer { input in
            var scanner = Scanner(input: input, maximum: maximum)
            switch syntax {
            case .xml: scanner.scanXML()
            case .html: scanner.scanHTML()
            }
            return scanner.finish()
        }
        guard let output = result.output, let line = result.firstLine else { return (bytes, nil) }
        return (output, MarkupProblem(line: line, message: "an element with more than \(maximum) attributes; the rest are left out"))
    }

    private struct Scanner {
        let input: UnsafeBufferPointer<UInt8>
        let maximum: Int
        /// Nil until the first cut: most documents are handed back as they came.
        var output: [UInt8]?
        /// How much of `input` is already in `output`.
        var copied = 0
        var firstCut: Int?

        init(input: UnsafeBufferPointer<UInt8>, maximum: Int) {
            self.input = input
            self.maximum = maximum
        }

        var count: Int { input.count }

        func byte(_ index: Int) -> UInt8 { index < input.count ? input[index] : 0 }

        mutating func finish() -> (output: [UInt8]?, firstLine: Int?) {
            guard var output, let firstCut else { return (nil, nil) }
            output.append(contentsOf: input[copied...])
            var line = 1
            for index in 0..<firstCut where input[index] == newline { line += 1 }
            return (output, line)
        }

        /// Leaves out `start..<end` of the tag opened at `tag`, keeping its line breaks (or one
        /// space, so what follows stays apart from the last attribute kept).
        mutating func cut(_ start: Int, _ end: Int, tag: Int) {
            if output == nil {
                var fresh: [UInt8] = []
                fresh.reserveCapacity(input.count)
                output = fresh
            }
            output!.append(contentsOf: input[copied..<start])
            var breaks = 0
            for index in start..<end where input[index] == newline { breaks += 1 }
            if breaks == 0 {
                output!.append(space)
            } else {
                output!.append(contentsOf: repeatElement(newline, count: breaks))
            }
            copied = end
            if firstCut == nil { firstCut = tag }
        }

        /// The next `<` from `index`, found by memchr: text is most of a document.
        func nextLessThan(from index: Int) -> Int? {
            guard index < input.count, let base = input.baseAddress else { return nil }
            guard let found = memchr(base + index, Int32(lessThan), input.count - index) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        func skipBlanks(_ index: Int) -> Int {
            var index = index
            while index < input.count, isBlank(input[index]) { index += 1 }
            return index
        }

        // MARK: XML

        mutating func scanXML() {
            var index = 0
            while let open = nextLessThan(from: index) {
                index = open + 1
                guard index < input.count, isXMLNameByte(input[index]) else { continue }
                index = xmlStartTag(at: open)
            }
        }

        /// Reads a start tag as `xmlParseStartTag2` does, returning where the parser leaves it:
        /// at its `>` or `/>`, or at the first thing it cannot read as an attribute.
        mutating func xmlStartTag(at open: Int) -> Int {
            var index = open + 1
            while index < input.count, isXMLNameByte(input[index]) { index += 1 }
            index = skipBlanks(index)
            var attributes = 0
            var keptEnd = 0
            while index < input.count {
                let current = input[index]
                if current == greaterThan || current == lessThan || (current == slash && byte(index + 1) == greaterThan) { break }
                let nameStart = index
                while index < input.count, isXMLNameByte(input[index]) { index += 1 }
                guard index > nameStart else { break }
                index = skipBlanks(index)
                // A name without `=` and a value makes the parser give up on the tag.
                guard byte(index) == equals else { break }
                index = skipBlanks(index + 1)
                let quote = byte(index)
                guard quote == doubleQuote || quote == singleQuote else { break }
                index += 1
                while index < input.count, input[index] != quote, input[index] != lessThan { index += 1 }
                guard index < input.count, input[index] == quote else { break }
                index += 1
                attributes += 1
                if attributes == maximum { keptEnd = index }
                let beforeBlanks = index
                index = skipBlanks(index)
                if index == beforeBlanks { break }
            }
            if attributes > maximum { cut(keptEnd, index, tag: open) }
            return index
        }

        // MARK: HTML

        /// Follows `htmlParseContentInternal`: end tags, DOCTYPE, comments, processing
        /// instructions, start tags, and the raw text of `script` and `style`.
        mutating func scanHTML() {
            var index = 0
            var rawText: [UInt8]?
            while let open = nextLessThan(from: index) {
                index = open
                let next = byte(index + 1)
                if let name = rawText {
                    // Raw text ends at `</script` or `</style` only; at its very start any end
                    // tag is read (it may close the element by closing one of its ancestors).
                    let atStart = index == rawTextStart
                    guard next == slash, atStart || hasPrefixIgnoringCase(name, at: index + 2) else {
                        index += 1
                        continue
                    }
                    rawText = nil
                }
                if next == slash {
                    index = htmlEndTag(at: index)
                } else if next == exclamation {
                    if hasPrefixIgnoringCase(doctypeKeyword, at: index + 2) {
                        index = htmlDoctype(at: index)
                    } else if byte(index + 2) == hyphen, byte(index + 3) == hyphen {
                        index = htmlComment(at: index)
                    } else {
                        index += 1
                    }
                } else if next == question {
                    index = htmlProcessingInstruction(at: index)
                } else if isASCIILetter(next) {
                    let tag = htmlStartTag(at: index)
                    index = tag.end
                    if let name = tag.rawTextName {
                        rawText = name
                        rawTextStart = index
                    }
                } else {
                    index += 1
                }
            }
        }

        /// Where the current `script` or `style` text began.
        var rawTextStart = -1

        /// `htmlParseHTMLName`: ASCII letters, digits and `:_.-`, at most 100 at a time; nil
        /// when the first is not a letter, `_`, `:` or `.`.
        func htmlName(at index: Int) -> Int? {
            let first = byte(index)
            guard isASCIILetter(first) || first == underscore || first == colon || first == dot else { return nil }
            var end = index
            while end < input.count, end - index < 100, isHTMLNameByte(input[end]) { end += 1 }
            return end
        }

        /// `htmlParseEndTag`: `</`, a name, and everything up to the next `>` (quotes mean
        /// nothing there); without a name only `</` is read.
        func htmlEndTag(at open: Int) -> Int {
            guard let nameEnd = htmlName(at: open + 2) else { return open + 2 }
            var index = skipBlanks(nameEnd)
            while index < input.count, input[index] != greaterThan { index += 1 }
            return min(index + 1, input.count)
        }

        /// `htmlParseComment`: ends at the first `-->` or `--!>` whose dashes come after the
        /// opening `<!--`, or at the end of the document.
        func htmlComment(at open: Int) -> Int {
            var index = open + 4
            while index + 2 < input.count {
                if input[index] == hyphen, input[index + 1] == hyphen {
                    if input[index + 2] == greaterThan { return index + 3 }
                    if input[index + 2] == exclamation, byte(index + 3) == greaterThan { return index + 4 }
                }
                index += 1
            }
            return input.count
        }

        /// `htmlParsePI`: with a target name, up to the next `>`; without one only `<?` is read.
        func htmlProcessingInstruction(at open: Int) -> Int {
            guard htmlParseName(at: open + 2) != nil else { return open + 2 }
            var index = open + 2
            while index < input.count, input[index] != greaterThan { index += 1 }
            return min(index + 1, input.count)
        }

        /// `htmlParseDocTypeDecl`: a name, a SYSTEM or PUBLIC identifier whose literals may
        /// hold `>`, then anything up to the next `>`.
        func htmlDoctype(at open: Int) -> Int {
            var index = skipBlanks(open + 9)
            if let nameEnd = htmlParseName(at: index) { index = nameEnd }
            index = skipBlanks(index)
            if hasPrefixIgnoringCase(systemKeyword, at: index) {
                index = literalEnd(at: skipBlanks(index + 6))
            } else if hasPrefixIgnoringCase(publicKeyword, at: index) {
                index = skipBlanks(literalEnd(at: skipBlanks(index + 6)))
                index = literalEnd(at: index)
            }
            while index < input.count, input[index] != greaterThan { index += 1 }
            return min(index + 1, input.count)
        }

        /// After a quoted literal (or where it would start, when there is none).
        func literalEnd(at index: Int) -> Int {
            let quote = byte(index)
            guard quote == doubleQuote || quote == singleQuote else { return index }
            var end = index + 1
            while end < input.count, input[end] != quote, input[end] != 0 { end += 1 }
            return end < input.count && input[end] == quote ? end + 1 : end
        }

        /// `htmlParseName` (for DOCTYPE names and processing-instruction targets): XML letters
        /// and name characters, decoded from UTF-8; nil when there is no name.
        func htmlParseName(at index: Int) -> Int? {
            guard let (first, length) = scalar(at: index),
                  b2p_xml_is_letter(first) != 0 || first == UInt32(underscore) || first == UInt32(colon) else { return nil }
            var end = index + length
            while let (next, length) = scalar(at: end), next != UInt32(space), next != UInt32(greaterThan),
                  next != UInt32(slash), b2p_xml_is_name_char(next) != 0 {
                end += length
            }
            return end
        }

        /// The code point at `index` and its length in bytes; nil at the end or on a broken
        /// sequence (the input is UTF-8 by now when it is not plain ASCII: `PreparedInput`).
        func scalar(at index: Int) -> (UInt32, Int)? {
            guard index < input.count else { return nil }
            let lead = input[index]
            if lead < 0x80 { return (UInt32(lead), 1) }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard length > 0, index + length <= input.count else { return nil }
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length {
                let continuation = input[index + offset]
                guard continuation & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(continuation & 0x3F)
            }
            return (value, length)
        }

        /// `htmlParseStartTag`, counting the attributes the parser keeps (every name it reads,
        /// repeated or not: each is checked against the earlier ones).
        mutating func htmlStartTag(at open: Int) -> (end: Int, rawTextName: [UInt8]?) {
            guard let nameEnd = htmlName(at: open + 1) else { return (open + 1, nil) }
            var index = skipBlanks(nameEnd)
            var attributes = 0
            var keptEnd = 0
            while index < input.count {
                let current = input[index]
                if current == 0 || current == greaterThan || (current == slash && byte(index + 1) == greaterThan) { break }
                if let attributeEnd = htmlName(at: index) {
                    index = skipBlanks(attributeEnd)
                    if byte(index) == equals {
                        index = htmlValueEnd(at: skipBlanks(index + 1))
                    }
                    attributes += 1
                    if attributes == maximum { keptEnd = index }
                } else {
                    // A bogus attribute: skipped up to a blank or the end of the tag.
                    while index < input.count {
                        let skipped = input[index]
                        if skipped == 0 || isBlank(skipped) || skipped == greaterThan
                            || (skipped == slash && byte(index + 1) == greaterThan) { break }
                        index += 1
                    }
                }
                index = skipBlanks(index)
            }
            if attributes > maximum { cut(keptEnd, index, tag: open) }
            var rawTextName: [UInt8]?
            if byte(index) == greaterThan {
                let name = input[(open + 1)..<nameEnd].map { $0 | 0x20 }
                if name.elementsEqual(scriptName) || name.elementsEqual(styleName) { rawTextName = name }
            }
            // `/>` is read by the element's parser; the `>` of either ends the tag.
            let end = byte(index) == slash ? index + 2 : index + 1
            return (min(end, input.count), rawTextName)
        }

        /// `htmlParseAttValue`: a quoted value runs to its closing quote (or a NUL, or the
        /// end); an unquoted one to a blank or `>`.
        func htmlValueEnd(at start: Int) -> Int {
            let quote = byte(start)
            var index = start
            if quote == doubleQuote || quote == singleQuote {
                index += 1
                while index < input.count, input[index] != quote, input[index] != 0 { index += 1 }
                return index < input.count && input[index] == quote ? index + 1 : index
            }
            while index < input.count {
                let current = input[index]
                if current == 0 || current == greaterThan || isBlank(current) { break }
                index += 1
            }
            return index
        }

        func hasPrefixIgnoringCase(_ prefix: [UInt8], at index: Int) -> Bool {
            guard index + prefix.count <= input.count else { return false }
            for offset in 0..<prefix.count where input[index + offset] | 0x20 != prefix[offset] | 0x20 { return false }
            return true
        }
    }

}

private let doctypeKeyword = Array("doctype".utf8)
private let systemKeyword = Array("system".utf8)
private let publicKeyword = Array("public".utf8)
private let scriptName = Array("script".utf8)
private let styleName = Array("style".utf8)

private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
private let slash = UInt8(ascii: "/")
private let equals = UInt8(ascii: "=")
private let exclamation = UInt8(ascii: "!")
private let question = UInt8(ascii: "?")
private let hyphen = UInt8(ascii: "-")
private let underscore = UInt8(ascii: "_")
private let colon = UInt8(ascii: ":")
private let dot = UInt8(ascii: ".")
private let space = UInt8(ascii: " ")
private let newline = UInt8(ascii: "\n")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")

private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

private func isHTMLNameByte(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == colon || byte == hyphen || byte == underscore || byte == dot
}

/// Any byte an XML name could hold, and more: everything but blanks and the ASCII punctuation
/// that ends a name where an attribute is read. Reading too much only makes a tag look longer.
private func isXMLNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D, 0, lessThan, greaterThan, slash, equals, doubleQuote, singleQuote, exclamation, question: false
    default: true
    }
}
