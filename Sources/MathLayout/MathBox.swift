/// A piece of a formula as set: what it draws, measured from its origin, the left end of its
/// baseline, in points, with `y` going up. A formula is built of boxes placed in boxes, and the
/// whole is one box, which the page places.
public struct MathBox: Sendable, Equatable {
    public var width: Double = 0
    /// How far it reaches above and below its baseline.
    public var ascent: Double = 0
    public var descent: Double = 0
    public var items: [MathItem] = []
    /// How far a superscript after it moves right (its last glyph's italics correction).
    var italicsCorrection = 0.0
    /// Where an accent over it is centred, from its origin (its glyph's attachment point when
    /// it is one glyph; else its middle).
    var accentAttachment: Double?
    /// The operator it is, or is embellished from (an `mo`, or an `msub` or `mrow` with one at its
    /// core), which its row spaces and stretches.
    var embellished: EmbellishedOperator?

    public init() {}

    /// Draws `box` with its origin `x` right of this one's and `y` up from its baseline, and
    /// grows to hold it (not wider: the caller sets the width).
    mutating func place(_ box: MathBox, x: Double, y: Double) {
        for var item in box.items {
            item.x += x
            item.y += y
            items.append(item)
        }
        ascent = max(ascent, box.ascent + y)
        descent = max(descent, box.descent - y)
    }

    /// A box drawing nothing, of this size.
    static func space(width: Double, ascent: Double = 0, descent: Double = 0) -> MathBox {
        var box = MathBox()
        box.width = width
        box.ascent = ascent
        box.descent = descent
        return box
    }
}

/// One thing a formula draws: a glyph of the math face, by id, at `size` points with its origin
/// at (`x`, `y`); or a filled rectangle (a fraction bar, a radical's overbar) from (`x`, `y`),
/// its bottom-left corner, `width` across and `height` up, turned `angle` degrees
/// counterclockwise about its centre (a diagonal strike; 0 for every other).
public struct MathItem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case glyph(id: UInt32, size: Double)
        case rule(width: Double, height: Double, angle: Double = 0)
    }

    public var kind: Kind
    public var x: Double
    public var y: Double
}

/// What a row needs to know of an operator it holds: how it is spaced, and whether it stretches.
struct EmbellishedOperator: Sendable, Equatable {
    var leadingSpace: Double
    var trailingSpace: Double
    var stretchy: Bool
    var symmetric: Bool
    /// A large operator (`∑`), and one whose limits go to its scripts outside display style.
    var largeOperator = false
    var movableLimits = false
    /// The operator's text and size, to stretch it again (`FormulaLayouter.stretched`).
    var text: String
    var size: Double
}

extension MathBox {
    /// The box drawn `factor` times as large, about its origin: a formula too wide for its page.
    public func scaled(by factor: Double) -> MathBox {
        guard factor != 1 else { return self }
        var box = MathBox()
        box.width = width * factor
        box.ascent = ascent * factor
        box.descent = descent * factor
        box.items = items.map { item in
            var item = item
            item.x *= factor
            item.y *= factor
            switch item.kind {
            case .glyph(let id, let size): item.kind = .glyph(id: id, size: size * factor)
            case .rule(let width, let height, let angle):
                item.kind = .rule(width: width * factor, height: height * factor, angle: angle)
            }
            return item
        }
        return box
    }
}
