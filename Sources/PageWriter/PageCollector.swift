import BookModel
import Foundation
import Layout
import PageFormat

/// The page list made while the book is laid out: each chapter's pages are turned into output
/// pages as the layout delivers them (`Layouter.layout(_:onChapter:)`, in reading order, one
/// call at a time), on the delivering worker's thread, while the other workers go on laying
/// out. Made afterwards, on one thread, they kept a core idle. The pages are the ones
/// `PageListBuilder.pages(of:paged:)` makes.
public final class PageCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stream: PageStream
    private var collected: [Page]

    public init(book: Book, geometry: PageGeometry, fonts: FontReport) {
        stream = PageStream(book: book, geometry: geometry, fonts: fonts)
        collected = stream.front()
    }

    /// The next chapter's pages.
    public func add(_ pages: [LaidOutPage]) {
        lock.withLock { collected += stream.content(pages) }
    }

    /// Every page, the back cover's included; call once, after the layout.
    public func finish() -> [Page] {
        lock.withLock {
            collected += stream.back()
            return collected
        }
    }
}
