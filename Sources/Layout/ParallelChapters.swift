import BookModel
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Lays chapters out on several threads: since each chapter starts a new page, a book splits into
/// runs of whole chapters that need nothing from each other. Each worker has its own measuring
/// cache and line breaker; results come back in reading order, so the output is the same however
/// the work was shared.
enum ParallelChapters {
    /// Below this much text one thread is quicker than starting more.
    static let minimumBytesPerWorker = 256 * 1024
    /// Each worker shapes the words of its part again: beyond a few, that costs more than it saves.
    static let maximumWorkers = 8

    /// The chapters' layouts in order, made by at most `workerLimit` workers. `deliver`, when
    /// given, receives each chapter's layout as soon as it and every chapter before it are done,
    /// in reading order and one at a time, so a writer can stream the pages.
    static func layout(_ chapters: [Chapter], workerLimit: Int = .max,
                       makeWorker: @Sendable () -> ChapterLayouter,
                       deliver: (@Sendable (Int, ChapterLayout) -> Void)? = nil) -> [ChapterLayout] {
        let sizes = chapters.map { textSize(of: $0.blocks) }
        let total = sizes.reduce(0, +)
        let workers = max(1, min(processorCount(), maximumWorkers, total / minimumBytesPerWorker, chapters.count, workerLimit))
        let groups = split(sizes, into: workers)
        let results = ResultSlots(count: groups.count)
        defer {
            results.buffer.deinitialize()
            results.buffer.deallocate()
        }
        let delivery = deliver.map { OrderedDelivery(count: chapters.count, deliver: $0) }
        DispatchQueue.concurrentPerform(iterations: groups.count) { g in
            var worker = makeWorker()
            results.buffer[g] = groups[g].map { index in
                let layout = worker.layout(chapters[index])
                delivery?.finished(index, layout)
                return layout
            }
        }
        return results.buffer.flatMap { $0 }
    }

    /// Consecutive ranges of chapter indices holding about the same amount of text each.
    static func split(_ sizes: [Int], into count: Int) -> [Range<Int>] {
        let total = max(sizes.reduce(0, +), 1)
        var groups: [Range<Int>] = []
        var start = 0
        var sum = 0
        for (i, size) in sizes.enumerated() {
            sum += size
            let target = total * (groups.count + 1) / count
            if sum >= target, groups.count < count - 1 {
                groups.append(start..<(i + 1))
                start = i + 1
            }
        }
        if start < sizes.count || groups.isEmpty { groups.append(start..<sizes.count) }
        return groups
    }

    /// The UTF-8 size of the blocks' text: a cheap stand-in for the work of laying them out.
    static func textSize(of blocks: [Block]) -> Int {
        var size = 0
        for block in blocks {
            switch block.kind {
            case .heading(_, let inlines), .paragraph(let inlines), .preformatted(let inlines):
                for inline in inlines { size += inline.text.utf8.count }
            case .list(let list):
                for item in list.items { size += textSize(of: item) }
            case .quote(let blocks):
                size += textSize(of: blocks)
            case .table(let table):
                for row in table.rows { for cell in row { for inline in cell.content { size += inline.text.utf8.count } } }
            case .rule, .image:
                size += 8
            }
        }
        return size
    }

    private static func processorCount() -> Int {
        #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}

/// Hands finished chapters on in reading order: a chapter finished early waits until those
/// before it are done. Delivery happens under the lock, so the receiver sees one chapter at a time.
private final class OrderedDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [Int: ChapterLayout] = [:]
    private var next = 0
    private let deliver: @Sendable (Int, ChapterLayout) -> Void

    init(count: Int, deliver: @escaping @Sendable (Int, ChapterLayout) -> Void) {
        self.deliver = deliver
        waiting.reserveCapacity(min(count, 64))
    }

    func finished(_ index: Int, _ layout: ChapterLayout) {
        lock.lock()
        defer { lock.unlock() }
        waiting[index] = layout
        while let ready = waiting.removeValue(forKey: next) {
            deliver(next, ready)
            next += 1
        }
    }
}

/// Where the workers put their results. Each writes only its own element, and they are read only
/// after `concurrentPerform` has returned, which orders every write before the reads.
private struct ResultSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<[ChapterLayout]>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: [])
    }
}
