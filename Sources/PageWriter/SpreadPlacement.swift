import BookModel
import PageFormat
import Targets

/// Where pages fall on screens of two facing pages: a designed page that asks for a side
/// (`DesignedPage.side`, EPUB's `page-spread-left` and `-right`) and would fall on the other gets
/// a blank page before it, as reading systems do; and with `--chapter-start right` so does a
/// chapter's first page that would fall on the left, as print does. Only for a target that shows
/// spreads (`booklayout`, `pagecurl --double-sided`); designed pages keep their side unless the
/// book asks for no spreads (`rendition:spread` `none`). It also says, for `--align-spreads`,
/// whether a chapter's first page opens a spread, which the layout asks before it cuts the
/// chapter into pages (`nextChapterOpensSpread(at:)`). Nil when none of these applies.
public struct SpreadPlacement: Sendable, Equatable {
    /// The book's pages turn from left to right: its even pages are left-hand ones.
    public var rightToLeft: Bool
    /// Designed pages are put on the side they ask for.
    public var designedSides: Bool
    public var chapterStart: ChapterStart
    /// The two pages of each spread end on the same line (`--align-spreads`).
    public var alignsSpreads: Bool

    public init(rightToLeft: Bool, designedSides: Bool = true, chapterStart: ChapterStart = .any,
                alignsSpreads: Bool = false) {
        self.rightToLeft = rightToLeft
        self.designedSides = designedSides
        self.chapterStart = chapterStart
        self.alignsSpreads = alignsSpreads
    }

    public init?(for metadata: Metadata, target: any PageTarget) {
        guard target.showsSpreads else { return nil }
        let designedSides = metadata.rendition?.spread != Rendition.Spread.none
        guard designedSides || target.chapterStart == .right || target.alignsSpreads else { return nil }
        self.init(rightToLeft: metadata.direction == .rightToLeft, designedSides: designedSides,
                  chapterStart: target.chapterStart, alignsSpreads: target.alignsSpreads)
    }

    /// Whether a flowed chapter whose pages come after the page at `index - 1` of the page list
    /// opens with the first page of a spread (`PageTargets`' spreads start at odd indices), after
    /// the blank `--chapter-start right` may put before it; nil when spreads are not aligned.
    func nextChapterOpensSpread(at index: Int) -> Bool? {
        guard alignsSpreads else { return nil }
        let first = chapterStart == .right && !PageTargets.isRightHand(index, rightToLeft: rightToLeft) ? index + 1 : index
        return first % 2 == 1
    }

    /// Whether `page`, at `index` of the page list, needs a blank page before it to fall on the
    /// side it asks for.
    func needsBlank(before page: Page, at index: Int) -> Bool {
        let isRight = PageTargets.isRightHand(index, rightToLeft: rightToLeft)
        guard let shown = page.shown else { return false }
        if let design = shown.design {
            guard designedSides else { return false }
            return switch design.side {
            case .left: isRight
            case .right: !isRight
            case .center, .other, nil: false
            }
        }
        return chapterStart == .right && shown.indexInChapter == 0 && !isRight
    }

    /// The blank pages of `pages` added for spreads: those just before a page that asks for a
    /// side or a chapter's first page. No other blank page is there, as the list's own blanks
    /// are the inside covers, before the content and after it.
    public static func blanks(in pages: [PageOutline]) -> [Int] {
        pages.indices.dropFirst(PageDocument.firstContentIndex).filter { index in
            guard pages[index].kind == .blank, index + 1 < pages.count, pages[index + 1].isShown else { return false }
            let next = pages[index + 1]
            return switch next.design?.side {
            case .left, .right: true
            case .center, .other: false
            case nil: next.design == nil && next.opensChapter
            }
        }
    }

    /// `blanks(in:)` of whole pages.
    public static func blanks(in pages: [Page]) -> [Int] {
        blanks(in: pages.map(PageOutline.init))
    }
}
