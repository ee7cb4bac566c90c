import BookModel
import Foundation
import Layout
import PageFormat

/// The page list made while the book is laid out: each chapter's pages are turned into output
/// pages as the layout delivers them (`Layouter.layout(_:onChapter:)`, in reading order, one
/// call at a time), on the delivering worker's thread, while the other workers go on laying
/// out. Made afterwards, on one thread, they kept a core idle. The pages are the ones
/// `PageListBuilder.pages(of:paged:)` makes; the pages before the content, which show the
/// book's title and cover, are made at the end, when the book is read whole.
public final class PageCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stream: PageStream
    private var collected: [Page] = []

    public convenience init(book: Book, geometry: PageGeometry, fonts: FontReport) {
        self.init(geometry: geometry, fonts: fonts) { book.chapters[$0].spineCFI }
    }

    /// For a layout started before the book is read whole: `spineCFI` gives each chapter's.
    public init(geometry: PageGeometry, fonts: FontReport, spineCFI: @escaping @Sendable (Int) -> String?) {
        stream = PageStream(geometry: geometry, fonts: fonts, spineCFI: spineCFI)
    }

    /// The next chapter's pages.
    public func add(_ pages: [LaidOutPage]) {
        lock.withLock { collected += stream.content(pages) }
    }

    /// Every page of `book`, the front and back covers' included; call once, after the layout.
    public func finish(_ book: Book) -> [Page] {
        lock.withLock {
            let pages = stream.front(of: book) + collected + stream.back()
            collected = []
            return pages
        }
    }
}
