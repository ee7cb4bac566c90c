/// OpenType features a run of text asks its font for (CSS `font-variant-caps` and
/// `font-variant-numeric`): small capitals, and the forms of numerals, fractions, ordinals and
/// zero. A font that has a feature sets the text with it; small capitals are synthesized by the
/// layout where the font has none, the other features are then left out.
public struct FontFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Lowercase letters as small capitals (`smcp`).
    public static let smallCaps = FontFeatures(rawValue: 1 << 0)
    /// Capitals as small capitals too (`c2sc`): with `smallCaps`, CSS's `all-small-caps`.
    public static let capitalsToSmallCaps = FontFeatures(rawValue: 1 << 1)
    public static let liningNumerals = FontFeatures(rawValue: 1 << 2)
    public static let oldstyleNumerals = FontFeatures(rawValue: 1 << 3)
    public static let proportionalNumerals = FontFeatures(rawValue: 1 << 4)
    public static let tabularNumerals = FontFeatures(rawValue: 1 << 5)
    public static let diagonalFractions = FontFeatures(rawValue: 1 << 6)
    public static let stackedFractions = FontFeatures(rawValue: 1 << 7)
    public static let ordinals = FontFeatures(rawValue: 1 << 8)
    public static let slashedZero = FontFeatures(rawValue: 1 << 9)

    /// Each feature with its OpenType tag, in the order of their bits: the order tags are
    /// listed in.
    public static let tagged: [(feature: FontFeatures, tag: String)] = [
        (.smallCaps, "smcp"), (.capitalsToSmallCaps, "c2sc"), (.liningNumerals, "lnum"), (.oldstyleNumerals, "onum"),
        (.proportionalNumerals, "pnum"), (.tabularNumerals, "tnum"), (.diagonalFractions, "frac"),
        (.stackedFractions, "afrc"), (.ordinals, "ordn"), (.slashedZero, "zero"),
    ]

    /// The OpenType tags of the features in the set, in the order of `tagged`.
    public var tags: [String] {
        Self.tagged.compactMap { contains($0.feature) ? $0.tag : nil }
    }
}
