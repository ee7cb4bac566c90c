import BookModel
import Fonts

/// Sets a formula by MathML Core's layout of each element, measured with a math face's MATH
/// table (`MathFont`): one `MathBox` for the whole, which the page places. The elements each
/// have their rules in an extension of their own (`+Fractions`, `+Scripts`, `+Radicals`,
/// `+Tables`); here are the dispatch, the tokens and the rows.
public struct FormulaLayouter: Sendable {
    let font: MathFont
    /// Points per CSS pixel, for lengths a book writes in pixels: the body size over 16, as the
    /// reader takes a pixel everywhere.
    let pixel: Double
    /// The face's x-height, in ems.
    let xHeight: Double

    /// Elements nested deeper than this are set as a row of their text: no book nests so deep,
    /// and the layout recurses once a level.
    static let maximumDepth = 48

    public init(font: MathFont, pixel: Double) {
        self.font = font
        self.pixel = pixel
        xHeight = font.glyph(for: "x").map { font.bounds(of: $0).ascent } ?? 0.45
    }

    /// `formula` set with its text at `size` points: in display style when it is a display
    /// formula (large operators larger, limits above and below, fractions full size).
    public func layout(_ formula: Formula, size: Double) -> MathBox {
        guard !formula.nodes.isEmpty else { return MathBox() }
        let style = MathStyle(base: size, level: 0, display: formula.isDisplay, cramped: false, font: font)
        return row(of: formula.root.children, in: formula, style: style, depth: 1)
    }

    /// Element `index` of `formula`. `stretch`: the height and depth its row gives an operator
    /// that stretches, which an element embellishing one (an `msub` of a `]`) passes to it.
    func box(_ index: Int, in formula: Formula, style: MathStyle, depth: Int, form: OperatorDictionary.Form = .infix,
             stretch: Stretch? = nil) -> MathBox {
        let node = formula.nodes[index]
        guard depth < Self.maximumDepth else { return flattened(index, in: formula, style: style) }
        let style = style.applying(node, pixel: pixel)
        let children = node.children
        switch node.name {
        case "mi", "mn", "mtext", "ms": return token(node, style: style)
        case "mo":
            let box = operatorBox(node, form: form, style: style)
            guard let stretch, let op = box.embellished, op.stretchy else { return box }
            return stretched(op, ascent: stretch.ascent, descent: stretch.descent, style: style) ?? box
        case "mspace": return space(node, style: style)
        case "mfrac": return fraction(node, in: formula, style: style, depth: depth)
        case "msqrt": return radical(base: children, degree: nil, in: formula, style: style, depth: depth)
        case "mroot":
            guard children.count == 2 else { return row(of: children, in: formula, style: style, depth: depth) }
            return radical(base: [children[0]], degree: children[1], in: formula, style: style, depth: depth)
        case "msub", "msup", "msubsup": return scripts(node, in: formula, style: style, depth: depth, stretch: stretch)
        case "munder", "mover", "munderover": return underOver(node, in: formula, style: style, depth: depth, stretch: stretch)
        case "mmultiscripts": return multiscripts(node, in: formula, style: style, depth: depth)
        case "mtable": return table(node, in: formula, style: style, depth: depth)
        case "mfenced": return fenced(node, in: formula, style: style, depth: depth)
        case "menclose": return enclosed(node, in: formula, style: style, depth: depth)
        case "mpadded": return padded(node, in: formula, style: style, depth: depth)
        case "mphantom":
            var box = row(of: children, in: formula, style: style, depth: depth)
            box.items = []
            return box
        case "semantics", "maction":
            guard let first = children.first else { return MathBox() }
            return box(first, in: formula, style: style, depth: depth + 1)
        default:
            // `math`, `mrow`, `mstyle`, `merror`, and elements MathML Core does not know: a row.
            if let stretch, children.count == 1 {
                return box(children[0], in: formula, style: style, depth: depth + 1, form: form, stretch: stretch)
            }
            return row(of: children, in: formula, style: style, depth: depth)
        }
    }

    // MARK: Tokens

    /// `mi`, `mn`, `mtext`, `ms`: the text shaped in the math face (a one-letter `mi` in italic,
    /// `mathvariant` applied), its box as tall as its ink.
    func token(_ node: MathNode, style: MathStyle) -> MathBox {
        // `ms` is set as `mtext` is: MathML Core left its quotes to the style sheet.
        let text = node.text
        let variant = node.attribute("mathvariant").flatMap(MathVariant.init(rawValue:))
            ?? (node.name == "mi" && text.count == 1 ? .italic : .normal)
        return glyphs(of: variant.apply(to: text), style: style)
    }

    /// `text` shaped at the style's size, with the script forms (`ssty`) of its level.
    func glyphs(of text: String, style: MathStyle) -> MathBox {
        var box = MathBox()
        let size = style.size
        let shaped = font.shaped(text, scriptLevel: style.level)
        var ink = GlyphBounds()
        for glyph in shaped {
            box.items.append(MathItem(kind: .glyph(id: glyph.id, size: size), x: box.width + glyph.x * size, y: glyph.y * size))
            let bounds = font.bounds(of: glyph.id)
            ink.ascent = max(ink.ascent, bounds.ascent + glyph.y)
            ink.descent = max(ink.descent, bounds.descent - glyph.y)
            box.width += glyph.advance * size
        }
        // The ink's height, not a line's: MathML Core sets a token's box to its glyphs.
        box.ascent = ink.ascent * size
        box.descent = ink.descent * size
        if let last = shaped.last {
            box.italicsCorrection = font.italicsCorrection(of: last.id) * size
            if shaped.count == 1 { box.accentAttachment = font.topAccentAttachment(of: last.id) * size }
        }
        return box
    }

    /// `mspace`: its `width`, `height` and `depth`.
    func space(_ node: MathNode, style: MathStyle) -> MathBox {
        func length(_ name: String) -> Double {
            node.attribute(name).flatMap { MathLength.points($0, style: style, pixel: pixel, xHeight: xHeight) }.map { max(0, $0) } ?? 0
        }
        return .space(width: length("width"), ascent: length("height"), descent: length("depth"))
    }

    /// A formula too deep to lay out: its tokens' text, in order, as one row of text.
    func flattened(_ index: Int, in formula: Formula, style: MathStyle) -> MathBox {
        var text = ""
        var pending = [index]
        while let next = pending.popLast() {
            let node = formula.nodes[next]
            text += node.text
            pending += node.children.reversed()
        }
        return glyphs(of: text, style: style)
    }

    // MARK: Rows

    /// Children side by side (MathML Core §3.3.1): operators spaced by their dictionary entries,
    /// and those that stretch made as tall as the rest of the row.
    func row(of children: [Int], in formula: Formula, style: MathStyle, depth: Int) -> MathBox {
        let significant = children.filter { formula.nodes[$0].name != "mspace" }
        func form(of child: Int) -> OperatorDictionary.Form {
            significant.count < 2 ? .infix : child == significant.first ? .prefix : child == significant.last ? .postfix : .infix
        }
        var boxes = children.map { box($0, in: formula, style: style, depth: depth + 1, form: form(of: $0)) }
        // What a stretchy operator is stretched to cover: the rest of the row. One that is
        // embellished (a `]` with its subscript) is set again around its stretched core.
        var ascent = 0.0, descent = 0.0
        for box in boxes where box.embellished?.stretchy != true {
            ascent = max(ascent, box.ascent)
            descent = max(descent, box.descent)
        }
        if ascent + descent > 0 {
            for (k, child) in children.enumerated() where boxes[k].embellished?.stretchy == true {
                boxes[k] = box(child, in: formula, style: style, depth: depth + 1, form: form(of: child),
                               stretch: Stretch(ascent: ascent, descent: descent))
            }
        }
        var row = MathBox()
        for box in boxes {
            let op = box.embellished
            row.width += op?.leadingSpace ?? 0
            row.place(box, x: row.width, y: 0)
            row.width += box.width + (op?.trailingSpace ?? 0)
        }
        row.italicsCorrection = boxes.last?.italicsCorrection ?? 0
        if boxes.count == 1 {
            row.embellished = boxes[0].embellished
            row.accentAttachment = boxes[0].accentAttachment
        }
        return row
    }
}

/// The height and depth a row stretches its operators to cover.
struct Stretch: Sendable {
    var ascent: Double
    var descent: Double
}

/// What an element is set in: the size at script level 0, its level (each one smaller), display
/// style (large operators and fractions full size) and cramped (scripts lower, as under a bar).
struct MathStyle: Sendable {
    var base: Double
    var level: Int
    var display: Bool
    var cramped: Bool
    var scriptScale: Double
    var scriptScriptScale: Double

    init(base: Double, level: Int, display: Bool, cramped: Bool, font: MathFont) {
        self.base = base
        self.level = level
        self.display = display
        self.cramped = cramped
        scriptScale = font.constant(.scriptPercentScaleDown).nonZero ?? 0.71
        scriptScriptScale = font.constant(.scriptScriptPercentScaleDown).nonZero ?? 0.5041
    }

    /// The size text is set at: each level down smaller by the table's scale-downs, past the
    /// second by 0.71 a level, as MathML Core's `math-depth` scales.
    var size: Double {
        switch level {
        case ...0: base
        case 1: base * scriptScale
        default: base * scriptScriptScale * (2..<level).reduce(1.0) { factor, _ in factor * 0.71 }
        }
    }

    /// The style of a script: one level down, never display style.
    var script: MathStyle {
        var style = self
        style.level += 1
        style.display = false
        return style
    }

    var crampedStyle: MathStyle {
        var style = self
        style.cramped = true
        return style
    }

    /// The style `node`'s own attributes set (`displaystyle`, `scriptlevel`, `mathsize`).
    func applying(_ node: MathNode, pixel: Double) -> MathStyle {
        guard !node.attributes.isEmpty else { return self }
        var style = self
        if let display = node.attribute("displaystyle") { style.display = display == "true" }
        if let level = node.attribute("scriptlevel")?.trimmingCharacters(in: " "), !level.isEmpty {
            if level.hasPrefix("+"), let step = Int(level.dropFirst()) {
                style.level += min(step, 8)
            } else if level.hasPrefix("-"), let step = Int(level.dropFirst()) {
                style.level = max(0, style.level - min(step, 8))
            } else if let absolute = Int(level) {
                style.level = min(max(absolute, 0), 8)
            }
        }
        if let size = node.attribute("mathsize"), let points = MathLength.points(size, style: style, pixel: pixel, xHeight: 0.45),
           points > 0, style.size > 0 {
            style.base *= points / style.size
        }
        return style
    }
}

private extension Double {
    var nonZero: Double? { self == 0 ? nil : self }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
