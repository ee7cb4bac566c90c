/// How a run's letters are spaced and which OpenType features it asks for, when the book's CSS
/// sets any (`letter-spacing`, `word-spacing`, `font-variant`). Spacings are multiples of the
/// size of the run's block, as `Inline.scale` is: CSS computes them where they are set (an `em`
/// of that element's size) and inherits them as lengths.
public struct RunTypography: Sendable, Equatable {
    /// Added after each character (grapheme cluster) of the run; may be negative.
    public var letterSpacing: Double
    /// Added to each space (U+0020, U+00A0) on top of the letter spacing.
    public var wordSpacing: Double
    public var features: FontFeatures

    public init(letterSpacing: Double = 0, wordSpacing: Double = 0, features: FontFeatures = []) {
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.features = features
    }

    /// Whether it changes nothing.
    public var isPlain: Bool { letterSpacing == 0 && wordSpacing == 0 && features.isEmpty }
}
