/// A BCP 47 language tag (`ja`, `zh-Hant-TW`, `en_GB` as some books write it), as the layout
/// and the readers ask about it.
public enum LanguageTag {
    /// Its primary subtag, lowercased: `zh` of `zh-Hant-TW`, `en` of `EN_gb`.
    public static func primarySubtag(of tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
}
