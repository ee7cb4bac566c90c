/// What a character of a Chinese or Japanese line is to the rules that space it: which set on
/// the ideographic em square (and so take inter-character justification beside them), which
/// brackets and stops lose their blank half beside each other or at a line's end (JLReq §3.1),
/// which kana a ruby may reach over (§3.3.6), which Latin letters sit a quarter em off (§3.2.3).
enum SpacingClass: UInt8 {
    /// Neither wide nor Latin: a symbol, a letter of another script.
    case other
    case space
    /// A Latin letter or an ASCII digit.
    case latin
    /// Han, Hangul, bopomofo, a symbol or full-width form on the em square.
    case ideographic
    /// Hiragana and katakana (half-width ones too).
    case kana
    /// Opening brackets (`「『（〔【`) and closing ones and stops (`」』）〕】、。，．`), set on the em
    /// square with half of it blank: after a closing one, before an opening one.
    case opening
    case closing
    /// Characters set side by side as one upright character (tate-chū-yoko).
    case combined

    init(_ character: Character) {
        guard let scalar = character.unicodeScalars.first else {
            self = .other
            return
        }
        let value = scalar.value
        if value == 0x20 {
            self = .space
        } else if value < 0x250 {
            self = scalar.properties.isAlphabetic || ("0"..."9").contains(character) ? .latin : .other
        } else if Self.closingPoints.contains(value) {
            self = .closing
        } else if Self.openingPoints.contains(value) {
            self = .opening
        } else if (0x3041...0x30FF).contains(value) || (0xFF66...0xFF9F).contains(value) {
            self = .kana
        } else if Self.isWide(value) {
            self = .ideographic
        } else {
            self = .other
        }
    }

    /// Set on the ideographic em square.
    var isWide: Bool { rawValue >= Self.ideographic.rawValue }

    /// Whether a character of this class loses its blank half before one of `next`: a closing
    /// one before any bracket or stop, an opening one before an opening one.
    func compresses(before next: SpacingClass) -> Bool {
        switch self {
        case .closing: next == .closing || next == .opening
        case .opening: next == .opening
        default: false
        }
    }

    /// Whether one of two characters side by side is a Chinese or Japanese letter (not a
    /// bracket or stop) and the other Latin.
    static func meetsLatin(_ first: SpacingClass, _ second: SpacingClass) -> Bool {
        func isLetter(_ kind: SpacingClass) -> Bool { kind == .ideographic || kind == .kana }
        return (isLetter(first) && second == .latin) || (first == .latin && isLetter(second))
    }

    private static let closingPoints: Set<UInt32> = [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0x300D, 0x300F, 0xFF09, 0x3015, 0xFF3D,
                                                     0xFF5D, 0x3009, 0x300B, 0x3011, 0x3019, 0x3017, 0xFF60]
    private static let openingPoints: Set<UInt32> = [0x300C, 0x300E, 0xFF08, 0x3014, 0xFF3B, 0xFF5B, 0x3008, 0x300A, 0x3010,
                                                     0x3018, 0x3016, 0xFF5F]

    /// Han, kana, Hangul, bopomofo, CJK punctuation and symbols, full-width forms.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x2E80...0x303F, 0x3040...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}
