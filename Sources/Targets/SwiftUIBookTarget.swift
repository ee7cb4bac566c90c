import PageFormat

/// Seed 001: a SwiftUI `Book` of `Page { front } back: { back }` leaves, one page on screen, its
/// page size the book's `Config`, not the view's.
public struct SwiftUIBookTarget: PageTarget {
    public static let name = TargetName.swiftUIBook
    public static var summary: String {
        "leaves of a SwiftUI Book, pages of \(PageTargets.format(configPageSize)) unless --page-size says otherwise"
    }
    /// The SwiftUI book's default `Config` (width 350, height 500).
    public static let configPageSize = Dimensions(width: 350, height: 500)
    public let pageSize: Dimensions
    public var bounds: Dimensions? { nil }

    public init(_ request: TargetRequest) throws(TargetError) {
        try PageTargets.refuseDoubleSided(request)
        _ = try PageTargets.chapterStart(request, showsSpreads: false)
        if let pageSize = request.pageSize {
            self.pageSize = pageSize
            return
        }
        if request.bounds != nil {
            throw TargetError("--target swiftui-book takes its page size from the book's config: use --page-size")
        }
        pageSize = Self.configPageSize
    }

    /// The book opens on its cover: leaves from there, each a page and its back.
    public func grouping(of pages: [PageOutline], rightToLeft: Bool) -> TargetDescription {
        let leaves = stride(from: PageDocument.coverIndex, to: pages.count - 1, by: 2).map {
            TargetDescription.Leaf(front: $0, back: $0 + 1)
        }
        return TargetDescription(name: Self.name, grouping: .leaves(leaves))
    }
}
