import PageFormat

/// Seed 004: a chapter-based e-reader, one page a screen (the view's bounds), its pages grouped
/// by chapter.
public struct ReaderTarget: PageTarget {
    public static let name = TargetName.reader
    public static let summary = "a chapter-based e-reader, one page a screen"
    public let pageSize: Dimensions
    public let bounds: Dimensions?

    public init(_ request: TargetRequest) throws(TargetError) {
        try PageTargets.refuseDoubleSided(request)
        _ = try PageTargets.chapterStart(request, showsSpreads: false)
        (pageSize, bounds) = PageTargets.pageSize(for: request) { $0 }
    }

    /// Each chapter's pages, in order: a page's place in its list is its `indexInChapter`.
    public func grouping(of pages: [PageOutline], rightToLeft: Bool) -> TargetDescription {
        var byChapter: [Int: [Int]] = [:]
        for (index, page) in pages.enumerated() {
            if let chapter = page.chapter { byChapter[chapter, default: []].append(index) }
        }
        let chapters = byChapter.keys.sorted().map { TargetDescription.ChapterPages(chapter: $0, pages: byChapter[$0]!) }
        return TargetDescription(name: Self.name, grouping: .chapters(chapters))
    }
}
