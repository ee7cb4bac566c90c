import PageFormat

/// How far a paragraph's lines keep from the content box's left and right sides because of the
/// boxes around it (their margins, borders and padding): its lines, pictures and tables are set
/// in the measure that is left, as CSS sets a block in its container's content box.
struct SideInsets: Equatable, Sendable {
    var left = 0.0
    var right = 0.0

    var isZero: Bool { left == 0 && right == 0 }
}

/// A box the book's CSS draws around consecutive paragraphs of a chapter (a `BlockBox`, from a
/// boxed block or a `division`), as the flattener hands it to the paginator: which paragraphs
/// it holds, where it stands across the content box, and how far its edges are from its text.
/// Boxes are listed outer before inner (in the order they open), so drawn in that order an
/// inner box's background covers an outer one's.
struct FlatBox: Equatable, Sendable {
    /// The chapter's paragraphs inside it.
    var paragraphs: Range<Int>
    /// Its outer edges across the content box.
    var left: Double
    var width: Double
    /// From the top of its first line up to its top edge, and from the bottom of its last line
    /// down to its bottom edge: its own border and padding, and those of the boxes inside it
    /// that start (or end) with it.
    var above = 0.0
    var below = 0.0
    var borders: FlatTable.Edges<FlatTable.Border>
    var background: PageColor?

    /// A line (a picture, a table's slice, a table's header shown again: `line` -1) of the page,
    /// where the paginator put it.
    struct Placed {
        var paragraph: Int
        var line: Int
        var y: Double
        var height: Double
    }

    /// What `boxes` draw on a page holding `placed` (top to bottom), each box's part of the page
    /// from its first line there to its last, as CSS's `box-decoration-break: slice` cuts a box
    /// between pages: its top border only on the page it starts on, its bottom border only on the
    /// page it ends on, its sides and background on every page it is on. Backgrounds first, then
    /// the rules, each in the boxes' order; nothing outside `reach`: an edge that has no line of
    /// its own (`BlockFlattener.boxLines`) and starts or ends a page may go that far into the
    /// page's margin, rather than squeeze the box's padding.
    static func drawn(_ boxes: [FlatBox], around placed: [Placed], lineCounts: (Int) -> Int,
                      reach: ClosedRange<Double>) -> [PageBox] {
        guard let first = placed.map(\.paragraph).min(), let last = placed.map(\.paragraph).max() else { return [] }
        var backgrounds: [PageBox] = [], rules: [PageBox] = []
        for box in boxes {
            // In opening order: past the page's last paragraph no box can reach the page.
            if box.paragraphs.lowerBound > last { break }
            guard box.paragraphs.upperBound > first else { continue }
            var top = Double.infinity, foot = -Double.infinity
            var starts = false, ends = false
            for line in placed where box.paragraphs.contains(line.paragraph) {
                top = min(top, line.y)
                foot = max(foot, line.y + line.height)
                if line.paragraph == box.paragraphs.lowerBound, line.line == 0 { starts = true }
                if line.paragraph == box.paragraphs.upperBound - 1, line.line == lineCounts(line.paragraph) - 1 { ends = true }
            }
            guard top < foot else { continue }
            if starts { top -= box.above }
            if ends { foot += box.below }
            top = max(top, reach.lowerBound)
            foot = min(foot, reach.upperBound)
            guard foot > top, box.width > 0 else { continue }
            if let color = box.background {
                backgrounds.append(PageBox(kind: .background, x: box.left, y: top, width: box.width, height: foot - top,
                                           color: color))
            }
            let edges = box.borders
            if starts, edges.top.width > 0 {
                rules.append(PageBox(kind: .rule, x: box.left, y: top, width: box.width, height: min(edges.top.width, foot - top),
                                     color: edges.top.color))
            }
            if ends, edges.bottom.width > 0 {
                let height = min(edges.bottom.width, foot - top)
                rules.append(PageBox(kind: .rule, x: box.left, y: foot - height, width: box.width, height: height,
                                     color: edges.bottom.color))
            }
            if edges.left.width > 0 {
                rules.append(PageBox(kind: .rule, x: box.left, y: top, width: min(edges.left.width, box.width), height: foot - top,
                                     color: edges.left.color))
            }
            if edges.right.width > 0 {
                let width = min(edges.right.width, box.width)
                rules.append(PageBox(kind: .rule, x: box.left + box.width - width, y: top, width: width, height: foot - top,
                                     color: edges.right.color))
            }
        }
        return backgrounds + rules
    }
}

extension SetParagraph {
    /// The paragraph with everything it shows `dx` to the right: set in a box's measure, then
    /// put where the box's inside is.
    func moved(dx: Double) -> SetParagraph {
        var moved = self
        for l in moved.lines.indices { moved.lines[l].x += dx }
        moved.image?.x += dx
        moved.floats = moved.floats.map { $0.moved(dx: dx) }
        if var table = moved.table {
            table.slices = table.slices.map { $0.moved(dx: dx) }
            table.header = table.header?.moved(dx: dx)
            moved.table = table
        }
        return moved
    }
}

extension SetTable.Slice {
    func moved(dx: Double) -> SetTable.Slice {
        var moved = self
        for l in moved.lines.indices { moved.lines[l].x += dx }
        for i in moved.images.indices { moved.images[i].x += dx }
        for b in moved.boxes.indices { moved.boxes[b].x += dx }
        for c in moved.cells.indices { moved.cells[c].x += dx }
        return moved
    }
}
