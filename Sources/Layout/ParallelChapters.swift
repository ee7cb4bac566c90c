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

    /// How many workers `chapters` are worth.
    static func workers(for chapters: [Chapter]) -> Int {
        let total = chapters.reduce(0) { $0 + textSize(of: $1.blocks) }
        return max(1, min(processorCount(), maximumWorkers, total / minimumBytesPerWorker, chapters.count))
    }

    /// How many workers a book still being read gets: as many as there are processors, since its
    /// size is not known yet.
    static func workers() -> Int {
        max(1, min(processorCount(), maximumWorkers))
    }

    /// Starts `workers` workers laying out the chapters of `feed`, each taking the next one in
    /// reading order. `deliver`, when given, receives each chapter's layout as soon as it and
    /// every chapter before it are done, in reading order and one at a time, so a writer can
    /// stream the pages. The workers run on threads of their own, not dispatch's: one waiting
    /// for a chapter not yet read must not hold a thread the reader's parsing would share out to.
    /// `keepingPages` false: the layouts `wait` folds hold no pages, those having gone to
    /// `deliver` only. `spreadSide`, with a `deliver`: whether the next
    /// chapter delivered opens a spread whose two pages end together (nil: pages face none), as
    /// the writer placing the pages says; a chapter laid out before the ones ahead of it were
    /// delivered is cut into pages again when it was cut for the other side.
    static func start(_ feed: ChapterFeed, workers: Int, keepingPages: Bool = true,
                      makeWorker: @escaping @Sendable () -> ChapterLayouter,
                      deliver: (@Sendable (Int, ChapterLayout) -> Void)? = nil,
                      spreadSide: (@Sendable () -> Bool?)? = nil) -> Running {
        let running = Running(keepingPages: keepingPages)
        let queue = ChapterQueue()
        // Without a `deliver`, chapters are still put in order, to be folded as they come.
        let delivery = OrderedDelivery(spreadSide: deliver == nil ? nil : spreadSide) { index, layout in
            running.fold(index, layout)
            deliver?(index, layout)
        }
        for _ in 0..<workers {
            running.group.enter()
            Thread {
                var worker = makeWorker()
                while case let index = queue.next(), let chapter = feed.take(index) {
                    let layout = worker.layout(chapter, index: index) { delivery.side(ofChapter: index) }
                    delivery.finished(index, layout)
                }
                running.group.leave()
            }.start()
        }
        return running
    }

    /// Chapters being laid out; `wait` gives their layouts, folded. Each is folded in as soon as
    /// it and every chapter before it are done (`OrderedDelivery` waits for those), so that no
    /// more than the chapters done out of order are held whole.
    final class Running: @unchecked Sendable {
        fileprivate let group = DispatchGroup()
        private let lock = NSLock()
        private let keepingPages: Bool
        private var folded = LaidOutChapters()

        fileprivate init(keepingPages: Bool) {
            self.keepingPages = keepingPages
        }

        /// Folds in chapter `index`, the next in reading order.
        fileprivate func fold(_ index: Int, _ layout: ChapterLayout) {
            lock.withLock {
                precondition(index == folded.count, "chapter \(index) delivered out of order")
                folded.append(layout, keepingPages: keepingPages)
            }
        }

        /// Waits for the workers, then gives the layouts of the book's `count` chapters, folded;
        /// nil when the feed was cancelled before they were all laid out. What it gives is no
        /// longer held here: the paged book made of it is then the only owner of its lists.
        func wait(count: Int) -> LaidOutChapters? {
            group.wait()
            return lock.withLock {
                defer { folded = LaidOutChapters() }
                return folded.count == count ? folded : nil
            }
        }
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
            case .quote(let blocks), .division(let blocks):
                size += textSize(of: blocks)
            case .float(let box):
                size += textSize(of: box.blocks)
            case .table(let table):
                size += table.textSize
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
/// (a writer making the pages' JSON) holds no one up. Each chapter's first page is placed on its
/// side of a spread just before it is delivered, when every page before it is known.
private final class OrderedDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [Int: ChapterLayout] = [:]
    private var next = 0
    /// How many chapters the receiver has taken.
    private var delivered = 0
    private var delivering = false
    private let spreadSide: (@Sendable () -> Bool?)?
    private let deliver: @Sendable (Int, ChapterLayout) -> Void

    init(spreadSide: (@Sendable () -> Bool?)?, deliver: @escaping @Sendable (Int, ChapterLayout) -> Void) {
        self.spreadSide = spreadSide
        self.deliver = deliver
    }

    /// Whether chapter `index`'s first page opens a spread, as far as is known now: known once
    /// every chapter before it is delivered. Asked by the worker laying chapter `index` out, so
    /// no other delivery can come in between.
    func side(ofChapter index: Int) -> FirstPageSide {
        guard let spreadSide else { return .unpaired }
        // Asked only once every chapter before it is delivered: until then the answer may change.
        if lock.withLock({ delivered == index }) { return spreadSide().map { .known(opensSpread: $0) } ?? .unpaired }
        // Whether pages face at all does not depend on the pages placed before.
        return spreadSide() == nil ? .unpaired : .unknown
    }

    func finished(_ index: Int, _ layout: ChapterLayout) {
        lock.lock()
        waiting[index] = layout
        guard !delivering else { return lock.unlock() }
        delivering = true
        while var ready = waiting.removeValue(forKey: next) {
            let index = next
            next += 1
            lock.unlock()
            ready.place(opensSpread: spreadSide?())
            deliver(index, ready)
            lock.lock()
            delivered += 1
        }
        delivering = false
        lock.unlock()
    }
}

/// The chapter each worker lays out next, handed out in reading order.
private final class ChapterQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = 0

    /// The next chapter's index, whether or not the book has that many (the feed knows).
    func next() -> Int {
        lock.withLock {
            taken += 1
            return taken - 1
        }
    }
}
