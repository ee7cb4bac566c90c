import BookModel

/// PNG: the signature, then the IHDR chunk, which must come first and holds width and height
/// as big-endian 32-bit numbers.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func matches(_ bytes: ByteReader) -> Bool {
        bytes.slice(0, 8).map { $0.elementsEqual(signature) } ?? false
    }

    static func size(_ bytes: ByteReader) throws(ImageHeaderError) -> PixelSize {
        guard bytes.count >= 24 else { throw .truncated(.png) }
        guard bytes.matches("IHDR", at: 12) else { throw .corrupt(.png, "the first chunk is not IHDR") }
        guard let width = bytes.uint32BE(at: 16), let height = bytes.uint32BE(at: 20) else { throw .truncated(.png) }
        return PixelSize(width: width, height: height)
    }
}
