import BookModel
import PageFormat

/// BookLayout's page list made piece by piece — the pages before the content, each chapter's
/// pages as the layout delivers them, the pages after — so a writer can stream it. The whole
/// list (`PageListBuilder.pages(of:paged:)`) is made the same way, so both give the same pages.
public struct PageStream: Sendable {
    /// How many pages the stream has given so far.
    public private(set) var count = 0
    private var folio = 0
    /// Pages given by `content` so far, blanks for spreads included: where the next one goes,
    /// counted from the first content page (the pages before it may come last).
    private var contentCount = 0
    /// Where designed pages fall on spreads; nil: no blank is added for them.
    public var spreads: SpreadPlacement?
    /// False: content pages go without their lines (`ChapterPage.linesLeftOut`), for an app that
    /// shows `text` alone; their breaks are the same.
    public let keepsLines: Bool

    public init(spreads: SpreadPlacement? = nil, keepsLines: Bool = true) {
        self.spreads = spreads
        self.keepsLines = keepsLines
    }

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
    /// ones before; a blank page before a designed page that would fall on the other side of a
    /// spread than it asks (`spreads`), which takes no number.
    public mutating func content(_ laidOut: [Page]) -> [Page] {
        var pages: [Page] = []
        pages.reserveCapacity(laidOut.count)
        for var page in laidOut {
            if let spreads, spreads.needsBlank(before: page, at: PageDocument.firstContentIndex + contentCount + pages.count) {
                pages.append(Page(.blank))
            }
            folio += 1
            page.shown?.folio = folio
            if !keepsLines, case .content(var shown) = page.kind {
                shown.lines = []
                shown.linesLeftOut = true
                page.kind = .content(shown)
            }
            pages.append(page)
        }
        contentCount += pages.count
        count += pages.count
        return pages
    }

    /// Where the next content page goes in the page list: after the pages before the content,
    /// whether or not they were given yet.
    public var nextContentIndex: Int { PageDocument.firstContentIndex + contentCount }

    /// Whether the next chapter's first page, when it is a flowed one, opens a spread whose two
    /// pages the layout ends together; nil when it does not align spreads (`SpreadPlacement`).
    public func nextChapterOpensSpread() -> Bool? {
        spreads?.nextChapterOpensSpread(at: PageDocument.firstContentIndex + contentCount)
    }

    /// The back inside cover, after a blank page when one is needed to make the count even.
    public mutating func back() -> [Page] {
        // With the back inside cover still to come, the count so far must be odd.
        let pages = count % 2 == 0 ? [Page(.blank), Page(.blank)] : [Page(.blank)]
        count += pages.count
        return pages
    }
}
