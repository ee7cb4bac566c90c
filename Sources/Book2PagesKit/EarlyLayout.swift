import BookModel
import Layout
import PageFormat
import PageWriter

/// Lays a book's chapters out while its reader reads on: reading leaves a core idle (the
/// archive's entries are inflated one at a time, the package and the table of contents are read
/// on one thread; Markdown files are parsed one at a time), and the layout can fill it. The EPUB
/// and Markdown readers hand chapters over early; for the others `finish` says no layout began.
final class EarlyLayout: ChapterReceiver, @unchecked Sendable {
    let layouter: Layouter
    private let feed = ChapterFeed()
    /// The pages made as chapters are delivered, as `Converter.convert` makes them.
    let collector: PageCollector
    /// Set by `begin`, on the reader's thread, which is also the thread that finishes or cancels.
    private var progress: LayoutInProgress?

    /// `writesJSON`: the collector also writes the pages' compact JSON.
    init(layouter: Layouter, writesJSON: Bool) {
        self.layouter = layouter
        let feed = feed
        collector = PageCollector(geometry: layouter.options.geometry, fonts: layouter.fontReport,
                                  writesJSON: writesJSON) { feed.spineCFI(of: $0) }
    }

    func begin(_ metadata: Metadata) {
        let collector = collector
        progress = layouter.start(feed, metadata: metadata) { _, pages in collector.add(pages) }
    }

    func receive(_ chapter: Chapter, at index: Int) {
        feed.add(chapter, at: index)
    }

    /// The paged book and its page list, once `book`, read whole, is laid out; nil when no
    /// layout began or the book must be laid out again (its CSS found it written vertically).
    func finish(_ book: Book) -> (paged: PagedBook, pages: [Page])? {
        guard let progress, let paged = progress.finish(book) else { return nil }
        return (paged, collector.finish(book))
    }

    /// The book could not be read: the workers stop.
    func cancel() {
        progress?.cancel()
    }
}
