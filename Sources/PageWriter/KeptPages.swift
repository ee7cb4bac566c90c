import PageFormat
import Targets

/// A book's page list as a conversion keeps it once the pages are written: whole, or, where
/// their JSON was written as they were made, only their outlines (`PageOutline`), so that the
/// whole book's pages are never in memory at once.
public enum KeptPages: Sendable {
    case whole([Page])
    case outlined([PageOutline])

    /// One outline a page, in the page list's order.
    public var outlines: [PageOutline] {
        switch self {
        case .whole(let pages): pages.map(PageOutline.init)
        case .outlined(let outlines): outlines
        }
    }
}

extension Array {
    /// `front`, then `content`, then `back`, made in `content`'s own storage, which is left
    /// empty: a book's content pages, hundreds of thousands of them, have room for the few
    /// around them, where joining the three into a new array held the content twice.
    public static func joining(_ front: [Element], _ content: inout [Element], _ back: [Element]) -> [Element] {
        var all: [Element] = []
        swap(&all, &content)
        all.insert(contentsOf: front, at: 0)
        all.append(contentsOf: back)
        return all
    }
}
