import BookModel
import CSS

extension BlockStyle {
    /// The style of a block made by an element whose computed CSS is `style`, in a paragraph
    /// of the direction `rightToLeft` says. In vertical writing (`vertical-rl`) the page's
    /// sides turn a quarter: the right margin is the space before the block, the left one the
    /// space after it, and the top margin and padding its lines' indent.
    init(_ style: ComputedStyle, rightToLeft: Bool = false) {
        self.init(inheritedFrom: style)
        breakBefore = PageBreak(style.breakBefore)
        breakAfter = PageBreak(style.breakAfter)
        keepsTogether = style.avoidsBreakInside
        let vertical = style.writesVertically
        marginTop = vertical ? style.marginRight : style.marginTop
        marginBottom = vertical ? style.marginLeft : style.marginBottom
        let margin = vertical ? style.marginTop : rightToLeft ? style.marginRight : style.marginLeft
        let padding = vertical ? style.paddingTop : rightToLeft ? style.paddingRight : style.paddingLeft
        if margin != nil || padding != nil {
            startIndent = min(max((margin ?? 0) + (padding ?? 0), 0), Self.maximumStartIndent)
        }
    }

    /// The widest start indent kept, in body ems: enough for any verse's indents, and it
    /// leaves room for the lines on the narrowest page.
    static let maximumStartIndent = 12.0

    /// The box `style` draws around the block, when it draws one (`BlockBox(_:page:)`): its
    /// margins and padding then stand in the box (the box where the margins put it, its lines
    /// inside the border and padding), not in `startIndent`.
    mutating func drawBox(of style: ComputedStyle, page: PageColors) -> BlockBox? {
        guard let box = BlockBox(style, page: page) else { return nil }
        startIndent = nil
        return box
    }

    /// The style of text inside an element that makes no block of its own: only what inherits.
    init(inheritedFrom style: ComputedStyle) {
        self.init()
        alignment = style.textAlign.map(TextAlignment.init)
        textIndent = style.textIndent
        fontScale = style.fontSizeIsSet ? style.fontScale : nil
        orphans = style.orphans
        widows = style.widows
        hyphenates = style.hyphenates
        strictLineBreaks = style.strictLineBreaks
        tabSize = style.tabSize
        keepsSpaces = style.preservesWhitespace && !style.noWrap
        if let lineHeight = style.lineHeight, style.fontScale > 0, style.rootLineHeight > 0 {
            let spacing = lineHeight / (style.fontScale * style.rootLineHeight)
            if abs(spacing - 1) > 1e-6 { lineSpacing = spacing }
        }
    }
}

/// The colours `html` and `body` set: the page's, which an app chooses (a dark mode's). What
/// the book sets in these colours is left to the app: text in the page's colour is not
/// coloured, a background of the page's colour draws nothing.
struct PageColors: Equatable {
    var text = CSSColor(red: 0, green: 0, blue: 0)
    var background = CSSColor(red: 255, green: 255, blue: 255)
}

extension BlockBox {
    /// The box an element's CSS draws, or nil when it draws none: no side has a border that
    /// shows (a style other than `none` and `hidden`, a width above 0) and there is no
    /// background but the page's. A border set with a style and no width is CSS's `medium`,
    /// 3 px; one with no colour is the text's (nil when that is the page's). Lengths are kept
    /// within `maximumLength` here; the layout bounds what it draws further.
    convenience init?(_ style: ComputedStyle, page: PageColors) {
        let css = style.table
        // Most elements set none of it: asked of every paragraph, this is the one test they pay.
        guard css.backgroundColor != nil || (0..<4).contains(where: { css.borders[$0].style == .solid }) else { return nil }
        func border(_ side: Int) -> Border {
            let border = css.borders[side]
            guard border.style == .solid else { return .none }
            let color = border.color ?? style.color
            return Border(width: Self.bounded(border.drawnWidth),
                          color: color.flatMap { $0 == page.text || $0.alpha <= 0 ? nil : BookColor($0) })
        }
        var background: BookColor?
        if let color = css.backgroundColor, color.alpha > 0, color != page.background { background = BookColor(color) }
        self.init(borders: Sides(top: border(0), right: border(1), bottom: border(2), left: border(3)),
                  padding: Sides(top: Self.bounded(css.padding.top), right: Self.bounded(css.padding.right),
                                 bottom: Self.bounded(css.padding.bottom), left: Self.bounded(css.padding.left)),
                  marginLeft: min(Self.bounded(style.marginLeft), BlockStyle.maximumStartIndent),
                  marginRight: min(Self.bounded(style.marginRight), BlockStyle.maximumStartIndent),
                  background: background)
        guard drawsSomething else { return nil }
    }

    /// The longest border, padding or margin kept, in body ems: past any page.
    static let maximumLength = 100.0

    /// A length as kept: 0 when unset, negative or not a number.
    private static func bounded(_ length: Double?) -> Double {
        guard let length, length.isFinite, length > 0 else { return 0 }
        return min(length, maximumLength)
    }
}

extension BookColor {
    init(_ color: CSSColor) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

extension ListMarker {
    init(_ type: ListStyleType) {
        switch type {
        case .decimal: self = .decimal
        case .decimalLeadingZero: self = .decimalLeadingZero
        case .lowerAlpha: self = .lowerAlpha
        case .upperAlpha: self = .upperAlpha
        case .lowerRoman: self = .lowerRoman
        case .upperRoman: self = .upperRoman
        case .lowerGreek: self = .lowerGreek
        case .disc: self = .disc
        case .circle: self = .circle
        case .square: self = .square
        case .none: self = .none
        case .text(let text): self = .text(text)
        }
    }
}

extension FirstLineStyle {
    /// What `line`, the computed style of an element's `::first-line`, changes from `element`,
    /// the element's own: what CSS lets the pseudo-element set of the text (fonts, colours,
    /// lines, case, spacing, small capitals and numerals); nil when that is nothing. `typography`:
    /// what the runs of each carry of the last three.
    init?(_ line: ComputedStyle, of element: ComputedStyle, typography: (line: RunTypography?, element: RunTypography?)) {
        self.init()
        italic = line.isItalic
        bold = line.isBold
        let letterCase = line.textTransform.flatMap(LetterCase.init)
        if letterCase != element.textTransform.flatMap(LetterCase.init) { self.letterCase = letterCase }
        let (own, around) = (typography.line ?? RunTypography(), typography.element ?? RunTypography())
        if own.letterSpacing != around.letterSpacing { letterSpacing = own.letterSpacing }
        if own.wordSpacing != around.wordSpacing { wordSpacing = own.wordSpacing }
        features = own.features.subtracting(around.features)
        if line.fontSizeIsSet, element.fontScale > 0, abs(line.fontScale - element.fontScale) > 1e-6 {
            scale = line.fontScale / element.fontScale
        }
        if line.color != element.color { color = line.color.map(BookColor.init) }
        if let background = line.backgroundColor, background.alpha > 0 { self.background = BookColor(background) }
        underline = line.decoration?.underline ?? false
        strikethrough = line.decoration?.lineThrough ?? false
        if isEmpty { return nil }
    }
}

extension LetterCase {
    /// Nil for `none`.
    init?(_ transform: TextTransform) {
        switch transform {
        case .none: return nil
        case .uppercase: self = .upper
        case .lowercase: self = .lower
        case .capitalize: self = .capitalized
        }
    }
}

extension PageBreak {
    init(_ value: BreakValue) {
        switch value {
        case .auto: self = .auto
        case .avoid: self = .avoid
        case .page: self = .page
        }
    }
}

extension TextAlignment {
    init(_ align: TextAlign) {
        switch align {
        case .left: self = .left
        case .right: self = .right
        case .center: self = .center
        case .justify: self = .justify
        case .start: self = .start
        case .end: self = .end
        }
    }
}
