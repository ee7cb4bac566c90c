/// One declaration the reader honours, with its value already understood. Declarations of
/// other properties, and values it does not understand, are dropped when the block is read —
/// so, as CSS requires, an invalid declaration leaves an earlier valid one standing.
struct Declaration: Sendable, Equatable {
    var value: Value
    var important: Bool

    enum Value: Sendable, Equatable {
        /// `table`: the table box the value makes, if any (`table-cell`…); `block`: a block
        /// box (`block`, `list-item`, `flex`, …), which a `span` may be made.
        case display(hidden: Bool, table: TableDisplay?, block: Bool)
        case breakBefore(BreakValue)
        case breakAfter(BreakValue)
        case breakInside(avoid: Bool)
        case textAlign(TextAlign)
        case textIndent(CSSLength)
        case fontStyle(italic: Bool)
        case fontWeight(bold: Bool)
        case fontSize(FontSize)
        /// `preserved`: spaces and line breaks kept (`pre`, `pre-wrap`, `break-spaces`);
        /// `lineBreaks`: line breaks kept (those and `pre-line`); `noWrap`: lines are not broken
        /// (`nowrap`, `pre`).
        case whiteSpace(preserved: Bool, lineBreaks: Bool, noWrap: Bool)
        case marginTop(CSSLength)
        case marginBottom(CSSLength)
        case marginLeft(CSSLength)
        case marginRight(CSSLength)
        /// `hyphens`: false for `none` and `manual` (no hyphens but the book's own soft ones).
        case hyphens(automatic: Bool)
        /// `line-break`: true for `strict` (no line starts with a small kana, JLReq's stricter
        /// rule), false for `auto`, `loose`, `normal` and `anywhere`.
        case lineBreak(strict: Bool)
        /// `text-orientation` and `text-combine-upright`, which only vertical text reads.
        case textOrientation(TextOrientation)
        case combineUpright(CombineUpright)
        /// `tab-size` as a count of spaces (a length is not read).
        case tabSize(Int)
        /// The text's `color`.
        case color(CSSColor)
        /// `text-decoration` (or `-line`): which lines it draws; both false for `none`.
        case textDecoration(underline: Bool, lineThrough: Bool)
        case textTransform(TextTransform)
        /// `font-variant-caps`, or the caps `font-variant` and `font` set.
        case fontCaps(FontCaps)
        case orphans(Int)
        case widows(Int)
        case direction(rightToLeft: Bool)
        case writingMode(vertical: Bool)
        // The table properties (`TableDeclarations`). Sides count top, right, bottom, left.
        case width(Size)
        case height(Size)
        case padding(side: Int, CSSLength)
        case border(side: Int, BorderPart)
        case borderCollapse(Bool)
        case borderSpacing(CSSLength, CSSLength)
        case tableLayout(fixed: Bool)
        case captionSide(bottom: Bool)
        case verticalAlign(CSSVerticalAlign)
        case backgroundColor(CSSColor)
        case listStyleType(ListStyleType)
        case float(CSSFloat)
        case lineHeight(LineHeight)
        /// `letter-spacing` and `word-spacing`: a length, nil for `normal`.
        case letterSpacing(CSSLength?)
        case wordSpacing(CSSLength?)
        /// `font-variant-numeric`, or the numerals `font-variant` sets.
        case fontNumeric(FontNumeric)
        // Where a box is placed (`PlacementDeclarations`), which fixed-layout pages are drawn with.
        case position(CSSPosition)
        /// `top`, `right`, `bottom`, `left` (sides as for `padding`).
        case offset(side: Int, Size)
        case maxWidth(Size)
        /// `background-image` (or the shorthand's image); nil for `none`.
        case backgroundImage(CSSURL?)
        /// `transform`: whether it moves the box at all (anything but `none`).
        case transform(Bool)
        /// `font-family` (or the shorthand's family list), names as written.
        case fontFamily([FontFamilyName])

        /// Which property it sets: the cascade keeps one winner for each.
        var property: Int {
            switch self {
            case .display: 0
            case .breakBefore: 1
            case .breakAfter: 2
            case .breakInside: 3
            case .textAlign: 4
            case .textIndent: 5
            case .fontStyle: 6
            case .fontWeight: 7
            case .fontSize: 8
            case .whiteSpace: 9
            case .marginTop: 10
            case .marginBottom: 11
            case .orphans: 12
            case .widows: 13
            case .direction: 14
            case .writingMode: 15
            case .width: 16
            case .height: 17
            case .padding(let side, _): 18 + side
            case .border(let side, let part): 22 + side * 3 + part.index
            case .borderCollapse: 34
            case .borderSpacing: 35
            case .tableLayout: 36
            case .captionSide: 37
            case .verticalAlign: 38
            case .backgroundColor: 39
            case .listStyleType: 40
            case .marginLeft: 41
            case .marginRight: 42
            case .hyphens: 43
            case .tabSize: 44
            case .color: 45
            case .textDecoration: 46
            case .textTransform: 47
            case .fontCaps: 48
            case .float: 49
            case .lineHeight: 50
            case .letterSpacing: 51
            case .wordSpacing: 52
            case .fontNumeric: 53
            case .position: 54
            case .offset(let side, _): 55 + side
            case .maxWidth: 59
            case .backgroundImage: 60
            case .transform: 61
            case .fontFamily: 62
            case .lineBreak: 63
            case .textOrientation: 64
            case .combineUpright: 65
            }
        }

        static let propertyCount = 66
    }

    /// A `width` or `height`.
    enum Size: Sendable, Equatable {
        case auto
        case length(CSSLength)
        case percent(Double)
    }

    /// One part of one side's border: each is a property of its own in the cascade.
    enum BorderPart: Sendable, Equatable {
        case width(CSSLength)
        case style(CSSBorderStyle)
        /// Nil: the text's colour (`currentcolor`, or the shorthand without a colour).
        case color(CSSColor?)

        var index: Int {
            switch self {
            case .width: 0
            case .style: 1
            case .color: 2
            }
        }
    }

    /// A `line-height` as written: `normal`, a number (a multiple of the element's size, which
    /// children inherit as a number), a length or a percentage (which they inherit computed).
    enum LineHeight: Sendable, Equatable {
        case normal
        case multiple(Double)
        case length(CSSLength)
        case percent(Double)

        init?(_ text: String) {
            if text == "normal" {
                self = .normal
            } else if let number = Double(text), number.isFinite, number >= 0 {
                self = .multiple(number)
            } else if text.hasSuffix("%"), let number = Double(text.dropLast()), number.isFinite, number >= 0 {
                self = .percent(number)
            } else if let length = CSSLength(text), length.value >= 0 {
                self = .length(length)
            } else {
                return nil
            }
        }
    }

    enum FontSize: Sendable, Equatable {
        /// A multiple of the parent's size (`em`, `%`, `larger`, `smaller`).
        case relative(Double)
        /// A multiple of the default size (`px`, `pt`, `rem`, `small`, …).
        case absolute(Double)
    }

    /// The declarations of a rule's block (or a `style` attribute), in order, at most `limit`.
    /// `base`: the path `url()`s are relative to, nil for the document's.
    static func list(parsing text: [UInt8], limit: Int, base: String? = nil) -> [Declaration] {
        var declarations: [Declaration] = []
        var scanner = CSSScanner(text)
        while !scanner.atEnd, declarations.count < limit {
            let part = scanner.read(upTo: [UInt8(ascii: ";")])
            scanner.advance()
            declarations += parse(part, base: base)
        }
        return declarations
    }

    /// `name: value [!important]`: none, one, or for the `margin` shorthand two declarations.
    private static func parse(_ text: [UInt8], base: String?) -> [Declaration] {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return [] }
        let name = CSSValue.lowercasedASCII(CSSValue.trimmed(text[..<colon]))
        var value = CSSValue.lowercasedASCII(CSSValue.trimmed(text[(colon + 1)...]))
        var important = false
        if let bang = value.lastIndex(of: "!") {
            guard value[value.index(after: bang)...].filter({ !$0.isWhitespace }) == "important" else { return [] }
            important = true
            value = String(value[..<bang]).trimmingSpaces
        }
        var declarations = values(of: name, value).map { Declaration(value: $0, important: important) }
        // A family's name is shown as written (compared without regard to case).
        if name == "font-family" || name == "font",
           let families = fontFamilies(text[(colon + 1)...], shorthand: name == "font") {
            declarations.append(Declaration(value: .fontFamily(families), important: important))
        }
        // A `url()` names a file, whose case counts: read from the text as written.
        if name == "background-image" || name == "background",
           let image = PlacementDeclarations.backgroundImage(text[(colon + 1)...], base: base) {
            declarations.append(Declaration(value: .backgroundImage(image), important: important))
        }
        return declarations
    }

    private static func values(of name: String, _ value: String) -> [Value] {
        let single: Value?
        switch name {
        case "display":
            let blocks: Set<String> = ["block", "list-item", "flex", "grid", "flow-root"]
            single = value.isEmpty || value.contains(" ") ? nil
                : .display(hidden: value == "none", table: TableDisplay(value), block: blocks.contains(value))
        case "page-break-before", "break-before": single = BreakValue(value).map(Value.breakBefore)
        case "page-break-after", "break-after": single = BreakValue(value).map(Value.breakAfter)
        case "page-break-inside", "break-inside":
            switch value {
            case "avoid", "avoid-page": single = .breakInside(avoid: true)
            case "auto": single = .breakInside(avoid: false)
            default: single = nil
            }
        // `initial` is `start`: verse in Standard Ebooks titles is set so, against justified prose.
        case "text-align": single = (value == "initial" ? .start : TextAlign(rawValue: value)).map(Value.textAlign)
        case "text-indent": single = CSSLength(value).map(Value.textIndent)
        case "font-style":
            switch value {
            case "italic", "oblique": single = .fontStyle(italic: true)
            case "normal": single = .fontStyle(italic: false)
            default: single = nil
            }
        case "font-weight": single = CSSValue.isBold(value).map(Value.fontWeight)
        case "font-size": single = CSSValue.fontSize(value).map(Value.fontSize)
        case "font": return fontShorthand(value)
        case "white-space":
            switch value {
            case "pre": single = .whiteSpace(preserved: true, lineBreaks: true, noWrap: true)
            case "pre-wrap", "break-spaces": single = .whiteSpace(preserved: true, lineBreaks: true, noWrap: false)
            case "pre-line": single = .whiteSpace(preserved: false, lineBreaks: true, noWrap: false)
            case "normal": single = .whiteSpace(preserved: false, lineBreaks: false, noWrap: false)
            case "nowrap": single = .whiteSpace(preserved: false, lineBreaks: false, noWrap: true)
            default: single = nil
            }
        case "margin-top": single = CSSLength(value).map(Value.marginTop)
        case "margin-bottom": single = CSSLength(value).map(Value.marginBottom)
        case "margin-left": single = CSSLength(value).map(Value.marginLeft)
        case "margin-right": single = CSSLength(value).map(Value.marginRight)
        case "margin":
            // One to four values: top, right, bottom, left, the missing ones as CSS fills them
            // (the bottom from the top, the left from the right, the right from the top).
            let parts = value.split(separator: " ").map(String.init)
            guard (1...4).contains(parts.count) else { return [] }
            let top = CSSLength(parts[0])
            let right = CSSLength(parts.count >= 2 ? parts[1] : parts[0])
            let bottom = CSSLength(parts.count >= 3 ? parts[2] : parts[0])
            let left = CSSLength(parts.count == 4 ? parts[3] : parts.count >= 2 ? parts[1] : parts[0])
            return [top.map(Value.marginTop), right.map(Value.marginRight), bottom.map(Value.marginBottom),
                    left.map(Value.marginLeft)].compactMap { $0 }
        // EPUB 3.0 and WebKit's prefixed names too: books write them beside, or instead of, it.
        case "hyphens", "-epub-hyphens", "-webkit-hyphens":
            switch value {
            case "auto": single = .hyphens(automatic: true)
            case "none", "manual": single = .hyphens(automatic: false)
            default: single = nil
            }
        case "line-break", "-webkit-line-break", "-epub-line-break":
            switch value {
            case "strict": single = .lineBreak(strict: true)
            case "auto", "loose", "normal", "anywhere": single = .lineBreak(strict: false)
            default: single = nil
            }
        case "text-orientation", "-webkit-text-orientation", "-epub-text-orientation":
            single = TextOrientation(keyword: value).map(Value.textOrientation)
        case "text-combine-upright", "-webkit-text-combine", "-epub-text-combine", "-ms-text-combine-horizontal":
            single = CombineUpright(keyword: value).map(Value.combineUpright)
        case "color": single = CSSColor(value).map(Value.color)
        case "text-transform": single = TextTransform(rawValue: value).map(Value.textTransform)
        case "float": single = CSSFloat(rawValue: value).map(Value.float)
        case "line-height": single = LineHeight(value).map(Value.lineHeight)
        case "font-variant": return fontVariantShorthand(value)
        case "font-variant-caps": single = FontCaps(keyword: value).map(Value.fontCaps)
        case "font-variant-numeric": single = FontNumeric(value).map(Value.fontNumeric)
        case "letter-spacing": single = spacing(value).map(Value.letterSpacing)
        case "word-spacing": single = spacing(value).map(Value.wordSpacing)
        case "text-decoration", "text-decoration-line", "-webkit-text-decoration", "-webkit-text-decoration-line":
            // The shorthand's style and colour words are not lines: only these count.
            let words = value.split(separator: " ")
            if words.contains("none") {
                single = .textDecoration(underline: false, lineThrough: false)
            } else if words.contains("underline") || words.contains("line-through") {
                single = .textDecoration(underline: words.contains("underline"), lineThrough: words.contains("line-through"))
            } else {
                single = nil
            }
        case "tab-size", "-moz-tab-size", "-o-tab-size":
            single = Int(value).flatMap { (0...CSSLimits.maximumTabSize).contains($0) ? Value.tabSize($0) : nil }
        case "list-style-type": single = ListStyleType(value).map(Value.listStyleType)
        case "list-style": single = ListStyleType(shorthand: value).map(Value.listStyleType)
        case "orphans": single = CSSValue.positiveInteger(value).map(Value.orphans)
        case "widows": single = CSSValue.positiveInteger(value).map(Value.widows)
        case "direction":
            switch value {
            case "rtl": single = .direction(rightToLeft: true)
            case "ltr": single = .direction(rightToLeft: false)
            default: single = nil
            }
        // EPUB 3 books write the prefixed names (EPUB 3.0's `-epub-`, WebKit's), sometimes alone.
        case "writing-mode", "-epub-writing-mode", "-webkit-writing-mode":
            switch value {
            case "vertical-rl", "vertical-lr", "sideways-rl", "sideways-lr", "tb-rl", "tb": single = .writingMode(vertical: true)
            case "horizontal-tb", "lr-tb", "rl-tb", "lr", "rl": single = .writingMode(vertical: false)
            default: single = nil
            }
        default:
            if let values = TableDeclarations.values(of: name, value) { return values }
            if let values = PlacementDeclarations.values(of: name, value) { return values }
            single = nil
        }
        return single.map { [$0] } ?? []
    }
}

extension Declaration {
    /// `font: [style] [variant] [weight] size[/line-height] family`: the style, weight and size
    /// it sets, the style and weight back to `normal` when it leaves them out, as the shorthand
    /// does. A system font (`font: caption`) or a value without a size sets nothing.
    static func fontShorthand(_ value: String) -> [Value] {
        var italic = false
        var bold = false
        var caps = FontCaps.normal
        for word in value.split(separator: " ") {
            let word = String(word)
            switch word {
            case "italic", "oblique": italic = true
            case "small-caps": caps = .smallCaps
            case "normal": continue
            default:
                if let weight = CSSValue.isBold(word) {
                    bold = weight
                    continue
                }
                let parts = word.split(separator: "/", maxSplits: 1).map(String.init)
                guard let size = CSSValue.fontSize(parts.first ?? "") else { return [] }
                // What it leaves out of the line height is `normal` again, as of style and weight.
                let lineHeight = parts.count == 2 ? LineHeight(parts[1]) ?? .normal : .normal
                return [.fontStyle(italic: italic), .fontWeight(bold: bold), .fontSize(size), .fontCaps(caps),
                        .fontNumeric([]), .lineHeight(lineHeight)]
            }
        }
        return []
    }

    /// The family list of a `font-family` value, or of a `font` shorthand (what follows its
    /// size); nil when it names none, or the shorthand sets nothing.
    static func fontFamilies(_ text: ArraySlice<UInt8>, shorthand: Bool) -> [FontFamilyName]? {
        var written = String(decoding: CSSValue.trimmed(text), as: UTF8.self)
        if let bang = written.lastIndex(of: "!") { written = String(written[..<bang]) }
        if shorthand {
            // The family follows the size, the first word that reads as one (or size/line-height).
            guard !fontShorthand(CSSValue.lowercasedASCII(Array(written.utf8)[...]).trimmingSpaces).isEmpty else { return nil }
            var words = written.split(separator: " ", omittingEmptySubsequences: true)[...]
            while let word = words.first {
                words = words.dropFirst()
                let size = word.split(separator: "/", maxSplits: 1).first.map { String($0).lowercased() } ?? ""
                if CSSValue.fontSize(size) != nil { break }
            }
            written = words.joined(separator: " ")
        }
        let families = FontFamilyName.list(written)
        return families.isEmpty ? nil : families
    }

    /// `font-variant`: the caps and the numerals it names, each back to normal when it names
    /// none, as the shorthand resets them. Its other words (ligatures, East Asian forms) are
    /// not read; numerals that contradict each other (`lining-nums oldstyle-nums`) make the
    /// declaration invalid.
    static func fontVariantShorthand(_ value: String) -> [Value] {
        let words = value.split(separator: " ")
        let caps = words.lazy.compactMap { FontCaps(keyword: String($0)) }.first ?? .normal
        let numeralWords = words.filter { FontNumeric.keywords[String($0)] != nil }
        guard let numerals = numeralWords.isEmpty ? FontNumeric() : FontNumeric(numeralWords.joined(separator: " ")) else {
            return []
        }
        return [.fontCaps(caps), .fontNumeric(numerals)]
    }

    /// A `letter-spacing` or `word-spacing` value: `normal` (nil inside), or a length.
    static func spacing(_ value: String) -> CSSLength?? {
        if value == "normal" { return .some(nil) }
        // `CSSLength` reads margins' `auto` as zero; spacing has no `auto`.
        guard value != "auto", let length = CSSLength(value) else { return nil }
        return .some(length)
    }
}

/// A `break-*` or `page-break-*` value, as far as pages go.
public enum BreakValue: Sendable, Equatable {
    case auto
    case avoid
    /// `always`, `page`, `left`, `right`, `recto`, `verso`: a new page.
    case page

    init?(_ value: String) {
        switch value {
        case "auto": self = .auto
        case "avoid", "avoid-page": self = .avoid
        case "always", "page", "left", "right", "recto", "verso": self = .page
        default: return nil
        }
    }
}

public enum TextAlign: String, Sendable, Equatable {
    case left, right, center, justify, start, end
}

/// `float`.
public enum CSSFloat: String, Sendable, Equatable {
    case none, left, right
}

/// `text-transform`.
public enum TextTransform: String, Sendable, Equatable {
    case none, uppercase, lowercase, capitalize
}

/// `font-variant-numeric`: which forms of numerals, fractions, ordinals and zero the text asks
/// for (CSS Fonts 3 §6.7), each an OpenType feature of the font; empty for `normal`.
public struct FontNumeric: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let lining = FontNumeric(rawValue: 1 << 0)
    public static let oldstyle = FontNumeric(rawValue: 1 << 1)
    public static let proportional = FontNumeric(rawValue: 1 << 2)
    public static let tabular = FontNumeric(rawValue: 1 << 3)
    public static let diagonalFractions = FontNumeric(rawValue: 1 << 4)
    public static let stackedFractions = FontNumeric(rawValue: 1 << 5)
    public static let ordinal = FontNumeric(rawValue: 1 << 6)
    public static let slashedZero = FontNumeric(rawValue: 1 << 7)

    /// Each keyword and what it sets.
    static let keywords: [String: FontNumeric] = [
        "lining-nums": .lining, "oldstyle-nums": .oldstyle, "proportional-nums": .proportional,
        "tabular-nums": .tabular, "diagonal-fractions": .diagonalFractions, "stacked-fractions": .stackedFractions,
        "ordinal": .ordinal, "slashed-zero": .slashedZero,
    ]
    /// Keywords of which a value may hold one at most.
    private static let exclusive: [FontNumeric] = [[.lining, .oldstyle], [.proportional, .tabular],
                                                   [.diagonalFractions, .stackedFractions]]

    /// `normal`, or keywords of which none comes twice and none contradicts another; nil for
    /// anything else, which CSS makes the whole declaration invalid.
    init?(_ value: String) {
        self = []
        if value == "normal" { return }
        for word in value.split(separator: " ") {
            guard let set = Self.keywords[String(word)], !contains(set),
                  !Self.exclusive.contains(where: { $0.contains(set) && !intersection($0).isEmpty }) else { return nil }
            insert(set)
        }
        if isEmpty { return nil }
    }
}

/// Which letters are set as small capitals.
public enum FontCaps: Sendable, Equatable {
    case normal
    /// The lowercase letters.
    case smallCaps
    /// Every letter.
    case allSmallCaps

    /// `small-caps`, `all-small-caps`, `normal` (`petite-caps` reads as small caps, as a font
    /// without them shows them); nil for another word.
    init?(keyword: String) {
        switch keyword {
        case "small-caps", "petite-caps": self = .smallCaps
        case "all-small-caps", "all-petite-caps": self = .allSmallCaps
        case "normal", "unicase", "titling-caps": self = .normal
        default: return nil
        }
    }
}
