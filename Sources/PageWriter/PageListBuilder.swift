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
        let pages = pages ?? Self.pages(of: book, paged: paged)
        var layout = layout
        layout.standIns = paged.standIns.isEmpty ? nil : paged.standIns
        return PageDocument(metadata: metadata(of: book),
                            layout: layout,
                            target: target.grouping(of: pages, rightToLeft: book.metadata.direction == .rightToLeft),
                            chapters: chapters(of: book, paged: paged),
                            toc: toc(of: book, paged: paged),
                            pageList: pageList(of: book, paged: paged),
                            pages: pages,
                            links: paged.links.map { PageLink(target: $0.target, page: firstContentIndex + $0.page, chapter: $0.chapter) })
    }

    static func pages(of book: Book, paged: PagedBook) -> [Page] {
        var stream = PageStream()
        return stream.front(of: book) + stream.content(paged.pages) + stream.back()
    }

    public static func metadata(of book: Book) -> BookMetadata {
        BookMetadata(title: book.metadata.title, authors: book.metadata.authors,
                     creators: book.metadata.creators.map { Creator(name: $0.name, role: $0.role) },
                     language: book.metadata.language, identifier: book.metadata.identifier,
                     date: book.metadata.date, direction: book.metadata.direction == .rightToLeft ? .rightToLeft : .leftToRight)
    }

    static func chapters(of book: Book, paged: PagedBook) -> [ChapterItem] {
        var next = firstContentIndex
        return book.chapters.indices.map { index in
            let chapter = book.chapters[index]
            let count = index < paged.chapterPageCounts.count ? paged.chapterPageCounts[index] : 0
            defer { next += count }
            return ChapterItem(title: chapter.title, source: chapter.source, linear: chapter.isLinear,
                               page: count > 0 ? next : nil, pageCount: count)
        }
    }

    static func toc(of book: Book, paged: PagedBook) -> [TOCItem] {
        zip(book.toc, paged.tocPageIndices).compactMap { entry, index in
            index.map { contentIndex in
                TOCItem(title: entry.title, level: entry.level,
                        page: firstContentIndex + contentIndex, folio: contentIndex + 1)
            }
        }
    }

    static func pageList(of book: Book, paged: PagedBook) -> [PageListItem] {
        zip(book.pageList, paged.pageListPageIndices).compactMap { entry, index in
            index.map { PageListItem(label: entry.label, page: firstContentIndex + $0, folio: $0 + 1) }
        }
    }
}
