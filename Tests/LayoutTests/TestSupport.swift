import Hyphenation
import Testing

/// What the tests that need more than the repository need, each looked for once; a test that
/// needs one says so with its trait, and is reported skipped, with the reason, when it is missing.
enum Available {
    static let germanHyphenation = HyphenationDictionaries().path(forLanguage: "de") != nil
}

extension Trait where Self == ConditionTrait {
    static var needsGermanHyphenation: Self {
        .enabled(if: Available.germanHyphenation, "needs a German hyphenation dictionary (hyphen-de)")
    }
}
