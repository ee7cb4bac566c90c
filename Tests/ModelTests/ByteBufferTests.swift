import Foundation
@testable import PageFormat
import Testing
@testable import PageJSON

/// The compact JSON writer's own buffer: every kind of append keeps every byte, in order,
/// however often the buffer grows; its bytes are handed over whole; and JSON written across a
/// growth comes out as it does in one roomy buffer.
struct ByteBufferTests {
    @Test func bytesAppendedPastTheCapacityAreAllKept() {
        var buffer = ByteBuffer(capacity: 3)
        let reserved = buffer.capacity
        #expect(reserved == 3)
        let expected = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        for byte in expected { buffer.append(byte) }
        // Read into values first: `#expect` takes a noncopyable buffer's properties apart no more.
        let (count, capacity) = (buffer.count, buffer.capacity)
        #expect(count == expected.count)
        #expect(capacity >= expected.count)
        #expect(buffer.array() == expected)
    }

    @Test func eachKindOfAppendWritesItsBytesInOrder() {
        // From no memory at all: every kind must grow the buffer on its own.
        var buffer = ByteBuffer()
        buffer.append(UInt8(ascii: "["))
        buffer.append("key")
        buffer.append("x")  // a one-scalar literal, held as a scalar
        buffer.append("é")  // a one-scalar literal of two bytes
        let typed: [UInt8] = Array("typed".utf8)
        typed.withUnsafeBufferPointer { buffer.append($0) }
        Data("raw".utf8).withUnsafeBytes { buffer.append($0) }
        Data().withUnsafeBytes { buffer.append($0) }
        buffer.append(atMost: 10) { out in
            out[0] = UInt8(ascii: "4")
            out[1] = UInt8(ascii: "2")
            return 2
        }
        buffer.append(UInt8(ascii: "]"))
        #expect(buffer.array() == Array("[keyxétypedraw42]".utf8))
        #expect(buffer.array(from: 4) == Array("xétypedraw42]".utf8))
        buffer.removeLast(3)
        #expect(buffer.array() == Array("[keyxétypedraw".utf8))
    }

    @Test func aLongAppendGrowsTheBufferAtOnce() {
        var buffer = ByteBuffer(capacity: 4)
        buffer.append(UInt8(ascii: "a"))
        let long = [UInt8](repeating: UInt8(ascii: "b"), count: 1_000)
        long.withUnsafeBufferPointer { buffer.append($0) }
        let capacity = buffer.capacity
        #expect(capacity >= 1_001)
        #expect(buffer.array() == [UInt8(ascii: "a")] + long)
    }

    @Test func takingTheBytesLeavesTheBufferEmptyAndUsable() {
        var buffer = ByteBuffer(capacity: 8)
        #expect(buffer.takeData().isEmpty)
        buffer.append("first piece, longer than its capacity")
        let first = buffer.takeData()
        #expect(first == Data("first piece, longer than its capacity".utf8))
        let (count, capacity) = (buffer.count, buffer.capacity)
        #expect(count == 0)
        #expect(capacity == 0)
        buffer.append("second")
        #expect(buffer.takeData() == Data("second".utf8))
        // The first piece's memory now belongs to its `Data` alone.
        #expect(first == Data("first piece, longer than its capacity".utf8))
    }

    /// Strings with characters to escape, numbers and keys written into an output whose buffer
    /// grows at every place in them: the bytes of writing into a roomy one.
    @Test func jsonWrittenAcrossAGrowthIsUnchanged() throws {
        let text = "a\"b\\c\nd\u{1}é漢😀 plain text that runs past a word or two\t\"end\""
        func write(_ output: JSONOutput) throws {
            output.write(text)
            try output.object { first in
                output.key("height", first: &first); try output.write(-1234.56)
                output.key("x", first: &first); output.write(Int64.min)
                output.key("y", first: &first); output.write(true)
            }
            output.write(UInt64.max)
            try output.write(0.1 + 0.2)
            output.write(String(text.reversed()))
        }
        let roomy = JSONOutput()
        try write(roomy)
        let expected = roomy.bytes.array()
        let quoted = try Array(JSONEncoder().encode(text))
        #expect(Array(expected.prefix(quoted.count)) == quoted)
        for capacity in 0..<expected.count + 1 {
            let output = JSONOutput(capacity: capacity)
            try write(output)
            #expect(output.bytes.array() == expected, "capacity \(capacity)")
        }
    }
}
