/// A length as the book wrote it, reduced to what it is relative to. Percentages are not
/// lengths here (for margins and indents they refer to the page's width, which the reader does
/// not know) and are dropped with the declaration.
struct CSSLength: Sendable, Equatable {
    enum Unit: Sendable, Equatable {
        /// The element's font size (`em`; `ex` and `ch` as half an em).
        case em
        /// The default font size (`rem`, and absolute units: 16 px, 12 pt).
        case medium
    }

    var value: Double
    var unit: Unit

    /// `1.5em`, `12pt`, `0`; margins' `auto` is zero. Nil for anything else.
    init?(_ text: String) {
        if text == "auto" || text == "0" {
            self.init(value: 0, unit: .medium)
            return
        }
        guard let (number, unit) = CSSValue.dimension(text) else { return nil }
        switch unit {
        case "em": self.init(value: number, unit: .em)
        case "ex", "ch": self.init(value: number / 2, unit: .em)
        case "rem": self.init(value: number, unit: .medium)
        default:
            guard let pixels = CSSValue.pixels[unit] else { return nil }
            self.init(value: number * pixels / CSSValue.mediumPixels, unit: .medium)
        }
    }

    init(value: Double, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// In multiples of the default font size, for an element whose font is `fontScale` times it.
    func resolved(fontScale: Double) -> Double {
        unit == .em ? value * fontScale : value
    }
}

/// Reading the values of the properties the reader honours.
enum CSSValue {
    /// The default font size (`medium`) in CSS pixels: what absolute sizes are measured against.
    static let mediumPixels = 16.0
    /// CSS pixels in one of each absolute unit.
    static let pixels: [String: Double] = [
        "px": 1, "pt": 4.0 / 3, "pc": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6,
    ]
    /// `font-size` keywords, as multiples of `medium` (CSS Fonts 4).
    static let sizeKeywords: [String: Double] = [
        "xx-small": 3.0 / 5, "x-small": 3.0 / 4, "small": 8.0 / 9, "medium": 1, "large": 6.0 / 5,
        "x-large": 3.0 / 2, "xx-large": 2, "xxx-large": 3,
    ]
    /// `larger` and `smaller` step by this factor.
    static let sizeStep = 1.2

    static func fontSize(_ text: String) -> Declaration.FontSize? {
        if let keyword = sizeKeywords[text] { return .absolute(keyword) }
        if text == "larger" { return .relative(sizeStep) }
        if text == "smaller" { return .relative(1 / sizeStep) }
        if text.hasSuffix("%"), let number = Double(text.dropLast()), number.isFinite, number >= 0 {
            return .relative(number / 100)
        }
        guard let length = CSSLength(text), length.value >= 0 else { return nil }
        return length.unit == .em ? .relative(length.value) : .absolute(length.value)
    }

    /// `bold`, `bolder` and weights from 600 are bold; `normal`, `lighter` and lighter weights not.
    static func isBold(_ text: String) -> Bool? {
        switch text {
        case "bold", "bolder": return true
        case "normal", "lighter": return false
        default:
            guard let weight = Int(text), (1...1000).contains(weight) else { return nil }
            return weight >= 600
        }
    }

    static func positiveInteger(_ text: String) -> Int? {
        guard let number = Int(text), number > 0 else { return nil }
        return number
    }

    /// A number followed by a unit (`1.5em`, `-2px`, `.8em`); the unit may not be empty.
    static func dimension(_ text: String) -> (Double, String)? {
        let unitStart = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+")) }
        guard let unitStart, unitStart > text.startIndex,
              let number = Double(text[..<unitStart]), number.isFinite else { return nil }
        let unit = String(text[unitStart...])
        guard unit.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return (number, unit)
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, CSSScanner.isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, CSSScanner.isSpace(last) { bytes.removeLast() }
        return bytes
    }

    /// ASCII letters lowercased, white space runs made one space; other bytes kept.
    static func lowercasedASCII(_ bytes: ArraySlice<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for byte in bytes {
            if CSSScanner.isSpace(byte) {
                if result.last != 0x20 { result.append(0x20) }
            } else if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                result.append(byte + 32)
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
