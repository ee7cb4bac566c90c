import PageFormat

/// Seed 000: BookLayout's two-page spread in a `UICollectionView`, its pages derived from the
/// view's bounds as its `collectionViewPageSize` does.
public struct BookLayoutTarget: PageTarget {
    public static let name = TargetName.bookLayout
    public static let summary = "a two-page spread, the default"
    public let pageSize: Dimensions
    public let bounds: Dimensions?
    public var showsSpreads: Bool { true }
    public let chapterStart: ChapterStart
    public let alignsSpreads: Bool

    public init(_ request: TargetRequest) throws(TargetError) {
        try PageTargets.refuseDoubleSided(request)
        chapterStart = request.chapterStart
        alignsSpreads = request.alignSpreads
        (pageSize, bounds) = PageTargets.pageSize(for: request, byRule: Self.pageSize(forBounds:))
        if let bounds, pageSize.width <= 0 || pageSize.height <= 0 {
            throw TargetError("--bounds \(PageTargets.format(bounds)) leaves no page: the width must exceed 40 and the height 50")
        }
    }

    /// BookLayout's `collectionViewPageSize`: half the bounds' width less 20, the height less 50.
    public static func pageSize(forBounds bounds: Dimensions) -> Dimensions {
        Dimensions(width: 0.5 * bounds.width - 20, height: bounds.height - 50)
    }

    public func grouping(of pages: [PageOutline], rightToLeft: Bool) -> TargetDescription {
        TargetDescription(name: Self.name, grouping: .spreads(PageTargets.spreads(pageCount: pages.count, rightToLeft: rightToLeft)))
    }
}
