import BookModel
import Foundation

/// Chapters handed to a layout that has already started: the reader's thread adds them as they
/// are read, in any order, and the layout's workers wait for the one they need. When the book
/// is read, `finish` says how many there are; `cancel` (a book that failed to read) stops the
/// workers at the next chapter they ask for. Thread-safe.
public final class ChapterFeed: @unchecked Sendable {
    private let condition = NSCondition()
    /// Added and not yet taken. Guarded by `condition`, as is everything below.
    private var waiting: [Int: Chapter] = [:]
    /// Every chapter added, taken or not.
    private var added: Set<Int> = []
    private var count: Int?
    private var cancelled = false

    public init() {}

    /// Chapter `index`, as the finished book will hold it (its title aside).
    public func add(_ chapter: Chapter, at index: Int) {
        condition.withLock {
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
        waiting[index] = chapter
    }

    /// No chapter will come: the workers stop.
    public func cancel() {
        condition.withLock {
            cancelled = true
            waiting = [:]
            condition.broadcast()
        }
    }

    /// Chapter `index` once it has been added, taken out of the feed; nil when the book has fewer
    /// chapters, it was taken before, or the feed was cancelled.
    func take(_ index: Int) -> Chapter? {
        condition.withLock {
            while true {
                if cancelled { return nil }
                if let chapter = waiting.removeValue(forKey: index) { return chapter }
                // Taken already: each chapter goes to one worker.
                if added.contains(index) { return nil }
                if let count, index >= count { return nil }
                condition.wait()
            }
        }
    }
}
