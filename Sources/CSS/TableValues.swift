/// The values of the properties a table, its rows, columns and cells are read with (CSS 2.1
/// §17, and the box properties a cell uses: width, height, padding, borders, background);
/// the padding, borders and background also make the box the reader draws around any other
/// block (`BlockBox`). Lengths are multiples of the default font size, as everywhere in
/// `ComputedStyle`.

/// `display` values that make table boxes of any element (`display: table-cell` on a `div`).
public enum TableDisplay: Sendable, Equatable {
    case table, row, cell, rowGroup, headerGroup, footerGroup, caption, column, columnGroup

    init?(_ value: String) {
        switch value {
        case "table", "inline-table": self = .table
        case "table-row": self = .row
        case "table-cell": self = .cell
        case "table-row-group": self = .rowGroup
        case "table-header-group": self = .headerGroup
        case "table-footer-group": self = .footerGroup
        case "table-caption": self = .caption
        case "table-column": self = .column
        case "table-column-group": self = .columnGroup
        default: return nil
        }
    }
}

/// A width or height: a length, or a percentage of the containing block's.
public enum CSSSize: Sendable, Equatable {
    /// In multiples of the default font size.
    case length(Double)
    case percent(Double)
}

/// An sRGB colour.
public struct CSSColor: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with numbers, a few names;
    /// `transparent`. Nil for anything else (`currentcolor` included: the text's colour).
    public init?(_ text: String) {
        if let named = Self.names[text] {
            self = named
            return
        }
        if text.hasPrefix("#") {
            let digits = Array(text.dropFirst())
            guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
            let short = digits.count <= 4
            let step = short ? 1 : 2
            var parts: [UInt8] = []
            var index = 0
            while index < digits.count {
                let piece = String(digits[index..<(index + step)])
                let value = UInt8(piece, radix: 16) ?? 0
                parts.append(short ? value * 17 : value)
                index += step
            }
            self.init(red: parts[0], green: parts[1], blue: parts[2], alpha: parts.count == 4 ? Double(parts[3]) / 255 : 1)
            return
        }
        guard text.hasPrefix("rgb"), let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
        guard parts.count == 3 || parts.count == 4 else { return nil }
        func channel(_ part: String) -> UInt8? {
            if part.hasSuffix("%"), let number = Double(part.dropLast()), number.isFinite {
                return UInt8(min(max(number, 0), 100) * 2.55)
            }
            guard let number = Double(part), number.isFinite else { return nil }
            return UInt8(min(max(number, 0), 255))
        }
        guard let red = channel(parts[0]), let green = channel(parts[1]), let blue = channel(parts[2]) else { return nil }
        var alpha = 1.0
        if parts.count == 4 {
            if parts[3].hasSuffix("%"), let number = Double(parts[3].dropLast()) { alpha = number / 100 } else {
                guard let number = Double(parts[3]) else { return nil }
                alpha = number
            }
            guard alpha.isFinite else { return nil }
            alpha = min(max(alpha, 0), 1)
        }
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The names books use for table rules and shading; other names are left unread.
    static let names: [String: CSSColor] = [
        "transparent": CSSColor(red: 0, green: 0, blue: 0, alpha: 0),
        "black": CSSColor(red: 0, green: 0, blue: 0), "white": CSSColor(red: 255, green: 255, blue: 255),
        "gray": CSSColor(red: 128, green: 128, blue: 128), "grey": CSSColor(red: 128, green: 128, blue: 128),
        "silver": CSSColor(red: 192, green: 192, blue: 192), "lightgray": CSSColor(red: 211, green: 211, blue: 211),
        "lightgrey": CSSColor(red: 211, green: 211, blue: 211), "darkgray": CSSColor(red: 169, green: 169, blue: 169),
        "darkgrey": CSSColor(red: 169, green: 169, blue: 169), "gainsboro": CSSColor(red: 220, green: 220, blue: 220),
        "whitesmoke": CSSColor(red: 245, green: 245, blue: 245), "red": CSSColor(red: 255, green: 0, blue: 0),
        "maroon": CSSColor(red: 128, green: 0, blue: 0), "green": CSSColor(red: 0, green: 128, blue: 0),
        "blue": CSSColor(red: 0, green: 0, blue: 255), "navy": CSSColor(red: 0, green: 0, blue: 128),
        "yellow": CSSColor(red: 255, green: 255, blue: 0), "orange": CSSColor(red: 255, green: 165, blue: 0),
        "purple": CSSColor(red: 128, green: 0, blue: 128), "teal": CSSColor(red: 0, green: 128, blue: 128),
        "aqua": CSSColor(red: 0, green: 255, blue: 255), "lime": CSSColor(red: 0, green: 255, blue: 0),
        "olive": CSSColor(red: 128, green: 128, blue: 0), "fuchsia": CSSColor(red: 255, green: 0, blue: 255),
    ]
}

/// `border-*-style`, as far as drawing goes: every drawn style is drawn solid.
public enum CSSBorderStyle: Sendable, Equatable {
    case none, hidden, solid

    init?(_ value: String) {
        switch value {
        case "none": self = .none
        case "hidden": self = .hidden
        case "solid", "dotted", "dashed", "double", "groove", "ridge", "inset", "outset": self = .solid
        default: return nil
        }
    }
}

/// One side's border as the cascade left it: each part nil when the book sets none.
public struct CSSBorderSide: Sendable, Equatable {
    /// In multiples of the default font size.
    public var width: Double?
    public var style: CSSBorderStyle?
    public var color: CSSColor?

    public init() {}

    /// The width it draws, in multiples of the default font size: none unless its style draws
    /// (`none` and `hidden` do not), CSS's `medium` (3 px) when a style is set and no width.
    public var drawnWidth: Double {
        style == .solid ? width ?? 3 / CSSValue.mediumPixels : 0
    }
}

/// A value for each side of a box, indexed top, right, bottom, left as the shorthands list them.
/// Kept inline rather than in an array: every element's style holds two of these, and an array
/// would be allocated for each.
public struct CSSSides<Value: Sendable & Equatable>: Sendable, Equatable {
    public var top, right, bottom, left: Value

    public init(_ value: Value) {
        (top, right, bottom, left) = (value, value, value, value)
    }

    /// 0 top, 1 right, 2 bottom, 3 left.
    public subscript(side: Int) -> Value {
        get {
            switch side {
            case 0: top
            case 1: right
            case 2: bottom
            default: left
            }
        }
        set {
            switch side {
            case 0: top = newValue
            case 1: right = newValue
            case 2: bottom = newValue
            default: left = newValue
            }
        }
    }
}

/// A `vertical-align`: where a cell's content sits in its row, or how an inline element is
/// raised or lowered (`raised` and `lowered` are `super` and `sub`, and lengths and percentages
/// above or below zero).
public enum CSSVerticalAlign: Sendable, Equatable {
    case top, middle, bottom, baseline, raised, lowered

    init?(_ value: String) {
        switch value {
        case "top", "text-top": self = .top
        case "middle": self = .middle
        case "bottom", "text-bottom": self = .bottom
        case "baseline": self = .baseline
        case "super": self = .raised
        case "sub": self = .lowered
        default:
            let shift: Double
            if value.hasSuffix("%"), let percent = Double(value.dropLast()), percent.isFinite {
                shift = percent
            } else if let length = CSSLength(value) {
                shift = length.value
            } else {
                return nil
            }
            self = shift > 0 ? .raised : shift < 0 ? .lowered : .baseline
        }
    }
}

/// What the cascade says of an element's table box. Not inherited, except what
/// `ComputedStyle.inherited()` copies (border collapsing, spacing, caption side).
public struct TableBoxStyle: Sendable, Equatable {
    public var display: TableDisplay?
    public var width: CSSSize?
    public var height: CSSSize?
    public var padding = CSSSides<Double?>(nil)
    public var borders = CSSSides(CSSBorderSide())
    public var backgroundColor: CSSColor?
    public var verticalAlign: CSSVerticalAlign?
    /// `table-layout: fixed`.
    public var fixedLayout: Bool?
    // Inherited.
    public var bordersCollapse: Bool?
    /// Horizontal and vertical.
    public var borderSpacing: (Double, Double)?
    public var captionAtBottom: Bool?

    public init() {}

    public static func == (lhs: TableBoxStyle, rhs: TableBoxStyle) -> Bool {
        lhs.display == rhs.display && lhs.width == rhs.width && lhs.height == rhs.height && lhs.padding == rhs.padding
            && lhs.borders == rhs.borders && lhs.backgroundColor == rhs.backgroundColor
            && lhs.verticalAlign == rhs.verticalAlign && lhs.fixedLayout == rhs.fixedLayout
            && lhs.bordersCollapse == rhs.bordersCollapse && lhs.borderSpacing?.0 == rhs.borderSpacing?.0
            && lhs.borderSpacing?.1 == rhs.borderSpacing?.1 && lhs.captionAtBottom == rhs.captionAtBottom
    }

    /// What a child starts from.
    func inherited() -> TableBoxStyle {
        var child = TableBoxStyle()
        child.bordersCollapse = bordersCollapse
        child.borderSpacing = borderSpacing
        child.captionAtBottom = captionAtBottom
        return child
    }
}

/// Reading the table properties' declarations.
enum TableDeclarations {
    /// The declarations of `name: value` when `name` is a table property; nil when it is not one.
    static func values(of name: String, _ value: String) -> [Declaration.Value]? {
        switch name {
        case "width": return size(value).map { [.width($0)] } ?? []
        case "height": return size(value).map { [.height($0)] } ?? []
        case "padding":
            let lengths = boxValues(value).map { $0.compactMap(nonNegativeLength) }
            guard let lengths, lengths.count == 4 else { return [] }
            return lengths.enumerated().map { .padding(side: $0.offset, $0.element) }
        case "padding-top", "padding-right", "padding-bottom", "padding-left":
            guard let side = sideIndex(name.dropFirst("padding-".count)), let length = nonNegativeLength(value) else { return [] }
            return [.padding(side: side, length)]
        case "border": return borderShorthand(value, sides: 0..<4)
        case "border-top", "border-right", "border-bottom", "border-left":
            guard let side = sideIndex(name.dropFirst("border-".count)) else { return [] }
            return borderShorthand(value, sides: side..<(side + 1))
        case "border-width", "border-style", "border-color":
            guard let parts = boxValues(value) else { return [] }
            let part = String(name.dropFirst("border-".count))
            let values = parts.compactMap { borderPart(part, $0) }
            guard values.count == 4 else { return [] }
            return values.enumerated().map { .border(side: $0.offset, $0.element) }
        case "border-collapse":
            switch value {
            case "collapse": return [.borderCollapse(true)]
            case "separate": return [.borderCollapse(false)]
            default: return []
            }
        case "border-spacing":
            let parts = value.split(separator: " ").map(String.init)
            let lengths = parts.compactMap(nonNegativeLength)
            guard (1...2).contains(parts.count), lengths.count == parts.count else { return [] }
            return [.borderSpacing(lengths[0], lengths.count == 2 ? lengths[1] : lengths[0])]
        case "table-layout":
            switch value {
            case "fixed": return [.tableLayout(fixed: true)]
            case "auto": return [.tableLayout(fixed: false)]
            default: return []
            }
        case "caption-side":
            switch value {
            case "bottom": return [.captionSide(bottom: true)]
            case "top": return [.captionSide(bottom: false)]
            default: return []
            }
        case "vertical-align": return CSSVerticalAlign(value).map { [.verticalAlign($0)] } ?? []
        case "background-color": return CSSColor(value).map { [.backgroundColor($0)] } ?? []
        case "background":
            // The shorthand's colour, wherever it stands among its parts (`url(…) #eee no-repeat`).
            guard let color = value.split(separator: " ").lazy.compactMap({ CSSColor(String($0)) }).first else { return [] }
            return [.backgroundColor(color)]
        default:
            if name.hasPrefix("border-"), let (side, part) = borderLonghand(name),
               let value = borderPart(part, value) {
                return [.border(side: side, value)]
            }
            return nil
        }
    }

    /// One to four values as top, right, bottom, left (CSS's box shorthand rules).
    private static func boxValues(_ value: String) -> [String]? {
        let parts = value.split(separator: " ").map(String.init)
        switch parts.count {
        case 1: return [parts[0], parts[0], parts[0], parts[0]]
        case 2: return [parts[0], parts[1], parts[0], parts[1]]
        case 3: return [parts[0], parts[1], parts[2], parts[1]]
        case 4: return parts
        default: return nil
        }
    }

    private static func sideIndex(_ name: Substring) -> Int? {
        ["top", "right", "bottom", "left"].firstIndex(of: String(name))
    }

    /// `border-top-width` and its like: the side and the part.
    private static func borderLonghand(_ name: String) -> (Int, String)? {
        let pieces = name.split(separator: "-")
        guard pieces.count == 3, let side = sideIndex(pieces[1]), ["width", "style", "color"].contains(pieces[2]) else {
            return nil
        }
        return (side, String(pieces[2]))
    }

    private static func borderPart(_ part: String, _ value: String) -> Declaration.BorderPart? {
        switch part {
        case "width": return borderWidth(value).map(Declaration.BorderPart.width)
        case "style": return CSSBorderStyle(value).map(Declaration.BorderPart.style)
        case "color": return CSSColor(value).map(Declaration.BorderPart.color)
        default: return nil
        }
    }

    /// `1px solid #ccc` in any order: each part not given is reset, as the shorthand does.
    private static func borderShorthand(_ value: String, sides: Range<Int>) -> [Declaration.Value] {
        var width: CSSLength?
        var style: CSSBorderStyle?
        var color: CSSColor?
        for part in value.split(separator: " ").map(String.init) {
            if width == nil, let found = borderWidth(part) { width = found }
            else if style == nil, let found = CSSBorderStyle(part) { style = found }
            else if color == nil, let found = CSSColor(part) { color = found }
            else if part != "currentcolor" { return [] }
        }
        var values: [Declaration.Value] = []
        for side in sides {
            // `medium` is the initial width (3 px); no style is `none`.
            values.append(.border(side: side, .width(width ?? CSSLength(value: 3 / CSSValue.mediumPixels, unit: .medium))))
            values.append(.border(side: side, .style(style ?? .none)))
            values.append(.border(side: side, .color(color)))
        }
        return values
    }

    private static func borderWidth(_ value: String) -> CSSLength? {
        switch value {
        case "thin": return CSSLength(value: 1 / CSSValue.mediumPixels, unit: .medium)
        case "medium": return CSSLength(value: 3 / CSSValue.mediumPixels, unit: .medium)
        case "thick": return CSSLength(value: 5 / CSSValue.mediumPixels, unit: .medium)
        default: return nonNegativeLength(value)
        }
    }

    static func nonNegativeLength(_ value: String) -> CSSLength? {
        guard value != "auto", let length = CSSLength(value), length.value >= 0 else { return nil }
        return length
    }

    private static func size(_ value: String) -> Declaration.Size? {
        if value == "auto" { return .auto }
        if value.hasSuffix("%"), let number = Double(value.dropLast()), number.isFinite, number >= 0 {
            return .percent(number)
        }
        return nonNegativeLength(value).map(Declaration.Size.length)
    }
}
