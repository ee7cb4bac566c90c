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
    private let output: any PageOutput
    /// What the layouter is made for, when none was given.
    private let options: LayoutOptions
    /// The layouter given, if one was.
    private let given: Layouter?
    private let feed = ChapterFeed()
    /// Set by `begin`, on the reader's thread, which is also the thread that finishes or cancels.
    private var progress: LayoutInProgress?

    /// `layouter`: one made already; nil makes one for `options`. `output`: where the pages go
    /// as they are laid out.
    init(layouter: Layouter?, options: LayoutOptions, output: any PageOutput) {
        self.output = output
        self.options = options
        given = layouter
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
        let metadata = layouter.options.applied(to: metadata)
        // The pages live on in the output: the layout keeps none of its own.
        let output = output
        _ = output.arrange(for: metadata)
        progress = layouter.start(feed, metadata: metadata, keepingPages: false, onChapter: { _, pages in output.add(pages) },
                                  spreadSide: { output.nextChapterOpensSpread() })
    }

    func receive(_ chapter: Chapter, at index: Int) {
        // With no layout begun (no layouter) nothing would take it, and the feed holds a reader
        // that gets far ahead until a worker does.
        guard progress != nil else { return }
        feed.add(chapter, at: index)
    }

    /// Starts loading the hyphenation dictionary of a book with `metadata`, read whole, without
    /// waiting for the layouter: a layout begun while the book was read asked already.
    func startLoadingHyphenation(for metadata: Metadata) {
        guard progress == nil else { return }
        if let given {
            given.startLoadingHyphenation(for: metadata)
        } else {
            Layouter.startLoadingHyphenation(for: metadata, options: options)
        }
    }

    /// The paged book, once `book`, read whole, is laid out (its pages in the output); nil when
    /// no layout began or the book must be laid out again (its CSS found it written vertically).
    func finish(_ book: Book) -> PagedBook? {
        progress?.finish(book)
    }

    /// The book could not be read: the workers stop.
    func cancel() {
        progress?.cancel()
    }
}
