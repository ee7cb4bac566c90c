import Dispatch
import Foundation

extension PageDocument {
    /// The document as JSON. Keys are sorted so the same document always gives the same bytes.
    ///
    /// Encoding is most of the cost of writing a large book (Foundation's `JSONEncoder` spends
    /// about as long on a War-and-Peace-size book's pages as the layout does on one core), so
    /// compact JSON encodes the pages in runs on every processor and splices them into the
    /// rest: the bytes are the ones one `JSONEncoder` call gives, since compact JSON of an array
    /// is its elements' JSON joined by commas (docs/PERFORMANCE.md).
    public func jsonData(pretty: Bool = false) throws -> Data {
        let encoder = Self.encoder(pretty: pretty)
        let runCount = pretty ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, pages.count / Self.pagesPerRun)
        guard runCount > 1 else {
            var data = try encoder.encode(self)
            data.append(UInt8(ascii: "\n"))
            return data
        }
        var shell = self
        shell.pages = []
        let outline = try encoder.encode(shell)
        guard let splice = Self.rangeOfTopLevelPages(in: outline) else {
            var data = try encoder.encode(self)
            data.append(UInt8(ascii: "\n"))
            return data
        }
        let runs = ResultBox(count: runCount)
        DispatchQueue.concurrentPerform(iterations: runCount) { run in
            let start = pages.count * run / runCount, end = pages.count * (run + 1) / runCount
            runs.set(run, Result { try Self.encoder(pretty: false).encode(Array(pages[start..<end])) })
        }
        var data = Data(capacity: outline.count + runs.values.reduce(0) { $0 + ((try? $1?.get().count) ?? 0) } + 1)
        data.append(outline[..<splice.lowerBound])
        data.append(UInt8(ascii: "["))
        for (index, run) in runs.values.enumerated() {
            guard let encoded = try run?.get() else { continue }
            if index > 0 { data.append(UInt8(ascii: ",")) }
            // Each run is `[…]`: its elements without the brackets.
            data.append(encoded[(encoded.startIndex + 1)..<(encoded.endIndex - 1)])
        }
        data.append(UInt8(ascii: "]"))
        data.append(outline[splice.upperBound...])
        data.append(UInt8(ascii: "\n"))
        return data
    }

    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(PageDocument.self, from: jsonData)
    }

    /// Below this many pages a run costs more to start than it saves.
    static let pagesPerRun = 256

    static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Where the empty array of the top-level key `pages` lies in compact JSON (`[]`, both
    /// brackets): found by walking the object's first level, strings skipped, so a `pages` key
    /// nested deeper or a string holding the word is never taken for it.
    static func rangeOfTopLevelPages(in json: Data) -> Range<Data.Index>? {
        let key = Array("\"pages\":[]".utf8)
        return json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Range<Data.Index>? in
            var depth = 0
            var index = 0
            var inString = false
            while index < bytes.count {
                let byte = bytes[index]
                if inString {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    if depth == 1, index + key.count <= bytes.count,
                       (0..<key.count).allSatisfy({ bytes[index + $0] == key[$0] }) {
                        let open = json.startIndex + index + key.count - 2
                        return open..<(open + 2)
                    }
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                }
                index += 1
            }
            return nil
        }
    }
}

/// One slot per run, each written by one thread only.
private final class ResultBox: @unchecked Sendable {
    private(set) var values: [Result<Data, any Error>?]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<Data, any Error>) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}
