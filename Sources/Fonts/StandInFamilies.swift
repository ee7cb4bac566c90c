/// The stand-ins for scripts the book's faces lack, chosen for what an iOS device draws them
/// with: for each script, the installed family whose widths match the device's font, and that
/// font's PostScript names, which the output gives as the stand-in's `iOSFontName` so an app
/// draws the characters in the font they were measured to match.
///
/// CJK: ideographs, kana and hangul are a full em in every CJK font, and so are the
/// full-width punctuation marks of Japanese and Chinese fonts; what differs between fonts is the
/// shape, so a Noto CJK face (Debian's `fonts-noto-cjk`) of the right region stands in for
/// Hiragino (Japanese), PingFang (Chinese) or Apple SD Gothic Neo (Korean). Arabic, Devanagari,
/// Thai: Debian has no face of the iOS fonts' metrics; Noto Sans of the script (`fonts-noto-core`),
/// of the same kind (a sans-serif naskh beside Geeza Pro, a sans-serif beside Kohinoor
/// Devanagari and Thonburi), is the nearest. Hebrew, Greek and Cyrillic need none: Liberation
/// has them. A script not listed takes fontconfig's choice, named by its own PostScript name.
public enum StandInFamilies {
    struct Choice: Equatable {
        /// The family fontconfig finds (`Noto Serif CJK JP`).
        let family: String
        /// The iOS faces with its widths: regular, bold.
        let iOSPostScriptNames: [String]
    }

    /// The stand-in for `scalar` in text of `language` (a BCP 47 tag) next to a face that is
    /// serif or not; nil for a script the table has no choice for.
    static func choice(for scalar: Unicode.Scalar, language: String?, serif: Bool) -> Choice? {
        let value = scalar.value
        let region = Self.region(of: language)
        if isKana(value) { return japanese(serif: serif) }
        if isHangul(value) { return korean }
        if isHan(value) || isCJKPunctuation(value) {
            switch region {
            case .japanese: return japanese(serif: serif)
            case .korean: return korean
            case .traditionalChinese: return traditionalChinese
            case .simplifiedChinese: return simplifiedChinese
            }
        }
        if isArabic(value) { return arabic }
        if (0x0900...0x097F).contains(value) || (0xA8E0...0xA8FF).contains(value) { return devanagari }
        if (0x0E00...0x0E7F).contains(value) { return thai }
        return nil
    }

    /// The language whose Han characters `text` holds: `declared` when it is Chinese, Japanese or
    /// Korean, else Japanese when the text has kana, Korean when it has hangul, else `declared`
    /// (a passage in Japanese, unmarked, in a book in English is set as Japanese).
    public static func language(of text: String, declared: String?) -> String? {
        if let primary = subtags(of: declared).first, ["ja", "ko", "zh"].contains(primary) { return declared }
        for scalar in text.unicodeScalars where scalar.value >= 0x1100 {
            if isKana(scalar.value) { return "ja" }
            if isHangul(scalar.value) { return "ko" }
        }
        return declared
    }

    /// The iOS PostScript name for a stand-in `family` in `style` (its style name, `Bold`), when
    /// the family is one of the table's.
    static func iOSPostScriptName(forFamily family: String, style: String) -> String? {
        guard let choice = all.first(where: { FontLocator.sameFamily($0.family, family) }) else { return nil }
        return choice.iOSPostScriptNames[style.lowercased().contains("bold") ? 1 : 0]
    }

    private static let japaneseSerif = Choice(family: "Noto Serif CJK JP", iOSPostScriptNames: ["HiraMinProN-W3", "HiraMinProN-W6"])
    private static let japaneseSans = Choice(family: "Noto Sans CJK JP", iOSPostScriptNames: ["HiraginoSans-W3", "HiraginoSans-W6"])
    private static let simplifiedChinese = Choice(family: "Noto Sans CJK SC",
                                                  iOSPostScriptNames: ["PingFangSC-Regular", "PingFangSC-Semibold"])
    private static let traditionalChinese = Choice(family: "Noto Sans CJK TC",
                                                   iOSPostScriptNames: ["PingFangTC-Regular", "PingFangTC-Semibold"])
    private static let korean = Choice(family: "Noto Sans CJK KR",
                                       iOSPostScriptNames: ["AppleSDGothicNeo-Regular", "AppleSDGothicNeo-Bold"])
    private static let arabic = Choice(family: "Noto Sans Arabic", iOSPostScriptNames: ["GeezaPro", "GeezaPro-Bold"])
    private static let devanagari = Choice(family: "Noto Sans Devanagari",
                                           iOSPostScriptNames: ["KohinoorDevanagari-Regular", "KohinoorDevanagari-Semibold"])
    private static let thai = Choice(family: "Noto Sans Thai", iOSPostScriptNames: ["Thonburi", "Thonburi-Bold"])
    private static let all = [japaneseSerif, japaneseSans, simplifiedChinese, traditionalChinese, korean, arabic, devanagari, thai]

    private static func japanese(serif: Bool) -> Choice { serif ? japaneseSerif : japaneseSans }

    private enum Region { case japanese, korean, simplifiedChinese, traditionalChinese }

    /// Whose Han characters a text's language makes them: Japanese, Korean, Chinese in its
    /// traditional form (Taiwan, Hong Kong, Macao, or `Hant`), else simplified Chinese.
    private static func region(of language: String?) -> Region {
        let parts = subtags(of: language)
        switch parts.first {
        case "ja": return .japanese
        case "ko": return .korean
        case "zh":
            return parts.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) } ? .traditionalChinese : .simplifiedChinese
        default: return .simplifiedChinese
        }
    }

    /// A BCP 47 tag's subtags, lowercased (`zh-Hant-TW`: `zh`, `hant`, `tw`).
    private static func subtags(of language: String?) -> [Substring] {
        (language ?? "").lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
    }

    static func isKana(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0xFF66...0xFF9F).contains(value)
    }

    static func isHangul(_ value: UInt32) -> Bool {
        (0xAC00...0xD7AF).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
    }

    private static func isHan(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0x20000...0x3FFFF).contains(value) || (0x2E80...0x2FDF).contains(value)
    }

    /// CJK symbols and punctuation (、。「」), full-width forms, and the CJK compatibility forms.
    private static func isCJKPunctuation(_ value: UInt32) -> Bool {
        (0x3000...0x303F).contains(value) || (0xFF00...0xFF65).contains(value) || (0xFE30...0xFE4F).contains(value)
    }

    private static func isArabic(_ value: UInt32) -> Bool {
        (0x0600...0x06FF).contains(value) || (0x0750...0x077F).contains(value) || (0x08A0...0x08FF).contains(value)
            || (0xFB50...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
    }
}
