/// Image headers made by hand, as small as each format allows, for the size readers.
enum TestImages {
    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ascii("IHDR")
            + bigEndian(width, 4) + bigEndian(height, 4) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    }

    static func gif(width: Int, height: Int) -> [UInt8] {
        ascii("GIF89a") + littleEndian(width, 2) + littleEndian(height, 2) + [0, 0, 0]
    }

    /// SOI, an optional APP1 Exif segment with an orientation, a comment, then a baseline SOF0.
    static func jpeg(width: Int, height: Int, orientation: Int? = nil, bigEndianExif: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let orientation {
            let number = bigEndianExif ? bigEndian : littleEndian
            var tiff = ascii(bigEndianExif ? "MM" : "II") + number(42, 2) + number(8, 4)
            tiff += number(2, 2)   // two entries: one other tag, then the orientation
            tiff += number(0x010F, 2) + number(2, 2) + number(4, 4) + ascii("Make")
            tiff += number(0x0112, 2) + number(3, 2) + number(1, 4) + number(orientation, 2) + [0, 0]
            tiff += [0, 0, 0, 0]
            let payload = ascii("Exif") + [0, 0] + tiff
            bytes += [0xFF, 0xE1] + bigEndian(payload.count + 2, 2) + payload
        }
        let comment = ascii("made by hand")
        bytes += [0xFF, 0xFE] + bigEndian(comment.count + 2, 2) + comment
        bytes += [0xFF, 0xFF, 0xC0, 0, 17, 8] + bigEndian(height, 2) + bigEndian(width, 2) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0xFF, 0xD9]
        return bytes
    }

    static func webpLossy(width: Int, height: Int) -> [UInt8] {
        riff("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + littleEndian(width, 2) + littleEndian(height, 2))
    }

    static func webpLossless(width: Int, height: Int) -> [UInt8] {
        riff("VP8L", [0x2F] + littleEndian((width - 1) | (height - 1) << 14, 4))
    }

    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        riff("VP8X", [0x10, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3))
    }

    static func svg(_ attributes: String) -> [UInt8] {
        ascii("<?xml version=\"1.0\"?>\n<!-- drawn by hand -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)><rect width=\"1\" height=\"1\"/></svg>")
    }

    private static func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        let body = ascii("WEBP") + ascii(chunk) + littleEndian(payload.count, 4) + payload
        return ascii("RIFF") + littleEndian(body.count, 4) + body
    }

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    static func littleEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
