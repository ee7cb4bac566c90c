import BookModel

/// What a run is shaped and spaced with besides its face and size: CSS `letter-spacing` and
/// `word-spacing` in points, as the output writes them (hundredths), and the OpenType features
/// its face sets it with (those the face has: `FaceFeatures`). Plain for nearly every run.
struct RunShaping: Hashable, Sendable {
    /// Hundredths of a point: the output's precision, so text is measured with the spacing a
    /// renderer is given; and four bytes each, since every run of every line carries them.
    private var letterHundredths: Int32 = 0
    private var wordHundredths: Int32 = 0
    var features: FontFeatures = []
    /// Set upright in a vertical line (`TextOrientation`): measured top to bottom in the face's
    /// upright variant (`FontFace.upright()`). False for text lying sideways, and for all text
    /// of horizontal lines.
    var upright = false
    /// Set in a vertical line as one upright character (`text-combine-upright`, tate-chū-yoko):
    /// shaped side by side as horizontal text is, and taking one em of the column, whatever
    /// its width (a renderer squeezes a wider one into it). Its letter spacing, the room the
    /// line adds, comes once, after the whole.
    var combined = false
    /// Hundredths of a point: the advance of an object the run stands for (a formula), which
    /// takes the run's place on its line whatever its text; 0 for text. The text is its words
    /// for search, never drawn.
    private var objectHundredths: Int32 = 0

    /// CSS lets letter spacing be any length; a book's is kept within these multiples of its
    /// run's size, so that no letter overlaps the one before by more than half an em and no
    /// spaced heading takes a line a letter. Word spacing likewise, a little wider upward.
    static let letterSpacingEms = -0.5...1.0
    static let wordSpacingEms = -0.5...2.0

    init() {}

    /// `letterSpacing` and `wordSpacing` in points, kept within their bounds for text of `size`.
    init(letterSpacing: Double, wordSpacing: Double, features: FontFeatures, size: Double) {
        letterHundredths = Self.hundredths(letterSpacing, within: Self.letterSpacingEms, of: size)
        wordHundredths = Self.hundredths(wordSpacing, within: Self.wordSpacingEms, of: size)
        self.features = features
    }

    private static func hundredths(_ points: Double, within ems: ClosedRange<Double>, of size: Double) -> Int32 {
        guard points.isFinite, size.isFinite, size > 0 else { return 0 }
        return Int32((min(max(points, ems.lowerBound * size), ems.upperBound * size) * 100).rounded())
    }

    /// Letter spacing the layout adds (a spread ruby base, inter-character justification), on
    /// top of the book's and not bounded as the book's is: it is the room the line has.
    mutating func addLetterSpacing(hundredths: Int32) {
        letterHundredths += hundredths
    }

    /// Points added after each character (grapheme cluster), and to each space on top.
    var letterSpacing: Double { Double(letterHundredths) / 100 }
    var wordSpacing: Double { Double(wordHundredths) / 100 }

    /// The run is an object of `width` points (rounded to the output's hundredths) set in its
    /// text's place.
    init(objectWidth width: Double) {
        objectHundredths = Int32(max(1, min((width * 100).rounded(.up), Double(Int32.max))))
    }

    /// The advance of the object the run stands for; nil for a run of text.
    var objectWidth: Double? { objectHundredths == 0 ? nil : Double(objectHundredths) / 100 }

    /// The run takes a fixed room of its line, never broken inside: characters combined
    /// upright, or an object.
    var isWhole: Bool { combined || objectHundredths != 0 }

    var isPlain: Bool {
        letterHundredths == 0 && wordHundredths == 0 && features.isEmpty && !upright && !combined && objectHundredths == 0
    }
    var isSpaced: Bool { letterHundredths != 0 || wordHundredths != 0 }

    /// What the spacing adds to the advance of UTF-8 `bytes` shaped alone: the letter spacing
    /// after each grapheme cluster (CSS Text 3's typographic character unit), the last one
    /// included, as browsers and a kerned attributed string draw it; the word spacing after
    /// each word separator (U+0020, U+00A0). A cluster of invisible characters (a soft hyphen,
    /// a joiner, a bidi control) takes no letter spacing, as Blink sets it.
    func addedWidth(of bytes: UnsafeBufferPointer<UInt8>) -> Double {
        guard isSpaced, !bytes.isEmpty else { return 0 }
        if combined { return letterSpacing }
        if objectHundredths != 0 { return 0 }
        var clusters = 0
        var separators = 0
        if !bytes.contains(where: { $0 >= 0x80 || $0 < 0x20 || $0 == 0x7F }) {
            clusters = bytes.count
            if wordHundredths != 0 { separators = bytes.reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) } }
        } else {
            for character in String(decoding: bytes, as: UTF8.self) {
                if character == " " || character == "\u{A0}" { separators += 1 }
                if let first = character.unicodeScalars.first, !Self.takesNoSpacing(first) { clusters += 1 }
            }
        }
        return letterSpacing * Double(clusters) + wordSpacing * Double(separators)
    }

    /// Controls, and characters that show nothing and take no room.
    private static func takesNoSpacing(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.properties.isDefaultIgnorableCodePoint
    }
}
