import BookModel
import Layout
import PageFormat

/// BookLayout's page list made piece by piece — the pages before the content, each chapter's
/// pages as the layout delivers them, the pages after — so a writer can stream it. The whole
/// list (`PageListBuilder.pages(of:paged:)`) is made the same way, so both give the same pages.
public struct PageStream: Sendable {
    /// The spine CFI of a chapter, by its index: for the pages' locations.
    private let spineCFI: @Sendable (Int) -> String?
    private let origin: EdgeInsets
    private let bodySize: Double
    private let lineHeight: Double
    /// How many pages the stream has given so far.
    public private(set) var count = 0
    private var folio = 0
    private var previousChapter: Int?
    private var indexInChapter = 0

    /// `fonts`: for the body text's size and line height, which lines leave unsaid.
    public init(book: Book, geometry: PageGeometry, fonts: FontReport) {
        self.init(geometry: geometry, fonts: fonts) { book.chapters[$0].spineCFI }
    }

    /// For pages laid out before the book is read whole: `spineCFI` gives each chapter's.
    public init(geometry: PageGeometry, fonts: FontReport, spineCFI: @escaping @Sendable (Int) -> String?) {
        self.spineCFI = spineCFI
        origin = geometry.margins
        bodySize = fonts.size
        lineHeight = fonts.lineHeight
    }

    /// Two invisible pages so the book starts closed, the cover on the right, the inside cover.
    /// Their number never changes, so they may be made before or after the content.
    public mutating func front(of book: Book) -> [Page] {
        let metadata = book.metadata
        let pages = [
            Page(type: .invisible), Page(type: .invisible),
            Page(type: .cover, title: metadata.title,
                 subtitle: metadata.authors.isEmpty ? nil : metadata.authors.joined(separator: ", "),
                 image: book.cover?.path),
            Page(type: .blank),
        ]
        count += pages.count
        return pages
    }

    /// Content pages (and `image` pages, of pictures alone), numbered on from the ones before.
    public mutating func content(_ laidOut: [LaidOutPage]) -> [Page] {
        var pages: [Page] = []
        pages.reserveCapacity(laidOut.count)
        for page in laidOut {
            folio += 1
            indexInChapter = page.chapterIndex == previousChapter ? indexInChapter + 1 : 0
            previousChapter = page.chapterIndex
            let lines = page.lines.map { line in
                PageLine(text: line.text, x: PageListBuilder.rounded(origin.left + line.x),
                         y: PageListBuilder.rounded(origin.top + line.y), width: PageListBuilder.rounded(line.width),
                         hyphenated: line.hyphenated, justified: line.justified,
                         height: abs(line.height - lineHeight) < 0.005 ? nil : PageListBuilder.rounded(line.height),
                         runs: PageListBuilder.runs(of: line, bodySize: bodySize),
                         rightToLeft: line.direction == .rightToLeft,
                         bidi: line.bidi.map { PageLine.BidiPiece(start: $0.start, length: $0.length, rightToLeft: $0.rightToLeft) },
                         role: Self.role(of: line.role))
            }
            let images = page.images.map { image in
                PageImage(path: image.path, alt: image.alt, x: PageListBuilder.rounded(origin.left + image.x),
                          y: PageListBuilder.rounded(origin.top + image.y), width: PageListBuilder.rounded(image.width),
                          height: PageListBuilder.rounded(image.height))
            }
            if page.showsOnlyImages {
                pages.append(Page(type: .image, folio: folio, chapter: page.chapterIndex,
                                  indexInChapter: indexInChapter, images: images))
            } else {
                pages.append(Page(type: .content, text: page.text, folio: folio, chapter: page.chapterIndex,
                                  indexInChapter: indexInChapter, lines: lines,
                                  location: location(of: page),
                                  images: images.isEmpty ? nil : images))
            }
        }
        count += pages.count
        return pages
    }

    private func location(of page: LaidOutPage) -> PageLocation? {
        guard let source = page.source else { return nil }
        var location = PageLocation(start: source.lowerBound, end: source.upperBound)
        if let spine = spineCFI(page.chapterIndex) {
            location.startCFI = page.startPosition.map { "epubcfi(\(spine)!\($0.cfi))" }
            location.endCFI = page.endPosition.map { "epubcfi(\(spine)!\($0.cfi))" }
        }
        return location
    }

    private static func role(of role: LaidOutLine.Role) -> LineRole? {
        switch role {
        case .body: nil
        case .note: .note
        case .noteSeparator: .noteSeparator
        }
    }

    /// The back inside cover, after a blank page when one is needed to make the count even.
    public mutating func back() -> [Page] {
        // With the back inside cover still to come, the count so far must be odd.
        let pages = count % 2 == 0 ? [Page(type: .blank), Page(type: .blank)] : [Page(type: .blank)]
        count += pages.count
        return pages
    }
}
