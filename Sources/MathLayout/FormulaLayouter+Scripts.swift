import BookModel
import Fonts

/// Scripts and limits: `msub`, `msup`, `msubsup` and `mmultiscripts` beside their base,
/// `munder`, `mover` and `munderover` below and above it (MathML Core §3.4).
extension FormulaLayouter {
    func scripts(_ node: MathNode, in formula: Formula, style: MathStyle, depth: Int, stretch: Stretch? = nil) -> MathBox {
        let children = node.children
        let needed = node.name == "msubsup" ? 3 : 2
        guard children.count == needed else { return row(of: children, in: formula, style: style, depth: depth) }
        let base = box(children[0], in: formula, style: style, depth: depth + 1, stretch: stretch)
        let sub = node.name == "msup" ? nil : box(children[1], in: formula, style: style.script.crampedStyle, depth: depth + 1)
        let sup = node.name == "msub" ? nil
            : box(children[node.name == "msup" ? 1 : 2], in: formula, style: style.script, depth: depth + 1)
        var result = attach(base: base, subscripts: sub.map { [$0] } ?? [], superscripts: sup.map { [$0] } ?? [], style: style)
        result.embellished = base.embellished
        return result
    }

    /// `mmultiscripts`: its base, the script pairs after it, and those after `mprescripts`
    /// before it, each pair's subscript and superscript (`none` for neither) in columns.
    func multiscripts(_ node: MathNode, in formula: Formula, style: MathStyle, depth: Int) -> MathBox {
        guard let first = node.children.first else { return MathBox() }
        let base = box(first, in: formula, style: style, depth: depth + 1)
        var post: [(MathBox, MathBox)] = [], pre: [(MathBox, MathBox)] = []
        var pending: [Int] = []
        var afterPrescripts = false
        func flush() {
            while pending.count >= 2 {
                let sub = formula.nodes[pending[0]].name == "none" ? MathBox()
                    : box(pending[0], in: formula, style: style.script.crampedStyle, depth: depth + 1)
                let sup = formula.nodes[pending[1]].name == "none" ? MathBox()
                    : box(pending[1], in: formula, style: style.script, depth: depth + 1)
                if afterPrescripts { pre.append((sub, sup)) } else { post.append((sub, sup)) }
                pending.removeFirst(2)
            }
        }
        for child in node.children.dropFirst() {
            if formula.nodes[child].name == "mprescripts" {
                flush()
                pending = []
                afterPrescripts = true
            } else {
                pending.append(child)
            }
        }
        flush()
        var result = MathBox()
        if !pre.isEmpty {
            let before = attach(base: MathBox(), subscripts: pre.map(\.0), superscripts: pre.map(\.1), style: style)
            result.place(before, x: 0, y: 0)
            result.width = before.width
        }
        let after = attach(base: base, subscripts: post.map(\.0), superscripts: post.map(\.1), style: style)
        result.place(after, x: result.width, y: 0)
        result.width += after.width
        return result
    }

    /// `base` with its scripts after it, each subscript below its superscript, each column as
    /// wide as its wider one: shifted by the table's script constants, apart by at least
    /// `subSuperscriptGapMin`, and `spaceAfterScript` after them.
    func attach(base: MathBox, subscripts: [MathBox], superscripts: [MathBox], style: MathStyle) -> MathBox {
        let size = style.size
        func c(_ constant: MathConstant) -> Double { font.constant(constant) * size }
        let hasSub = subscripts.contains { !$0.items.isEmpty || $0.width > 0 }
        let hasSup = superscripts.contains { !$0.items.isEmpty || $0.width > 0 }
        let subAscent = subscripts.map(\.ascent).max() ?? 0
        let supDescent = superscripts.map(\.descent).max() ?? 0
        var down = max(c(.subscriptShiftDown), subAscent - c(.subscriptTopMax), base.descent + c(.subscriptBaselineDropMin))
        var up = max(style.cramped ? c(.superscriptShiftUpCramped) : c(.superscriptShiftUp), supDescent + c(.superscriptBottomMin),
                     base.ascent - c(.superscriptBaselineDropMax))
        if hasSub, hasSup {
            let gap = (up - supDescent) - (subAscent - down)
            let minimum = c(.subSuperscriptGapMin)
            if gap < minimum {
                // The superscript goes up as far as its bottom may, then the subscript down.
                let raise = max(0, min(minimum - gap, c(.superscriptBottomMaxWithSubscript) - (up - supDescent)))
                up += raise
                down += minimum - gap - raise
            }
        }
        var box = MathBox()
        box.place(base, x: 0, y: 0)
        var x = base.width
        let correction = base.embellished?.largeOperator == true ? 0 : base.italicsCorrection
        for (sub, sup) in zip(subscripts + Array(repeating: MathBox(), count: max(0, superscripts.count - subscripts.count)),
                              superscripts + Array(repeating: MathBox(), count: max(0, subscripts.count - superscripts.count))) {
            // A large operator's subscript tucks under it by its italics correction.
            let subX = base.embellished?.largeOperator == true ? x - base.italicsCorrection : x
            if hasSub { box.place(sub, x: subX, y: -down) }
            if hasSup { box.place(sup, x: x + correction, y: up) }
            x += max(sub.width, sup.width + correction)
        }
        box.width = x + ((hasSub || hasSup) ? c(.spaceAfterScript) : 0)
        box.ascent = max(box.ascent, base.ascent)
        box.descent = max(box.descent, base.descent)
        return box
    }

    /// `munder`, `mover`, `munderover`: the scripts centred below and above the base, as limits
    /// (a large operator's, by the limit constants) or accents; a base whose operator has
    /// movable limits, outside display style, takes them as scripts instead.
    func underOver(_ node: MathNode, in formula: Formula, style: MathStyle, depth: Int, stretch: Stretch? = nil) -> MathBox {
        let children = node.children
        let needed = node.name == "munderover" ? 3 : 2
        guard children.count == needed else { return row(of: children, in: formula, style: style, depth: depth) }
        var base = box(children[0], in: formula, style: style, depth: depth + 1, stretch: stretch)
        let underIndex: Int? = node.name == "mover" ? nil : children[1]
        let overIndex: Int? = node.name == "munder" ? nil : children[node.name == "mover" ? 1 : 2]
        let accent = isAccent(node.attribute("accent"), script: overIndex.map { formula.nodes[$0] })
        let accentUnder = isAccent(node.attribute("accentunder"), script: underIndex.map { formula.nodes[$0] })
        if let op = base.embellished, op.movableLimits, !style.display {
            let under = underIndex.map { self.box($0, in: formula, style: style.script.crampedStyle, depth: depth + 1) }
            let over = overIndex.map { self.box($0, in: formula, style: style.script, depth: depth + 1) }
            var result = attach(base: base, subscripts: under.map { [$0] } ?? [], superscripts: over.map { [$0] } ?? [], style: style)
            result.embellished = base.embellished
            return result
        }
        var under = underIndex.map { self.box($0, in: formula, style: accentUnder ? style : style.script.crampedStyle, depth: depth + 1) }
        var over = overIndex.map { self.box($0, in: formula, style: accent ? style.crampedStyle : style.script, depth: depth + 1) }
        // Stretchy scripts (a bar, an arrow, a brace) stretch across the widest of the three.
        let width = max(base.width, under?.width ?? 0, over?.width ?? 0)
        if let op = over?.embellished, op.stretchy, let stretched = stretchedAcross(op, width: width) { over = stretched }
        if let op = under?.embellished, op.stretchy, let stretched = stretchedAcross(op, width: width) { under = stretched }
        if let op = base.embellished, op.stretchy, let stretched = stretchedAcross(op, width: width) { base = stretched }
        let size = style.size
        func c(_ constant: MathConstant) -> Double { font.constant(constant) * size }
        let isLimit = base.embellished?.largeOperator == true
        let full = max(base.width, under?.width ?? 0, over?.width ?? 0)
        var box = MathBox()
        box.width = full
        box.place(base, x: (full - base.width) / 2, y: 0)
        if let over {
            let shift: Double
            if accent {
                // The accent's ink sits on the base's top, and no lower than the accent base
                // height (MathML Core's rule, which suits a spacing `^` as well as a combining one).
                shift = max(base.ascent, c(.accentBaseHeight)) - bottom(of: over)
            } else if isLimit {
                shift = max(c(.upperLimitBaselineRiseMin), c(.upperLimitGapMin) - bottom(of: over)) + base.ascent
            } else {
                shift = base.ascent + c(.overbarVerticalGap) - bottom(of: over)
            }
            let centre = accent ? (base.accentAttachment ?? base.width / 2) + (full - base.width) / 2 : full / 2
            let overCentre = accent ? (over.accentAttachment ?? over.width / 2) : over.width / 2
            box.place(over, x: centre - overCentre, y: shift)
            if isLimit { box.ascent += c(.overbarExtraAscender) }
        }
        if let under {
            let shift: Double
            if accentUnder {
                shift = base.descent + top(of: under)
            } else if isLimit {
                shift = max(c(.lowerLimitBaselineDropMin), c(.lowerLimitGapMin) + top(of: under)) + base.descent
            } else {
                shift = base.descent + c(.underbarVerticalGap) + top(of: under)
            }
            box.place(under, x: (full - under.width) / 2, y: -shift)
            if isLimit { box.descent += c(.underbarExtraDescender) }
        }
        box.embellished = base.embellished
        return box
    }

    /// Whether a script is an accent: as the `mover`'s `accent` (or `accentunder`) says when
    /// it says, else as its operator does (its own `accent`, else the operator dictionary's: `^`,
    /// `~`, `¯`, `→` over a letter). MathML Core reads only the first; WebKit, which Apple Books
    /// draws with, and Gecko read both, as books written for them expect.
    private func isAccent(_ attribute: String?, script: MathNode?) -> Bool {
        if let attribute = attribute?.lowercased(), attribute == "true" || attribute == "false" { return attribute == "true" }
        guard let script, script.name == "mo" else { return false }
        if let own = script.attribute("accent")?.lowercased(), own == "true" || own == "false" { return own == "true" }
        return OperatorDictionary.textEntry(for: script.text, form: .postfix)?.accent ?? false
    }

    /// How high a script's lowest ink is, from its baseline, negative below it: a box's
    /// descent, or where nothing of it reaches below the baseline (a bar, a spacing accent), how
    /// far above it its ink starts, which the descent, never below zero, does not say. MathML
    /// Core measures a script by its ink.
    private func bottom(of box: MathBox) -> Double {
        guard box.descent <= 0 else { return -box.descent }
        let bottoms = box.items.map { item -> Double in
            switch item.kind {
            case .glyph(let id, let size): item.y - font.bounds(of: id).descent * size
            case .rule: item.y
            }
        }
        return max(0, bottoms.min() ?? 0)
    }

    /// How high a script's highest ink is, from its baseline: its ascent, or where nothing of it
    /// reaches above the baseline (an underbar), how far below it its ink ends, negated.
    private func top(of box: MathBox) -> Double {
        guard box.ascent <= 0 else { return box.ascent }
        let tops = box.items.map { item -> Double in
            switch item.kind {
            case .glyph(let id, let size): item.y + font.bounds(of: id).ascent * size
            case .rule(_, let height, _): item.y + height
            }
        }
        return min(0, tops.max() ?? 0)
    }

    /// A horizontal operator stretched to `width`, keeping its place up and down.
    private func stretchedAcross(_ op: EmbellishedOperator, width: Double) -> MathBox? {
        guard op.text.unicodeScalars.count == 1, let scalar = op.text.unicodeScalars.first, let glyph = font.glyph(for: scalar),
              var box = stretchedGlyph(glyph, covering: width, vertical: false, size: op.size) else { return nil }
        var done = op
        done.stretchy = false
        box.embellished = done
        return box
    }
}
