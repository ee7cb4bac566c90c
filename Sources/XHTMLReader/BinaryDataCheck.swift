import Markup

extension XHTMLReader {
    /// True when `bytes` can be a text document — UTF-8, UTF-16, or an 8-bit encoding such as
    /// Windows-1252 — and false for binary data given a document's name (an image, a font, a
    /// zip). Only the start is looked at: binary data shows itself within a few kilobytes, and
    /// parsing it would only make pages of noise.
    public static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        // UTF-16 text is full of zero bytes.
        if Markup.isUTF16(bytes) { return true }
        // Over the buffer, and only control bytes looked at closely: this runs on every chapter
        // before the parsing is shared out, and cost half as much as inflating it. Eight bytes
        // without one (nearly all of them) are passed over at once.
        return bytes.withUnsafeBufferPointer { bytes in
            let head = UnsafeBufferPointer(rebasing: bytes.prefix(8192))
            let raw = UnsafeRawBufferPointer(head)
            var controls = 0
            var offset = 0
            while offset < head.count {
                if offset + 8 <= head.count,
                   !mayHoldControl(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) {
                    offset += 8
                    continue
                }
                let byte = head[offset]
                offset += 1
                guard byte < 0x20 || byte == 0x7F else { continue }
                switch byte {
                // No encoding a document is written in but UTF-16 (or UTF-32) has a zero byte.
                case 0x00: return false
                // White space, and the escape that starts ISO-2022-JP's shifts.
                case 0x09, 0x0A, 0x0C, 0x0D, 0x1B: continue
                case 0x01...0x1F, 0x7F: controls += 1
                default: continue
                }
            }
            // A stray control character or two slips into real documents; binary data without a
            // zero byte still has them every few dozen bytes.
            return controls <= max(2, head.count / 100)
        }
    }

    /// Whether one of the eight bytes in `word` is below 0x20 or is 0x7F. Each test subtracts
    /// from every lane at once: a lane that borrows, and had bit 7 clear, was below the number
    /// subtracted (a borrow passed on to the next lane only follows a lane that did).
    private static func mayHoldControl(_ word: UInt64) -> Bool {
        let lows: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- lows &* 0x20) & ~word & highs
        let deletes = word ^ (lows &* 0x7F)
        let zeros = (deletes &- lows) & ~deletes & highs
        return below | zeros != 0
    }
}
