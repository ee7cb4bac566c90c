/// The fonts that ship on iOS with the same metrics as the Liberation fonts, so pages computed
/// here fit when an iOS app draws them.
enum IOSFontNames {
    private static let families: [(liberation: String, iOS: String, postScript: [String])] = [
        ("Liberation Serif", "Times New Roman",
         ["TimesNewRomanPSMT", "TimesNewRomanPS-ItalicMT", "TimesNewRomanPS-BoldMT", "TimesNewRomanPS-BoldItalicMT"]),
        ("Liberation Sans", "Arial",
         ["ArialMT", "Arial-ItalicMT", "Arial-BoldMT", "Arial-BoldItalicMT"]),
        ("Liberation Mono", "Courier New",
         ["CourierNewPSMT", "CourierNewPS-ItalicMT", "CourierNewPS-BoldMT", "CourierNewPS-BoldItalicMT"]),
    ]

    static func family(for family: String) -> String? {
        families.first { $0.liberation.lowercased() == family.lowercased() }?.iOS
    }

    /// The PostScript name of the iOS face matching this family and style name (`Bold Italic`).
    static func postScriptName(forFamily family: String, style: String) -> String? {
        guard let entry = families.first(where: { $0.liberation.lowercased() == family.lowercased() }) else {
            return nil
        }
        let style = style.lowercased()
        let bold = style.contains("bold")
        let italic = style.contains("italic") || style.contains("oblique")
        return entry.postScript[(bold ? 2 : 0) + (italic ? 1 : 0)]
    }
}
