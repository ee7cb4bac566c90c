import PageFormat

/// What the page script needs to turn the pages: the screens in reading order (each a spread's
/// left and right page, or one page), the book's direction, the table of contents, and a label
/// for each page. Taken from the document's `target`, so each seed's system is shown as it
/// groups the pages: BookLayout's spreads (and a double-sided page curl's), a SwiftUI `Book`'s
/// leaves, a page curl's screens, an e-reader's chapters.
struct ScreenPlan: Encodable, Equatable {
    /// `spread` (two pages a screen, a leaf turning about the spine) or `single` (one page).
    var mode: String
    var rtl: Bool
    /// Page indices: `[left, right]` (nil where a side shows nothing), or `[page]`.
    var screens: [[Int?]]
    var toc: [Entry]
    var labels: [String]
    var pageWidth: Double
    var pageHeight: Double

    struct Entry: Encodable, Equatable {
        var title: String
        var level: Int
        var page: Int
    }

    init(_ document: PageDocument) {
        let target = document.target
        rtl = document.metadata.direction == .rightToLeft
        switch target?.grouping ?? .none {
        case .spreads(let spreads):
            mode = "spread"
            screens = spreads.map { [$0.left, $0.right] }
        case .leaves(let leaves):
            mode = "single"
            screens = leaves.flatMap { [[$0.front], [$0.back]] }
        case .screens(let pages):
            mode = "single"
            screens = pages.map { [$0] }
        case .chapters(let chapters):
            mode = "single"
            // The reader opens on the cover, then goes chapter by chapter.
            let cover = document.pages.firstIndex { if case .cover = $0.kind { true } else { false } }
            screens = (cover.map { [[$0]] } ?? []) + chapters.flatMap { $0.pages.map { [$0] } }
        case .none:
            // A document without a target was made for BookLayout: pairs after the first page.
            mode = "spread"
            let count = document.pages.count
            screens = stride(from: 1, to: count, by: 2).map { left in
                let right = left + 1 < count ? left + 1 : nil
                return document.metadata.direction == .rightToLeft ? [right, left] : [left, right]
            }
        }
        toc = document.toc.map { Entry(title: $0.title, level: $0.level, page: $0.page) }
        labels = document.pages.map { page in
            if let folio = page.shown?.folio { return String(folio) }
            if case .cover = page.kind { return "cover" }
            return ""
        }
        pageWidth = document.layout.pageSize.width
        pageHeight = document.layout.pageSize.height
    }
}
