import BookModel

/// Follows a block's text as the reader gathers it, scalar by scalar, and notes which stretches
/// of it map one to one onto a text node of the document (`TextSpan`): a span ends where white
/// space collapsing drops a character, and text the reader makes up (a quotation mark for `q`)
/// is counted but belongs to no span.
struct TextSpanRecorder {
    /// The spans closed so far; read them once the text is done (after `end()`).
    private(set) var spans: [TextSpan] = []
    /// The scalars of the block's text so far.
    private(set) var length = 0
    /// The path and UTF-16 offset in the document of the next character read, while reading
    /// text from it. Held apart, and the growing span's numbers too, so that keeping a byte
    /// copies no string and touches no array: the reader keeps every byte of a book.
    private var nextPath = ""
    private var nextOffset: Int?
    /// The span that may still grow (its path is `nextPath`), added to `spans` when it stops.
    private var isOpen = false
    private var openStart = 0
    private var openLength = 0
    private var openOffset = 0
    private var openUnits = 0

    /// Text from `origin` (nil: made up by the reader) follows, byte by byte of UTF-8.
    mutating func begin(_ origin: DocumentPosition?) {
        close()
        nextOffset = origin?.utf16Offset
        nextPath = nextOffset == nil ? "" : origin?.path ?? ""
    }

    /// The byte was kept (a white space byte may have become a space, which is one scalar and
    /// one UTF-16 unit all the same).
    mutating func keep(_ byte: UInt8) {
        guard byte & 0xC0 != 0x80 else { return }
        length += 1
        guard let offset = nextOffset else { return }
        let units = byte >= 0xF0 ? 2 : 1
        if isOpen {
            openLength += 1
            openUnits += units
        } else {
            isOpen = true
            openStart = length - 1
            openLength = 1
            openOffset = offset
            openUnits = units
        }
        nextOffset = offset + units
        // Past a character of two units, scalars and units no longer advance together.
        if units == 2 { close() }
    }

    /// The bytes were kept, whole characters of them: the open span grows by their scalars at
    /// once. A character of two UTF-16 units among them ends the span, so those bytes go one by
    /// one.
    mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        let (scalars, units) = UTF8Counting.scalarsAndUTF16Units(in: bytes)
        guard units == scalars else {
            for byte in bytes { keep(byte) }
            return
        }
        guard scalars > 0 else { return }
        length += scalars
        guard let offset = nextOffset else { return }
        if !isOpen {
            isOpen = true
            openStart = length - scalars
            openLength = 0
            openOffset = offset
            openUnits = 0
        }
        // Below four bytes a character is one scalar and one UTF-16 unit.
        openLength += scalars
        openUnits += scalars
        nextOffset = offset + scalars
    }

    /// A white space byte (one UTF-16 unit) was dropped.
    mutating func skip(_ byte: UInt8) {
        if let offset = nextOffset { nextOffset = offset + 1 }
        close()
    }

    mutating func end() {
        close()
        nextOffset = nil
        nextPath = ""
    }

    /// The open span, if any, stops growing.
    private mutating func close() {
        guard isOpen else { return }
        spans.append(TextSpan(start: openStart, length: openLength, path: nextPath, utf16Offset: openOffset,
                              utf16Length: openUnits))
        isOpen = false
    }

    /// Text kept exactly as read (preformatted).
    mutating func recordVerbatim(_ text: String, from origin: DocumentPosition?) {
        begin(origin)
        var text = text
        text.withUTF8 { keep($0) }
        end()
    }

    /// Made-up text of `count` scalars (a forced line break's newline).
    mutating func advance(by count: Int) {
        close()
        length += count
    }

    /// The text was cut to its first `newLength` scalars (trailing white space removed, which is
    /// one UTF-16 unit a scalar).
    mutating func cut(at newLength: Int) {
        close()
        guard newLength < length else { return }
        spans.removeAll { $0.start >= newLength }
        if let last = spans.indices.last, spans[last].end > newLength {
            let over = spans[last].end - newLength
            spans[last].length -= over
            spans[last].utf16Length -= over
        }
        length = newLength
    }

    /// The first scalar (a newline, one unit) was removed.
    mutating func dropFirstScalar() {
        close()
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
    }
}
