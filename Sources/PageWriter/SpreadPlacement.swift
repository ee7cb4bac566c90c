import BookModel
import PageFormat
import Targets

/// Where designed pages fall on screens of two facing pages: a page that asks for a side
/// (`DesignedPage.side`, EPUB's `page-spread-left` and `-right`) and would fall on the other gets
/// a blank page before it, as reading systems do. Only for a target that shows spreads
/// (`booklayout`, `pagecurl --double-sided`), and not for a book that asks for none
/// (`rendition:spread` `none`); nil otherwise, and no blank is added.
public struct SpreadPlacement: Sendable, Equatable {
    /// The book's pages turn from left to right: its even pages are left-hand ones.
    public var rightToLeft: Bool

    public init(rightToLeft: Bool) {
        self.rightToLeft = rightToLeft
    }

    public init?(for metadata: Metadata, target: any PageTarget) {
        guard target.showsSpreads, metadata.rendition?.spread != Rendition.Spread.none else { return nil }
        rightToLeft = metadata.direction == .rightToLeft
    }

    /// Whether `page`, at `index` of the page list, needs a blank page before it to fall on the
    /// side it asks for.
    func needsBlank(before page: Page, at index: Int) -> Bool {
        let isRight = PageTargets.isRightHand(index, rightToLeft: rightToLeft)
        return switch page.shown?.design?.side {
        case .left: isRight
        case .right: !isRight
        case .center, .other, nil: false
        }
    }

    /// The blank pages of `pages` added for spreads: those just before a page that asks for a
    /// side. No other blank page is there, as the list's own blanks are the inside covers,
    /// before the content and after it.
    public static func blanks(in pages: [Page]) -> [Int] {
        pages.indices.dropFirst(PageDocument.firstContentIndex).filter { index in
            guard pages[index].kind == .blank, index + 1 < pages.count else { return false }
            return switch pages[index + 1].shown?.design?.side {
            case .left, .right: true
            default: false
            }
        }
    }
}
