import Foundation
import PageFormat

/// The bytes the compact JSON writer appends to, a quote, a key or a few digits at a time:
/// millions of appends for a long book. `[UInt8]` spent far more than the bytes on each append,
/// and asked the runtime on every append whether the array was shared; here an append is
/// one capacity check and a store or a copy. The finished bytes are handed over as `Data` that
/// owns them (`takeData`), so that nothing copies them on the way to the output.
///
/// Noncopyable: it owns its memory alone, and frees it when it goes.
struct ByteBuffer: ~Copyable {
    // `malloc`'s memory, so that growing may extend it in place (`realloc`) and `Data` can free it.
    private var start: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private(set) var capacity = 0

    init(capacity: Int = 0) {
        if capacity > 0 { resize(to: capacity) }
    }

    deinit { free(start) }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start.unsafelyUnwrapped[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(start.unsafelyUnwrapped + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// A key, a `true`, an escape: text the program holds in static memory.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Bytes written in place, for numbers: `write` gets room for `maximum` bytes and returns how
    /// many it wrote. Digits put straight here need no buffer of their own to be copied from.
    @inline(__always)
    mutating func append(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        let written = write(start.unsafelyUnwrapped + count)
        assert(written <= maximum)
        count += written
    }

    mutating func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= count)
        count -= n
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// A copy of the bytes from `offset` on.
    func array(from offset: Int = 0) -> [UInt8] {
        withUnsafeBytes { Array($0[offset...]) }
    }

    /// The bytes as `Data` that owns them, with no copy, and the buffer empty again. The unused
    /// capacity is given back first (`realloc` shrinks in place), so a piece kept until the end
    /// of a long book holds only its bytes.
    mutating func takeData() -> Data {
        guard let start, count > 0 else { return Data() }
        let fitted = realloc(start, count) ?? UnsafeMutableRawPointer(start)
        let data = Data(bytesNoCopy: fitted, count: count, deallocator: .free)
        self.start = nil
        count = 0
        capacity = 0
        return data
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(toHold: count + extra) }
    }

    /// At least double, so that appending n bytes moves each byte a bounded number of times.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        resize(to: Swift.max(needed, capacity * 2, 64))
    }

    private mutating func resize(to newCapacity: Int) {
        guard let moved = realloc(start, newCapacity) else {
            fatalError("out of memory: \(newCapacity) bytes of JSON")
        }
        start = moved.bindMemory(to: UInt8.self, capacity: newCapacity)
        capacity = newCapacity
    }
}
