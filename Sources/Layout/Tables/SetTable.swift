import PageFormat

/// A table set, cut into slices the paginator moves as it moves lines: each slice a band of
/// rows that stay on one page together (rows a cell spans are one band), or, for a band taller
/// than a page, a part of it cut where no line of any cell is cut. What a slice holds is placed
/// from the slice's top, across the content box.
struct SetTable: Equatable {
    struct Slice: Equatable {
        var height: Double
        var lines: [SetLine] = []
        var images: [PageImage] = []
        /// Backgrounds first, then rules, in drawing order.
        var boxes: [PageBox] = []
        var cells: [PageCell] = []
        /// Whether a page may end just before it: between two bands, but not inside a band that
        /// fits a page, nor between the header and the first row after it.
        var breakable = false
    }

    var slices: [Slice]
    /// The header rows as one slice, to show again at the top of each page the table goes on
    /// to (its lines, cells and images marked `repeated`); nil when the table has no header or
    /// one too tall to repeat.
    var header: Slice?
    /// How many of the first slices are the header rows themselves.
    var headerSlices = 0
}
