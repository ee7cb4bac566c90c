import BookModel

/// WebP: a RIFF container of type `WEBP` whose first chunk is `VP8 ` (lossy), `VP8L`
/// (lossless) or `VP8X` (extended, which names the canvas size).
enum WebPHeader {
    /// Where the first chunk's payload starts: after `RIFF`, the size, `WEBP`, the chunk's
    /// four-letter name and its size.
    private static let payload = 20

    static func matches(_ bytes: ByteReader) -> Bool {
        bytes.matches("RIFF", at: 0) && bytes.matches("WEBP", at: 8)
    }

    static func size(_ bytes: ByteReader) throws(ImageHeaderError) -> PixelSize {
        guard bytes.count >= 16 else { throw .truncated(.webp) }
        if bytes.matches("VP8 ", at: 12) {
            // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit sizes
            // (the top two bits of each are the upscaling hint).
            guard let code = bytes.slice(payload + 3, 3) else { throw .truncated(.webp) }
            guard code.elementsEqual([0x9D, 0x01, 0x2A]) else { throw .corrupt(.webp, "the VP8 frame has no start code") }
            guard let width = bytes.uint16LE(at: payload + 6), let height = bytes.uint16LE(at: payload + 8) else {
                throw .truncated(.webp)
            }
            return PixelSize(width: width & 0x3FFF, height: height & 0x3FFF)
        }
        if bytes.matches("VP8L", at: 12) {
            // The signature byte 0x2F, then width − 1 and height − 1 in 14 bits each, LSB first.
            guard let signature = bytes.byte(at: payload) else { throw .truncated(.webp) }
            guard signature == 0x2F else { throw .corrupt(.webp, "the VP8L stream has no signature") }
            guard let bits = bytes.uint32LE(at: payload + 1) else { throw .truncated(.webp) }
            return PixelSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        }
        if bytes.matches("VP8X", at: 12) {
            // Flags and three reserved bytes, then canvas width − 1 and height − 1, 24 bits each.
            guard let width = bytes.uint24LE(at: payload + 4), let height = bytes.uint24LE(at: payload + 7) else {
                throw .truncated(.webp)
            }
            return PixelSize(width: width + 1, height: height + 1)
        }
        throw .corrupt(.webp, "the first chunk is not VP8, VP8L or VP8X")
    }
}
