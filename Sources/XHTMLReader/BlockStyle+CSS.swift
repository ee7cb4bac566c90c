import BookModel
import CSS

extension BlockStyle {
    /// The style of a block made by an element whose computed CSS is `style`, in a paragraph
    /// of the direction `rightToLeft` says.
    init(_ style: ComputedStyle, rightToLeft: Bool = false) {
        self.init(inheritedFrom: style)
        breakBefore = PageBreak(style.breakBefore)
        breakAfter = PageBreak(style.breakAfter)
        keepsTogether = style.avoidsBreakInside
        marginTop = style.marginTop
        marginBottom = style.marginBottom
        let margin = rightToLeft ? style.marginRight : style.marginLeft
        let padding = rightToLeft ? style.paddingRight : style.paddingLeft
        if margin != nil || padding != nil {
            startIndent = min(max((margin ?? 0) + (padding ?? 0), 0), Self.maximumStartIndent)
        }
    }

    /// The widest start indent kept, in body ems: enough for any verse's indents, and it
    /// leaves room for the lines on the narrowest page.
    static let maximumStartIndent = 12.0

    /// The style of text inside an element that makes no block of its own: only what inherits.
    init(inheritedFrom style: ComputedStyle) {
        self.init()
        alignment = style.textAlign.map(TextAlignment.init)
        textIndent = style.textIndent
        fontScale = style.fontSizeIsSet ? style.fontScale : nil
        orphans = style.orphans
        widows = style.widows
        hyphenates = style.hyphenates
        tabSize = style.tabSize
        keepsSpaces = style.preservesWhitespace && !style.noWrap
        if let lineHeight = style.lineHeight, style.fontScale > 0, style.rootLineHeight > 0 {
            let spacing = lineHeight / (style.fontScale * style.rootLineHeight)
            if abs(spacing - 1) > 1e-6 { lineSpacing = spacing }
        }
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
