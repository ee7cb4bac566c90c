import CZlib
import Foundation

/// Reading a gzip file back whole, for the few members an output records of itself
/// (`RecordedOutput`). Into memory, within a bound: a file in an output's place need not be ours,
/// and a small one can inflate a thousandfold.
public enum GzipDecompression {
    /// Whether `bytes` start as a gzip file does (RFC 1952's two magic bytes); a JSON document
    /// never starts so.
    public static func isGzip(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The bytes a gzip file holds, its members one after another as `zcat` gives them. Throws
    /// when it is not gzip, is cut short or corrupt, or holds more than `limit` bytes.
    public static func decompress(_ bytes: UnsafeRawBufferPointer, limit: Int) throws(GzipError) -> Data {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        let started = b2p_inflate_init_gzip(stream)
        guard started == Z_OK else { throw GzipError(status: started, message: nil) }
        defer { inflateEnd(stream) }
        guard let base = bytes.bindMemory(to: Bytef.self).baseAddress, !bytes.isEmpty else { throw GzipError("empty file") }
        // zlib counts its input in 32 bits.
        guard bytes.count <= Int(UInt32.max) else { throw GzipError("larger than 4 GiB") }
        // zlib's `next_in` is not const, but inflate never writes through it.
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base)
        stream.pointee.avail_in = uInt(bytes.count)
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let status = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = uInt(buffer.count)
                return inflate(stream, Z_NO_FLUSH)
            }
            let produced = chunk.count - Int(stream.pointee.avail_out)
            guard output.count + produced <= limit else { throw GzipError("inflates past \(limit) bytes") }
            output.append(contentsOf: chunk[..<produced])
            switch status {
            case Z_STREAM_END:
                // Another member may follow (`cat a.gz b.gz`); past the last, the file is whole.
                guard stream.pointee.avail_in > 0 else { return output }
                let reset = inflateReset(stream)
                guard reset == Z_OK else { throw GzipError(status: reset, message: nil) }
            case Z_OK:
                continue
            case Z_BUF_ERROR where stream.pointee.avail_in == 0:
                throw GzipError("cut short")
            default:
                throw GzipError(status: status, message: stream.pointee.msg.map { String(cString: $0) })
            }
        }
    }
}
