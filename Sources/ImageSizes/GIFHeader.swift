import BookModel

/// GIF: `GIF87a` or `GIF89a`, then the logical screen's width and height, little-endian 16-bit.
enum GIFHeader {
    static func matches(_ bytes: ByteReader) -> Bool {
        bytes.matches("GIF87a", at: 0) || bytes.matches("GIF89a", at: 0)
    }

    static func size(_ bytes: ByteReader) throws(ImageHeaderError) -> PixelSize {
        guard let width = bytes.uint16LE(at: 6), let height = bytes.uint16LE(at: 8) else { throw .truncated(.gif) }
        return PixelSize(width: width, height: height)
    }
}
