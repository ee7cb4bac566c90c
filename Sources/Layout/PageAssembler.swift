import BookModel
import MathLayout
import PageFormat
import ProcessMemory

/// Turns a chapter's pages as the paginator filled them into the pages every writer reads
/// (`PageFormat`'s `Page`): each line, image, table cell and box moved from the content box to
/// the page, at the precision the output keeps; the runs as the output names them; the page's text, and where in
/// the chapter it lies. A page is made once, here, on the worker that laid its chapter out.
struct PageAssembler: Sendable {
    /// The content box's top-left corner on the page.
    private(set) var origin: Margins
    /// The body text's size and line height, which lines and runs leave unsaid when they have them.
    let bodySize: Double
    let lineHeight: Double
    /// The pages were laid out turned a quarter, for a book written vertically: each line (its
    /// x along it from the content box's top, its y across from the right edge) is turned back
    /// into a column, and so is every box (`turned(_:)`).
    private(set) var vertical: Bool
    /// The content box's width on the page, which a vertical page's columns are placed across
    /// from the right.
    private let contentWidth: Double

    init(geometry: PageGeometry, bodySize: Double, lineHeight: Double, vertical: Bool = false) {
        origin = geometry.margins
        self.bodySize = bodySize
        self.lineHeight = lineHeight
        self.vertical = vertical
        contentWidth = geometry.contentSize.width
    }

    /// Where a box of a page laid out turned a quarter (`x`, `y` along and across its lines,
    /// `width` along them) lands on the page, in the content box: its right edge `y` from the
    /// content box's right edge, its top `x` from its top, as wide as it was tall.
    private func turned(x: Double, y: Double, width: Double, height: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        vertical ? (contentWidth - y - height, x, height, width) : (x, y, width, height)
    }

    /// The chapter's pages, their folios 0 until the page list numbers them; `spineCFI`: the chapter's,
    /// for the pages' locations as EPUB CFIs.
    func pages(_ contents: [PageContent], chapterIndex: Int, sourceIndex: ChapterSourceIndex,
               spineCFI: String?) -> [Page] {
        var pages: [Page] = []
        pages.reserveCapacity(contents.count)
        // Past the memory bound the pages left are not made: the conversion is refused.
        for (index, content) in contents.enumerated() where !MemoryWatch.isOver {
            let images = content.images.map { image in
                let box = turned(x: image.x, y: image.y, width: image.width, height: image.height)
                return PageImage(path: image.path, alt: image.alt, x: PointPrecision.rounded(origin.left + box.x),
                                 y: PointPrecision.rounded(origin.top + box.y), width: PointPrecision.rounded(box.width),
                                 height: PointPrecision.rounded(box.height))
            }
            let boxes = content.boxes.map(box), cells = content.cells.map(cell)
            if content.showsOnlyImages {
                pages.append(Page(.image(ChapterPage(folio: 0, chapter: chapterIndex, indexInChapter: index, images: images,
                                                     boxes: boxes, cells: cells))))
            } else {
                pages.append(Page(.content(ChapterPage(text: content.text, folio: 0, chapter: chapterIndex,
                                                       indexInChapter: index, lines: content.lines.map(line), images: images,
                                                       boxes: boxes, cells: cells,
                                                       location: location(of: content, sourceIndex: sourceIndex,
                                                                          spineCFI: spineCFI)))))
            }
        }
        return pages
    }

    /// A designed chapter's one page, from its content already in page coordinates: a content
    /// page when it shows any text, else an image page (with no pictures, for a page its designer
    /// left blank), which still is the chapter's page.
    func designedPage(_ content: PageContent, design: DesignedPage, chapterIndex: Int, sourceIndex: ChapterSourceIndex,
                      spineCFI: String?) -> Page {
        // The design setter placed everything on the page already, margins being the designer's.
        var onPage = self
        onPage.origin = Margins(top: 0, right: 0, bottom: 0, left: 0)
        onPage.vertical = false
        let images = content.images.map { image in
            PageImage(path: image.path, alt: image.alt, x: PointPrecision.rounded(image.x), y: PointPrecision.rounded(image.y),
                      width: PointPrecision.rounded(image.width), height: PointPrecision.rounded(image.height))
        }
        var placement = design
        // A ratio, not a length: hundredths would move a 1600-pixel viewport's far edge by up to
        // 8 points; millionths keep it within a hundredth, and binary fractions out of the JSON.
        placement.scale = (design.scale * 1e6).rounded() / 1e6
        placement.x = PointPrecision.rounded(design.x)
        placement.y = PointPrecision.rounded(design.y)
        let text = content.text
        var page = ChapterPage(text: text, folio: 0, chapter: chapterIndex, indexInChapter: 0,
                               lines: text.isEmpty ? [] : content.lines.map(onPage.line), images: images,
                               boxes: content.boxes.map(onPage.box), cells: content.cells.map(onPage.cell),
                               location: location(of: content, sourceIndex: sourceIndex, spineCFI: spineCFI), design: placement)
        if text.isEmpty {
            page.location = nil
            return Page(.image(page))
        }
        return Page(.content(page))
    }

    private func box(_ box: PageBox) -> PageBox {
        let placed = turned(x: box.x, y: box.y, width: box.width, height: box.height)
        return PageBox(kind: box.kind, x: PointPrecision.rounded(origin.left + placed.x),
                       y: PointPrecision.rounded(origin.top + placed.y), width: PointPrecision.rounded(placed.width),
                       height: PointPrecision.rounded(placed.height), color: box.color, overPictures: box.overPictures)
    }

    private func cell(_ cell: PageCell) -> PageCell {
        var placed = cell
        let box = turned(x: cell.x, y: cell.y, width: cell.width, height: cell.height)
        placed.x = PointPrecision.rounded(origin.left + box.x)
        placed.y = PointPrecision.rounded(origin.top + box.y)
        placed.width = PointPrecision.rounded(box.width)
        placed.height = PointPrecision.rounded(box.height)
        return placed
    }

    /// A line on the page: in a vertical book a column, whose `x` and `y` are its box's top-left
    /// corner, `width` its length down the page and `height` its box's width across it.
    private func line(_ line: SetLine) -> PageLine {
        let start = turned(x: line.x, y: line.y, width: line.width, height: line.height)
        return PageLine(text: line.text, x: PointPrecision.rounded(origin.left + start.x),
                        y: PointPrecision.rounded(origin.top + start.y), width: PointPrecision.rounded(line.width),
                        hyphenated: line.hyphenated, justified: line.justified, expansion: line.expansion,
                        continuation: line.continuation,
                        height: abs(line.height - lineHeight) < 0.005 ? nil : PointPrecision.rounded(line.height),
                        runs: runs(of: line), direction: line.direction == .rightToLeft ? .rightToLeft : .leftToRight,
                        bidi: line.bidi, role: line.role, cell: line.cell, vertical: vertical,
                        ruby: line.rubies.map { ruby in
                            // Its box along the line and across it, from the line's start and top
                            // (the right edge of a column).
                            let box = turned(x: line.x + ruby.offset, y: line.y + ruby.rise, width: ruby.width, height: ruby.size)
                            return PageRuby(start: ruby.start, length: ruby.length, text: ruby.text,
                                            x: PointPrecision.rounded(origin.left + box.x), y: PointPrecision.rounded(origin.top + box.y),
                                            width: PointPrecision.rounded(ruby.width), face: ruby.face,
                                            standIn: ruby.standIn?.postScriptName, size: ruby.size,
                                            letterSpacing: ruby.letterSpacing)
                        },
                        formulas: line.formulas.map { formula(of: $0, on: line) })
    }

    /// A formula on the page: its glyphs and rules from its origin on the line's baseline.
    private func formula(of placed: SetFormula, on line: SetLine) -> PageFormula {
        let rounded = PointPrecision.rounded
        let left = origin.left + line.x + placed.offset
        let baseline = origin.top + line.y + placed.baseline
        let formula = placed.formula
        var glyphs: [PageFormula.Glyph] = []
        var rules: [PageFormula.Rule] = []
        for item in formula.box.items {
            switch item.kind {
            case .glyph(let id, let size):
                glyphs.append(PageFormula.Glyph(id: Int(id), x: rounded(left + item.x), y: rounded(baseline - item.y),
                                                size: rounded(size)))
            case .rule(let width, let height, let angle):
                rules.append(PageFormula.Rule(x: rounded(left + item.x), y: rounded(baseline - item.y - height),
                                              width: rounded(width), height: rounded(height), angle: rounded(angle)))
            }
        }
        let box = formula.box
        return PageFormula(start: placed.start, length: placed.length, x: rounded(left), y: rounded(baseline - box.ascent),
                           width: rounded(box.width), height: rounded(box.ascent + box.descent), baseline: rounded(baseline),
                           face: formula.face.postScriptName, glyphs: glyphs, rules: rules, display: formula.isDisplay,
                           alt: formula.alternative, scale: formula.scale, continues: formula.continues)
    }

    /// The line's runs as written: none when it is all in the regular face at the body size
    /// (in a horizontal line).
    private func runs(of line: SetLine) -> [PageRun]? {
        // A column's runs say which lie sideways, always (an empty line has none).
        if line.runs.isEmpty || !vertical, line.runs.allSatisfy({ $0.face == FaceRole.regular.rawValue && $0.size == bodySize && $0.shift == .none && $0.standIn == nil
                                      && $0.link == nil && $0.paint == RunPaint() && $0.shaping.isPlain }) {
            return nil
        }
        return line.runs.map { run in
            PageRun(start: run.start, length: run.length, face: run.face, size: PointPrecision.rounded(run.size),
                    shift: run.shift, standIn: run.standIn?.postScriptName, orientation: orientation(of: run),
                    link: run.link, underline: run.paint.underline,
                    strikethrough: run.paint.strikethrough, color: run.paint.color, background: run.paint.background,
                    letterSpacing: run.shaping.letterSpacing, wordSpacing: run.shaping.wordSpacing,
                    features: run.shaping.features.isEmpty ? [] : run.shaping.features.tags.map(OpenTypeFeature.init(rawValue:)))
        }
    }

    /// How `run` stands: in a vertical line as it was measured, in a horizontal one upright.
    private func orientation(of run: LineRun) -> RunOrientation {
        guard vertical else { return .upright }
        return run.shaping.combined ? .combined : run.shaping.upright ? .upright : .sideways
    }

    private func location(of content: PageContent, sourceIndex: ChapterSourceIndex, spineCFI: String?) -> PageLocation? {
        guard let source = content.source else { return nil }
        var location = PageLocation(start: source.lowerBound, end: source.upperBound)
        if let spineCFI {
            location.startCFI = sourceIndex.position(at: source.lowerBound).map { "epubcfi(\(spineCFI)!\($0.cfi))" }
            location.endCFI = sourceIndex.position(at: source.upperBound, endOf: true).map { "epubcfi(\(spineCFI)!\($0.cfi))" }
        }
        return location
    }

}

/// The precision of every length the output gives.
public enum PointPrecision {
    /// Hundredths of a point: enough for any screen, and it keeps binary fractions such as
    /// 23.799999999999997 out of the JSON.
    public static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
