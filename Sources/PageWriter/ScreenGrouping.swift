import PageFormat

/// How each target's screens take the page list (docs/FORMAT.md, "Targets"). The list itself is
/// BookLayout's for every target, in reading order; this adds the grouping each system needs.
/// A right-to-left book (`rightToLeft`, its page progression) keeps its pages in reading order
/// and mirrors its spreads: each pair's first page is on the right. Leaves, screens and chapters
/// are sequences with no side, the same in either direction.
enum ScreenGrouping {
    static func target(_ name: TargetName, doubleSided: Bool, pages: [Page], rightToLeft: Bool = false) -> TargetDescription {
        switch name {
        case .swiftUIBook:
            // The SwiftUI book opens on its cover: leaves from there, each a page and its back.
            let leaves = stride(from: PageListBuilder.coverIndex, to: pages.count - 1, by: 2).map {
                TargetDescription.Leaf(front: $0, back: $0 + 1)
            }
            return TargetDescription(name: name, leaves: leaves)
        case .pageCurl where !doubleSided:
            // One page a screen: the structural pages (invisible, blank) have nothing to show.
            let screens = pages.indices.filter { pages[$0].type != .invisible && pages[$0].type != .blank }
            return TargetDescription(name: name, doubleSided: false, screens: screens)
        case .pageCurl:
            return TargetDescription(name: name, doubleSided: true, spreads: spreads(pageCount: pages.count, rightToLeft: rightToLeft))
        case .reader:
            var byChapter: [Int: [Int]] = [:]
            for (index, page) in pages.enumerated() {
                if let chapter = page.chapter { byChapter[chapter, default: []].append(index) }
            }
            let chapters = byChapter.keys.sorted().map { TargetDescription.ChapterPages(chapter: $0, pages: byChapter[$0]!) }
            return TargetDescription(name: name, chapters: chapters)
        default:
            return TargetDescription(name: name, spreads: spreads(pageCount: pages.count, rightToLeft: rightToLeft))
        }
    }

    /// BookLayout's screens: even indices are right-hand pages, so each screen shows an odd page
    /// on the left and the next even page on the right — first the closed book (the second
    /// invisible page and the cover), last the back inside cover alone. Right to left, the sides
    /// swap: the closed book shows its cover left of the spine, and even pages are left-hand.
    static func spreads(pageCount: Int, rightToLeft: Bool = false) -> [TargetDescription.Spread] {
        stride(from: 1, to: pageCount, by: 2).map { first in
            let second = first + 1 < pageCount ? first + 1 : nil
            return rightToLeft ? TargetDescription.Spread(left: second, right: first)
                               : TargetDescription.Spread(left: first, right: second)
        }
    }
}
