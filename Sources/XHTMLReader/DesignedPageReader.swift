import BookModel
import CSS
import Markup
import ZipArchive

/// Reads a fixed-layout spine item (EPUB 3.3 §8.3) into the page its designer drew: what it
/// shows and where, in the CSS pixels of its viewport, for the layout to scale onto a page.
///
/// Decisions, following what a browser lays out at the viewport's size:
/// - An element placed by CSS `position: absolute` or `fixed` is a box of its own, where its
///   offsets, size and margins put it in its containing block (the nearest placed ancestor, or
///   the viewport); one with no offsets stands where it would in the flow, taken to be its
///   parent's top-left corner. A width left `auto` is what the containing block leaves it (up
///   to `max-width`): wrapping shrink-to-fit text would need its measure, which the layout has.
/// - What is not placed so is the body's flow, one box at the body's content box; pictures
///   alone in it (a picture book's page) are placed top to bottom at their own size.
/// - A placed `img`, a `background-image`, an SVG `image` are pictures at their boxes; a size
///   left `auto` is 0 here, and the picture's own once the book's images are measured.
/// - Inline SVG is read by `DesignedSVG`: its `text` and `tspan` are lines at their `x`, `y`.
/// - What the page cannot show (a script, a canvas, a video, SVG shapes) or does not apply
///   (a CSS `transform`, a relative offset) is a warning naming the page; its text, if any,
///   is still read.
struct DesignedPageReader {
    private let document: MarkupDocument
    private let source: String
    private var styles: StyleResolver
    private let tree: DocumentSelectorTree
    private let references: ReferenceResolver
    private(set) var warnings: [Warning] = []

    /// The faces the book brings, for its text boxes' `font-family` lists.
    var fonts = BookFonts.none

    init(document: MarkupDocument, source: String, styles: StyleResolver) {
        self.document = document
        self.source = source
        self.styles = styles
        self.tree = DocumentSelectorTree(document: document)
        self.references = ReferenceResolver(source: source)
    }

    /// A placed box met in the walk: its element, and its frame (border box) and content box.
    private struct Placed {
        let element: Int
        let content: DesignFrame
        let style: ComputedStyle
        /// Placed by its bottom with no height given: its text ends at `content`'s bottom.
        let anchorsBottom: Bool
    }

    /// The page's items, in document order; `viewport` its size in CSS pixels.
    mutating func read(root: Int, body: Int?, width: Double, height: Double) -> [DesignItem] {
        let viewport = DesignFrame(x: 0, y: 0, width: width, height: height)
        var items: [(order: Int, item: DesignItem)] = []
        var placed: [Placed] = []
        var svgRoots: [(element: Int, box: DesignFrame)] = []
        var unshown: [String: Int] = [:]
        var bodyStyle = ComputedStyle()
        var bodyContent = viewport

        // Each element's style and the box its placed descendants are placed in (its content
        // box when it is placed, else its parent's), walked depth first in document order.
        var steps: [(element: Int, parent: ComputedStyle, container: DesignFrame, flowOrigin: DesignFrame)] = [
            (root, ComputedStyle(), viewport, viewport)]
        while let (element, parentStyle, container, flowOrigin) = steps.popLast() {
            let node = document[element]
            let name = node.name.lowercased()
            if name == "head" {
                // A script in the head is not run either.
                let scripts = document.descendantElements(of: element, named: "script").count
                if scripts > 0 { unshown["script", default: 0] += scripts }
                continue
            }
            if ElementRole.isHidden(node) { continue }
            let style = styles.style(of: element, in: tree, styleAttribute: node.attribute("style"), parent: parentStyle)
            if style.isHidden, name != "body", name != "html" { continue }
            switch name {
            case "script", "canvas", "video", "audio", "iframe", "object", "embed":
                unshown[name, default: 0] += 1
                continue
            default: break
            }
            var container = container
            var flowOrigin = flowOrigin
            if name == "body" {
                bodyStyle = style
                // Browsers give the body 8 px margins where the CSS sets none.
                bodyContent = viewport.inset(by: Insets.margins(of: style, defaults: 8) + Insets.padding(of: style)
                                                 + Insets.borders(of: style))
                flowOrigin = bodyContent
            }
            let placement = style.placement
            // What a browser would move, and the page leaves where the flow puts it.
            if placement.isTransformed { unshown["transform", default: 0] += 1 }
            if placement.position == .relative || placement.position == .sticky,
               [placement.offsets.top, placement.offsets.right, placement.offsets.bottom, placement.offsets.left]
                   .contains(where: { $0 != nil && $0 != .length(0) && $0 != .percent(0) }) {
                unshown["offset", default: 0] += 1
            }
            if placement.position.isOutOfFlow, name != "body", name != "html" {
                let (frame, anchorsBottom) = Self.frame(of: style, name: name,
                                                        in: placement.position == .fixed ? viewport : container,
                                                        staticOrigin: flowOrigin)
                let insets = Insets.padding(of: style) + Insets.borders(of: style)
                var content = frame.inset(by: insets)
                // Placed by its bottom, its text ends where its padding starts.
                if anchorsBottom { content.y = frame.y - insets.bottom }
                placed.append(Placed(element: element, content: content, style: style, anchorsBottom: anchorsBottom))
                if let image = backgroundImage(placement) {
                    items.append((element, .image(image, frame: frame.inset(by: Insets.borders(of: style)))))
                }
                if name == "img" {
                    if let image = references.image(node, warnings: &warnings) {
                        items.append((element, .image(image, frame: content)))
                    }
                    continue
                }
                container = content
                flowOrigin = content
            } else if let image = backgroundImage(placement) {
                // The body's, or an element's in the flow drawn at the box it stands in.
                items.append((element, .image(image, frame: name == "body" || name == "html" ? viewport : flowOrigin)))
            } else if placement.position != .static {
                container = flowOrigin
            }
            if name == "svg" {
                let box = placement.position.isOutOfFlow ? container : flowOrigin
                svgRoots.append((element, box))
                continue
            }
            for child in document.childElements(of: element).reversed() {
                steps.append((child, style, container, flowOrigin))
            }
        }

        // The flow, and each placed box's text, read as blocks with what is placed apart left out.
        let apart = Set(placed.map(\.element) + svgRoots.map(\.element))
        if let body {
            let flow = blocks(from: body, leavingOut: apart)
            if flow.count == 1, case .image(let image) = flow[0].kind {
                // A picture book's page: the picture at its own size, where the flow starts.
                items.append((body, .image(image, frame: DesignFrame(x: bodyContent.x, y: bodyContent.y, width: 0, height: 0))))
            } else if !flow.isEmpty {
                items.append((body, .textBox(textBox(flow, frame: bodyContent, style: bodyStyle))))
            }
        }
        // A placed picture or drawing is drawn as such, not read as text.
        for box in placed where !["img", "svg"].contains(document[box.element].name.lowercased()) {
            var inner = apart
            inner.remove(box.element)
            let text = blocks(from: box.element, leavingOut: inner)
            if !text.isEmpty {
                var textBox = textBox(text, frame: box.content, style: bodyStyle)
                textBox.anchorsBottom = box.anchorsBottom
                if let color = box.style.backgroundColor, color.alpha > 0 {
                    let padding = Insets.padding(of: box.style)
                    textBox.backdrop = DesignBackdrop(color: BookColor(color), top: padding.top, right: padding.right,
                                                      bottom: padding.bottom, left: padding.left)
                }
                items.append((box.element, .textBox(textBox)))
            }
        }
        for (element, box) in svgRoots {
            var svg = DesignedSVG(document: document, source: source, styles: styles, tree: tree)
            items += svg.read(element, in: box).map { (element, $0) }
            styles = svg.styles
            warnings += svg.warnings
            for (shape, count) in svg.shapes { unshown[shape, default: 0] += count }
        }
        for (name, count) in unshown.sorted(by: { $0.key < $1.key }) {
            warnings.append(Warning(entry: source, Self.unshownMessage(name, count: count)))
        }
        // Stable: the items of one element keep their order (a background before its text).
        return items.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
            .map(\.element.item)
    }

    private static func unshownMessage(_ name: String, count: Int) -> String {
        let times = count == 1 ? "" : " (\(count))"
        switch name {
        case "script": return "a fixed-layout page's script\(times) is not run: the page is shown as it is without it"
        case "shape": return "a fixed-layout page's SVG drawing\(times) is not shown (only its text and images are)"
        case "transform":
            return "a fixed-layout page's CSS transform\(times) is not applied: what it moves stands where it would without it"
        case "offset":
            return "a fixed-layout page's relative offset\(times) (position: relative) is not applied"
        default: return "a fixed-layout page's <\(name)>\(times) is not shown"
        }
    }

    private func blocks(from element: Int, leavingOut apart: Set<Int>) -> [Block] {
        var builder = BlockBuilder(document: document, source: source, styles: styles)
        builder.fonts = fonts
        builder.leavesOut = apart
        builder.keepsRootSize = true
        builder.placedBox = element
        let blocks = builder.build(from: element)
        return blocks
    }

    /// Sizes in the blocks are multiples of the default 16 px, as the body keeps its own size.
    private func textBox(_ blocks: [Block], frame: DesignFrame, style: ComputedStyle) -> DesignTextBox {
        DesignTextBox(frame: frame, blocks: blocks, fontSize: DesignedPageReader.pixelsPerEm,
                      lineHeight: style.rootLineHeight * style.fontScale)
    }

    private func backgroundImage(_ placement: PlacementStyle) -> Image? {
        guard let url = placement.backgroundImage,
              let reference = ArchivePath.resolve(url.text, relativeTo: url.base ?? source) else { return nil }
        return Image(source: ImageReference(path: reference.path, mediaType: ImageMediaType.guess(forPath: reference.path)),
                     alt: "")
    }

    // MARK: - Boxes

    /// CSS lengths are read in multiples of the default font size, 16 px.
    static let pixelsPerEm = 16.0

    /// A length or percentage of `base`, in CSS pixels.
    static func pixels(_ size: CSSSize?, of base: Double) -> Double? {
        switch size {
        case .length(let length)?: length * DesignedPageReader.pixelsPerEm
        case .percent(let percent)?: percent / 100 * base
        case nil: nil
        }
    }

    /// The margins browsers give elements the book's CSS gives none (HTML's rendering section),
    /// in ems of the element's size: top and bottom, then the sides.
    private static func defaultMargins(of name: String) -> (vertical: Double, sides: Double) {
        switch name {
        case "h1": (0.67, 0)
        case "h2": (0.83, 0)
        case "h3": (1, 0)
        case "h4": (1.33, 0)
        case "h5": (1.67, 0)
        case "h6": (2.33, 0)
        case "p", "ul", "ol", "dl", "pre": (1, 0)
        case "blockquote", "figure": (1, 2.5)
        default: (0, 0)
        }
    }

    /// The border box of a placed element in its containing block `container` (CSS 2.1 §10.3.7,
    /// §10.6.4), `staticOrigin` where it would stand in the flow. Placed by its bottom with no
    /// height (`anchorsBottom`), the box's height is its text's, which the layout knows: the
    /// frame is then its bottom edge, of no height.
    private static func frame(of style: ComputedStyle, name: String, in container: DesignFrame,
                              staticOrigin: DesignFrame) -> (frame: DesignFrame, anchorsBottom: Bool) {
        let offsets = style.placement.offsets
        let px = DesignedPageReader.pixelsPerEm
        let ownEm = style.fontScale * px
        let defaults = defaultMargins(of: name)
        let margin = (top: style.marginTop.map { $0 * px } ?? defaults.vertical * ownEm,
                      right: style.marginRight.map { $0 * px } ?? defaults.sides * ownEm,
                      bottom: style.marginBottom.map { $0 * px } ?? defaults.vertical * ownEm,
                      left: style.marginLeft.map { $0 * px } ?? defaults.sides * ownEm)
        let table = style.table
        let insets = Insets.padding(of: style) + Insets.borders(of: style)
        let extraX = insets.left + insets.right
        let extraY = insets.top + insets.bottom
        let left = pixels(offsets.left, of: container.width)
        let right = pixels(offsets.right, of: container.width)
        let top = pixels(offsets.top, of: container.height)
        let bottom = pixels(offsets.bottom, of: container.height)

        var width = pixels(table.width, of: container.width).map { $0 + extraX }
        if width == nil, let left, let right {
            width = container.width - left - right - margin.left - margin.right
        }
        let x: Double
        if let left {
            x = container.x + left + margin.left
        } else if let right, let width {
            x = container.x + container.width - right - margin.right - width
        } else {
            x = staticOrigin.x + margin.left
        }
        if width == nil {
            width = container.x + container.width - x - margin.right
        }
        if let maxWidth = pixels(style.placement.maxWidth, of: container.width), let current = width {
            width = min(current, maxWidth + extraX)
        }
        var height = pixels(table.height, of: container.height).map { $0 + extraY }
        if height == nil, let top, let bottom {
            height = container.height - top - bottom - margin.top - margin.bottom
        }
        let y: Double
        if let top {
            y = container.y + top + margin.top
        } else if let bottom, let height {
            y = container.y + container.height - bottom - margin.bottom - height
        } else if let bottom {
            return (DesignFrame(x: x, y: container.y + container.height - bottom - margin.bottom, width: max(0, width ?? 0),
                                height: 0), true)
        } else {
            y = staticOrigin.y + margin.top
        }
        return (DesignFrame(x: x, y: y, width: max(0, width ?? 0), height: max(0, height ?? 0)), false)
    }

    /// A box's padding, borders or margins in CSS pixels, each side.
    fileprivate struct Insets {
        var top = 0.0, right = 0.0, bottom = 0.0, left = 0.0

        static func padding(of style: ComputedStyle) -> Insets {
            let padding = style.table.padding
            return Insets(top: (padding.top ?? 0) * pixelsPerEm, right: (padding.right ?? 0) * pixelsPerEm,
                          bottom: (padding.bottom ?? 0) * pixelsPerEm, left: (padding.left ?? 0) * pixelsPerEm)
        }

        static func borders(of style: ComputedStyle) -> Insets {
            let borders = style.table.borders
            return Insets(top: borders.top.drawnWidth * pixelsPerEm, right: borders.right.drawnWidth * pixelsPerEm,
                          bottom: borders.bottom.drawnWidth * pixelsPerEm, left: borders.left.drawnWidth * pixelsPerEm)
        }

        /// `defaults` where the CSS sets none.
        static func margins(of style: ComputedStyle, defaults: Double) -> Insets {
            Insets(top: style.marginTop.map { $0 * pixelsPerEm } ?? defaults,
                   right: style.marginRight.map { $0 * pixelsPerEm } ?? defaults,
                   bottom: style.marginBottom.map { $0 * pixelsPerEm } ?? defaults,
                   left: style.marginLeft.map { $0 * pixelsPerEm } ?? defaults)
        }

        static func + (a: Insets, b: Insets) -> Insets {
            Insets(top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left)
        }
    }
}

private extension DesignFrame {
    /// The frame less `insets` on each side, never of negative size.
    func inset(by insets: DesignedPageReader.Insets) -> DesignFrame {
        DesignFrame(x: x + insets.left, y: y + insets.top, width: max(0, width - insets.left - insets.right),
                    height: max(0, height - insets.top - insets.bottom))
    }
}
