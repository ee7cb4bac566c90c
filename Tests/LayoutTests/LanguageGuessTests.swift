import LanguageGuess
import Testing

/// `LanguageGuesser`: libexttextcat's guess of a text's language, as a BCP 47 tag, and none
/// for a text too short to tell.
struct LanguageGuessTests {
    static let guesser = LanguageGuesser.shared

    static let english = """
        It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of
        foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season of Light,
        it was the season of Darkness, it was the spring of hope, it was the winter of despair, we had
        everything before us, we had nothing before us, we were all going direct to Heaven, we were all going
        direct the other way – in short, the period was so far like the present period, that some of its
        noisiest authorities insisted on its being received, for good or for evil, in the superlative degree
        of comparison only.
        """
    static let german = """
        Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett zu einem
        ungeheueren Ungeziefer verwandelt. Er lag auf seinem panzerartig harten Rücken und sah, wenn er den Kopf
        ein wenig hob, seinen gewölbten, braunen, von bogenförmigen Versteifungen geteilten Bauch, auf dessen
        Höhe sich die Bettdecke, zum gänzlichen Niedergleiten bereit, kaum noch erhalten konnte. Seine vielen,
        im Vergleich zu seinem sonstigen Umfang kläglich dünnen Beine flimmerten ihm hilflos vor den Augen.
        """
    static let french = """
        Longtemps, je me suis couché de bonne heure. Parfois, à peine ma bougie éteinte, mes yeux se fermaient
        si vite que je n'avais pas le temps de me dire : « Je m'endors. » Et, une demi-heure après, la pensée
        qu'il était temps de chercher le sommeil m'éveillait ; je voulais poser le volume que je croyais avoir
        dans les mains et souffler ma lumière ; je n'avais pas cessé en dormant de faire des réflexions sur ce
        que je venais de lire, mais ces réflexions avaient pris un tour un peu particulier.
        """

    @Test(.enabled(if: guesser != nil, "needs libexttextcat's language models (Debian's libexttextcat-data)"))
    func aPageOfTextIsReadInItsLanguage() throws {
        let guesser = try #require(Self.guesser)
        #expect(guesser.language(of: Self.english) == "en")
        #expect(guesser.language(of: Self.german) == "de")
        #expect(guesser.language(of: Self.french) == "fr")
    }

    @Test(.enabled(if: guesser != nil, "needs libexttextcat's language models (Debian's libexttextcat-data)"))
    func aLineIsTooShortToTell() throws {
        let guesser = try #require(Self.guesser)
        #expect(guesser.language(of: "Chapter One") == nil)
        #expect(guesser.language(of: String(Self.english.prefix(LanguageGuesser.shortestText - 1))) == nil)
    }

    @Test func libexttextcatsNamesAreBCP47Tags() {
        #expect(LanguageGuesser.tag(of: "[en--utf8][sco--utf8]") == "en")
        #expect(LanguageGuesser.tag(of: "[zh-CN-utf8]") == "zh-CN")
        #expect(LanguageGuesser.tag(of: "[az-cyrillic-utf8]") == "az-Cyrl")
        #expect(LanguageGuesser.tag(of: "[haw-utf8]") == "haw")
        #expect(LanguageGuesser.tag(of: "UNKNOWN") == nil)
        #expect(LanguageGuesser.tag(of: "SHORT") == nil)
    }
}
