import Foundation

/// Compact JSON with sorted keys and unescaped slashes: the bytes Foundation's `JSONEncoder`
/// gives with `[.sortedKeys, .withoutEscapingSlashes]`, written straight into one buffer instead
/// of through a tree of boxed values, which made `JSONEncoder` as costly as laying a book out
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

    func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let output = JSONOutput()
        try output.write(value)
        return Array(output.chunks.joined()) + output.bytes
    }

    /// The document and a newline as one `Data`, its bytes copied once: the page list's runs go
    /// straight from the buffers they were written in (`JSONOutput.append(chunk:)`).
    /// `pages`: the document's pages already written, if they were.
    func data(_ document: PageDocument, pages: EncodedPages? = nil) throws -> Data {
        let output = JSONOutput()
        try document.writeJSON(to: output, encodedPages: pages)
        output.bytes.append(UInt8(ascii: "\n"))
        var data = Data(capacity: output.chunks.reduce(output.bytes.count) { $0 + $1.count })
        for chunk in output.chunks + [output.bytes] {
            chunk.withUnsafeBufferPointer { data.append($0) }
        }
        return data
    }
}

/// The bytes written so far, shared by every level of one encoding.
final class JSONOutput {
    // One encoding, one thread: the runtime's exclusivity checks on every append cost more than
    // the append.
    @exclusivity(unchecked) var bytes: [UInt8] = []

    /// Finished pieces that come before `bytes`: a long page list's runs, kept in the buffers
    /// they were written in rather than copied into one.
    private(set) var chunks: [[UInt8]] = []
    /// Whether `append(chunk:)` may keep a piece apart: only where nothing will move the bytes
    /// already written (a `ValueWriter` sorting an object's members does).
    var acceptsChunks = false

    init() { bytes.reserveCapacity(1 << 16) }

    /// Bytes written elsewhere, next in the output.
    func append(chunk: [UInt8]) {
        guard acceptsChunks else { return bytes += chunk }
        if !bytes.isEmpty {
            chunks.append(bytes)
            bytes = []
        }
        chunks.append(chunk)
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
        bytes.append(0x22)
        var string = string
        string.withUTF8 { utf8 in
            var mark = 0
            // Most text has nothing to escape: it is passed over eight bytes at a time, and the
            // bytes are copied in one piece.
            var i = 0
            while i + 8 <= utf8.count,
                  !Self.anyNeedsEscape(UnsafeRawPointer(utf8.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                i += 8
            }
            while i < utf8.count {
                let byte = utf8[i]
                i += 1
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<(i - 1)]))
                mark = i
                switch byte {
                case 0x22: bytes += [0x5C, 0x22]
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
                case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...]))
        }
        bytes.append(0x22)
    }

    /// Whether any of the eight bytes of `word` must be escaped: below 0x20, `"` or `\`. The
    /// usual test for a zero byte (`x - 0x01…01` and `~x` share a high bit only if some byte of
    /// `x` is zero) is run on words that have a zero byte exactly where a byte matches: the top
    /// three bits of each byte, for the controls, and the word xor a repeated `"` or `\`.
    static func anyNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        // A byte below 0x20 is one whose top three bits are clear.
        let controls = hasZeroByte(word & 0xE0E0_E0E0_E0E0_E0E0)
        return controls || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// As `JSONEncoder` writes numbers: Swift's shortest form, without a trailing `.0`.
    func write(_ number: Double) throws {
        guard number.isFinite else { throw CompactJSONEncoder.Unsupported() }
        if let hundredths = Self.hundredths(number) { return write(hundredths: hundredths) }
        let text = number.description
        let utf8 = text.utf8
        bytes += text.hasSuffix(".0") ? utf8.dropLast(2) : utf8[...]
    }

    /// The number as a count of hundredths, when it is the double nearest to one (as the page
    /// list's positions and sizes are, rounded to hundredths of a point) and not zero (whose sign
    /// the shortest form keeps). Below 10⁹ doubles are closer together than a hundredth, so no
    /// shorter decimal names the same double: the shortest form is the hundredths' own digits,
    /// and writing them costs a fifth of finding it.
    static func hundredths(_ number: Double) -> Int? {
        guard number != 0, abs(number) < 1e9 else { return nil }
        let scaled = (number * 100).rounded()
        return scaled / 100 == number ? Int(scaled) : nil
    }

    /// `12.5`, `-0.25`, `72`: as the shortest form writes the same number.
    private func write(hundredths: Int) {
        if hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = hundredths.magnitude
        write(UInt64(magnitude / 100))
        var fraction = magnitude % 100
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        fraction %= 10
        if fraction != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction)) }
    }

    /// `"key":` after a comma unless it is the object's first member.
    func key(_ key: StaticString, first: inout Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(0x22)
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
        bytes.append(UInt8(ascii: ":"))
    }

    func write(_ number: Int64) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        write(number.magnitude)
    }

    /// Digit by digit, from the right, into a buffer on the stack: `description` cost a hundred
    /// instructions a number, and a page list has millions of them.
    func write(_ number: UInt64) {
        guard number >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(number)) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = number
            var first = digits.count
            while rest > 0 {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }
    // Literals written from static storage: `+= [..]` or `Array("true".utf8)` made an array on
    // the heap for every key and flag, millions of them in a long book.
    func write(_ flag: Bool) { append(flag ? "true" : "false") }
    func writeNull() { append("null") }

    private func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
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
                let written = Array(output.bytes[bodyStart...])
                output.bytes.removeSubrange(bodyStart...)
                let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                for (n, member) in sorted.enumerated() {
                    if n > 0 { output.bytes.append(UInt8(ascii: ",")) }
                    output.bytes += written[(member.range.lowerBound - bodyStart)..<(member.range.upperBound - bodyStart)]
                }
            }
            output.bytes.append(UInt8(ascii: "}"))
        } else if arrayStart >= 0 {
            output.bytes.append(UInt8(ascii: "]"))
        } else if !wroteSingle {
            output.bytes += Array("{}".utf8)
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
