import Foundation
import PageFormat

/// A book's page list, written on every processor: each worker writes a run of whole pages into
/// a buffer of its own, and the runs are joined in order with the commas between them. A page's
/// JSON depends on nothing around it, so the bytes are those of writing the pages one after
/// another; the list is most of a book's JSON, and writing it alone kept one core waiting.
extension Array: CompactJSONWritable where Element == Page {
    /// Below this many pages, threads cost more than they save.
    static var pagesPerWorker: Int { 256 }

    func writeJSON(to output: JSONOutput) throws {
        let workers = Swift.min(ProcessInfo.processInfo.activeProcessorCount, count / Self.pagesPerWorker)
        guard workers > 1 else { return try output.writeArray(self) }
        let runs = Self.runs(count: count, workers: workers)
        let written = WrittenRuns(count: runs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { r in
            let part = JSONOutput()
            do {
                try part.writeElements(self[runs[r]])
                written.set(r, .success(part.bytes.takeData()))
            } catch {
                written.set(r, .failure(error))
            }
        }
        output.bytes.append(UInt8(ascii: "["))
        for r in runs.indices {
            if r > 0 { output.bytes.append(UInt8(ascii: ",")) }
            output.append(chunk: try written.get(r))
        }
        output.bytes.append(UInt8(ascii: "]"))
    }

    /// `count` pages in `workers` consecutive runs of nearly equal length.
    private static func runs(count: Int, workers: Int) -> [Range<Int>] {
        (0..<workers).map { count * $0 / workers..<count * ($0 + 1) / workers }
    }
}

/// Each run's bytes (or error), set by its own worker and read after all have finished.
private final class WrittenRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Data, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Data, any Error>) {
        lock.withLock { results[index] = result }
    }

    func get(_ index: Int) throws -> Data {
        try lock.withLock { results[index] }!.get()
    }
}
