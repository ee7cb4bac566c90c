import BookModel
import PageFormat

/// BookLayout's page list made piece by piece — the pages before the content, each chapter's
/// pages as the layout delivers them, the pages after — so a writer can stream it. The whole
/// list (`PageListBuilder.pages(of:paged:)`) is made the same way, so both give the same pages.
public struct PageStream: Sendable {
    /// How many pages the stream has given so far.
    public private(set) var count = 0
    private var folio = 0

    public init() {}

    /// Two invisible pages so the book starts closed, the cover on the right, the inside cover.
    /// Their number never changes, so they may be made before or after the content.
    public mutating func front(of book: Book) -> [Page] {
        let metadata = book.metadata
        let pages = [
            Page(.invisible), Page(.invisible),
            Page(.cover(image: book.cover?.path), title: metadata.title,
                 subtitle: metadata.authors.isEmpty ? nil : metadata.authors.joined(separator: ", ")),
            Page(.blank),
        ]
        count += pages.count
        return pages
    }

    /// The layout's content pages (and `image` pages, of pictures alone), numbered on from the
    /// ones before.
    public mutating func content(_ laidOut: [Page]) -> [Page] {
        var pages = laidOut
        for index in pages.indices {
            folio += 1
            pages[index].shown?.folio = folio
        }
        count += pages.count
        return pages
    }

    /// The back inside cover, after a blank page when one is needed to make the count even.
    public mutating func back() -> [Page] {
        // With the back inside cover still to come, the count so far must be odd.
        let pages = count % 2 == 0 ? [Page(.blank), Page(.blank)] : [Page(.blank)]
        count += pages.count
        return pages
    }
}
