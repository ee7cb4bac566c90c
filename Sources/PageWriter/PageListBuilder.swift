import BookModel
import Layout
import PageFormat

/// Turns laid-out content pages into BookLayout's page list (seed 000): two invisible pages so the
/// book starts closed, the cover on the right, the inside cover, the content, and the back inside
/// cover last, padded with a blank page so the count is even.
public enum PageListBuilder {
    /// Content pages start here: after the two invisible pages, the cover and the inside cover.
    public static let firstContentIndex = 4
    static let coverIndex = 2

    /// - Parameters:
    ///   - bounds: the view bounds the page size came from, if it did.
    ///   - target: the system the pages are for, which adds its grouping of the pages.
    ///   - pages: the page list, when it was made as the layout went (`PageCollector`).
    public static func document(for book: Book, paged: PagedBook, bounds: Size?,
                                target: TargetName = .bookLayout, doubleSided: Bool = false,
                                pages: [Page]? = nil) -> PageDocument {
        let pages = pages ?? Self.pages(of: book, paged: paged)
        return PageDocument(metadata: metadata(of: book),
                            layout: layout(of: paged, bounds: bounds),
                            target: ScreenGrouping.target(target, doubleSided: doubleSided, pages: pages,
                                                          rightToLeft: book.metadata.direction == .rightToLeft),
                            chapters: chapters(of: book, paged: paged),
                            toc: toc(of: book, paged: paged),
                            pageList: pageList(of: book, paged: paged),
                            pages: pages)
    }

    static func pages(of book: Book, paged: PagedBook) -> [Page] {
        var stream = PageStream(book: book, geometry: paged.geometry, fonts: paged.fonts)
        return stream.front(of: book) + stream.content(paged.pages) + stream.back()
    }

    public static func metadata(of book: Book) -> BookMetadata {
        BookMetadata(title: book.metadata.title, authors: book.metadata.authors,
                     creators: book.metadata.creators.map { Creator(name: $0.name, role: $0.role) },
                     language: book.metadata.language, identifier: book.metadata.identifier,
                     date: book.metadata.date, direction: book.metadata.direction.rawValue)
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

    static func layout(of paged: PagedBook, bounds: Size?) -> LayoutDescription {
        var layout = layout(geometry: paged.geometry, fonts: paged.fonts, bounds: bounds)
        layout.standIns = standIns(of: paged)
        return layout
    }

    /// The stand-in faces as the output names them; nil when there were none.
    public static func standIns(of paged: PagedBook) -> [FaceDescription]? {
        paged.standIns.isEmpty ? nil : paged.standIns.map { face in
            FaceDescription(role: "standIn", family: face.family, file: face.file,
                            postScriptName: face.postScriptName, iOSFontName: face.iOSFontName)
        }
    }

    /// What the output says of how the pages were made: known before any page is.
    public static func layout(geometry: PageGeometry, fonts: FontReport, bounds: Size?) -> LayoutDescription {
        let content = geometry.contentSize
        return LayoutDescription(
            bounds: bounds.map { Dimensions(width: rounded($0.width), height: rounded($0.height)) },
            pageSize: Dimensions(width: rounded(geometry.pageSize.width), height: rounded(geometry.pageSize.height)),
            margins: Margins(top: rounded(geometry.margins.top), right: rounded(geometry.margins.right),
                             bottom: rounded(geometry.margins.bottom), left: rounded(geometry.margins.left)),
            contentBox: Box(x: rounded(geometry.margins.left), y: rounded(geometry.margins.top),
                            width: rounded(content.width), height: rounded(content.height)),
            font: FontDescription(requested: fonts.requested, family: fonts.family, file: fonts.file,
                                  postScriptName: fonts.postScriptName, iOSFontName: fonts.iOSFontName,
                                  size: rounded(fonts.size), lineHeight: rounded(fonts.lineHeight)),
            faces: fonts.faces.map { face in
                FaceDescription(role: face.role.name, family: face.family, file: face.file,
                                postScriptName: face.postScriptName, iOSFontName: face.iOSFontName)
            },
            notes: NoteFontDescription(size: rounded(fonts.noteSize), lineHeight: rounded(fonts.noteLineHeight)))
    }

    /// The line's runs as written: none when it is all in the regular face at the body size.
    static func runs(of line: LaidOutLine, bodySize: Double) -> [PageRun]? {
        if line.runs.allSatisfy({ $0.face == .regular && $0.size == bodySize && $0.shift == .none && $0.standIn == nil }) {
            return nil
        }
        return line.runs.map { run in
            PageRun(start: run.start, length: run.length, face: run.face.rawValue, size: rounded(run.size),
                    shift: run.shift == .none ? nil : run.shift == .superscript ? "superscript" : "subscript",
                    standIn: run.standIn?.postScriptName)
        }
    }

    /// Hundredths of a point: enough for any screen, and it keeps binary fractions such as
    /// 23.799999999999997 out of the JSON.
    static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
