import PageFormat

/// A system the pages are made for. Each target is one type that owns its rules: the page size
/// it lays out for what the command gives, the options it takes or refuses, and how its screens
/// group the page list (docs/FORMAT.md, "Targets"). The page list itself is BookLayout's for
/// every target. A new target is one more file with a type like these, and a line in
/// `PageTargets.all`.
public protocol PageTarget: Sendable {
    /// `--target`'s name for it, and the output's `target.name`.
    static var name: TargetName { get }
    /// What `--help` says of it, after its name.
    static var summary: String { get }
    /// Made from what the command gives, refusing what the target does not take.
    init(_ request: TargetRequest) throws(TargetError)
    /// The page size the book is laid out at.
    var pageSize: Dimensions { get }
    /// The view bounds the page size came from, which the output records; nil when the page
    /// size was given, or is the target's own.
    var bounds: Dimensions? { get }
    /// Two pages a screen (`pagecurl --double-sided`).
    var doubleSided: Bool { get }
    /// Its screens show two facing pages, so a designed page may ask for a side of them
    /// (`PageWriter`'s `SpreadPlacement`).
    var showsSpreads: Bool { get }
    /// Which side of a spread each chapter opens on (`--chapter-start`); `.any` for a target
    /// without spreads.
    var chapterStart: ChapterStart { get }
    /// Whether the two pages of each spread end on the same line (`--align-spreads`); false for a
    /// target without spreads.
    var alignsSpreads: Bool { get }
    /// How the target's screens take the page list, in reading order; `rightToLeft`: the
    /// book's page progression. It is made from the pages' outlines, so that pages written as
    /// they were made need not be kept for it.
    func grouping(of pages: [PageOutline], rightToLeft: Bool) -> TargetDescription
}

extension PageTarget {
    public var doubleSided: Bool { false }
    public var showsSpreads: Bool { false }
    public var chapterStart: ChapterStart { .any }
    public var alignsSpreads: Bool { false }
    public var name: TargetName { Self.name }

    /// The grouping of whole pages (`grouping(of:rightToLeft:)` of their outlines).
    public func grouping(of pages: [Page], rightToLeft: Bool) -> TargetDescription {
        grouping(of: pages.map(PageOutline.init), rightToLeft: rightToLeft)
    }

    /// What the output's `target` says before any page is made: its name, and for the target
    /// that can be double-sided, whether it is (JSON Lines' header).
    public var header: TargetDescription {
        TargetDescription(name: Self.name, doubleSided: Self.self is any DoubleSidedTarget.Type ? doubleSided : nil)
    }
}

/// A target that may show two pages a screen.
public protocol DoubleSidedTarget: PageTarget {}

/// What the command gives a target: `--bounds`, `--page-size`, `--double-sided`,
/// `--chapter-start`, `--align-spreads`.
public struct TargetRequest: Sendable, Equatable {
    /// The view's bounds; nil for the default, `PageTargets.defaultBounds`.
    public var bounds: Dimensions?
    /// A page size given directly, which the target takes instead of its own rule.
    public var pageSize: Dimensions?
    public var doubleSided: Bool
    public var chapterStart: ChapterStart
    /// End the two pages of each spread together, where the target shows spreads.
    public var alignSpreads: Bool

    public init(bounds: Dimensions? = nil, pageSize: Dimensions? = nil, doubleSided: Bool = false,
                chapterStart: ChapterStart = .any, alignSpreads: Bool = true) {
        self.bounds = bounds
        self.pageSize = pageSize
        self.doubleSided = doubleSided
        self.chapterStart = chapterStart
        self.alignSpreads = alignSpreads
    }
}

/// Where a chapter's first page falls on a screen of two facing pages: on whichever side comes
/// next, or always on the right-hand page (the recto) as a printed book opens its chapters, a
/// blank page added before it when it would fall on the left.
public enum ChapterStart: String, CaseIterable, Sendable {
    case any, right
}

/// A request the target does not take, said as the command's options say it.
public struct TargetError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Every target, and the rules they share.
public enum PageTargets {
    /// Every target, in the order `--help` names them; the first is the default.
    public static let all: [any PageTarget.Type] = [BookLayoutTarget.self, SwiftUIBookTarget.self, PageCurlTarget.self,
                                                    ReaderTarget.self]

    /// A 1024×768 iPad in landscape: BookLayout's own example.
    public static let defaultBounds = Dimensions(width: 1024, height: 768)

    /// The target that `--target` calls `name`; nil for a name no target has.
    public static func type(named name: String) -> (any PageTarget.Type)? {
        all.first { $0.name.rawValue == name }
    }

    /// The page size given, recording no bounds; else `rule` applied to the bounds asked for (the
    /// default's when none), recording them.
    static func pageSize(for request: TargetRequest,
                         byRule rule: (Dimensions) -> Dimensions) -> (pageSize: Dimensions, bounds: Dimensions?) {
        if let pageSize = request.pageSize { return (pageSize, nil) }
        let bounds = request.bounds ?? defaultBounds
        return (rule(bounds), bounds)
    }

    /// `--double-sided` is refused by every target that is not double-sided.
    static func refuseDoubleSided(_ request: TargetRequest) throws(TargetError) {
        if request.doubleSided { throw TargetError("--double-sided is for --target pagecurl") }
    }

    /// `--chapter-start right` is refused by a target whose screens show one page: it has no sides.
    static func chapterStart(_ request: TargetRequest, showsSpreads: Bool) throws(TargetError) -> ChapterStart {
        if request.chapterStart == .right, !showsSpreads {
            throw TargetError("--chapter-start right is for targets that show two pages a screen: booklayout, pagecurl --double-sided")
        }
        return request.chapterStart
    }

    /// Whether the page at `index` of the list is a right-hand page on a screen of spreads
    /// (`spreads(pageCount:rightToLeft:)`).
    public static func isRightHand(_ index: Int, rightToLeft: Bool) -> Bool {
        (index % 2 == 0) != rightToLeft
    }

    /// BookLayout's screens: even indices are right-hand pages, so each screen shows an odd page
    /// on the left and the next even page on the right — first the closed book (the second
    /// invisible page and the cover), last the back inside cover alone. Right to left, the sides
    /// swap: the closed book shows its cover left of the spine, and even pages are left-hand.
    static func spreads(pageCount: Int, rightToLeft: Bool) -> [TargetDescription.Spread] {
        stride(from: 1, to: pageCount, by: 2).map { first in
            let second = first + 1 < pageCount ? first + 1 : nil
            return rightToLeft ? TargetDescription.Spread(left: second, right: first)
                               : TargetDescription.Spread(left: first, right: second)
        }
    }

    /// A length as the command's options write it: whole points without a fraction (`12`, `23.8`).
    public static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// `WxH`, in points, as the command's options write sizes.
    public static func format(_ size: Dimensions) -> String {
        "\(format(size.width))x\(format(size.height))"
    }
}
