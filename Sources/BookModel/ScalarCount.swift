extension String {
    /// How many Unicode scalars the string holds, counted over its UTF-8 bytes (each byte that
    /// is not a continuation starts one): `unicodeScalars.count` decodes them one by one, and
    /// the reader and the layout count every block of a book.
    public var unicodeScalarCount: Int {
        var string = self
        return string.withUTF8 { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }
    }
}
