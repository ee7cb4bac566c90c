/// Every way a conversion can fail, each with its own exit code (sysexits.h values, so scripts can
/// tell a bad command line from a bad book from a full disk).
public enum ConversionError: Error, Equatable, CustomStringConvertible {
    /// The command line is wrong.
    case usage(String)
    /// The input can't be read at all: missing, unreadable, not an archive.
    case unreadable(file: String, reason: String)
    /// The input was read but is not a book we can convert.
    case invalid(file: String, reason: String)
    /// No usable font: the family or file asked for can't be loaded.
    case fontUnavailable(String)
    /// The output can't be written.
    case outputFailed(file: String, reason: String)
    /// Something that should not happen did: a bug to report.
    case internalError(String)

    public var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .invalid: ExitCode.invalidInput
        case .unreadable: ExitCode.unreadableInput
        case .fontUnavailable: ExitCode.fontUnavailable
        case .outputFailed: ExitCode.outputFailed
        case .internalError: ExitCode.internalError
        }
    }

    /// One line, naming the file and what is wrong with it.
    public var description: String {
        switch self {
        case .usage(let message): message
        case .unreadable(let file, let reason), .invalid(let file, let reason),
             .outputFailed(let file, let reason):
            "\(file): \(reason)"
        case .fontUnavailable(let message): message
        case .internalError(let message): "internal error: \(message)"
        }
    }
}

/// The exit codes, documented in the README and the man page.
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
    /// EX_UNAVAILABLE: the font asked for can't be found or loaded.
    public static let fontUnavailable: Int32 = 69
    /// EX_SOFTWARE: a bug in book2pages.
    public static let internalError: Int32 = 70
    /// EX_CANTCREAT: the output can't be written.
    public static let outputFailed: Int32 = 73
}
