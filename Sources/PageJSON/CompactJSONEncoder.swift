import Foundation
import PageFormat

/// Compact JSON with sorted keys and unescaped slashes: the bytes Foundation's `JSONEncoder`
/// gives with `[.sortedKeys, .withoutEscapingSlashes]`, written straight into one buffer instead
/// of through a tree of boxed values, which made `JSONEncoder` a large share of a conversion
/// (docs/PERFORMANCE.md). The types keep their one `Codable` conformance; only the writing is
/// ours. `CompactJSONTests` holds the two encoders to the same bytes.
///
/// An object's members are written as they come and put in key order when it is finished.
/// The types a book has tens of thousands of (pages, lines, runs) write themselves in key
/// order through `CompactJSONWritable`, with no `Encoder` at all.
/// A type that asks for what this writer does not do (a nested or super encoder) makes `encode`
/// throw `Unsupported`, and the caller falls back to `JSONEncoder`.
struct CompactJSONEncoder {
    struct Unsupported: Error {}

    /// `value`'s JSON and a newline: a line of JSON Lines.
    func line<T: Encodable>(_ value: T) throws -> Data {
        try linePieces(value).joinedData()
    }

    /// The same bytes as `line`, in the pieces they were written in: a long list written by hand
    /// comes in pieces of about `JSONOutput.spillSize` (`JSONOutput.spills`).
    func linePieces<T: Encodable>(_ value: T) throws -> [Data] {
        let output = JSONOutput()
        try output.write(value)
        return output.finish(appending: UInt8(ascii: "\n"))
    }

    /// The document and a newline as one `Data`, its bytes copied once: the page list's runs go
    /// straight from the buffers they were written in (`JSONOutput.append(chunk:)`).
    /// `pages`: the document's pages already written, if they were.
    func data(_ document: PageDocument, pages: EncodedPages? = nil) throws -> Data {
        try pieces(document, pages: pages).joinedData()
    }

    /// The same bytes as `data`, in the pieces they were written in, not copied at all.
    func pieces(_ document: PageDocument, pages: EncodedPages? = nil) throws -> [Data] {
        let output = JSONOutput()
        try document.writeJSON(to: output, encodedPages: pages)
        return output.finish(appending: UInt8(ascii: "\n"))
    }
}

/// The bytes written so far, shared by every level of one encoding.
final class JSONOutput {
    // One encoding, one thread: the runtime's exclusivity checks on every append cost more than
    // the append.
    @exclusivity(unchecked) var bytes: ByteBuffer

    /// Finished pieces that come before `bytes`: a long page list's runs, kept in the buffers
    /// they were written in rather than copied into one.
    private(set) var chunks: [Data] = []
    /// Whether `append(chunk:)` may keep a piece apart: only where nothing will move the bytes
    /// already written (a `ValueWriter` sorting an object's members does).
    var acceptsChunks = false

    /// Whether a list's elements may be followed by a cut into `chunks` once `bytes` holds
    /// `spillSize` (`spillIfLong`), so that a line of many megabytes is never one buffer grown by
    /// doubling (which held it up to two and a half times over while it was copied). Only where
    /// every writer is one of ours, in key order: a `ValueWriter` sorting an object's members
    /// holds offsets into `bytes`.
    var spills = false
    static let spillSize = 1 << 20
    /// Where a cut piece goes as soon as it is cut, rather than into `chunks`: a line sent as
    /// it is written, never held whole.
    var sendsPieces: ((Data) -> Void)?

    /// `capacity`: the bytes reserved at first; a chapter's pages take tens of kilobytes.
    init(capacity: Int = 1 << 16) { bytes = ByteBuffer(capacity: capacity) }

    /// Bytes written elsewhere, next in the output.
    func append(chunk: Data) {
        guard acceptsChunks else { return chunk.withUnsafeBytes { bytes.append($0) } }
        if !bytes.isEmpty { chunks.append(bytes.takeData()) }
        chunks.append(chunk)
    }

    /// After an element of a list: the bytes so far made a chunk if they are many (`spills`).
    @inline(__always)
    func spillIfLong() {
        guard spills, bytes.count >= Self.spillSize else { return }
        if let sendsPieces { sendsPieces(bytes.takeData()) } else { chunks.append(bytes.takeData()) }
        bytes = ByteBuffer(capacity: Self.spillSize + Self.spillSize / 8)
    }

    /// Everything written, then `last`, in the pieces it was written in (`joinedData` makes one
    /// of them); the output is left empty.
    func finish(appending last: UInt8) -> [Data] {
        bytes.append(last)
        let pieces = chunks + [bytes.takeData()]
        chunks = []
        return pieces
    }

    func write<T: Encodable>(_ value: T) throws {
        switch value {
        case let writable as any CompactJSONWritable: try writable.writeJSON(to: self)
        case let string as String: write(string)
        case let number as Double: try write(number)
        case let number as Int: write(Int64(number))
        case let flag as Bool: write(flag)
        default:
            let encoder = ValueWriter(output: self)
            try value.encode(to: encoder)
            encoder.finish()
        }
    }

    func write(_ string: String) {
        // A native string's bytes are read where they are; `withUTF8` would need a mutable copy.
        if string.utf8.withContiguousStorageIfAvailable({ write(quoted: $0) }) == nil {
            var string = string
            string.withUTF8 { write(quoted: $0) }
        }
    }

    /// `"…"`, with `"`, `\` and the controls escaped. Most text has nothing to escape, and text
    /// that has (a page's `\n` between its lines, the quotes of dialogue) has long stretches
    /// between: each stretch is found eight bytes at a time and copied in one piece.
    private func write(quoted utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        if let base = utf8.baseAddress {
            var mark = 0
            while true {
                let next = Self.firstToEscape(base, from: mark, end: utf8.count)
                bytes.append(UnsafeBufferPointer(start: base + mark, count: next - mark))
                guard next < utf8.count else { break }
                writeEscaped(base[next])
                mark = next + 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func writeEscaped(_ byte: UInt8) {
        switch byte {
        case 0x22: bytes.append("\\\"")
        case 0x5C: bytes.append("\\\\")
        case 0x08: bytes.append("\\b")
        case 0x0C: bytes.append("\\f")
        case 0x0A: bytes.append("\\n")
        case 0x0D: bytes.append("\\r")
        case 0x09: bytes.append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append("\\u00")
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 15)])
        }
    }

    /// Where the first byte from `index` on that must be escaped is, or `end`.
    static func firstToEscape(_ base: UnsafePointer<UInt8>, from index: Int, end: Int) -> Int {
        var i = index
        while i + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            // The lowest byte is the first in memory, and its mark is exact.
            let found = escapeMask(word)
            if found != 0 { return i + found.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < end, !(base[i] < 0x20 || base[i] == 0x22 || base[i] == 0x5C) { i += 1 }
        return i
    }

    /// The high bit of each byte of `word` that must be escaped (below 0x20, `"` or `\`), and
    /// perhaps of bytes after the first such one, never before it: zero if none must be. The
    /// usual test for a zero byte (`x - 0x01…01` and `~x` share a high bit only if some byte of
    /// `x` is zero; the borrow of a zero byte can mark the next bytes, not the ones before) is
    /// run on words that have a zero byte exactly where a byte matches: the top three bits of
    /// each byte, for the controls, and the word xor a repeated `"` or `\`.
    static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        // A byte below 0x20 is one whose top three bits are clear.
        let controls = zeroBytes(word & 0xE0E0_E0E0_E0E0_E0E0)
        return controls | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
    }

    /// As `JSONEncoder` writes numbers: Swift's shortest form, without a trailing `.0`.
    func write(_ number: Double) throws {
        if let hundredths = Self.hundredths(number) { return write(hundredths: hundredths) }
        try writeShortest(number)
    }

    // Out of line: the page list's numbers are hundredths, and the call into `description`
    // made every number pay for a large frame.
    @inline(never)
    private func writeShortest(_ number: Double) throws {
        guard number.isFinite else { throw CompactJSONEncoder.Unsupported() }
        let text = number.description
        let utf8 = text.utf8
        for byte in text.hasSuffix(".0") ? utf8.dropLast(2) : utf8[...] { bytes.append(byte) }
    }

    /// The number as a count of hundredths, when it is the double nearest to one (as the page
    /// list's positions and sizes are, rounded to hundredths of a point) and not zero (whose sign
    /// the shortest form keeps). Below 10⁹ doubles are closer together than a hundredth, so no
    /// shorter decimal names the same double: the shortest form is the hundredths' own digits,
    /// and writing them costs far less than finding it.
    @inline(__always)
    static func hundredths(_ number: Double) -> Int? {
        guard number != 0, abs(number) < 1e9 else { return nil }
        // Rounded by adding a half and truncating: `rounded()` is a call into the C library
        // here. Where the two differ (a tie), only one count can name `number`, and the check
        // below finds out which; a count that fails it leaves the number to the shortest form.
        let scaled = number * 100
        let count = Int(scaled + (scaled < 0 ? -0.5 : 0.5))
        return Double(count) / 100 == number ? count : nil
    }

    /// `12.5`, `-0.25`, `72`: as the shortest form writes the same number.
    @inline(__always)
    private func write(hundredths: Int) {
        bytes.append(atMost: 24) { out in
            var length = 0
            if hundredths < 0 {
                out[0] = UInt8(ascii: "-")
                length = 1
            }
            let magnitude = hundredths.magnitude
            length += Self.writeDigits(UInt64(magnitude / 100), to: out + length)
            let fraction = magnitude % 100
            guard fraction != 0 else { return length }
            out[length] = UInt8(ascii: ".")
            out[length + 1] = UInt8(ascii: "0") + UInt8(fraction / 10)
            length += 2
            if fraction % 10 != 0 {
                out[length] = UInt8(ascii: "0") + UInt8(fraction % 10)
                length += 1
            }
            return length
        }
    }

    /// `"key":` after a comma unless it is the object's first member. Inlined where it is
    /// called, so that the key's length is known there and copying it takes a move or two
    /// rather than a call to `memmove`: a page list has a few keys for every line.
    @inline(__always)
    func key(_ key: StaticString, first: inout Bool) {
        let comma = first ? 0 : 1
        first = false
        let length = key.utf8CodeUnitCount
        bytes.append(atMost: length + 4) { out in
            if comma == 1 { out[0] = UInt8(ascii: ",") }
            out[comma] = UInt8(ascii: "\"")
            // A one-letter key ("x") may be held as a scalar, not as bytes: the buffer handles both.
            key.withUTF8Buffer { (out + comma + 1).update(from: $0.baseAddress!, count: length) }
            out[comma + length + 1] = UInt8(ascii: "\"")
            out[comma + length + 2] = UInt8(ascii: ":")
            return comma + length + 3
        }
    }

    func write(_ number: Int64) {
        bytes.append(atMost: 20) { out in
            guard number < 0 else { return Self.writeDigits(number.magnitude, to: out) }
            out[0] = UInt8(ascii: "-")
            return 1 + Self.writeDigits(number.magnitude, to: out + 1)
        }
    }

    func write(_ number: UInt64) {
        bytes.append(atMost: 20) { Self.writeDigits(number, to: $0) }
    }

    /// The decimal digits of `number` at `out` (at most 20), straight into the output:
    /// `description` makes a `String` for each number, and a page list has millions of them.
    /// Returns how many.
    private static func writeDigits(_ number: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 1
        var limit: UInt64 = 10
        while length < 20, number >= limit {
            length += 1
            limit &*= 10
        }
        var rest = number
        var digit = out + length
        repeat {
            digit -= 1
            digit.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest != 0
        return length
    }

    // Literals written from static storage: `Array("true".utf8)` made an array on the heap for
    // every flag.
    func write(_ flag: Bool) { bytes.append(flag ? "true" : "false") }
    func writeNull() { bytes.append("null") }
}

/// A type that writes its own compact JSON, members in key order, exactly as its `Encodable`
/// conformance would through `JSONEncoder` (`CompactJSONTests` checks each).
protocol CompactJSONWritable {
    func writeJSON(to output: JSONOutput) throws
}

/// The encoder of one value: an object, an array or a single value.
final class ValueWriter: Encoder {
    let output: JSONOutput
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    private var objectStart = -1
    private var arrayStart = -1
    var arrayCount = 0
    /// Each member's key and where `"key":value` lies in the output.
    private var members: [(key: String, range: Range<Int>)] = []
    private var wroteSingle = false

    init(output: JSONOutput) { self.output = output }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if objectStart < 0 {
            objectStart = output.bytes.count
            output.bytes.append(UInt8(ascii: "{"))
        }
        return KeyedEncodingContainer(ObjectWriter<Key>(writer: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if arrayStart < 0 {
            arrayStart = output.bytes.count
            output.bytes.append(UInt8(ascii: "["))
        }
        return ArrayWriter(writer: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        wroteSingle = true
        return SingleWriter(writer: self)
    }

    func member<T: Encodable>(_ key: String, _ value: T?) throws {
        let start = output.bytes.count
        output.write(key)
        output.bytes.append(UInt8(ascii: ":"))
        if let value { try output.write(value) } else { output.writeNull() }
        members.append((key, start..<output.bytes.count))
    }

    func key(_ key: String, _ write: (JSONOutput) throws -> Void) rethrows {
        let start = output.bytes.count
        output.write(key)
        output.bytes.append(UInt8(ascii: ":"))
        try write(output)
        members.append((key, start..<output.bytes.count))
    }

    func element<T: Encodable>(_ value: T?) throws {
        if arrayCount > 0 { output.bytes.append(UInt8(ascii: ",")) }
        arrayCount += 1
        if let value { try output.write(value) } else { output.writeNull() }
    }

    /// Closes the object (its members put in key order) or the array. A value that wrote
    /// nothing is `{}`, as `JSONEncoder` writes it.
    func finish() {
        if objectStart >= 0 {
            let bodyStart = objectStart + 1
            if !members.isEmpty {
                let written = output.bytes.array(from: bodyStart)
                output.bytes.removeLast(written.count)
                let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                written.withUnsafeBufferPointer { written in
                    for (n, member) in sorted.enumerated() {
                        if n > 0 { output.bytes.append(UInt8(ascii: ",")) }
                        let range = (member.range.lowerBound - bodyStart)..<(member.range.upperBound - bodyStart)
                        output.bytes.append(UnsafeBufferPointer(rebasing: written[range]))
                    }
                }
            }
            output.bytes.append(UInt8(ascii: "}"))
        } else if arrayStart >= 0 {
            output.bytes.append(UInt8(ascii: "]"))
        } else if !wroteSingle {
            output.bytes.append("{}")
        }
    }
}

private struct ObjectWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: ValueWriter
    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try writer.member(key.stringValue, Optional<Bool>.none) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writer.member(key.stringValue, value) }
    // The types a synthesized `encode(to:)` writes most, without a dynamic cast each.
    mutating func encode(_ value: String, forKey key: Key) throws { writer.key(key.stringValue) { $0.write(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { try writer.key(key.stringValue) { try $0.write(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { writer.key(key.stringValue) { $0.write(Int64(value)) } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { writer.key(key.stringValue) { $0.write(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(UnsupportedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { UnsupportedContainer<Key>() }
    mutating func superEncoder() -> any Encoder { UnsupportedEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder() }
}

private struct ArrayWriter: UnkeyedEncodingContainer {
    let writer: ValueWriter
    var codingPath: [any CodingKey] { writer.codingPath }
    var count: Int { writer.arrayCount }

    mutating func encodeNil() throws { try writer.element(Optional<Bool>.none) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.element(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(UnsupportedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { UnsupportedContainer<AnyKey>() }
    mutating func superEncoder() -> any Encoder { UnsupportedEncoder() }
}

private struct SingleWriter: SingleValueEncodingContainer {
    let writer: ValueWriter
    var codingPath: [any CodingKey] { writer.codingPath }

    mutating func encodeNil() throws { writer.output.writeNull() }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.output.write(value) }
    mutating func encode(_ value: String) throws { writer.output.write(value) }
    mutating func encode(_ value: Double) throws { try writer.output.write(value) }
    mutating func encode(_ value: Float) throws { try writer.output.write(Double(value)) }
    mutating func encode(_ value: Bool) throws { writer.output.write(value) }
    mutating func encode(_ value: Int) throws { writer.output.write(Int64(value)) }
    mutating func encode(_ value: Int8) throws { writer.output.write(Int64(value)) }
    mutating func encode(_ value: Int16) throws { writer.output.write(Int64(value)) }
    mutating func encode(_ value: Int32) throws { writer.output.write(Int64(value)) }
    mutating func encode(_ value: Int64) throws { writer.output.write(value) }
    mutating func encode(_ value: UInt) throws { writer.output.write(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { writer.output.write(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { writer.output.write(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { writer.output.write(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { writer.output.write(value) }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// What a nested or super encoder gets: every write throws, so the caller uses `JSONEncoder`.
private struct UnsupportedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil(forKey key: Key) throws { throw CompactJSONEncoder.Unsupported() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw CompactJSONEncoder.Unsupported() }
    mutating func encodeNil() throws { throw CompactJSONEncoder.Unsupported() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw CompactJSONEncoder.Unsupported() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(UnsupportedContainer<NestedKey>())
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(UnsupportedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { UnsupportedEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { UnsupportedEncoder() }
}

private struct UnsupportedEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(UnsupportedContainer<Key>())
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnsupportedContainer<AnyKey>() }
    func singleValueContainer() -> any SingleValueEncodingContainer { UnsupportedSingle() }
}

private struct UnsupportedSingle: SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws { throw CompactJSONEncoder.Unsupported() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw CompactJSONEncoder.Unsupported() }
}
