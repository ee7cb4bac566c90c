import BookModel

/// A layout started before its book was read whole (`Layouter.start`): its workers take the
/// chapters from the feed as the reader adds them, and `finish`, given the book once read, lays
/// out what the reader kept back and gives the paged book.
public final class LayoutInProgress: Sendable {
    private let layouter: Layouter
    private let feed: ChapterFeed
    private let settings: ChapterLayouter.BookSettings
    private let running: ParallelChapters.Running

    init(layouter: Layouter, feed: ChapterFeed, settings: ChapterLayouter.BookSettings, running: ParallelChapters.Running) {
        self.layouter = layouter
        self.feed = feed
        self.settings = settings
        self.running = running
    }

    /// The paged book, once every chapter of `book` is laid out; nil when `book` must be laid
    /// out otherwise than its metadata as known at the start said (a spine document found it
    /// written vertically): the caller then lays it out again, whole.
    public func finish(_ book: Book) -> PagedBook? {
        feed.finish(with: book)
        guard let chapters = running.wait(count: book.chapters.count),
              ChapterLayouter.BookSettings(layouter.options.applied(to: book.metadata),
                                           writingMode: layouter.options.writingMode) == settings
        else { return nil }
        return layouter.paged(book, chapters: chapters)
    }

    /// Stops the workers (the book could not be read) and waits for them.
    public func cancel() {
        feed.cancel()
        _ = running.wait(count: 0)
    }
}
