/// The values of the honoured properties for one element, after the cascade and inheritance.
/// Sizes are multiples of the default font size (the body's), so the layout can turn them into
/// points with the size it sets the body in.
public struct ComputedStyle: Sendable, Equatable {
    // Not inherited: each element starts from these.
    /// `display: none`: the element and all it holds show nothing.
    public var isHidden = false
    public var breakBefore: BreakValue = .auto
    public var breakAfter: BreakValue = .auto
    /// `list-style-type` set on this element. It inherits in CSS, but browsers' own stylesheet
    /// sets it on every list, so what an item inherits is always its list's: the reader gives
    /// lists and items their markers so (`BlockBuilder`), and needs no inherited value.
    public var listStyleType: ListStyleType?
    /// `break-inside: avoid`.
    public var avoidsBreakInside = false
    /// Margins, when the book sets them (horizontal ones in lengths only: no percentages).
    public var marginTop: Double?
    public var marginBottom: Double?
    public var marginLeft: Double?
    public var marginRight: Double?
    /// `display: block` (or `list-item`, `flex`, …): the element makes a block box, even one
    /// that is inline in HTML (a line of verse in a `span`).
    public var displaysAsBlock = false
    /// `font-style` and `font-weight` when the book sets them on this element; nil leaves the
    /// element's own meaning (`em` is italic) alone. Inherited by the reader's walk, which
    /// carries each run's italic and bold down the tree, rather than here: an `em` inside a
    /// paragraph set in `font-style: normal` stays italic.
    public var isItalic: Bool?
    public var isBold: Bool?
    /// `direction` when the book sets it on this element; inherited by the reader's walk, where
    /// it meets the `dir` attributes it competes with.
    public var isRightToLeft: Bool?
    /// The table properties (CSS 2.1 §17 and a cell's box): what makes and sizes table boxes.
    /// Kept out of line when any is set, and not at all when none is (most elements): each
    /// element's style is copied several times as the reader walks the tree.
    public var table: TableBoxStyle {
        get { rare?.table ?? TableBoxStyle() }
        set {
            rare = RareStyle.make(table: newValue == TableBoxStyle() ? nil : newValue, typography: rare?.typography,
                                  placement: rare?.placement)
        }
    }
    /// The table properties and the typography (`table`, `typography`), when an element has
    /// either: one reference, nil for most elements, so a style costs one reference to copy.
    private var rare: RareStyle?
    /// `table.verticalAlign` and `table.padding`'s start sides (the top one in vertical
    /// writing), read without making the empty table style most elements have: every element
    /// asks.
    public var verticalAlign: CSSVerticalAlign? { rare?.table?.verticalAlign }
    public var paddingLeft: Double? { rare?.table?.padding.left }
    public var paddingRight: Double? { rare?.table?.padding.right }
    public var paddingTop: Double? { rare?.table?.padding.top }

    // Inherited: each element starts from its parent's.
    public var textAlign: TextAlign?
    /// The first line's indent, when the book sets one.
    public var textIndent: Double?
    /// The font size; `fontSizeIsSet` tells whether the book set it here or on an ancestor.
    public var fontScale: Double = 1
    public var fontSizeIsSet = false
    /// `white-space: pre`, `pre-wrap`, `break-spaces`: spaces and line breaks kept.
    public var preservesWhitespace = false
    /// Line breaks kept: those, and `pre-line` (whose spaces collapse).
    public var keepsLineBreaks = false
    public var orphans: Int?
    public var widows: Int?
    /// `writing-mode` (or `-epub-writing-mode`) is vertical: the book is set in columns.
    public var writesVertically = false
    /// `white-space: nowrap` (or `pre`): lines are not broken.
    public var noWrap = false
    /// `hyphens` when the book sets it here or around: false for `none` and `manual`.
    public var hyphenates: Bool?
    /// `line-break: strict` here or around (JLReq's stricter line starts).
    public var strictLineBreaks = false
    /// `text-orientation` and `text-combine-upright` here or around: how vertical text stands.
    public var textOrientation = TextOrientation.mixed
    public var combineUpright = CombineUpright.none
    /// `tab-size`, in spaces, when the book sets it here or around.
    public var tabSize: Int?
    /// The text's `color`, when the book sets it here or around.
    public var color: CSSColor?
    /// `line-height`, in multiples of the default font size (a number inherited as a number is
    /// of each element's own size), when an element below `body` sets it here or around: the
    /// body's is the layout's (`--line-height`), and what the book sets below is taken relative
    /// to the body's own (`rootLineHeight`).
    public var lineHeight: Double?
    /// A number `line-height` (inherited as a number), nil for a computed length.
    var lineHeightMultiple: Double?
    /// The body's `line-height` in multiples of the default font size (1.2 for `normal`).
    public var rootLineHeight = ComputedStyle.normalLineHeight
    /// What `normal` is taken to be: browsers' for Times and Liberation Serif.
    public static let normalLineHeight = 1.2
    /// `font-family`, when the book sets it here or around.
    public var fontFamily: [FontFamilyName]?
    /// `text-transform` and the small capitals (`font-variant`), when the book sets them here
    /// or around.
    public var textTransform: TextTransform?
    public var caps: FontCaps?
    /// `text-decoration` set on this element: the lines it adds (or, all false, that `none`
    /// takes away the element's own, as `a { text-decoration: none }` does). Not inherited: the
    /// reader carries the lines to the text inside.
    public var decoration: TextDecoration?
    /// `float` set on this element: `left` or `right` takes it out of the flow, to one side.
    public var float: CSSFloat?
    /// `background-color` on this element.
    public var backgroundColor: CSSColor? { rare?.table?.backgroundColor }
    /// `letter-spacing`, `word-spacing` and `font-variant-numeric`, here or around. Kept out of
    /// line with the table properties when any is set, and not at all when none is: few
    /// elements of a book have them, and every element's style is copied as the tree is read.
    public var typography: TextTypography {
        get { rare?.typography ?? TextTypography() }
        set {
            rare = RareStyle.make(table: rare?.table, typography: newValue == TextTypography() ? nil : newValue,
                                  placement: rare?.placement)
        }
    }
    /// Whether `typography` sets anything: asked of every element, without making the empty one.
    public var hasTypography: Bool { rare?.typography != nil }
    /// `position`, its offsets, `max-width` and `background-image`: kept out of line with the
    /// table properties, as few elements set them. Not inherited.
    public var placement: PlacementStyle {
        get { rare?.placement ?? PlacementStyle() }
        set {
            rare = RareStyle.make(table: rare?.table, typography: rare?.typography,
                                  placement: newValue == PlacementStyle() ? nil : newValue)
        }
    }

    public init() {}

    /// What a child starts from: the inherited values, the others at their initial values.
    public func inherited() -> ComputedStyle {
        var child = ComputedStyle()
        child.textAlign = textAlign
        child.textIndent = textIndent
        child.fontScale = fontScale
        child.fontSizeIsSet = fontSizeIsSet
        child.preservesWhitespace = preservesWhitespace
        child.keepsLineBreaks = keepsLineBreaks
        child.orphans = orphans
        child.widows = widows
        child.writesVertically = writesVertically
        child.noWrap = noWrap
        child.hyphenates = hyphenates
        child.strictLineBreaks = strictLineBreaks
        child.textOrientation = textOrientation
        child.combineUpright = combineUpright
        child.tabSize = tabSize
        child.color = color
        child.textTransform = textTransform
        child.fontFamily = fontFamily
        child.caps = caps
        child.lineHeight = lineHeight
        child.lineHeightMultiple = lineHeightMultiple
        child.rootLineHeight = rootLineHeight
        // Typography inherits whole, the table properties in part, the placement not at all.
        if let rare {
            if rare.table != nil || rare.placement != nil {
                let inherited = rare.table?.inherited()
                child.rare = RareStyle.make(table: inherited == TableBoxStyle() ? nil : inherited, typography: rare.typography,
                                            placement: nil)
            } else {
                child.rare = rare
            }
        }
        return child
    }

    /// For `html` and `body`: their line height (for their own size) becomes the one those set
    /// below are relative to, and they set none themselves.
    public mutating func takeLineHeightAsRoot() {
        // `body` without one of its own keeps `html`'s.
        if let lineHeight { rootLineHeight = lineHeight / max(fontScale, 1e-9) }
        lineHeight = nil
        lineHeightMultiple = nil
    }

    /// For `html` and `body` of a flowed book: their line height as `takeLineHeightAsRoot`, and
    /// their size the one the layout is asked for, unless `keepingSize` (a designed page's).
    public mutating func takeAsRoot(keepingSize: Bool = false) {
        takeLineHeightAsRoot()
        if !keepingSize {
            fontScale = 1
            fontSizeIsSet = false
        }
    }

    /// Applies the winning declarations, font size first: `em` lengths are of the element's own
    /// size. `parentScale` is the parent's font size; `defaultScale` the element's size relative
    /// to it when the book sets none (a heading's). `set`: the properties that have a winner,
    /// in any order (each sets fields of its own), so that an element pays for the properties it
    /// sets rather than for every property there is.
    mutating func apply(_ winners: [Declaration.Value?], set: [Int], parentScale: Double, defaultScale: Double) {
        if case .fontSize(let size)? = winners[Declaration.Value.fontSize(.relative(1)).property] {
            switch size {
            case .relative(let factor): fontScale = parentScale * factor
            case .absolute(let scale): fontScale = scale
            }
            fontSizeIsSet = true
        } else {
            fontScale = parentScale * defaultScale
        }
        // A number is of each element's own size: inherited as a number, it follows the size.
        if let multiple = lineHeightMultiple { lineHeight = multiple * fontScale }
        // The table properties are gathered in one copy and stored once: each store boxes them.
        var tableStyle: TableBoxStyle?
        func changeTable(_ change: (inout TableBoxStyle) -> Void) {
            if tableStyle == nil { tableStyle = table }
            change(&tableStyle!)
        }
        var placementStyle: PlacementStyle?
        func changePlacement(_ change: (inout PlacementStyle) -> Void) {
            if placementStyle == nil { placementStyle = placement }
            change(&placementStyle!)
        }
        for property in set {
            switch winners[property] {
            case .display(let hidden, let display, let block)?:
                isHidden = hidden
                displaysAsBlock = block
                if display != nil || rare?.table != nil { changeTable { $0.display = display } }
            case .breakBefore(let rule)?: breakBefore = rule
            case .breakAfter(let rule)?: breakAfter = rule
            case .breakInside(let avoid)?: avoidsBreakInside = avoid
            case .textAlign(let align)?: textAlign = align
            case .textIndent(let length)?: textIndent = length.resolved(fontScale: fontScale)
            case .fontStyle(let italic)?: isItalic = italic
            case .fontWeight(let bold)?: isBold = bold
            case .whiteSpace(let preserved, let lineBreaks, let unbroken)?:
                preservesWhitespace = preserved
                keepsLineBreaks = lineBreaks
                noWrap = unbroken
            case .marginTop(let length)?: marginTop = length.resolved(fontScale: fontScale)
            case .marginBottom(let length)?: marginBottom = length.resolved(fontScale: fontScale)
            case .marginLeft(let length)?: marginLeft = length.resolved(fontScale: fontScale)
            case .marginRight(let length)?: marginRight = length.resolved(fontScale: fontScale)
            case .orphans(let count)?: orphans = count
            case .widows(let count)?: widows = count
            case .direction(let rightToLeft)?: isRightToLeft = rightToLeft
            case .writingMode(let vertical)?: writesVertically = vertical
            case .width(let size)?: changeTable { $0.width = size.resolved(fontScale: fontScale) }
            case .height(let size)?: changeTable { $0.height = size.resolved(fontScale: fontScale) }
            case .padding(let side, let length)?: changeTable { $0.padding[side] = length.resolved(fontScale: fontScale) }
            case .border(let side, .width(let length))?: changeTable { $0.borders[side].width = length.resolved(fontScale: fontScale) }
            case .border(let side, .style(let style))?: changeTable { $0.borders[side].style = style }
            case .border(let side, .color(let color))?: changeTable { $0.borders[side].color = color }
            case .borderCollapse(let collapse)?: changeTable { $0.bordersCollapse = collapse }
            case .borderSpacing(let horizontal, let vertical)?:
                changeTable { $0.borderSpacing = (horizontal.resolved(fontScale: fontScale), vertical.resolved(fontScale: fontScale)) }
            case .tableLayout(let fixed)?: changeTable { $0.fixedLayout = fixed }
            case .captionSide(let bottom)?: changeTable { $0.captionAtBottom = bottom }
            case .verticalAlign(let align)?: changeTable { $0.verticalAlign = align }
            case .backgroundColor(let color)?: changeTable { $0.backgroundColor = color }
            case .listStyleType(let type)?: listStyleType = type
            case .hyphens(let automatic)?: hyphenates = automatic
            case .lineBreak(let strict)?: strictLineBreaks = strict
            case .textOrientation(let orientation)?: textOrientation = orientation
            case .combineUpright(let combine)?: combineUpright = combine
            case .tabSize(let spaces)?: tabSize = spaces
            case .color(let value)?: color = value
            case .textTransform(let transform)?: textTransform = transform
            case .fontCaps(let value)?: caps = value
            case .float(let side)?: float = side
            case .lineHeight(let value)?:
                switch value {
                case .normal: lineHeightMultiple = Self.normalLineHeight
                case .multiple(let multiple): lineHeightMultiple = multiple
                case .length(let length):
                    lineHeightMultiple = nil
                    lineHeight = length.resolved(fontScale: fontScale)
                case .percent(let percent):
                    lineHeightMultiple = nil
                    lineHeight = percent / 100 * fontScale
                }
                if let multiple = lineHeightMultiple { lineHeight = multiple * fontScale }
            case .textDecoration(let underline, let lineThrough)?:
                decoration = TextDecoration(underline: underline, lineThrough: lineThrough)
            // An `em` is of the element's own size; children inherit the length so computed.
            case .letterSpacing(let length)?: typography.letterSpacing = length?.resolved(fontScale: fontScale)
            case .wordSpacing(let length)?: typography.wordSpacing = length?.resolved(fontScale: fontScale)
            case .fontNumeric(let numerals)?: typography.numerals = numerals
            case .position(let position)?: changePlacement { $0.position = position }
            case .offset(let side, let size)?: changePlacement { $0.offsets[side] = size.resolved(fontScale: fontScale) }
            case .maxWidth(let size)?: changePlacement { $0.maxWidth = size.resolved(fontScale: fontScale) }
            case .backgroundImage(let url)?: changePlacement { $0.backgroundImage = url }
            case .transform(let moves)?: changePlacement { $0.isTransformed = moves }
            case .fontFamily(let families)?: fontFamily = families
            case .fontSize?, nil: break
            }
        }
        if let tableStyle { table = tableStyle }
        if let placementStyle { placement = placementStyle }
    }
}

extension Declaration.Size {
    /// Nil for `auto`.
    func resolved(fontScale: Double) -> CSSSize? {
        switch self {
        case .auto: nil
        case .length(let length): .length(length.resolved(fontScale: fontScale))
        case .percent(let percent): .percent(percent)
        }
    }
}

/// A table style, a typography or a placement that sets something, shared by the copies of the
/// styles holding it.
private final class RareStyle: Sendable, Equatable {
    let table: TableBoxStyle?
    let typography: TextTypography?
    let placement: PlacementStyle?

    private init(table: TableBoxStyle?, typography: TextTypography?, placement: PlacementStyle?) {
        self.table = table
        self.typography = typography
        self.placement = placement
    }

    /// Nil when none is set.
    static func make(table: TableBoxStyle?, typography: TextTypography?, placement: PlacementStyle?) -> RareStyle? {
        table == nil && typography == nil && placement == nil ? nil
            : RareStyle(table: table, typography: typography, placement: placement)
    }

    static func == (a: RareStyle, b: RareStyle) -> Bool {
        a === b || (a.table == b.table && a.typography == b.typography && a.placement == b.placement)
    }
}

/// The spacing and numerals of an element's text (`ComputedStyle.typography`).
public struct TextTypography: Sendable, Equatable {
    /// `letter-spacing` and `word-spacing` in multiples of the default font size, computed
    /// where they were set; nil for `normal`.
    public var letterSpacing: Double?
    public var wordSpacing: Double?
    /// `font-variant-numeric`.
    public var numerals: FontNumeric = []

    public init() {}
}

/// The lines `text-decoration` draws.
public struct TextDecoration: Sendable, Equatable {
    public var underline: Bool
    public var lineThrough: Bool
}
