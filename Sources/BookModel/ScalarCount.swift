extension String {
    /// How many Unicode scalars the string holds, counted over its UTF-8 bytes (see
    /// `UTF8Counting`): `unicodeScalars.count` decodes them one by one, and the reader and the
    /// layout count every block of a book.
    public var unicodeScalarCount: Int {
        var string = self
        return string.withUTF8 { UTF8Counting.scalars(in: $0) }
    }

    /// How many UTF-16 units the string holds (what CFI offsets count), over its UTF-8 bytes.
    public var utf16UnitCount: Int {
        var string = self
        return string.withUTF8 { UTF8Counting.utf16Units(in: $0) }
    }
}

/// Counts of what UTF-8 bytes encode, found without decoding them, eight bytes at a time: the
/// reader and the layout count every byte of a book more than once.
///
/// The bytes are read as 64-bit words, and a test of one byte is written with shifts so that it
/// leaves its answer in bit 0 of that byte's lane (bit 0 of lane k of `word >> 7` is bit 7 of
/// byte k). Masked to those bits, a word holds eight answers of 0 or 1, and multiplying it by
/// `0x0101…01` adds the eight lanes up into the top lane. Byte order does not matter: every
/// lane is counted alike.
public enum UTF8Counting {
    /// Every byte that is not a continuation byte (`10xxxxxx`) starts a scalar.
    public static func scalars(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        count(in: bytes, lanes: { word in ~word >> 7 | word >> 6 }, byte: { $0 & 0xC0 != 0x80 })
    }

    /// One unit for each scalar, and one more for each scalar of four bytes (lead byte
    /// `11110xxx`), which UTF-16 writes as a surrogate pair.
    public static func utf16Units(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        scalars(in: bytes) + count(in: bytes, lanes: fourByteLeads, byte: { $0 >= 0xF0 })
    }

    /// Scalars and UTF-16 units at once, in one pass over the bytes.
    public static func scalarsAndUTF16Units(in bytes: UnsafeBufferPointer<UInt8>) -> (scalars: Int, utf16Units: Int) {
        let raw = UnsafeRawBufferPointer(bytes)
        var scalars = 0
        var fourByteScalars = 0
        var offset = 0
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            scalars += Int(((~word >> 7 | word >> 6) & lowBits &* lowBits) >> 56)
            fourByteScalars += Int((fourByteLeads(word) & lowBits &* lowBits) >> 56)
            offset += 8
        }
        for index in offset..<bytes.count {
            if bytes[index] & 0xC0 != 0x80 { scalars += 1 }
            if bytes[index] >= 0xF0 { fourByteScalars += 1 }
        }
        return (scalars, scalars + fourByteScalars)
    }

    /// Whether every byte is ASCII: most of the paragraphs of most books, and no text past ASCII
    /// to look at more closely.
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & highBits != 0 { return false }
            offset += 8
        }
        return !bytes[offset...].contains { $0 >= 0x80 }
    }

    /// Whether any byte starts a scalar of four bytes (outside the Basic Multilingual Plane).
    public static func hasFourByteScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        count(in: bytes, lanes: fourByteLeads, byte: { $0 >= 0xF0 }) > 0
    }

    /// Bytes of the form `1111xxxx`: the four top bits set.
    private static func fourByteLeads(_ word: UInt64) -> UInt64 {
        word >> 7 & word >> 6 & word >> 5 & word >> 4
    }

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// How many bytes pass a test, given as `lanes` (for a whole word, the answer in bit 0 of
    /// each byte's lane) and as `byte` (for the few bytes after the last whole word).
    @inline(__always)
    private static func count(in bytes: UnsafeBufferPointer<UInt8>, lanes: (UInt64) -> UInt64,
                              byte: (UInt8) -> Bool) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        var total = 0
        var offset = 0
        while offset + 8 <= raw.count {
            let answers = lanes(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & lowBits
            total += Int((answers &* lowBits) >> 56)
            offset += 8
        }
        for index in offset..<bytes.count where byte(bytes[index]) { total += 1 }
        return total
    }
}
