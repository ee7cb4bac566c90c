/// A length as MathML writes one (`0.5em`, `2px`, `1ex`, `thickmathspace`), in points at a
/// style's size. Nil for what is not a length.
enum MathLength {
    /// The named spaces of MathML 3, in eighteenths of an em.
    static let named: [String: Double] = [
        "veryverythinmathspace": 1, "verythinmathspace": 2, "thinmathspace": 3, "mediummathspace": 4,
        "thickmathspace": 5, "verythickmathspace": 6, "veryverythickmathspace": 7,
        "negativeveryverythinmathspace": -1, "negativeverythinmathspace": -2, "negativethinmathspace": -3,
        "negativemediummathspace": -4, "negativethickmathspace": -5, "negativeverythickmathspace": -6,
        "negativeveryverythickmathspace": -7,
    ]

    /// CSS units in CSS pixels.
    static let pixels: [String: Double] = ["px": 1, "pt": 4.0 / 3, "pc": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4]

    /// `text` in points. `percentOf`: what a percentage is of (nil: it is no length).
    static func points(_ text: String, style: MathStyle, pixel: Double, xHeight: Double, percentOf reference: Double? = nil) -> Double? {
        let value = text.split(separator: " ").joined().lowercased()
        if let eighteenths = named[value] { return eighteenths / 18 * style.size }
        var number = Substring(value)
        var unit = ""
        while let last = number.last, last.isLetter || last == "%" {
            unit = String(last) + unit
            number = number.dropLast()
        }
        guard let amount = Double(number), amount.isFinite, abs(amount) < 10_000 else { return nil }
        switch unit {
        case "em": return amount * style.size
        case "ex": return amount * xHeight * style.size
        case "%": return reference.map { amount / 100 * $0 }
        case "": return amount == 0 ? 0 : reference.map { amount * $0 }
        default: return pixels[unit].map { amount * $0 * pixel }
        }
    }
}
