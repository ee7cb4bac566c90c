/// `mathvariant` and the automatic italic of a one-letter `mi`: letters and digits mapped to
/// Unicode's Mathematical Alphanumeric Symbols, which a math face draws in each style (MathML
/// Core §3.2.1.1, "text-transform: math-auto").
enum MathVariant: String {
    case normal, bold, italic, boldItalic = "bold-italic", doubleStruck = "double-struck", script, fraktur
    case sansSerif = "sans-serif", monospace

    /// `text` in this style: characters without a form in it stay as they are.
    func apply(to text: String) -> String {
        guard self != .normal else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { map($0) }))
    }

    private func map(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if let exception = Self.exceptions[self]?[value] { return Unicode.Scalar(exception) ?? scalar }
        let capital = (0x41...0x5A).contains(value), small = (0x61...0x7A).contains(value)
        if capital || small, let base = latinBase {
            return Unicode.Scalar(base + (capital ? value - 0x41 : 26 + value - 0x61)) ?? scalar
        }
        if (0x30...0x39).contains(value), let base = digitBase { return Unicode.Scalar(base + value - 0x30) ?? scalar }
        if let base = greekBase {
            if (0x391...0x3A9).contains(value), value != 0x3A2 { return Unicode.Scalar(base + value - 0x391) ?? scalar }
            if (0x3B1...0x3C9).contains(value) { return Unicode.Scalar(base + 26 + value - 0x3B1) ?? scalar }
        }
        return scalar
    }

    /// Where the style's capital A is (its small a 26 later).
    private var latinBase: UInt32? {
        switch self {
        case .bold: 0x1D400
        case .italic: 0x1D434
        case .boldItalic: 0x1D468
        case .script: 0x1D49C
        case .fraktur: 0x1D504
        case .doubleStruck: 0x1D538
        case .sansSerif: 0x1D5A0
        case .monospace: 0x1D670
        case .normal: nil
        }
    }

    private var digitBase: UInt32? {
        switch self {
        case .bold: 0x1D7CE
        case .doubleStruck: 0x1D7D8
        case .sansSerif: 0x1D7E2
        case .monospace: 0x1D7F6
        default: nil
        }
    }

    /// Where the style's capital Alpha is (its small alpha 26 later).
    private var greekBase: UInt32? {
        switch self {
        case .bold: 0x1D6A8
        case .italic: 0x1D6E2
        case .boldItalic: 0x1D71C
        default: nil
        }
    }

    /// Letters whose styled form Unicode had before the block, and which the block leaves out.
    private static let exceptions: [MathVariant: [UInt32: UInt32]] = [
        .italic: [0x68: 0x210E, 0x131: 0x1D6A4, 0x237: 0x1D6A5],
        .script: [0x42: 0x212C, 0x45: 0x2130, 0x46: 0x2131, 0x48: 0x210B, 0x49: 0x2110, 0x4C: 0x2112, 0x4D: 0x2133,
                  0x52: 0x211B, 0x65: 0x212F, 0x67: 0x210A, 0x6F: 0x2134],
        .fraktur: [0x43: 0x212D, 0x48: 0x210C, 0x49: 0x2111, 0x52: 0x211C, 0x5A: 0x2128],
        .doubleStruck: [0x43: 0x2102, 0x48: 0x210D, 0x4E: 0x2115, 0x50: 0x2119, 0x51: 0x211A, 0x52: 0x211D, 0x5A: 0x2124],
    ]
}
