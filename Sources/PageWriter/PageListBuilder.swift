import BookModel
import Layout
import PageFormat
import Targets

/// Turns laid-out content pages into BookLayout's page list (seed 000): two invisible pages so the
/// book starts closed, the cover on the right, the inside cover, the content, and the back inside
/// cover last, padded with a blank page so the count is even.
public enum PageListBuilder {
    /// Content pages start here: after the two invisible pages, the cover and the inside cover.
    public static let firstContentIndex = PageDocument.firstContentIndex

    /// - Parameters:
    ///   - layout: how the pages were made (`Layouter.description`), with the view bounds the
    ///     page size came from, if it did.
    ///   - target: the system the pages are for, which adds its grouping of the pages.
    ///   - pages: the page list, when it was made as the layout went (`PageCollector`).
    public static func document(for book: Book, paged: PagedBook, layout: LayoutDescription,
                                target: any PageTarget, pages: [Page]? = nil) -> PageDocument {
        let pages = pages ?? Self.pages(of: book, paged: paged, spreads: SpreadPlacement(for: book.metadata, target: target))
        return document(for: book, paged: paged, layout: layout, target: target, pages: pages,
                        outlines: pages.map(PageOutline.init))
    }

    /// The document of pages kept as `KeptPages`: whole, or, outlined, a document without its
    /// pages, whose grouping and places are those of the pages the outlines were made of.
    public static func document(for book: Book, paged: PagedBook, layout: LayoutDescription,
                                target: any PageTarget, kept: KeptPages) -> PageDocument {
        switch kept {
        case .whole(let pages): document(for: book, paged: paged, layout: layout, target: target, pages: pages)
        case .outlined(let outlines): document(for: book, paged: paged, layout: layout, target: target, pages: [],
                                               outlines: outlines)
        }
    }

    private static func document(for book: Book, paged: PagedBook, layout: LayoutDescription, target: any PageTarget,
                                 pages: [Page], outlines: [PageOutline]) -> PageDocument {
        var layout = layout
        layout.standIns = paged.standIns.isEmpty ? nil : paged.standIns
        var grouping = target.grouping(of: outlines, rightToLeft: book.metadata.direction == .rightToLeft)
        let blanks = SpreadPlacement.blanks(in: outlines)
        grouping.blankPages = blanks.isEmpty ? nil : blanks
        // The layout counts content pages; blanks for spreads may stand among them in the list.
        let placed = ContentPlaces(outlines)
        return PageDocument(metadata: metadata(of: book),
                            layout: layout,
                            target: grouping,
                            chapters: chapters(of: book, paged: paged, placed: placed),
                            toc: toc(of: book, paged: paged, placed: placed),
                            pageList: pageList(of: book, paged: paged, placed: placed),
                            pages: pages,
                            links: paged.links.map { PageLink(target: $0.target, page: placed[$0.page], chapter: $0.chapter) })
    }

    static func pages(of book: Book, paged: PagedBook, spreads: SpreadPlacement? = nil) -> [Page] {
        var stream = PageStream(spreads: spreads)
        return stream.front(of: book) + stream.content(paged.pages) + stream.back()
    }

    /// Where each of the layout's pages is in the page list: its index among the chapters' pages
    /// to its index in `pages`. With no pages, each straight after the pages before the content.
    /// Only the pages that show no chapter are kept (the few around the content and the blanks
    /// among it), not an index for each of a long book's hundreds of thousands of pages.
    struct ContentPlaces {
        /// The indices of the pages that show no chapter, in order.
        private let hidden: [Int]
        private let shownCount: Int

        init(_ pages: [PageOutline]) {
            hidden = pages.indices.filter { !pages[$0].isShown }
            shownCount = pages.count - hidden.count
        }

        subscript(contentIndex: Int) -> Int {
            guard contentIndex < shownCount else { return firstContentIndex + contentIndex }
            // The hidden page `j` has `hidden[j] - j` shown pages before it, which never falls as
            // `j` grows: it comes before this page when that is at most `contentIndex`.
            return contentIndex + hidden.indices.partitionPoint { hidden[$0] - $0 <= contentIndex }
        }
    }

    public static func metadata(of book: Book) -> BookMetadata {
        BookMetadata(title: book.metadata.title, authors: book.metadata.authors,
                     creators: book.metadata.creators.map { Creator(name: $0.name, role: $0.role) },
                     language: book.metadata.language, identifier: book.metadata.identifier,
                     date: book.metadata.date, direction: book.metadata.direction == .rightToLeft ? .rightToLeft : .leftToRight,
                     rendition: rendition(of: book))
    }

    /// How a book with designed chapters asks to be shown; nil for a book of flowed chapters
    /// only, whatever its package says, as nothing of it is designed.
    static func rendition(of book: Book) -> BookRendition? {
        let designed = book.chapters.filter { $0.design != nil }.count
        guard designed > 0 else { return nil }
        let asked = book.metadata.rendition ?? Rendition()
        return BookRendition(layout: designed == book.chapters.count ? .prePaginated : .mixed,
                             orientation: RenditionOrientation(rawValue: asked.orientation.rawValue),
                             spread: RenditionSpread(rawValue: asked.spread.rawValue))
    }

    static func chapters(of book: Book, paged: PagedBook, placed: ContentPlaces = ContentPlaces([])) -> [ChapterItem] {
        var next = 0
        return book.chapters.indices.map { index in
            let chapter = book.chapters[index]
            let count = index < paged.chapterPageCounts.count ? paged.chapterPageCounts[index] : 0
            defer { next += count }
            return ChapterItem(title: chapter.title, source: chapter.source, linear: chapter.isLinear,
                               page: count > 0 ? placed[next] : nil, pageCount: count)
        }
    }

    static func toc(of book: Book, paged: PagedBook, placed: ContentPlaces = ContentPlaces([])) -> [TOCItem] {
        zip(book.toc, paged.tocPageIndices).compactMap { entry, index in
            index.map { contentIndex in
                TOCItem(title: entry.title, level: entry.level, page: placed[contentIndex], folio: contentIndex + 1)
            }
        }
    }

    static func pageList(of book: Book, paged: PagedBook, placed: ContentPlaces = ContentPlaces([])) -> [PageListItem] {
        zip(book.pageList, paged.pageListPageIndices).compactMap { entry, index in
            index.map { PageListItem(label: entry.label, page: placed[$0], folio: $0 + 1) }
        }
    }
}
