import BookModel
import Fonts

/// Operators (`mo`): spaced by the operator dictionary and their attributes, large operators
/// made large in display style, and glyphs stretched to a size by the face's variants and, past
/// the largest, its assembly of parts (MathML Core §3.2.4, and the OpenType MATH table's
/// MathVariants).
extension FormulaLayouter {
    func operatorBox(_ node: MathNode, form: OperatorDictionary.Form, style: MathStyle) -> MathBox {
        let text = node.text
        let form = node.attribute("form").flatMap { name -> OperatorDictionary.Form? in
            switch name { case "prefix": .prefix; case "postfix": .postfix; case "infix": .infix; default: nil }
        } ?? form
        let entry = OperatorDictionary.entry(for: text, form: form)
        func flag(_ name: String, _ otherwise: Bool) -> Bool {
            node.attribute(name).map { $0 == "true" } ?? otherwise
        }
        func space(_ name: String, _ eighteenths: Int) -> Double {
            node.attribute(name).flatMap { MathLength.points($0, style: style, pixel: pixel, xHeight: xHeight) }
                ?? Double(eighteenths) / 18 * style.size
        }
        var box: MathBox
        if flag("largeop", entry.largeOperator), style.display, let large = largeOperator(text, style: style) {
            box = large
        } else {
            box = glyphs(of: text, style: style)
        }
        box.embellished = EmbellishedOperator(leadingSpace: space("lspace", entry.leading),
                                              trailingSpace: space("rspace", entry.trailing),
                                              stretchy: flag("stretchy", entry.stretchy), symmetric: flag("symmetric", entry.symmetric),
                                              largeOperator: flag("largeop", entry.largeOperator),
                                              movableLimits: flag("movablelimits", entry.movableLimits),
                                              text: text, size: style.size)
        return box
    }

    /// A large operator in display style: its first variant at least `displayOperatorMinHeight`
    /// tall (the largest when none is), centred on the axis.
    private func largeOperator(_ text: String, style: MathStyle) -> MathBox? {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, let glyph = font.glyph(for: scalar) else {
            return nil
        }
        let minimum = font.constant(.displayOperatorMinHeight)
        let variants = font.variants(of: glyph, vertical: true)
        guard let chosen = variants.first(where: { $0.size >= minimum }) ?? variants.last else { return nil }
        var box = glyphBox(chosen.glyph, size: style.size)
        centre(&box, on: font.constant(.axisHeight) * style.size)
        return box
    }

    /// One glyph at `size`, its box its ink's height and its advance wide.
    func glyphBox(_ glyph: UInt32, size: Double) -> MathBox {
        let bounds = font.bounds(of: glyph)
        var box = MathBox()
        box.items = [MathItem(kind: .glyph(id: glyph, size: size), x: 0, y: 0)]
        box.width = font.advance(of: glyph) * size
        box.ascent = bounds.ascent * size
        box.descent = bounds.descent * size
        box.italicsCorrection = font.italicsCorrection(of: glyph) * size
        return box
    }

    /// Moves `box` up or down so that its ink is centred on height `axis`.
    func centre(_ box: inout MathBox, on axis: Double) {
        let shift = axis - (box.ascent - box.descent) / 2
        for k in box.items.indices { box.items[k].y += shift }
        box.ascent += shift
        box.descent -= shift
    }

    /// `op` stretched up and down to cover `ascent` and `descent` (a symmetric one as far on
    /// both sides of the axis); nil when its glyph has no larger forms.
    func stretched(_ op: EmbellishedOperator, ascent: Double, descent: Double, style: MathStyle) -> MathBox? {
        guard op.text.unicodeScalars.count == 1, let scalar = op.text.unicodeScalars.first, let glyph = font.glyph(for: scalar) else {
            return nil
        }
        let axis = font.constant(.axisHeight) * op.size
        var top = ascent, bottom = descent
        if op.symmetric {
            let half = max(ascent - axis, descent + axis)
            top = axis + half
            bottom = half - axis
        }
        guard var box = stretchedGlyph(glyph, covering: top + bottom, vertical: true, size: op.size) else { return nil }
        // Centred where the covered stretch is.
        centre(&box, on: (top - bottom) / 2)
        var stretchedOp = op
        stretchedOp.stretchy = false
        box.embellished = stretchedOp
        return box
    }

    /// `glyph` at `size` made at least `length` long, up or across: its first variant that is,
    /// else built of its assembly's parts to exactly that length (the largest variant when it
    /// has neither).
    func stretchedGlyph(_ glyph: UInt32, covering length: Double, vertical: Bool, size: Double) -> MathBox? {
        let variants = font.variants(of: glyph, vertical: vertical)
        if let variant = variants.first(where: { $0.size * size >= length }) { return glyphBox(variant.glyph, size: size) }
        if let assembly = font.assembly(of: glyph, vertical: vertical),
           let built = assembled(assembly.parts, length: length / size, vertical: vertical, size: size) {
            return built
        }
        guard let largest = variants.last else { return nil }
        return glyphBox(largest.glyph, size: size)
    }

    /// The parts of an assembly, each extender repeated as often as needed, overlapping so that
    /// the whole is `length` ems long: from the bottom up, or from the left.
    func assembled(_ parts: [MathGlyphPart], length: Double, vertical: Bool, size: Double) -> MathBox? {
        guard !parts.isEmpty, parts.contains(where: \.isExtender) else { return nil }
        let overlap = font.minimumConnectorOverlap(vertical: vertical)
        // The fewest repeats of the extenders whose longest build reaches the length.
        var repeats = 0
        var chosen: [MathGlyphPart] = []
        repeat {
            chosen = parts.flatMap { $0.isExtender ? Array(repeating: $0, count: repeats) : [$0] }
            let longest = chosen.reduce(0) { $0 + $1.fullAdvance } - Double(max(0, chosen.count - 1)) * overlap
            if longest >= length || repeats > 200 { break }
            repeats += 1
        } while true
        guard !chosen.isEmpty else { return nil }
        // The overlap beyond the least that each joint takes, shared evenly within what both
        // parts' connectors allow.
        let joints = max(0, chosen.count - 1)
        let longest = chosen.reduce(0) { $0 + $1.fullAdvance } - Double(joints) * overlap
        var extra = joints > 0 ? max(0, longest - length) / Double(joints) : 0
        let allowed = zip(chosen, chosen.dropFirst()).map { min($0.endConnector, $1.startConnector) - overlap }
        if let tightest = allowed.min() { extra = min(extra, max(0, tightest)) }
        var box = MathBox()
        var position = 0.0
        for (k, part) in chosen.enumerated() {
            if k > 0 { position -= (overlap + extra) * size }
            let bounds = font.bounds(of: part.glyph)
            if vertical {
                // Each part's ink from its bottom: the part's origin goes below by its descent.
                box.items.append(MathItem(kind: .glyph(id: part.glyph, size: size), x: 0, y: position + bounds.descent * size))
                box.width = max(box.width, font.advance(of: part.glyph) * size)
            } else {
                box.items.append(MathItem(kind: .glyph(id: part.glyph, size: size), x: position, y: 0))
                box.ascent = max(box.ascent, bounds.ascent * size)
                box.descent = max(box.descent, bounds.descent * size)
            }
            position += part.fullAdvance * size
        }
        if vertical {
            box.ascent = position
            box.descent = 0
        } else {
            box.width = position
        }
        return box
    }
}
