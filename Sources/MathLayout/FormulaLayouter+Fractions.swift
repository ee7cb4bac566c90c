import BookModel
import Foundation
import Fonts

/// Fractions, radicals and the elements that draw around or pad their content (MathML Core
/// §3.3.2, §3.3.3, §3.3.6; `menclose` and `mfenced`, which books still write, as MathML 3 has them).
extension FormulaLayouter {
    /// `mfrac`: numerator over denominator, centred, the bar on the axis (MathML Core §3.3.2).
    func fraction(_ node: MathNode, in formula: Formula, style: MathStyle, depth: Int) -> MathBox {
        guard node.children.count == 2 else { return row(of: node.children, in: formula, style: style, depth: depth) }
        // Display style keeps its parts' size; inline, they go a level down.
        var inner = style
        if style.display { inner.display = false } else { inner = style.script }
        let numerator = box(node.children[0], in: formula, style: inner, depth: depth + 1)
        let denominator = box(node.children[1], in: formula, style: inner.crampedStyle, depth: depth + 1)
        let size = style.size
        let axis = font.constant(.axisHeight) * size
        let thickness = node.attribute("linethickness").flatMap {
            MathLength.points($0, style: style, pixel: pixel, xHeight: xHeight, percentOf: font.constant(.fractionRuleThickness) * size)
        }.map { max(0, $0) } ?? font.constant(.fractionRuleThickness) * size
        var up: Double, down: Double
        let display = style.display
        if thickness > 0 {
            up = max((display ? font.constant(.fractionNumeratorDisplayStyleShiftUp) : font.constant(.fractionNumeratorShiftUp)) * size,
                     axis + thickness / 2 + (display ? font.constant(.fractionNumDisplayStyleGapMin)
                                                     : font.constant(.fractionNumeratorGapMin)) * size + numerator.descent)
            down = max((display ? font.constant(.fractionDenominatorDisplayStyleShiftDown)
                                : font.constant(.fractionDenominatorShiftDown)) * size,
                       denominator.ascent + (display ? font.constant(.fractionDenomDisplayStyleGapMin)
                                                     : font.constant(.fractionDenominatorGapMin)) * size - axis + thickness / 2)
        } else {
            up = (display ? font.constant(.stackTopDisplayStyleShiftUp) : font.constant(.stackTopShiftUp)) * size
            down = (display ? font.constant(.stackBottomDisplayStyleShiftDown) : font.constant(.stackBottomShiftDown)) * size
            let gap = (up - numerator.descent) - (denominator.ascent - down)
            let minimum = (display ? font.constant(.stackDisplayStyleGapMin) : font.constant(.stackGapMin)) * size
            if gap < minimum {
                up += (minimum - gap) / 2
                down += (minimum - gap) / 2
            }
        }
        // A pixel of room each side, as MathML Core's style sheet pads a fraction.
        let padding = pixel
        let width = max(numerator.width, denominator.width) + 2 * padding
        var box = MathBox()
        box.width = width
        box.place(numerator, x: (width - numerator.width) / 2, y: up)
        box.place(denominator, x: (width - denominator.width) / 2, y: -down)
        if thickness > 0 {
            box.items.append(MathItem(kind: .rule(width: width - 2 * padding, height: thickness), x: padding, y: axis - thickness / 2))
        }
        return box
    }

    /// `msqrt` (its children a row under the sign) and `mroot` (with its index): the radical
    /// sign stretched to the base, its bar over it (MathML Core §3.3.3).
    func radical(base children: [Int], degree: Int?, in formula: Formula, style: MathStyle, depth: Int) -> MathBox {
        let size = style.size
        let base = row(of: children, in: formula, style: style.crampedStyle, depth: depth + 1)
        let thickness = font.constant(.radicalRuleThickness) * size
        var gap = (style.display ? font.constant(.radicalDisplayStyleVerticalGap) : font.constant(.radicalVerticalGap)) * size
        let extra = font.constant(.radicalExtraAscender) * size
        let target = base.ascent + base.descent + gap + thickness
        guard let sign = font.glyph(for: "√"), let surd = stretchedGlyph(sign, covering: target, vertical: true, size: size) else {
            return base
        }
        let signHeight = surd.ascent + surd.descent
        if signHeight > target { gap += (signHeight - target) / 2 }
        // The sign's top at the bar's top.
        let top = base.ascent + gap + thickness
        var box = MathBox()
        var x = 0.0
        if let degree {
            let index = self.box(degree, in: formula, style: style.script.script, depth: depth + 1)
            let before = font.constant(.radicalKernBeforeDegree) * size
            let after = font.constant(.radicalKernAfterDegree) * size
            let raise = font.constant(.radicalDegreeBottomRaisePercent) * signHeight
            box.place(index, x: max(0, before), y: top - signHeight + raise + index.descent)
            x = max(0, before + index.width + after)
        }
        box.place(surd, x: x, y: top - surd.ascent)
        x += surd.width
        box.place(base, x: x, y: 0)
        box.items.append(MathItem(kind: .rule(width: base.width, height: thickness), x: x, y: top - thickness))
        box.width = x + base.width
        box.ascent = max(box.ascent, top + extra)
        return box
    }

    /// `mfenced`: a row between its `open` and `close` fences (parentheses unless it says
    /// otherwise), its children apart by its `separators` (commas unless it says otherwise).
    func fenced(_ node: MathNode, in formula: Formula, style: MathStyle, depth: Int) -> MathBox {
        // As MathML 3 defines it: the fences around a row of the children and separators.
        var nodes = formula.nodes
        func add(_ node: MathNode) -> Int {
            nodes.append(node)
            return nodes.count - 1
        }
        let separators = Array((node.attribute("separators") ?? ",").filter { $0 != " " })
        var inner: [Int] = []
        for (k, child) in node.children.enumerated() {
            if k > 0, !separators.isEmpty {
                inner.append(add(MathNode(name: "mo", attributes: [MathAttribute("form", "infix")],
                                          text: String(separators[min(k - 1, separators.count - 1)]))))
            }
            inner.append(child)
        }
        var outer: [Int] = []
        let open = node.attribute("open") ?? "(", close = node.attribute("close") ?? ")"
        if !open.isEmpty { outer.append(add(MathNode(name: "mo", attributes: [MathAttribute("form", "prefix")], text: open))) }
        outer.append(add(MathNode(name: "mrow", children: inner)))
        if !close.isEmpty { outer.append(add(MathNode(name: "mo", attributes: [MathAttribute("form", "postfix")], text: close))) }
        return row(of: outer, in: Formula(nodes: nodes, isDisplay: formula.isDisplay), style: style, depth: depth)
    }

    /// `menclose`: its content as a row, with what its `notation` draws around it (a box, a
    /// circle's square, strikes, bars, a long division or a radical's sign).
    func enclosed(_ node: MathNode, in formula: Formula, style: MathStyle, depth: Int) -> MathBox {
        let notations = Set((node.attribute("notation") ?? "longdiv").split(separator: " ").map(String.init))
        if notations.contains("radical") {
            return radical(base: node.children, degree: nil, in: formula, style: style, depth: depth)
        }
        let content = row(of: node.children, in: formula, style: style, depth: depth + 1)
        let thickness = font.constant(.overbarRuleThickness) * style.size
        let padding = font.constant(.overbarVerticalGap) * style.size
        var box = MathBox()
        let framed = notations.contains("box") || notations.contains("roundedbox") || notations.contains("circle")
        let left = framed || notations.contains("left") || notations.contains("longdiv") ? padding + thickness : 0
        let right = framed || notations.contains("right") ? padding + thickness : 0
        box.place(content, x: left, y: 0)
        box.width = left + content.width + right
        let top = content.ascent + padding, bottom = content.descent + padding
        func rule(x: Double, y: Double, width: Double, height: Double) {
            box.items.append(MathItem(kind: .rule(width: width, height: height), x: x, y: y))
        }
        if framed || notations.contains("top") || notations.contains("longdiv") { rule(x: 0, y: top, width: box.width, height: thickness) }
        if framed || notations.contains("bottom") { rule(x: 0, y: -bottom - thickness, width: box.width, height: thickness) }
        if framed || notations.contains("left") || notations.contains("longdiv") {
            rule(x: 0, y: -bottom - thickness, width: thickness, height: top + bottom + 2 * thickness)
        }
        if framed || notations.contains("right") {
            rule(x: box.width - thickness, y: -bottom - thickness, width: thickness, height: top + bottom + 2 * thickness)
        }
        if notations.contains("horizontalstrike") {
            rule(x: 0, y: font.constant(.axisHeight) * style.size - thickness / 2, width: box.width, height: thickness)
        }
        if notations.contains("verticalstrike") {
            rule(x: (box.width - thickness) / 2, y: -content.descent, width: thickness, height: content.ascent + content.descent)
        }
        // A diagonal strike: a rule along the content's diagonal, turned about its centre.
        for (notation, sign) in [("updiagonalstrike", 1.0), ("downdiagonalstrike", -1.0)] where notations.contains(notation) {
            let height = content.ascent + content.descent, length = (box.width * box.width + height * height).squareRoot()
            let angle = sign * atan2(height, box.width) * 180 / .pi
            box.items.append(MathItem(kind: .rule(width: length, height: thickness, angle: angle),
                                      x: (box.width - length) / 2, y: (content.ascent - content.descent - thickness) / 2))
        }
        // Only what is drawn above or below reaches past the content, with its gap.
        if framed || notations.contains("top") || notations.contains("longdiv") { box.ascent = max(box.ascent, top + thickness) }
        if framed || notations.contains("bottom") { box.descent = max(box.descent, bottom + thickness) }
        return box
    }

    /// `mpadded`: its content as a row in a box its `width`, `height`, `depth` (lengths, or
    /// percentages of the content's own) make, moved by `lspace` and `voffset`.
    func padded(_ node: MathNode, in formula: Formula, style: MathStyle, depth: Int) -> MathBox {
        let content = row(of: node.children, in: formula, style: style, depth: depth + 1)
        func length(_ name: String, of own: Double) -> Double {
            // `+1em` is the length 1em, as CSS reads it (MathML 3 added it to the content's own).
            guard let value = node.attribute(name).map({ $0.hasPrefix("+") ? String($0.dropFirst()) : $0 }),
                  let points = MathLength.points(value, style: style, pixel: pixel, xHeight: xHeight, percentOf: own) else { return own }
            return max(0, points)
        }
        let lspace = node.attribute("lspace").flatMap { MathLength.points($0, style: style, pixel: pixel, xHeight: xHeight) } ?? 0
        let voffset = node.attribute("voffset").flatMap { MathLength.points($0, style: style, pixel: pixel, xHeight: xHeight) } ?? 0
        var box = MathBox()
        box.place(content, x: lspace, y: voffset)
        box.width = length("width", of: content.width)
        box.ascent = length("height", of: content.ascent)
        box.descent = length("depth", of: content.descent)
        box.embellished = content.embellished
        return box
    }
}
