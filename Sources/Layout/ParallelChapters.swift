import BookModel
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Lays chapters out on several threads: since each chapter starts a new page, a book splits into
/// whole chapters that need nothing from each other. Each worker has its own measuring cache and
/// line breaker and takes the next chapter not yet taken, in reading order, until none is left,
/// so a worker slowed down (the machine is shared, a chapter is hard) leaves the rest to the
/// others instead of holding up the book. Results come back in reading order, and a chapter's
/// layout does not depend on which worker made it (caches change no result), so the output is
/// the same however the work was shared.
enum ParallelChapters {
    /// Below this much text one thread is quicker than starting more.
    static let minimumBytesPerWorker = 256 * 1024
    /// Each worker shapes the words of its chapters again: beyond a few, that costs more than it saves.
    static let maximumWorkers = 8

    /// The chapters' layouts in order, made by at most `workerLimit` workers. `deliver`, when
    /// given, receives each chapter's layout as soon as it and every chapter before it are done,
    /// in reading order and one at a time, so a writer can stream the pages.
    static func layout(_ chapters: [Chapter], workerLimit: Int = .max,
                       makeWorker: @Sendable () -> ChapterLayouter,
                       deliver: (@Sendable (Int, ChapterLayout) -> Void)? = nil) -> [ChapterLayout] {
        let total = chapters.reduce(0) { $0 + textSize(of: $1.blocks) }
        let workers = max(1, min(processorCount(), maximumWorkers, total / minimumBytesPerWorker, chapters.count, workerLimit))
        let results = ResultSlots(count: chapters.count)
        defer {
            results.buffer.deinitialize()
            results.buffer.deallocate()
        }
        let queue = ChapterQueue(count: chapters.count)
        let delivery = deliver.map { OrderedDelivery(count: chapters.count, deliver: $0) }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var worker = makeWorker()
            while let index = queue.next() {
                let layout = worker.layout(chapters[index], index: index)
                results.buffer[index] = layout
                delivery?.finished(index, layout)
            }
        }
        return results.buffer.map { $0! }
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
/// before it are done. One worker at a time delivers, outside the lock, every chapter that is
/// ready; the others only leave theirs and go on laying out, so a receiver that takes its time
/// (a writer making the pages' JSON) holds no one up.
private final class OrderedDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [Int: ChapterLayout] = [:]
    private var next = 0
    private var delivering = false
    private let deliver: @Sendable (Int, ChapterLayout) -> Void

    init(count: Int, deliver: @escaping @Sendable (Int, ChapterLayout) -> Void) {
        self.deliver = deliver
        waiting.reserveCapacity(min(count, 64))
    }

    func finished(_ index: Int, _ layout: ChapterLayout) {
        lock.lock()
        waiting[index] = layout
        guard !delivering else { return lock.unlock() }
        delivering = true
        while let ready = waiting.removeValue(forKey: next) {
            let index = next
            next += 1
            lock.unlock()
            deliver(index, ready)
            lock.lock()
        }
        delivering = false
        lock.unlock()
    }
}

/// The chapters not yet taken, handed out in reading order.
private final class ChapterQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = 0
    private let count: Int

    init(count: Int) { self.count = count }

    /// The next chapter's index, or nil when every chapter has been taken.
    func next() -> Int? {
        lock.withLock {
            guard taken < count else { return nil }
            taken += 1
            return taken - 1
        }
    }
}

/// Where the workers put their results, a slot per chapter. Each slot is written by the one
/// worker that took its chapter, and read only after `concurrentPerform` has returned, which
/// orders every write before the reads.
private struct ResultSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<ChapterLayout?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }
}
