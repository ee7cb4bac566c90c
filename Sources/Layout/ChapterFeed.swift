import BookModel
import Foundation

/// Chapters handed to a layout that has already started: the reader's thread adds them as they
/// are read, in any order, and the layout's workers wait for the one they need. When the book
/// is read, `finish` says how many there are; `cancel` (a book that failed to read) stops the
/// workers at the next chapter they ask for. Thread-safe.
///
/// The reader is held back when it gets too far ahead: reading is several times quicker than
/// laying out, so without a bound most of a large book would wait here, read and not yet laid
/// out, and the peak memory would grow with the book. `add` waits while the chapters waiting
/// hold `textAhead` bytes of text or more, unless a worker is waiting for a chapter not added yet
/// (one the reader keeps back until the book is read): then only the reader can move on.
public final class ChapterFeed: @unchecked Sendable {
    /// Enough text for every worker to find its next chapter waiting (a chapter is rarely more
    /// than a few hundred kilobytes), little enough that the chapters waiting are a few megabytes
    /// as a model: a model is about five times its text.
    static let textAhead = 1 << 20
    private let textAhead: Int
    private let condition = NSCondition()
    /// Added and not yet taken, with their text's size. Guarded by `condition`, as is everything below.
    private var waiting: [Int: (chapter: Chapter, textSize: Int)] = [:]
    private var waitingText = 0
    /// Workers waiting in `take` for a chapter not added yet.
    private var takersWaiting = 0
    /// Every chapter added, taken or not.
    private var added: Set<Int> = []
    private var count: Int?
    private var cancelled = false

    public convenience init() { self.init(textAhead: Self.textAhead) }

    init(textAhead: Int) { self.textAhead = textAhead }

    /// Chapter `index`, as the finished book will hold it (its title aside).
    public func add(_ chapter: Chapter, at index: Int) {
        condition.withLock {
            while waitingText >= textAhead, takersWaiting == 0, count == nil, !cancelled { condition.wait() }
            guard count == nil, !cancelled else { return }
            put(chapter, at: index)
            condition.broadcast()
        }
    }

    /// Every chapter of `book` not added yet; then there are no more. Call once.
    public func finish(with book: Book) {
        condition.withLock {
            guard count == nil, !cancelled else { return }
            for (index, chapter) in book.chapters.enumerated() { put(chapter, at: index) }
            count = book.chapters.count
            condition.broadcast()
        }
    }

    /// Called with the lock held. A chapter added before stays as it was.
    private func put(_ chapter: Chapter, at index: Int) {
        guard added.insert(index).inserted else { return }
        let size = chapter.textSize
        waiting[index] = (chapter, size)
        waitingText += size
    }

    /// No chapter will come: the workers stop.
    public func cancel() {
        condition.withLock {
            cancelled = true
            waiting = [:]
            waitingText = 0
            condition.broadcast()
        }
    }

    /// Chapter `index` once it has been added, taken out of the feed; nil when the book has fewer
    /// chapters, it was taken before, or the feed was cancelled.
    func take(_ index: Int) -> Chapter? {
        condition.withLock {
            while true {
                if cancelled { return nil }
                if let taken = waiting.removeValue(forKey: index) {
                    waitingText -= taken.textSize
                    // The reader may be waiting for room.
                    condition.broadcast()
                    return taken.chapter
                }
                // Taken already: each chapter goes to one worker.
                if added.contains(index) { return nil }
                if let count, index >= count { return nil }
                // The reader must not wait for room while this worker waits for it.
                takersWaiting += 1
                condition.broadcast()
                condition.wait()
                takersWaiting -= 1
            }
        }
    }
}
