import BookModel
import CSS
import Markup
import ZipArchive

/// Reads an inline `svg` of a designed page into the page's items: each `text` and each `tspan`
/// that gives its own `x` or `y` is a line at that point, with its `font-size` and
/// `text-anchor`; an `image` is a picture at its box. Their places go through the `transform`s
/// around them and the `svg`'s `viewBox` (scaled uniformly and centred, SVG's default
/// `preserveAspectRatio`) into the box the `svg` has on the page.
///
/// A per-glyph list of `x` (as typesetting programs write) gives the line's start: the layout
/// sets the line's text in its own measure from there. Rotations and skews are read as their
/// scale and offset only, and paths and other shapes are not drawn: the caller warns of them.
struct DesignedSVG {
    private let document: MarkupDocument
    private let source: String
    private(set) var styles: StyleResolver
    private let tree: DocumentSelectorTree
    private(set) var warnings: [Warning] = []
    /// Shapes met that the page cannot draw, under the one name the warning gives them.
    private(set) var shapes: [String: Int] = [:]

    init(document: MarkupDocument, source: String, styles: StyleResolver, tree: DocumentSelectorTree) {
        self.document = document
        self.source = source
        self.styles = styles
        self.tree = tree
    }

    /// An affine map `(a b c d e f)`, SVG's `matrix`.
    struct Transform: Equatable {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

        func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            (a * x + c * y + e, b * x + d * y + f)
        }

        /// `self` after `other`: other's coordinates are mapped by `other`, then by `self`.
        func then(_ other: Transform) -> Transform {
            Transform(a: a * other.a + c * other.b, b: b * other.a + d * other.b,
                      c: a * other.c + c * other.d, d: b * other.c + d * other.d,
                      e: a * other.e + c * other.f + e, f: b * other.e + d * other.f + f)
        }

        /// How much it scales lengths (the square root of its area's scale).
        var scale: Double { abs(a * d - b * c).squareRoot() }

        /// `transform="…"`: its functions composed in order; unknown ones are left out.
        init(parsing text: String) {
            var result = Transform()
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
                let name = String(rest[..<open].filter { !$0.isWhitespace && $0 != "," })
                let numbers = DesignedSVG.numbers(String(rest[rest.index(after: open)..<close]))
                var step = Transform()
                switch name {
                case "matrix" where numbers.count == 6:
                    step = Transform(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
                case "translate" where !numbers.isEmpty:
                    step.e = numbers[0]
                    step.f = numbers.count > 1 ? numbers[1] : 0
                case "scale" where !numbers.isEmpty:
                    step.a = numbers[0]
                    step.d = numbers.count > 1 ? numbers[1] : numbers[0]
                default: break
                }
                result = result.then(step)
                rest = rest[rest.index(after: close)...]
            }
            self = result
        }

        init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0) {
            (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
        }
    }

    /// The numbers of an attribute such as `x="0,5.67 12.8"`.
    static func numbers(_ text: String) -> [Double] {
        text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .compactMap { Double($0) }.filter(\.isFinite)
    }

    /// The items of `svg`, drawn in `box` (its box on the page, in the viewport's pixels).
    mutating func read(_ svg: Int, in box: DesignFrame) -> [DesignItem] {
        let node = document[svg]
        let viewBox = Self.numbers(node.attribute("viewBox") ?? "")
        var start = Transform(e: box.x, f: box.y)
        if viewBox.count == 4, viewBox[2] > 0, viewBox[3] > 0 {
            let scale = min(box.width / viewBox[2], box.height / viewBox[3])
            let offsetX = (box.width - viewBox[2] * scale) / 2
            let offsetY = (box.height - viewBox[3] * scale) / 2
            start = start.then(Transform(a: scale, d: scale, e: offsetX - viewBox[0] * scale, f: offsetY - viewBox[1] * scale))
        }
        var items: [DesignItem] = []
        var styleStack = ComputedStyle()
        // The style of the svg itself, for the sizes and classes its children inherit.
        styleStack = styles.style(of: svg, in: tree, styleAttribute: node.attribute("style"), parent: styleStack)
        var steps: [(element: Int, transform: Transform, style: ComputedStyle, anchor: String?)] =
            document.childElements(of: svg).reversed().map { ($0, start, styleStack, node.attribute("text-anchor")) }
        while let (element, outer, parentStyle, parentAnchor) = steps.popLast() {
            let child = document[element]
            let name = child.name
            let style = styles.style(of: element, in: tree, styleAttribute: child.attribute("style"), parent: parentStyle)
            if style.isHidden || child.attribute("display") == "none" { continue }
            let transform = child.attribute("transform").map(Transform.init(parsing:)).map { outer.then($0) } ?? outer
            let anchor = child.attribute("text-anchor") ?? parentAnchor
            switch name {
            case "defs", "clipPath", "mask", "pattern", "symbol", "marker", "linearGradient", "radialGradient",
                 "style", "title", "desc", "metadata", "script":
                continue
            case "text":
                items += textLines(element, transform: transform, style: style, anchor: anchor)
            case "image":
                if let item = image(element, transform: transform) { items.append(item) }
            case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "use", "foreignObject":
                shapes["shape", default: 0] += 1
            default:
                for grandchild in document.childElements(of: element).reversed() {
                    steps.append((grandchild, transform, style, anchor))
                }
            }
        }
        return items
    }

    private mutating func image(_ element: Int, transform: Transform) -> DesignItem? {
        let node = document[element]
        guard let image = ReferenceResolver(source: source).image(node, warnings: &warnings) else { return nil }
        let x = Self.numbers(node.attribute("x") ?? "").first ?? 0
        let y = Self.numbers(node.attribute("y") ?? "").first ?? 0
        let width = Self.numbers(node.attribute("width") ?? "").first ?? 0
        let height = Self.numbers(node.attribute("height") ?? "").first ?? 0
        let origin = transform.apply(x, y)
        let corner = transform.apply(x + width, y + height)
        return .image(image, frame: DesignFrame(x: min(origin.x, corner.x), y: min(origin.y, corner.y),
                                                width: abs(corner.x - origin.x), height: abs(corner.y - origin.y)))
    }

    /// The lines of a `text`: one where it starts, and one more at each `tspan` that moves.
    private mutating func textLines(_ text: Int, transform: Transform, style: ComputedStyle, anchor: String?) -> [DesignItem] {
        let node = document[text]
        var x = Self.numbers(node.attribute("x") ?? "").first ?? 0
        var y = Self.numbers(node.attribute("y") ?? "").first ?? 0
        var lines: [DesignTextLine] = []
        let textPath = DocumentPathTracker.path(of: text, in: document)
        var current: DesignTextLine?
        var elementSteps = 0

        func finish() {
            if let line = current, !line.runs.allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) { lines.append(line) }
            current = nil
        }
        var attributeSize = Self.numbers(node.attribute("font-size") ?? "").first
        var endedWithSpace = false
        func add(_ raw: String, path: String, style: ComputedStyle, anchor: String?, startsLine: Bool) {
            // SVG's `font-size` attribute is the lesser: any CSS the book sets wins over it.
            let size = (style.fontSizeIsSet ? Self.fontSize(style) : attributeSize ?? Self.fontSize(style)) * transform.scale
            if startsLine || current == nil {
                finish()
                endedWithSpace = false
                let point = transform.apply(x, y)
                current = DesignTextLine(x: point.x, baseline: point.y,
                                         anchor: DesignTextLine.TextAnchor(rawValue: anchor ?? "start") ?? .start,
                                         fontSize: size, runs: [], source: SourceMap(element: textPath))
            }
            // White space collapses as SVG's default `xml:space` has it; a run keeps one space
            // between its neighbours.
            let collapsed = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !collapsed.isEmpty, var line = current else { return }
            let lineText = line.runs.map(\.text).joined()
            let needsSpace = (raw.first?.isWhitespace == true || endedWithSpace) && !lineText.isEmpty && lineText.last != " "
            endedWithSpace = raw.last?.isWhitespace == true
            let shown = (needsSpace ? " " : "") + collapsed
            let leading = raw.prefix { $0.isWhitespace }.utf16.count
            var textStyle: TextStyle = []
            if style.isItalic == true { textStyle.insert(.italic) }
            if style.isBold == true { textStyle.insert(.bold) }
            let start = lineText.unicodeScalars.count + (needsSpace ? 1 : 0)
            line.runs.append(Inline(shown, style: textStyle))
            line.source?.spans.append(TextSpan(start: start, length: collapsed.unicodeScalars.count, path: path,
                                               utf16Offset: leading))
            current = line
        }

        for child in document.children(of: text) {
            let childNode = document[child]
            if childNode.kind == .element {
                elementSteps += 1
                guard childNode.name == "tspan" else { continue }
                let spanStyle = styles.style(of: child, in: tree, styleAttribute: childNode.attribute("style"), parent: style)
                if spanStyle.isHidden { continue }
                let newX = Self.numbers(childNode.attribute("x") ?? "").first
                let newY = Self.numbers(childNode.attribute("y") ?? "").first
                // A piece on the same baseline further right goes on with the line (typesetting
                // programs cut a line where its face or kerning changes); one on another
                // baseline, or back to the left, starts one.
                let moves = (newY != nil && newY != y) || (newX.map { $0 <= x } ?? false) || current == nil
                if let newX { x = newX }
                if let newY { y = newY }
                let outerSize = attributeSize
                attributeSize = Self.numbers(childNode.attribute("font-size") ?? "").first ?? outerSize
                defer { attributeSize = outerSize }
                let spanPath = textPath + SourceMap.elementStep(index: elementSteps - 1, id: childNode.attribute("id"))
                add(document.textContent(of: child), path: spanPath + SourceMap.textStep(afterElement: -1),
                    style: spanStyle, anchor: childNode.attribute("text-anchor") ?? anchor, startsLine: moves)
            } else if childNode.kind == .text {
                add(childNode.text, path: textPath + SourceMap.textStep(afterElement: elementSteps - 1),
                    style: style, anchor: anchor, startsLine: false)
            }
        }
        finish()
        return lines.map(DesignItem.textLine)
    }

    /// SVG's `font-size` is a length in user units; the CSS's, in multiples of 16 px.
    private static func fontSize(_ style: ComputedStyle) -> Double {
        style.fontScale * DesignedPageReader.pixelsPerEm
    }
}
