import CTextCat
import Glibc

/// Which language a text is written in, guessed from its letters' n-grams by libexttextcat
/// (Cavnar and Trenkle's method, with the language models Debian's libexttextcat-data installs
/// and LibreOffice uses): for a book that names no language, so that it can still be
/// hyphenated in its own. One guesser serves the whole process; its models are read once.
public final class LanguageGuesser: @unchecked Sendable {
    /// Where Debian installs the models and the list naming them.
    public static let modelDirectory = "/usr/share/libexttextcat/"

    /// The guesser, or nil when the models are not installed (the guess is then never made).
    public static let shared: LanguageGuesser? = LanguageGuesser(directory: modelDirectory)

    /// Less text than this says too little to go by: a title page, a list of contents.
    public static let shortestText = 400
    /// The most of a text read: a few pages tell a language as well as a book does.
    public static let sampleLength = 3_000

    private let handle: UnsafeMutableRawPointer
    /// libexttextcat keeps its work in the handle: one guess at a time.
    private let lock = GuessLock()

    init?(directory: String) {
        guard let handle = special_textcat_Init(directory + "fpdb.conf", directory) else { return nil }
        self.handle = handle
    }

    deinit { textcat_Done(handle) }

    /// The BCP 47 tag of the language `text` is most likely in (`en`, `de`, `zh-CN`); nil when
    /// it is too short to tell, or no language fits.
    public func language(of text: String) -> String? {
        var sample = Substring(text)
        if sample.utf8.count > Self.sampleLength {
            sample = sample.prefix(Self.sampleLength)
        }
        guard sample.utf8.count >= Self.shortestText else { return nil }
        let answer: String? = lock.withLock {
            String(sample).withCString { bytes in
                textcat_Classify(handle, bytes, strlen(bytes)).map { String(cString: $0) }
            }
        }
        // Several languages about as likely: the text is too mixed (or too made up) to tell.
        guard let answer, answer.filter({ $0 == "[" }).count <= Self.mostCandidates else { return nil }
        return Self.tag(of: answer)
    }

    /// The most languages libexttextcat may find about as likely for its first to be taken.
    static let mostCandidates = 2

    /// The tag in libexttextcat's answer: its best candidate, `[en--utf8][sco--utf8]` →
    /// `en`, its names turned to BCP 47 (`zh-CN-utf8` → `zh-CN`, `az-cyrillic-utf8` → `az-Cyrl`);
    /// nil for `UNKNOWN` and `SHORT`.
    public static func tag(of answer: String) -> String? {
        guard answer.hasPrefix("["), let end = answer.firstIndex(of: "]") else { return nil }
        var name = String(answer[answer.index(after: answer.startIndex)..<end])
        if name.hasSuffix("utf8") { name.removeLast(4) }
        while name.hasSuffix("-") { name.removeLast() }
        let subtags = name.split(separator: "-").map { $0 == "cyrillic" ? "Cyrl" : String($0) }
        guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy(\.isLetter) else { return nil }
        return subtags.joined(separator: "-")
    }
}

/// A plain mutex, without Foundation, which the module needs nothing else of.
private final class GuessLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
