/// What may not start a line in Chinese and Japanese beyond UAX #14's own rules, which ICU
/// keeps (no line starts with a closing bracket, `、。`, `々`, nor ends with an opening
/// bracket): JLReq §3.1.7's prolonged sound mark `ー`, which ICU's rules for Japanese let start
/// a line, and under CSS `line-break: strict` the small kana (`ぁ`, `ッ`, `ゃ`…), the wave
/// dash and the hyphens JLReq keeps off a line's start. And in Latin text an em dash set close
/// to the word before it (`glass—but`), which TeX and print break after, never before: a line
/// does not open with it.
enum LineStartRules {
    /// Whether the character at UTF-8 offset `offset` of `text` may not start a line.
    static func keepsOff(_ text: UnsafeBufferPointer<UInt8>, at offset: Int, strict: Bool) -> Bool {
        guard offset < text.count, text[offset] >= 0xE2 else { return false }
        var scalar: UInt32 = 0
        let lead = text[offset]
        guard lead < 0xF0, offset + 2 < text.count else { return false }
        scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(text[offset + 1] & 0x3F) << 6) | UInt32(text[offset + 2] & 0x3F)
        if scalar == 0x2014 { return offset > 0 && text[offset - 1] < 0x80 && text[offset - 1] != 0x20 }
        return keepsOff(scalar, strict: strict)
    }

    static func keepsOff(_ scalar: UInt32, strict: Bool) -> Bool {
        switch scalar {
        case 0x30FC, 0xFF70: return true
        default: return strict && strictlyKeptOff.contains(scalar)
        }
    }

    /// Small hiragana and katakana (halfwidth ones too), the wave dash and the hyphens.
    private static let strictlyKeptOff: Set<UInt32> = {
        var set: Set<UInt32> = [0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
                                0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
                                0x301C, 0x30A0, 0x2010, 0x2013]
        set.formUnion(0x31F0...0x31FF)
        set.formUnion(0xFF67...0xFF6F)
        return set
    }()
}
