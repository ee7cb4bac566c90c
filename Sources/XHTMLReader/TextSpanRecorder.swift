import BookModel

/// Follows a block's text as the reader gathers it, scalar by scalar, and notes which stretches
/// of it map one to one onto a text node of the document (`TextSpan`): a span ends where white
/// space collapsing drops a character, and text the reader makes up (a quotation mark for `q`)
/// is counted but belongs to no span.
struct TextSpanRecorder {
    private(set) var spans: [TextSpan] = []
    /// The scalars of the block's text so far.
    private(set) var length = 0
    /// The place in the document of the next character read, while reading text from it.
    private var next: DocumentPosition?
    /// Whether the last span may still grow.
    private var isOpen = false

    /// Text from `origin` (nil: made up by the reader) follows, byte by byte of UTF-8.
    mutating func begin(_ origin: DocumentPosition?) {
        next = origin?.utf16Offset == nil ? nil : origin
        isOpen = false
    }

    /// The byte was kept (a white space byte may have become a space, which is one scalar and
    /// one UTF-16 unit all the same).
    mutating func keep(_ byte: UInt8) {
        guard byte & 0xC0 != 0x80 else { return }
        length += 1
        guard let position = next, let offset = position.utf16Offset else { return }
        let units = byte >= 0xF0 ? 2 : 1
        if isOpen {
            spans[spans.count - 1].length += 1
            spans[spans.count - 1].utf16Length += units
        } else {
            spans.append(TextSpan(start: length - 1, length: 1, path: position.path, utf16Offset: offset,
                                  utf16Length: units))
            isOpen = true
        }
        next?.utf16Offset = offset + units
        // Past a character of two units, scalars and units no longer advance together.
        if units == 2 { isOpen = false }
    }

    /// A white space byte (one UTF-16 unit) was dropped.
    mutating func skip(_ byte: UInt8) {
        if let offset = next?.utf16Offset { next?.utf16Offset = offset + 1 }
        isOpen = false
    }

    mutating func end() {
        next = nil
        isOpen = false
    }

    /// Text kept exactly as read (preformatted).
    mutating func recordVerbatim(_ text: String, from origin: DocumentPosition?) {
        begin(origin)
        for byte in text.utf8 { keep(byte) }
        end()
    }

    /// Made-up text of `count` scalars (a forced line break's newline).
    mutating func advance(by count: Int) {
        length += count
        isOpen = false
    }

    /// The text was cut to its first `newLength` scalars (trailing white space removed, which is
    /// one UTF-16 unit a scalar).
    mutating func cut(at newLength: Int) {
        guard newLength < length else { return }
        spans.removeAll { $0.start >= newLength }
        if let last = spans.indices.last, spans[last].end > newLength {
            let over = spans[last].end - newLength
            spans[last].length -= over
            spans[last].utf16Length -= over
        }
        length = newLength
        isOpen = false
    }

    /// The first scalar (a newline, one unit) was removed.
    mutating func dropFirstScalar() {
        guard length > 0 else { return }
        if let first = spans.first, first.start == 0 {
            if first.length == 1 {
                spans.removeFirst()
            } else {
                spans[0].length -= 1
                spans[0].utf16Length -= 1
                spans[0].utf16Offset += 1
                spans[0].start = 1
            }
        }
        for index in spans.indices { spans[index].start -= 1 }
        length -= 1
        isOpen = false
    }
}
