/// The Liberation families and the families with the same metrics: the ones fontconfig's own
/// metric aliases (30-metric-aliases.conf) answer with a Liberation font, and the iOS fonts that
/// draw pages computed here without reflowing them.
enum MetricCompatibleFamilies {
    private struct Entry {
        let liberation: String
        /// The families fontconfig answers with `liberation` when they are not installed.
        let aliases: [String]
        /// The iOS faces with the same metrics: regular, italic, bold, bold italic.
        let iOSPostScriptNames: [String]
    }

    private static let entries = [
        Entry(liberation: "Liberation Serif", aliases: ["Times New Roman", "Times", "Tinos"],
              iOSPostScriptNames: ["TimesNewRomanPSMT", "TimesNewRomanPS-ItalicMT", "TimesNewRomanPS-BoldMT",
                                   "TimesNewRomanPS-BoldItalicMT"]),
        Entry(liberation: "Liberation Sans", aliases: ["Arial", "Helvetica", "Arimo"],
              iOSPostScriptNames: ["ArialMT", "Arial-ItalicMT", "Arial-BoldMT", "Arial-BoldItalicMT"]),
        Entry(liberation: "Liberation Mono", aliases: ["Courier New", "Courier", "Cousine"],
              iOSPostScriptNames: ["CourierNewPSMT", "CourierNewPS-ItalicMT", "CourierNewPS-BoldMT",
                                   "CourierNewPS-BoldItalicMT"]),
    ]

    /// The Liberation family fontconfig answers `family` with by design (`Times New Roman` →
    /// `Liberation Serif`), if `family` is one of the aliases.
    static func liberationFamily(standingInFor family: String) -> String? {
        entries.first { $0.aliases.contains { FontLocator.sameFamily($0, family) } }?.liberation
    }

    /// The PostScript name of the iOS face matching a Liberation family and style name
    /// (`Bold Italic`); nil for other families.
    static func iOSPostScriptName(forFamily family: String, style: String) -> String? {
        guard let entry = entries.first(where: { FontLocator.sameFamily($0.liberation, family) }) else { return nil }
        let style = style.lowercased()
        let bold = style.contains("bold")
        let italic = style.contains("italic") || style.contains("oblique")
        return entry.iOSPostScriptNames[(bold ? 2 : 0) + (italic ? 1 : 0)]
    }
}
