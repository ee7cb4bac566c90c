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
