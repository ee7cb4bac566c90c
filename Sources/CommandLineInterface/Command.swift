import Book2PagesKit
import Foundation

/// The `book2pages` command: parse, convert, write, and turn every failure into one line on
/// standard error and an exit code.
public enum Command {
    /// Runs the command and returns its exit code. `write` receives what goes to standard output,
    /// `report` each line for standard error (without its newline).
    public static func run(_ arguments: [String],
                           write: (Data) throws -> Void,
                           report: (String) -> Void) -> Int32 {
        let invocation: Invocation
        do {
            invocation = try Invocation(try parse(arguments))
        } catch {
            // One line, like every other failure; the hint rides on it.
            report("book2pages: \(error) (see book2pages --help)")
            return error.exitCode
        }
        switch invocation.action {
        case .help:
            return emit(Data(HelpText.text.utf8), write: write, report: report)
        case .version:
            return emit(Data("book2pages \(Book2Pages.version)\n".utf8), write: write, report: report)
        case .convert(let input, let output):
            do {
                let conversion = try Converter.convert(path: input, options: invocation.options)
                if !invocation.quiet {
                    for warning in conversion.warnings {
                        report("book2pages: warning: \(input): \(warning)")
                    }
                }
                if let output {
                    try OutputFile.write(conversion.json, to: output)
                    return ExitCode.success
                }
                return emit(conversion.json, write: write, report: report)
            } catch {
                report("book2pages: \(error)")
                return error.exitCode
            }
        }
    }

    /// The real process: standard output and error.
    public static func main() -> Int32 {
        // A closed pipe downstream should end in a write error we report, not a silent SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        return run(Array(CommandLine.arguments.dropFirst()),
                   write: { try FileHandle.standardOutput.write(contentsOf: $0) },
                   report: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    private static func parse(_ arguments: [String]) throws(ConversionError) -> ParsedArguments {
        do {
            return try ArgumentParser.parse(arguments)
        } catch {
            throw .usage(error.description)
        }
    }

    private static func emit(_ data: Data, write: (Data) throws -> Void, report: (String) -> Void) -> Int32 {
        do {
            try write(data)
            return ExitCode.success
        } catch {
            report("book2pages: standard output: \(error.localizedDescription)")
            return ExitCode.outputFailed
        }
    }
}
