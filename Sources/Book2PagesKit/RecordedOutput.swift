import Foundation
import Gzip
import PageFormat
import XHTMLReader

/// What an existing output records of itself, read without decoding its pages: its provenance,
/// whether it is whole, and how many content pages it has. `--incremental` asks this of every
/// output of a batch, so it reads the file mapped and decodes only the few members it needs
/// (decoding whole outputs took seconds and gigabytes for a library of big books).
///
/// A gzip output (`-o book.json.gz`) is inflated whole into memory first, within
/// `largestInflated`: its provenance is near its end (JSON) or split between its first and last
/// lines (JSON Lines), and one pass over the whole is simple where a window over the stream
/// would not be. A book's output is tens of megabytes; only a file that is not ours is larger.
struct RecordedOutput {
    var provenance: Provenance
    var contentPages: Int

    /// Nil when the file is missing, cut short, or records no provenance.
    init?(path: String, format: OutputFormat) {
        // A FIFO or a device in the output's place would never end: only a regular file is read.
        guard let handle = try? LooseFile.open(path, named: path), let data = Self.contents(handle) else { return nil }
        let found: Provenance? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return format == .ndjson ? Self.jsonLinesProvenance(bytes) : Self.jsonProvenance(bytes)
        }
        guard let found else { return nil }
        provenance = found
        contentPages = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Raw quotes in a string are escaped, so these bytes are a page's type and nothing else.
            return Self.count(#""type":"content""#, in: bytes) + Self.count(#""type" : "content""#, in: bytes)
        }
    }

    /// The provenance of the output at `path`, in either format; nil when there is none to read
    /// (no file, not a whole output, not one of ours). The pages are not counted.
    static func provenance(at path: String) -> Provenance? {
        guard let handle = try? LooseFile.open(path, named: path), let data = Self.contents(handle) else { return nil }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Told apart by how they open, not by looking for a line's end: a compact JSON
            // document is one line, and searching it for a newline would read every page of the
            // file into the process's memory (a mapped page read counts, as much as the output).
            return bytes.starts(with: Self.jsonLinesOpening) ? jsonLinesProvenance(bytes) : jsonProvenance(bytes)
        }
    }

    /// How a JSON Lines output opens: its header, whose first member (members are sorted) is
    /// its format's name. A JSON document opens with its chapters.
    private static let jsonLinesOpening = Array(#"{"format":"#.utf8)

    /// The most a gzip output is inflated to before it is taken for not ours: the default memory
    /// limit (`--limit memory`).
    static let largestInflated = 1 << 30

    /// The file's bytes, inflated when it is gzip; nil when it can't be read, or is gzip that is
    /// cut short, corrupt or past `largestInflated`.
    private static func contents(_ handle: FileHandle) -> Data? {
        guard let data = mapped(handle) else { return nil }
        let isGzip = data.withUnsafeBytes(GzipDecompression.isGzip)
        guard isGzip else { return data }
        return data.withUnsafeBytes { raw in try? GzipDecompression.decompress(raw, limit: largestInflated) }
    }

    /// The whole file, mapped from the descriptor already open (by path, `Data` would lose a name
    /// that is not UTF-8); nil when it can't be.
    private static func mapped(_ handle: FileHandle) -> Data? {
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        if size == 0 { return Data() }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, handle.fileDescriptor, 0), address != MAP_FAILED else {
            return nil
        }
        return Data(bytesNoCopy: address, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    /// A JSON document's keys are sorted, and its pages come before its provenance: the last
    /// `"provenance"` key is the document's own. What follows it (target, contents, version)
    /// must close the document, which it does not when the file was cut short.
    private static func jsonProvenance(_ bytes: UnsafeBufferPointer<UInt8>) -> Provenance? {
        guard let key = lastRange(of: #""provenance""#, in: bytes) else { return nil }
        var index = afterSpace(in: bytes, from: key.upperBound)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index = afterSpace(in: bytes, from: index + 1)
        let start = index
        guard index < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        // To its closing brace, over the objects and arrays it holds (its fonts) and its strings.
        guard let provenanceEnd = closingPoint(of: bytes, from: start + 1)?.end else { return nil }
        let object = Data(bytes[start..<provenanceEnd])
        // The members after it close the document, and nothing but white space follows.
        guard let closed = closingPoint(of: bytes, from: provenanceEnd), onlySpace(in: bytes, from: closed.end) else { return nil }
        return try? JSONDecoder().decode(Provenance.self, from: object)
    }

    /// JSON Lines: the provenance is in the header, the first line; the file is whole when its
    /// last line is the end line, complete.
    private static func jsonLinesProvenance(_ bytes: UnsafeBufferPointer<UInt8>) -> Provenance? {
        guard bytes.last == 0x0A, let firstEnd = bytes.firstIndex(of: 0x0A) else { return nil }
        let lastStart = (bytes[..<(bytes.count - 1)].lastIndex(of: 0x0A) ?? -1) + 1
        guard lastStart > firstEnd, bytes[lastStart] == UInt8(ascii: "{"),
              let closed = closingPoint(of: bytes, from: lastStart + 1, member: Self.endLineMember), closed.hasMember,
              onlySpace(in: bytes, from: closed.end) else { return nil }
        struct Header: Decodable { var provenance: Provenance? }
        return (try? JSONDecoder().decode(Header.self, from: Data(bytes[..<firstEnd])))?.provenance
    }

    /// What marks the end line: its `line` member.
    private static let endLineMember = (name: Array("line".utf8), value: Array(#""end""#.utf8))

    /// Where the object whose members `bytes` hold from `start` on closes (just past its brace),
    /// read for its structure alone: strings closed, objects and arrays balanced, which is what a
    /// file cut short lacks. `member`: whether the object has that member, with that value as
    /// its bytes. Nil when it never closes. No value is made: for the last members of a long
    /// book's output (its chapters, contents and spreads), Foundation's objects took hundreds
    /// of megabytes.
    private static func closingPoint(of bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                     member: (name: [UInt8], value: [UInt8])? = nil) -> (end: Int, hasMember: Bool)? {
        var depth = 1
        var inString = false
        var stringStart = start
        var hasMember = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1, let member, !hasMember {
                        hasMember = isMember(member, in: bytes, nameFrom: stringStart + 1, to: index)
                    }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                    stringStart = index
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return (index + 1, hasMember) }
                default:
                    break
                }
            }
            index += 1
        }
        return nil
    }

    /// Whether the string whose bytes run from `start` to `end` (its closing quote) names
    /// `member`, and the value after its colon is `member.value`.
    private static func isMember(_ member: (name: [UInt8], value: [UInt8]), in bytes: UnsafeBufferPointer<UInt8>,
                                 nameFrom start: Int, to end: Int) -> Bool {
        guard bytes[start..<end].elementsEqual(member.name) else { return false }
        var index = afterSpace(in: bytes, from: end + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
        index = afterSpace(in: bytes, from: index + 1)
        return index + member.value.count <= bytes.count
            && bytes[index..<(index + member.value.count)].elementsEqual(member.value)
    }

    private static func onlySpace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        afterSpace(in: bytes, from: start) == bytes.count
    }

    /// The first index from `start` on that is not JSON's white space.
    private static func afterSpace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        return index
    }

    private static func lastRange(of needle: String, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        var start = bytes.count - pattern.count
        while start >= 0 {
            if bytes[start] == pattern[0], bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
                return start..<(start + pattern.count)
            }
            start -= 1
        }
        return nil
    }

    private static func count(_ needle: String, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let pattern = Array(needle.utf8)
        guard let base = bytes.baseAddress, bytes.count >= pattern.count else { return 0 }
        var found = 0
        var offset = 0
        let last = bytes.count - pattern.count
        while offset <= last {
            // memchr finds the first byte of each candidate at memory speed.
            guard let hit = memchr(base + offset, Int32(pattern[0]), last - offset + 1) else { break }
            let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
                found += 1
                offset = start + pattern.count
            } else {
                offset = start + 1
            }
        }
        return found
    }
}
