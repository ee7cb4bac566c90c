#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path as the system knows it: bytes, in a `String`. A file's name need not be UTF-8 (a
/// Latin-1 `caf\xe9.epub`), and Swift's arguments, Foundation's file calls and `String(cString:)`
/// all replace such bytes with U+FFFD, so the file could never be opened again. Every path that
/// comes from the system (the arguments, a folder's listing, `realpath`) is made a `String` here,
/// and every path given to the system goes back to bytes here.
///
/// Each byte that is not part of valid UTF-8 is kept as one scalar of the last 128 of Unicode's
/// private use plane 16 (U+10FF00 + the byte, for bytes 0x80–0xFF), which no name
/// typed or written in a book carries. The bytes of a name that does hold one of those scalars
/// are escaped the same way, byte by byte, so every name makes the round trip unchanged. A valid
/// UTF-8 name is the same `String` it always was.
public enum FileName {
    static let escapeBase: UInt32 = 0x10FF00
    static let escapeRange: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

    /// The name whose bytes are `bytes`.
    public static func string<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        var clean = true
        while index < bytes.count {
            if let (scalar, length) = decode(bytes, at: index), !escapeRange.contains(scalar.value) {
                scalars.append(scalar)
                index += length
            } else {
                clean = false
                // The one byte, kept; the next may start a valid sequence.
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return clean ? String(decoding: bytes, as: UTF8.self) : String(scalars)
    }

    /// The name of the C string `pointer`.
    public static func string(cString pointer: UnsafePointer<CChar>) -> String {
        string(UnsafeBufferPointer(start: pointer, count: strlen(pointer)).lazy.map { UInt8(bitPattern: $0) })
    }

    /// The bytes `name` stands for (no terminating NUL).
    public static func bytes(_ name: String) -> [UInt8] {
        guard name.unicodeScalars.contains(where: { escapeRange.contains($0.value) }) else { return Array(name.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if escapeRange.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// `name` for text a reader sees (a book's title made from its file's name): each byte that
    /// is not UTF-8 shown as U+FFFD, as any other text of the book would have it.
    public static func readable(_ name: String) -> String {
        guard hasRawBytes(name) else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.map { escapeRange.contains($0.value) ? "\u{FFFD}" : $0 }))
    }

    /// Whether `name` holds bytes that are not UTF-8.
    public static func hasRawBytes(_ name: String) -> Bool {
        name.unicodeScalars.contains { escapeRange.contains($0.value) }
    }

    /// The raw byte a scalar of `string(_:)` stands for, or nil for an ordinary scalar.
    public static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        escapeRange.contains(scalar.value) ? UInt8(scalar.value - escapeBase) : nil
    }

    /// Calls `body` with `name` as the NUL-terminated path the system takes.
    public static func withCString<Result>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard hasRawBytes(name) else { return try name.withCString(body) }
        let bytes = self.bytes(name).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The scalar at `index` of valid UTF-8 and its length in bytes; nil for an invalid
    /// sequence (overlong, a surrogate, past U+10FFFF, cut short).
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
