#if canImport(Glibc)
import Glibc
#endif

/// Converts text from UTF-8 into an older character set (ISO 8859-1, KOI8-R), which some
/// hyphenation dictionaries still use, with the C library's iconv. Not thread-safe.
final class CharsetConverter {
    private let descriptor: iconv_t

    /// Nil when iconv does not know `charset`.
    init?(to charset: String) {
        let opened = iconv_open(charset, "UTF-8")
        guard let opened, opened != iconv_t(bitPattern: -1) else { return nil }
        descriptor = opened
    }

    deinit { iconv_close(descriptor) }

    /// Appends `text` in the target character set; false (and `output` unchanged) when some
    /// character of it has no equivalent there.
    func append(_ text: String, to output: inout [UInt8]) -> Bool {
        var input = Array(text.utf8)
        // No character set takes more than 4 bytes for a character that UTF-8 takes 1 for.
        var converted = [UInt8](repeating: 0, count: input.count * 4 + 4)
        let count = input.withUnsafeMutableBufferPointer { source -> Int? in
            converted.withUnsafeMutableBufferPointer { target -> Int? in
                var inPointer = UnsafeMutableRawPointer(source.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var outPointer = UnsafeMutableRawPointer(target.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var inLeft = source.count
                var outLeft = target.count
                // Start from the initial shift state: each call stands alone.
                _ = iconv(descriptor, nil, nil, nil, nil)
                guard iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
                return target.count - outLeft
            }
        }
        guard let count else { return false }
        output.append(contentsOf: converted[..<count])
        return true
    }
}
