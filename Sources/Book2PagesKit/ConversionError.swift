import BookModel

/// Every way a conversion can fail, each with its own exit code, so a script can tell a bad
/// command line from a bad book from a book too big to take from a full disk. The codes are
/// sysexits.h values where one fits, and two of book2pages' own past them.
public enum ConversionError: Error, Equatable, CustomStringConvertible {
    /// The command line is wrong.
    case usage(String)
    /// The input can't be read at all: missing, unreadable, not an archive.
    case unreadable(file: String, reason: String)
    /// The input was read but is not a book we can convert: nothing to show, no package
    /// document, binary data.
    case invalid(file: String, reason: String)
    /// The input passes one of the read limits (a zip bomb, say); the reason names the limit,
    /// which `--limit` can raise.
    case limitExceeded(file: String, reason: String)
    /// `--strict`, and the book needed recovering: the warnings that made it fail, in order.
    case warningsUnderStrict(file: String, warnings: [Warning])
    /// No usable font: the family or file asked for can't be loaded.
    case fontUnavailable(String)
    /// A program the command needs is not installed (Chromium, for `preview --png`).
    case toolUnavailable(String)
    /// The output can't be written.
    case outputFailed(file: String, reason: String)
    /// Something that should not happen did: a bug to report.
    case internalError(String)

    public var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .invalid: ExitCode.invalidInput
        case .unreadable: ExitCode.unreadableInput
        case .limitExceeded: ExitCode.limitExceeded
        case .warningsUnderStrict: ExitCode.warningsUnderStrict
        case .fontUnavailable, .toolUnavailable: ExitCode.fontUnavailable
        case .outputFailed: ExitCode.outputFailed
        case .internalError: ExitCode.internalError
        }
    }

    /// One line, naming the file and what is wrong with it (and, where known, the entry and
    /// line: `book.epub: OEBPS/ch3.xhtml:41: …`).
    public var description: String {
        switch self {
        case .usage(let message): message
        case .unreadable(let file, let reason), .invalid(let file, let reason),
             .limitExceeded(let file, let reason), .outputFailed(let file, let reason):
            "\(file): \(reason)"
        case .warningsUnderStrict(let file, let warnings):
            "\(file): refused under --strict: \(warnings.count == 1 ? "1 warning" : "\(warnings.count) warnings"), "
                + "the first: \(warnings.first.map(String.init(describing:)) ?? "none")"
        case .fontUnavailable(let message), .toolUnavailable(let message): message
        case .internalError(let message): "internal error: \(message)"
        }
    }
}

/// The exit codes, documented in the README, the man page and `--help`.
public enum ExitCode {
    public static let success: Int32 = 0
    /// A batch in which some books failed (the others were converted).
    public static let someFailed: Int32 = 1
    /// EX_USAGE: a bad option or argument.
    public static let usage: Int32 = 64
    /// EX_DATAERR: the input is not a book that can be converted.
    public static let invalidInput: Int32 = 65
    /// EX_NOINPUT: the input is missing or can't be read.
    public static let unreadableInput: Int32 = 66
    /// EX_UNAVAILABLE: the font asked for can't be found or loaded, or (`preview --png`) Chromium
    /// is not installed.
    public static let fontUnavailable: Int32 = 69
    /// EX_SOFTWARE: a bug in book2pages.
    public static let internalError: Int32 = 70
    /// EX_CANTCREAT: the output can't be written.
    public static let outputFailed: Int32 = 73
    /// book2pages' own: the input passes a read limit (`--limit` raises it).
    public static let limitExceeded: Int32 = 79
    /// book2pages' own: `--strict`, and the book needed recovering.
    public static let warningsUnderStrict: Int32 = 80

    /// Every code with what it means, in the words `--help` uses.
    public static let meanings: [(code: Int32, meaning: String)] = [
        (success, "the book was converted (in a batch: every book)"),
        (someFailed, "in a batch, some books failed (all, for one reason: that reason's code)"),
        (usage, "bad usage: an unknown option or a bad value"),
        (invalidInput, "the input is not a book that can be converted, or has nothing to show"),
        (unreadableInput, "the input is missing or can't be read"),
        (fontUnavailable, "the font, or (preview --png) Chromium, is not installed or can't be loaded"),
        (internalError, "an internal error (a bug: please report it)"),
        (outputFailed, "the output can't be written"),
        (limitExceeded, "the input passes a read limit (a zip bomb, say; see --limit)"),
        (warningsUnderStrict, "--strict, and the book needed recovering (see the warnings)"),
    ]
}
