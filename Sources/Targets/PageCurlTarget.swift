import PageFormat

/// Seed 002: `UIPageViewController` with the page-curl transition: one page a screen, the view's
/// bounds, or two with the spine in the middle, each half the view.
public struct PageCurlTarget: DoubleSidedTarget {
    public static let name = TargetName.pageCurl
    public static let summary = "UIPageViewController, one page a screen"
    public let pageSize: Dimensions
    public let bounds: Dimensions?
    public let doubleSided: Bool
    public var showsSpreads: Bool { doubleSided }
    public let chapterStart: ChapterStart
    public let alignsSpreads: Bool

    public init(_ request: TargetRequest) throws(TargetError) {
        let doubleSided = request.doubleSided
        self.doubleSided = doubleSided
        chapterStart = try PageTargets.chapterStart(request, showsSpreads: doubleSided)
        alignsSpreads = doubleSided && request.alignSpreads
        (pageSize, bounds) = PageTargets.pageSize(for: request) { bounds in
            doubleSided ? Dimensions(width: bounds.width / 2, height: bounds.height) : bounds
        }
    }

    public func grouping(of pages: [PageOutline], rightToLeft: Bool) -> TargetDescription {
        guard doubleSided else {
            // One page a screen: the structural pages (invisible, blank) have nothing to show.
            let screens = pages.indices.filter { pages[$0].kind != .invisible && pages[$0].kind != .blank }
            return TargetDescription(name: Self.name, doubleSided: false, grouping: .screens(screens))
        }
        return TargetDescription(name: Self.name, doubleSided: true,
                                 grouping: .spreads(PageTargets.spreads(pageCount: pages.count, rightToLeft: rightToLeft)))
    }
}
