import BookModel

/// JPEG: a walk over the marker segments from SOI to the first start-of-frame (SOF) segment,
/// which holds the height and the width. Every step moves forward by at least a marker, so the
/// walk ends within the bytes there are.
///
/// An EXIF orientation that turns the picture a quarter turn (values 5 to 8) swaps the sides,
/// since readers show the picture upright (CSS `image-orientation: from-image`, the default).
enum JPEGHeader {
    static func matches(_ bytes: ByteReader) -> Bool {
        bytes.byte(at: 0) == 0xFF && bytes.byte(at: 1) == 0xD8 && bytes.byte(at: 2) == 0xFF
    }

    static func size(_ bytes: ByteReader) throws(ImageHeaderError) -> PixelSize {
        var offset = 2
        var turned = false
        while true {
            guard bytes.byte(at: offset) == 0xFF else {
                if bytes.byte(at: offset) == nil { throw .truncated(.jpeg) }
                throw .corrupt(.jpeg, "no marker at byte \(offset)")
            }
            // Any number of 0xFF fill bytes may come before the marker's code.
            while bytes.byte(at: offset) == 0xFF { offset += 1 }
            guard let marker = bytes.byte(at: offset) else { throw .truncated(.jpeg) }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue // stand-alone markers: no length
            case 0xD9, 0xDA:
                throw .corrupt(.jpeg, "the image data starts before any frame header")
            default:
                break
            }
            guard let length = bytes.uint16BE(at: offset) else { throw .truncated(.jpeg) }
            guard length >= 2 else { throw .corrupt(.jpeg, "a segment of length \(length)") }
            if isStartOfFrame(marker) {
                guard let height = bytes.uint16BE(at: offset + 3), let width = bytes.uint16BE(at: offset + 5) else {
                    throw .truncated(.jpeg)
                }
                // A height of 0 is given later in a DNL segment, which books never use.
                guard height > 0 else { throw .corrupt(.jpeg, "the frame header leaves its height to a DNL segment") }
                return turned ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
            }
            if marker == 0xE1, let orientation = exifOrientation(bytes, segment: offset + 2, length: length - 2) {
                turned = (5...8).contains(orientation)
            }
            offset += length
        }
    }

    /// SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// The orientation tag (0x0112) of IFD0 in an APP1 `Exif` segment, if it is there.
    static func exifOrientation(_ bytes: ByteReader, segment: Int, length: Int) -> Int? {
        guard bytes.matches("Exif\0\0", at: segment) else { return nil }
        let tiff = segment + 6
        let end = segment + length
        let bigEndian: Bool
        if bytes.matches("MM", at: tiff) { bigEndian = true } else if bytes.matches("II", at: tiff) { bigEndian = false } else { return nil }
        func number(_ offset: Int, _ size: Int) -> Int? {
            guard offset + size <= end else { return nil }
            return bytes.unsigned(at: offset, size: size, bigEndian: bigEndian)
        }
        guard let ifd = number(tiff + 4, 4), let count = number(tiff + ifd, 2) else { return nil }
        // Twelve bytes an entry; only as many as the segment holds are looked at.
        for index in 0..<min(count, max(0, (end - tiff - ifd - 2) / 12)) {
            let entry = tiff + ifd + 2 + index * 12
            guard let tag = number(entry, 2) else { return nil }
            if tag == 0x0112 { return number(entry + 8, 2) }
        }
        return nil
    }
}
