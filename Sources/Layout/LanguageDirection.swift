/// Which languages are written right to left, by their BCP 47 tag: a script subtag says (`Arab`,
/// `Hebr`, … right to left; `Latn`, `Cyrl`, … not), else the language does (`ar`, `he`, `fa`,
/// `ur`, `yi`, …, each in the script it is usually written in).
enum LanguageDirection {
    /// ISO 15924 scripts written right to left.
    static let rightToLeftScripts: Set<String> = [
        "adlm", "arab", "aran", "armi", "avst", "chrs", "cprt", "elym", "hatr", "hebr", "hung", "khar", "lydi",
        "mand", "mani", "mend", "merc", "mero", "narb", "nbat", "nkoo", "orkh", "ougr", "palm", "phli", "phlp",
        "phnx", "prti", "rohg", "samr", "sarb", "sogd", "sogo", "syrc", "thaa", "yezi",
    ]

    /// Languages written right to left in the script they are usually written in.
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "khw", "ks", "lrc", "mzn", "nqo",
        "pnb", "prs", "ps", "sd", "skr", "syr", "ug", "ur", "yi", "ji",
    ]

    static func isRightToLeft(_ tag: String) -> Bool {
        let subtags = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let language = subtags.first else { return false }
        // A script subtag is four letters, after the language (and any extended language).
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(String(script))
        }
        return rightToLeftLanguages.contains(String(language))
    }
}
