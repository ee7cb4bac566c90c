import BookModel
import Dispatch
import Foundation
import Layout
import PageFormat
import PageWriter

/// Lays a book's chapters out while its reader reads on: reading leaves a core idle (the
/// archive's entries are inflated one at a time, the package and the table of contents are read
/// on one thread; Markdown files are parsed one at a time), and the layout can fill it. The EPUB
/// and Markdown readers hand chapters over early; for the others `finish` says no layout began.
///
/// The layouter itself, when none is given, is made on a thread of its own while the reader
/// opens the book: finding and loading the fonts and opening the book otherwise run one after
/// the other, before any chapter could be laid out.
final class EarlyLayout: ChapterReceiver, @unchecked Sendable {
    private let making = DispatchGroup()
    /// Set once, by the thread that makes it, before `making` is left.
    private var made: Layouter?
    private let writesJSON: Bool
    private let feed = ChapterFeed()
    /// Set by `begin`, on the reader's thread, which is also the thread that finishes or cancels.
    private var collector: PageCollector?
    private var progress: LayoutInProgress?

    /// `layouter`: one made already; nil makes one for `options`. `writesJSON`: the page
    /// collector also writes the pages' compact JSON.
    init(layouter: Layouter?, options: LayoutOptions, writesJSON: Bool) {
        self.writesJSON = writesJSON
        if let layouter {
            made = layouter
            return
        }
        making.enter()
        Thread.detachNewThread { [self] in
            made = try? Converter.makeLayouter(options)
            making.leave()
        }
    }

    /// The layouter, once it is made; nil when it could not be (the conversion makes one again,
    /// after reading the book, for its error).
    var layouter: Layouter? {
        making.wait()
        return made
    }

    func begin(_ metadata: Metadata) {
        guard let layouter else { return }
        let collector = PageCollector(writesJSON: writesJSON)
        self.collector = collector
        // The pages live on in the collector's page list: the layout keeps none of its own.
        progress = layouter.start(feed, metadata: metadata, keepingPages: false) { _, pages in collector.add(pages) }
    }

    func receive(_ chapter: Chapter, at index: Int) {
        feed.add(chapter, at: index)
    }

    /// The paged book, its page list and the collector that made it (with the pages' JSON), once
    /// `book`, read whole, is laid out; nil when no layout began or the book must be laid out
    /// again (its CSS found it written vertically).
    func finish(_ book: Book) -> (paged: PagedBook, pages: [Page], collector: PageCollector)? {
        guard let progress, let collector, let paged = progress.finish(book) else { return nil }
        return (paged, collector.finish(book), collector)
    }

    /// The book could not be read: the workers stop.
    func cancel() {
        progress?.cancel()
    }
}
