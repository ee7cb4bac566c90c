import PageFormat

/// Whether a chapter's first page opens a spread, as far as is known when the chapter is cut
/// into pages: its pages go after every page before it, and the writer that places them says
/// where (`Layouter.layout(_:keepingPages:onChapter:spreadSide:)`).
enum FirstPageSide: Equatable {
    /// Its pages face no others: one page a screen, or `--align-spreads off`.
    case unpaired
    case known(opensSpread: Bool)
    /// Not every chapter before it is placed yet.
    case unknown
}

/// A chapter set into lines and not yet cut into pages: what cutting it needs, again if need be.
struct SetChapter {
    var paragraphs: [StyledParagraph]
    var set: [SetParagraph]
    var notes: [SetNote]
    /// For each note, the anchors in it.
    var noteAnchors: [[String]]
    var boxes: [FlatBox]

    /// The page (counted from the chapter's first) where each of its anchors lands, as
    /// `pagination` cuts it.
    func anchors(on pagination: Pagination) -> [String: Int] {
        var anchors: [String: Int] = [:]
        for (p, paragraph) in paragraphs.enumerated() {
            for anchor in paragraph.anchors where anchors[anchor] == nil {
                anchors[anchor] = pagination.firstPages[p]
            }
        }
        for (n, names) in noteAnchors.enumerated() where !pagination.pages.isEmpty {
            for anchor in names where anchors[anchor] == nil {
                anchors[anchor] = pagination.notePages[n]
            }
        }
        return anchors
    }
}

/// A chapter cut into pages before the side of its first page was known, kept until it is: the
/// lines set stay, and only the cutting and the pages' finishing are done again when the guess
/// was wrong (`ChapterLayout.place(opensSpread:)`), which costs a small part of the layout.
/// A class: the cutter and the finisher are large values, and a layout without them (every
/// chapter's, once placed) holds only a reference's room for them, kept until the book is done.
final class ChapterRepagination {
    let chapter: SetChapter
    let paginator: Paginator
    let assembler: PageAssembler
    let chapterIndex: Int
    let spineCFI: String?
    /// The side the chapter was cut for.
    let opensSpread: Bool

    init(chapter: SetChapter, paginator: Paginator, assembler: PageAssembler, chapterIndex: Int, spineCFI: String?,
         opensSpread: Bool) {
        self.chapter = chapter
        self.paginator = paginator
        self.assembler = assembler
        self.chapterIndex = chapterIndex
        self.spineCFI = spineCFI
        self.opensSpread = opensSpread
    }

    /// The chapter's pages, and where its anchors land, for a first page that opens a spread or
    /// not (nil: its pages face none).
    func pages(opensSpread: Bool?) -> (pages: [Page], anchors: [String: Int]) {
        let pagination = paginator.paginate(chapter.set, notes: chapter.notes, boxes: chapter.boxes,
                                            firstOpensSpread: opensSpread)
        let pages = assembler.pages(pagination.pages, chapterIndex: chapterIndex,
                                    sourceIndex: ChapterSourceIndex(paragraphs: chapter.paragraphs), spineCFI: spineCFI)
        return (pages, chapter.anchors(on: pagination))
    }
}
