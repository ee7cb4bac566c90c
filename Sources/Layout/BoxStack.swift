import BookModel
import PageFormat

/// The boxes open while the flattener walks a chapter's blocks (a boxed block, a `division`),
/// and the chapter's boxes so far (`FlatBox`). Across the page a box stands where its margins
/// and the indent it is met at put it, inside the boxes around it, and the paragraphs inside
/// it are set within its borders and padding (`insets`); so that text always has room, the
/// boxes around a paragraph leave at least `narrowestShare` of the measure, each box that would
/// take more set narrower (its margins, borders and padding alike) and counted. Down the page,
/// a box's edges are its border and padding from its first and last lines (`FlatBox.above`,
/// `below`), at most `maximumGapLines` lines.
struct BoxStack {
    let fontSize: Double
    let lineHeight: Double
    let contentWidth: Double

    /// Boxes inside more boxes than this are not drawn: their blocks are set as if unboxed.
    static let maximumDepth = 8
    /// What the boxes around a paragraph leave of the measure, at least.
    static let narrowestShare = 0.25

    private(set) var boxes: [FlatBox] = []
    /// Where the walk is: how far the open boxes keep lines from the content box's sides.
    private(set) var insets = SideInsets()
    /// How many boxes were set narrower than the book asks, to leave the text its room.
    private(set) var narrowed = 0
    private var open: [Open] = []
    /// The border and padding below the boxes closed since the last paragraph, from its last line.
    private var below = 0.0

    private struct Open {
        var index: Int
        /// The insets around it.
        var outside: SideInsets
        /// Whether a paragraph has started inside it.
        var started = false
        /// Its own border and padding above and below its text.
        var top: Double
        var bottom: Double
    }

    init(fontSize: Double, lineHeight: Double, contentWidth: Double) {
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.contentWidth = contentWidth
    }

    var canOpen: Bool { open.count < Self.maximumDepth }
    /// Whether any box is open, or ended just before the next paragraph.
    var isActive: Bool { !open.isEmpty || below > 0 }

    /// The tallest a box's top or bottom (border and padding) is drawn.
    private var tallest: Double { Double(BlockFlattener.maximumGapLines) * lineHeight }

    /// A box opens, `offset` in from the start side of the measure inside the boxes around it
    /// (the indent it is met at), its start side the right one in right-to-left text.
    mutating func open(_ box: BlockBox, at offset: Double, rightToLeft: Bool) {
        let size = fontSize
        var across = [box.marginLeft * size + (rightToLeft ? 0 : offset), box.borders.left.width * size, box.padding.left * size,
                      box.marginRight * size + (rightToLeft ? offset : 0), box.borders.right.width * size,
                      box.padding.right * size].map { $0.isFinite ? max($0, 0) : 0 }
        let room = max(0, contentWidth * (1 - Self.narrowestShare) - insets.left - insets.right)
        let taken = across.reduce(0, +)
        if taken > room {
            across = across.map { $0 * room / taken }
            narrowed += 1
        }
        let left = insets.left + across[0], right = insets.right + across[3]
        let tallest = self.tallest
        // No colour is the text's: black, as a table's borders.
        func border(_ border: BlockBox.Border, _ width: Double) -> FlatTable.Border {
            FlatTable.Border(width: min(width, tallest),
                             color: border.color.map(BlockFlattener.color) ?? PageColor(red: 0, green: 0, blue: 0))
        }
        let borders = FlatTable.Edges(top: border(box.borders.top, box.borders.top.width * size),
                                      right: border(box.borders.right, across[4]),
                                      bottom: border(box.borders.bottom, box.borders.bottom.width * size),
                                      left: border(box.borders.left, across[1]))
        boxes.append(FlatBox(paragraphs: 0..<0, left: left, width: max(0, contentWidth - left - right), borders: borders,
                             background: box.background.map(BlockFlattener.color)))
        open.append(Open(index: boxes.count - 1, outside: insets,
                         top: min((box.borders.top.width + box.padding.top) * size, tallest),
                         bottom: min((box.borders.bottom.width + box.padding.bottom) * size, tallest)))
        insets = SideInsets(left: left + across[1] + across[2], right: right + across[4] + across[5])
    }

    /// Paragraph `paragraph` is made where the walk is: the boxes opened since the last one start
    /// with it. The border and padding above its first line, and below the paragraph before it
    /// (of the boxes that ended there), in points.
    mutating func paragraphMade(_ paragraph: Int) -> (above: Double, belowPrevious: Double) {
        var above = 0.0
        for k in open.indices.reversed() where !open[k].started {
            above = min(above + open[k].top, tallest)
            boxes[open[k].index].above = above
            boxes[open[k].index].paragraphs = paragraph..<(paragraph + 1)
            open[k].started = true
        }
        defer { below = 0 }
        return (above, below)
    }

    /// The innermost box closes after paragraph `count - 1`: the border and padding below that
    /// paragraph's last line now, or nil when the box held no paragraph (it is not drawn).
    mutating func close(paragraphCount count: Int) -> Double? {
        let closed = open.removeLast()
        insets = closed.outside
        guard closed.started else {
            // Its inner boxes, empty too, are gone already: it is the last.
            boxes.removeLast()
            return nil
        }
        boxes[closed.index].paragraphs = boxes[closed.index].paragraphs.lowerBound..<count
        below = min(below + closed.bottom, tallest)
        boxes[closed.index].below = below
        return below
    }
}
