import BookModel
import PageFormat

/// Sets a page the book's designer drew (`PageDesign`) onto one page of the output: the
/// viewport scaled to fit the whole page, keeping its proportions, and centred; pictures at
/// their frames; each text box's blocks broken into lines by the chapters' own machinery
/// (`BlockFlattener`, `ParagraphSetter`, total fit, tables, floats and boxes, the paginator
/// stacking them) at the box's size and width; each placed line of text shaped as one line
/// at its anchor and baseline. Nothing is left out: text taller than its box keeps every line.
struct DesignSetter {
    let segmenter: ParagraphSegmenter
    let lineBreaker: any LineBreaking
    let hyphenator: WordHyphenator
    let direction: TextDirection
    let language: String?
    /// The whole page, which the viewport is scaled to fit (not the content box: the designer
    /// drew the margins).
    let pageSize: Dimensions

    /// The line height of a placed line (SVG text), as a multiple of its size: CSS's `normal`.
    static let placedLineHeight = 1.2
    /// A height no box's text reaches, so the paginator stacks all of it on one page.
    private static let unboundedHeight = 1e9

    /// A designed page set: its content in page coordinates (the assembler's origin is the
    /// page's corner), the paragraphs its text came from (for its locations), where the viewport
    /// went, and its lines that run past the page.
    struct SetDesign {
        var content: PageContent
        var paragraphs: [StyledParagraph]
        var placement: DesignedPage
        var linesPastThePage: Int
    }

    func set(_ design: PageDesign, spineItem: String) -> SetDesign {
        let viewport = Dimensions(width: max(design.width, 1), height: max(design.height, 1))
        let scale = min(pageSize.width / viewport.width, pageSize.height / viewport.height)
        let placement = DesignedPage(spineItem: spineItem, viewport: Dimensions(width: design.width, height: design.height),
                                     scale: scale, x: (pageSize.width - viewport.width * scale) / 2,
                                     y: (pageSize.height - viewport.height * scale) / 2, side: design.side.map(Self.side))
        var content = PageContent()
        var paragraphs: [StyledParagraph] = []
        var sourceEnd = 0
        for item in design.items {
            switch item {
            case .image(let image, let frame):
                let placed = Self.place(frame, placement)
                content.images.append(PageImage(path: image.source.path, alt: image.alt, x: placed.x, y: placed.y,
                                                width: placed.width, height: placed.height))
            case .textBox(let box):
                let set = setBox(box, placement: placement, sourceStart: sourceEnd)
                paragraphs += set.paragraphs
                sourceEnd = set.sourceEnd
                content.lines += set.content.lines
                content.images += set.content.images
                // A box's text is drawn over the pictures the page holds, its boxes with it.
                content.boxes += set.content.boxes.map { box in
                    var box = box
                    box.overPictures = true
                    return box
                }
                content.cells += set.content.cells
            case .textLine(let line):
                let set = setLine(line, placement: placement, sourceStart: sourceEnd)
                paragraphs += set.paragraphs
                sourceEnd = set.sourceEnd
                content.lines += set.lines
            }
        }
        let past = content.lines.filter { !$0.text.isEmpty && ($0.y + $0.height > pageSize.height + 0.5 || $0.y < -0.5) }.count
        return SetDesign(content: content, paragraphs: paragraphs, placement: placement, linesPastThePage: past)
    }

    private static func side(_ side: SpreadSide) -> PageSide {
        switch side {
        case .left: .left
        case .right: .right
        case .center: .center
        }
    }

    /// A frame of the viewport on the page.
    private static func place(_ frame: DesignFrame, _ placement: DesignedPage) -> DesignFrame {
        DesignFrame(x: placement.x + frame.x * placement.scale, y: placement.y + frame.y * placement.scale,
                    width: frame.width * placement.scale, height: frame.height * placement.scale)
    }

    /// The flattener and setter of text at `size` points, `lineHeight` between baselines, in a
    /// measure `width` wide: the chapters' own, configured for the box.
    private func tools(size: Double, lineHeight: Double, width: Double,
                       alignment: LineAlignment) -> (BlockFlattener, ChapterLayouter.Setters) {
        var flattener = BlockFlattener(fontSize: size, lineHeight: lineHeight, alignment: alignment,
                                       bookDirection: direction, bookLanguage: language)
        flattener.contentWidth = width
        flattener.faceFeatures = segmenter.faceFeatures
        flattener.bookFaces = segmenter.bookFaces
        flattener.hyphenatesUnlessTold = false
        let measure = Dimensions(width: width, height: Self.unboundedHeight)
        let paragraphs = ParagraphSetter(segmenter: segmenter, lineBreaker: lineBreaker, hyphenator: hyphenator,
                                         contentWidth: width, bodySize: StyledParagraph.writtenSize(size),
                                         bookLanguage: language)
        let setters = ChapterLayouter.Setters(paragraphs: paragraphs,
                                              tables: TableSetter(setter: paragraphs, gapHeight: lineHeight, contentSize: measure),
                                              floats: FloatSetter(setter: paragraphs, contentSize: measure), size: measure)
        return (flattener, setters)
    }

    private func setBox(_ box: DesignTextBox, placement: DesignedPage,
                        sourceStart: Int) -> (content: PageContent, paragraphs: [StyledParagraph], sourceEnd: Int) {
        let frame = Self.place(box.frame, placement)
        let size = box.fontSize * placement.scale
        let lineHeight = box.lineHeight * size
        // Ragged unless the book's CSS says otherwise, as a browser sets the page (`text-align:
        // start`), whatever the layout's own pages are set in.
        var (flattener, setters) = tools(size: size, lineHeight: lineHeight, width: max(frame.width, 1), alignment: .left)
        let paragraphs = flattener.flatten(box.blocks, sourceStart: sourceStart)
        var tableScales: [(table: Int, scale: Double)] = []
        var floatsInFlow = 0
        // A box is one page's worth whatever the book's CSS says of page breaks: nothing of it
        // may go on to another page.
        let set = ChapterLayouter.set(paragraphs, setters: setters, gapHeight: lineHeight, notes: [:],
                                      tableScales: &tableScales, floatsInFlow: &floatsInFlow).map { paragraph in
            var paragraph = paragraph
            paragraph.breaks.forcedBefore = false
            return paragraph
        }
        let pages = Paginator(contentHeight: Self.unboundedHeight, gapHeight: lineHeight)
            .paginate(set, boxes: flattener.boxes).pages
        // One page it is; were it ever more, they stand one under the other, so no line is lost.
        func stacked(from start: Double) -> PageContent {
            var content = PageContent()
            var top = start
            for page in pages {
                content.append(page, dx: frame.x, dy: top)
                top = max(top, Self.bottom(of: content) ?? top)
            }
            return content
        }
        var content = stacked(from: frame.y)
        // A box placed by its bottom ends there, however tall its text is.
        if box.anchorsBottom, let bottom = Self.bottom(of: content) {
            content = stacked(from: frame.y + frame.height - (bottom - frame.y))
        }
        if let backdrop = box.backdrop {
            // Over its padding, as tall as the box or, with no height given, as its text.
            let textTop = box.anchorsBottom ? (Self.top(of: content) ?? frame.y) : frame.y
            let textBottom = Self.bottom(of: content) ?? textTop
            let height = box.frame.height > 0 ? frame.height : textBottom - textTop
            let scale = placement.scale
            let color = BlockFlattener.color(backdrop.color)
            content.boxes.insert(PageBox(kind: .background, x: frame.x - backdrop.left * scale, y: textTop - backdrop.top * scale,
                                         width: frame.width + (backdrop.left + backdrop.right) * scale,
                                         height: height + (backdrop.top + backdrop.bottom) * scale, color: color,
                                         overPictures: true), at: 0)
        }
        return (content, paragraphs, flattener.sourceOffset)
    }

    private static func top(of content: PageContent) -> Double? {
        (content.lines.map(\.y) + content.images.map(\.y)).min()
    }

    private static func bottom(of content: PageContent) -> Double? {
        (content.lines.map { $0.y + $0.height } + content.images.map { $0.y + $0.height }).max()
    }

    private func setLine(_ placed: DesignTextLine, placement: DesignedPage,
                         sourceStart: Int) -> (lines: [SetLine], paragraphs: [StyledParagraph], sourceEnd: Int) {
        let size = placed.fontSize * placement.scale
        let lineHeight = Self.placedLineHeight * size
        let tools = tools(size: size, lineHeight: lineHeight, width: 1, alignment: .left)
        var flattener = tools.0
        let setter = tools.1.paragraphs
        let paragraphs = flattener.flatten([Block(.paragraph(placed.runs), source: placed.source)], sourceStart: sourceStart)
        // Set in a measure as wide as its text on one line (and a hair more, for rounding): it
        // is never broken, save where its own text forces a break.
        var lines: [SetLine] = []
        for paragraph in paragraphs {
            let width = setter.contentWidths(of: paragraph).maximum
            lines += setter.setting(width: width + 0.01).lines(for: paragraph)
        }
        // The baseline is where CSS puts it in a box one line tall: half the leading above the
        // face's ascent (the HTML preview draws it so).
        let face = segmenter.fonts.regular
        let ascent = face.ascender * size, descent = face.descender * size
        let anchorX = placement.x + placed.x * placement.scale
        var top = placement.y + placed.baseline * placement.scale - ascent - (lineHeight - ascent - descent) / 2
        for l in lines.indices {
            let width = lines[l].width
            // SVG's start and end are the text's own: a right-to-left line starts at its right.
            let startsAtRight = lines[l].direction == .rightToLeft
            lines[l].x = switch placed.anchor {
            case .start: startsAtRight ? anchorX - width : anchorX
            case .middle: anchorX - width / 2
            case .end: startsAtRight ? anchorX : anchorX - width
            }
            lines[l].y = top
            lines[l].justified = false
            top += lines[l].height
        }
        return (lines, paragraphs, flattener.sourceOffset)
    }
}

extension PageContent {
    /// Adds what `page` holds, `dx` to the right and `dy` down.
    mutating func append(_ page: PageContent, dx: Double, dy: Double) {
        lines += page.lines.map { line in
            var line = line
            line.x += dx
            line.y += dy
            return line
        }
        images += page.images.map { image in
            var image = image
            image.x += dx
            image.y += dy
            return image
        }
        boxes += page.boxes.map { box in
            var box = box
            box.x += dx
            box.y += dy
            return box
        }
        cells += page.cells.map { cell in
            var cell = cell
            cell.x += dx
            cell.y += dy
            return cell
        }
    }
}
