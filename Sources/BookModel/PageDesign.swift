/// A page the book's designer drew (EPUB 3.3 §8.3, a `pre-paginated` spine item): what it
/// shows and where, in the CSS pixels of the viewport it was drawn for. A design is one page of
/// the output, scaled to fit it whole; the layout sets the text into the places given here, so a
/// renderer without a web view can draw it.
public struct PageDesign: Sendable, Equatable {
    /// The viewport the page was drawn for (`<meta name="viewport">`, an SVG's `viewBox` or
    /// size), in CSS pixels.
    public var width: Double
    public var height: Double
    /// The side of a spread the book asks the page to fall on (`page-spread-*`); nil: none.
    public var side: SpreadSide?
    /// What the page shows, in reading order (the document's), drawn in that order: a later item
    /// over an earlier one.
    public var items: [DesignItem]

    public init(width: Double, height: Double, side: SpreadSide? = nil, items: [DesignItem] = []) {
        self.width = width
        self.height = height
        self.side = side
        self.items = items
    }
}

/// The side of a spread a page falls on: EPUB's `page-spread-left`, `-right` and
/// `rendition:page-spread-center` (the page across both, or alone).
public enum SpreadSide: String, Sendable, Equatable {
    case left, right, center
}

/// One thing a designed page shows, where it shows it.
public enum DesignItem: Sendable, Equatable {
    /// A picture (`img`, CSS `background-image`, SVG `image`) drawn into `frame`.
    case image(Image, frame: DesignFrame)
    /// Text set in a box (an element placed with CSS `position: absolute`, or the flow of the
    /// page's body): its blocks broken into lines no wider than the box, from its top.
    case textBox(DesignTextBox)
    /// A line of text placed by itself (SVG `text` and `tspan`), never broken.
    case textLine(DesignTextLine)
}

/// A rectangle in the viewport's CSS pixels, from its top-left corner.
public struct DesignFrame: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Text the layout sets into a box of a designed page.
public struct DesignTextBox: Sendable, Equatable {
    /// Where the box is: its lines are no wider than it, and start at its top. Its height is the
    /// book's (the text may need more or less).
    public var frame: DesignFrame
    /// What it holds, read as any chapter's blocks are (with their `BlockStyle`, runs and
    /// sources); sizes in them are relative to `fontSize`.
    public var blocks: [Block]
    /// The box's text size (its CSS `font-size`), in CSS pixels.
    public var fontSize: Double
    /// The distance between its lines' baselines, as a multiple of `fontSize` (CSS
    /// `line-height`; `normal` is 1.2).
    public var lineHeight: Double
    /// The box is placed by its bottom and is as tall as its text (CSS `bottom` with no
    /// `height`): its text ends at the frame's bottom rather than starting at its top.
    public var anchorsBottom = false
    /// The colour the box is filled with behind its text (CSS `background-color`), when it has one.
    public var backdrop: DesignBackdrop?

    public init(frame: DesignFrame, blocks: [Block], fontSize: Double = 16, lineHeight: Double = 1.2,
                anchorsBottom: Bool = false) {
        self.frame = frame
        self.blocks = blocks
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.anchorsBottom = anchorsBottom
    }
}

/// The background of a designed page's text box: its colour, over its padding box, which
/// reaches past the box's frame (its content box) by its padding on each side, in CSS pixels.
/// A box of no height is as tall as its text.
public struct DesignBackdrop: Sendable, Equatable {
    public var color: BookColor
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(color: BookColor, top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
        self.color = color
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

/// A line of text placed by itself on a designed page (SVG `text`, `tspan`): set on one line,
/// as wide as its text is.
public struct DesignTextLine: Sendable, Equatable {
    /// Where the line's `anchor` is, and its baseline, in the viewport's CSS pixels.
    public var x: Double
    public var baseline: Double
    public var anchor: TextAnchor
    /// Its text size (SVG `font-size`), in CSS pixels.
    public var fontSize: Double
    public var runs: [Inline]
    /// Where its text came from in its document, for the page's location.
    public var source: SourceMap?

    public init(x: Double, baseline: Double, anchor: TextAnchor = .start, fontSize: Double, runs: [Inline],
                source: SourceMap? = nil) {
        self.x = x
        self.baseline = baseline
        self.anchor = anchor
        self.fontSize = fontSize
        self.runs = runs
        self.source = source
    }

    /// SVG's `text-anchor`: which point of the line `x` is.
    public enum TextAnchor: String, Sendable, Equatable {
        case start, middle, end
    }
}

/// How the book asks fixed-layout pages to be shown (EPUB 3.3 §8.2), when it says.
public struct Rendition: Sendable, Equatable {
    /// `rendition:orientation`: the orientation the pages are drawn for.
    public var orientation: Orientation
    /// `rendition:spread`: when two pages are shown side by side.
    public var spread: Spread

    public init(orientation: Orientation = .auto, spread: Spread = .auto) {
        self.orientation = orientation
        self.spread = spread
    }

    public enum Orientation: String, Sendable, Equatable {
        case auto, landscape, portrait
    }

    public enum Spread: String, Sendable, Equatable {
        case auto, none, landscape, both
    }
}

extension PageDesign {
    /// The farthest a designed page's coordinates may lie from its corner, in CSS pixels, and
    /// the sizes its text may take: a hostile or broken page (a `viewBox` of 1e-300, a
    /// `transform` of 1e308) is brought within them rather than made into infinite positions.
    public static let coordinateBound = 100_000.0
    public static let textSizeBounds = 0.5...2_000.0

    /// The design with every number finite and within the bounds, and whether any was not.
    public func bounded() -> (design: PageDesign, changed: Bool) {
        var changed = false
        func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
            let result = value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
            if result != value { changed = true }
            return result
        }
        let coordinates = -Self.coordinateBound...Self.coordinateBound
        let lengths = 0...Self.coordinateBound
        func frame(_ frame: DesignFrame) -> DesignFrame {
            DesignFrame(x: clamp(frame.x, coordinates), y: clamp(frame.y, coordinates),
                        width: clamp(frame.width, lengths), height: clamp(frame.height, lengths))
        }
        var design = self
        design.width = clamp(width, lengths)
        design.height = clamp(height, lengths)
        design.items = items.map { item in
            switch item {
            case .image(let image, let place): return .image(image, frame: frame(place))
            case .textBox(var box):
                box.frame = frame(box.frame)
                box.fontSize = clamp(box.fontSize, Self.textSizeBounds)
                box.lineHeight = clamp(box.lineHeight, 0.1...10)
                if var backdrop = box.backdrop {
                    backdrop.top = clamp(backdrop.top, lengths)
                    backdrop.right = clamp(backdrop.right, lengths)
                    backdrop.bottom = clamp(backdrop.bottom, lengths)
                    backdrop.left = clamp(backdrop.left, lengths)
                    box.backdrop = backdrop
                }
                return .textBox(box)
            case .textLine(var line):
                line.x = clamp(line.x, coordinates)
                line.baseline = clamp(line.baseline, coordinates)
                line.fontSize = clamp(line.fontSize, Self.textSizeBounds)
                return .textLine(line)
            }
        }
        return (design, changed)
    }
}
