import Fonts
import Foundation
import Hyphenation
import Testing

/// What the tests that need more than the repository need, each looked for once; a test that
/// needs one says so with its trait, and is reported skipped, with the reason, when it is missing.
enum Available {
    static let germanHyphenation = HyphenationDictionaries().path(forLanguage: "de") != nil
    /// A font with OpenType small capitals and old-style numerals (`fonts-texgyre`).
    static let texGyreTermes = (try? FontSet(font: "TeX Gyre Termes")) != nil
    /// `../shared/corpus/epub` beside the repository, or nil when this checkout has none.
    static let corpus: URL? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/epub")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()
}

extension Trait where Self == ConditionTrait {
    static var needsGermanHyphenation: Self {
        .enabled(if: Available.germanHyphenation, "needs a German hyphenation dictionary (hyphen-de)")
    }
    static var needsTeXGyreTermes: Self {
        .enabled(if: Available.texGyreTermes, "needs TeX Gyre Termes (fonts-texgyre; scripts/install-deps.sh --test installs it)")
    }
    static var needsSharedCorpus: Self { .enabled(if: Available.corpus != nil, "needs ../shared/corpus/epub beside the repository") }
}

extension Available {
    /// The stand-ins `scripts/install-deps.sh` installs for CJK, Arabic, Devanagari and Thai
    /// (`fonts-noto-cjk`, `fonts-noto-core`).
    static let notoStandIns = ["Noto Serif CJK JP", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Thai"]
        .allSatisfy { (try? FontSet(font: $0)) != nil }
}

extension Trait where Self == ConditionTrait {
    static var needsNotoStandIns: Self {
        .enabled(if: Available.notoStandIns, "needs the Noto stand-ins (fonts-noto-cjk, fonts-noto-core; scripts/install-deps.sh installs them)")
    }
}
