import CFreeType

/// A font's tables as one plain OpenType file in memory, rebuilt from what FreeType reads: a
/// WOFF or WOFF2 file is a compressed wrapper around such a file, which FreeType (built with
/// zlib and Brotli, as Debian's is) unwraps, but HarfBuzz shapes from the plain tables alone.
/// The tables are copied out whole while the FreeType face is open, so the HarfBuzz face made
/// of them needs nothing of FreeType's afterwards and may be shared between threads.
enum SfntTables {
    /// The file's leading tag, which says how it is wrapped.
    enum Wrapping {
        case plain, woff, woff2

        init(_ bytes: [UInt8]) {
            let tag = bytes.prefix(4)
            self = tag.elementsEqual("wOFF".utf8) ? .woff : tag.elementsEqual("wOF2".utf8) ? .woff2 : .plain
        }
    }

    /// Every table of `face`, laid out as an OpenType file (table records sorted by tag, each
    /// table on a four-byte boundary); nil when FreeType lists none or one cannot be read.
    static func rebuilt(from face: FT_Face) -> [UInt8]? {
        var tables: [(tag: UInt32, bytes: [UInt8])] = []
        var index: FT_UInt = 0
        while true {
            var tag: FT_ULong = 0
            var length: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, index, &tag, &length) == 0 else { break }
            index += 1
            guard length > 0, length < 1 << 30 else { continue }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            var read = length
            guard FT_Load_Sfnt_Table(face, tag, 0, &bytes, &read) == 0, read == length else { return nil }
            tables.append((UInt32(tag), bytes))
        }
        guard !tables.isEmpty else { return nil }
        tables.sort { $0.tag < $1.tag }

        var file: [UInt8] = []
        func append32(_ value: UInt32) { file += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func append16(_ value: Int) { file += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let cff = UInt32(0x4346_4620) // 'CFF '
        append32(tables.contains { $0.tag == cff } ? 0x4F54_544F : 0x0001_0000) // 'OTTO' or TrueType
        let count = tables.count
        var power = 1
        var log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        append16(count)
        append16(power * 16)
        append16(log)
        append16(count * 16 - power * 16)
        var offset = 12 + 16 * count
        for table in tables {
            append32(table.tag)
            append32(checksum(table.bytes))
            append32(UInt32(offset))
            append32(UInt32(table.bytes.count))
            offset += (table.bytes.count + 3) & ~3
        }
        for table in tables {
            file += table.bytes
            file += repeatElement(0, count: (4 - table.bytes.count % 4) % 4)
        }
        return file
    }

    /// The OpenType table checksum: the sum of the table's big-endian 32-bit words.
    private static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var i = 0
        while i < bytes.count {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(i + k < bytes.count ? bytes[i + k] : 0) }
            sum &+= word
            i += 4
        }
        return sum
    }
}
