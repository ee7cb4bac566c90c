/// Reads numbers out of an image's bytes at given offsets, answering nil past the end rather
/// than trapping: every header parser reads untrusted, possibly truncated bytes through it.
struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// `count` bytes from `offset`, or nil when they are not all there.
    func slice(_ offset: Int, _ count: Int) -> ArraySlice<UInt8>? {
        guard offset >= 0, count >= 0, offset <= bytes.count - count else { return nil }
        return bytes[offset..<(offset + count)]
    }

    func matches(_ ascii: String, at offset: Int) -> Bool {
        let expected = Array(ascii.utf8)
        return slice(offset, expected.count).map { $0.elementsEqual(expected) } ?? false
    }

    /// An unsigned integer of `size` bytes (at most 4), big- or little-endian.
    func unsigned(at offset: Int, size: Int, bigEndian: Bool) -> Int? {
        guard size <= 4, let field = slice(offset, size) else { return nil }
        let ordered = bigEndian ? Array(field) : field.reversed()
        return ordered.reduce(0) { $0 << 8 | Int($1) }
    }

    func uint16BE(at offset: Int) -> Int? { unsigned(at: offset, size: 2, bigEndian: true) }
    func uint16LE(at offset: Int) -> Int? { unsigned(at: offset, size: 2, bigEndian: false) }
    func uint24LE(at offset: Int) -> Int? { unsigned(at: offset, size: 3, bigEndian: false) }
    func uint32BE(at offset: Int) -> Int? { unsigned(at: offset, size: 4, bigEndian: true) }
    func uint32LE(at offset: Int) -> Int? { unsigned(at: offset, size: 4, bigEndian: false) }
}
