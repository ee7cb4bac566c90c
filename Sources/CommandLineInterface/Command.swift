import Book2PagesKit
import BookModel
import FileNames
import Foundation
import ProcessMemory

/// The `book2pages` command: parse, convert, write, and turn every failure into one line on
/// standard error and an exit code.
public enum Command {
    /// Runs the command and returns its exit code. `readStandardInput` gives what is piped in,
    /// `write` receives what goes to standard output, `report` each line for standard error
    /// (without its newline). `endsProcess`: the process exits once this returns, so a single
    /// book's model and pages are left for the exit to take back rather than freed.
    public static func run(_ arguments: [String],
                           readStandardInput: () throws -> Data = { Data() },
                           write: @escaping @Sendable (Data) throws -> Void,
                           report: (String) -> Void, endsProcess: Bool = false) -> Int32 {
        // Every line escaped here, once: names and messages come from the book and the file
        // system, and must neither split a line nor reach the terminal raw (`OneLine`).
        runCommand(arguments, readStandardInput: readStandardInput, write: write,
                   report: { report(OneLine.escaping($0)) }, endsProcess: endsProcess)
    }

    private static func runCommand(_ arguments: [String], readStandardInput: () throws -> Data,
                                   write: @escaping @Sendable (Data) throws -> Void,
                                   report: (String) -> Void, endsProcess: Bool) -> Int32 {
        let invocation: Invocation
        do {
            invocation = try Invocation(try parse(arguments))
        } catch {
            // One line, like every other failure; the hint rides on a mistake of usage (a file
            // named by an option that can't be read is not one).
            report("book2pages: \(error)" + (error.exitCode == ExitCode.usage ? " (see book2pages --help)" : ""))
            return error.exitCode
        }
        // This process's memory is the conversions': watched against the memory limit, each of a
        // batch's books at a time allowed it (`MemoryWatch`).
        if endsProcess {
            var books = 1
            if case .batch = invocation.action { books = invocation.jobs }
            // At most 1024G (`--limit`) times 256 jobs: far from overflowing.
            MemoryWatch.watch(bytes: invocation.options.limits.maximumMemory * books)
        }
        switch invocation.action {
        case .help:
            return emit(Data(HelpText.text.utf8), write: write, report: report)
        case .version:
            return emit(Data("book2pages \(Book2Pages.version)\n".utf8), write: write, report: report)
        case .completions(let shell):
            return emit(Data(ShellCompletion.script(for: shell).utf8), write: write, report: report)
        case .batch(let inputs, let directory):
            return runBatch(inputs, into: directory, invocation: invocation, readStandardInput: readStandardInput,
                            report: report)
        case .preview(let inputs, let output, let png):
            return runPreview(inputs, output: output, png: png, invocation: invocation,
                              readStandardInput: readStandardInput, write: write, report: report)
        case .convert(let inputs, let output):
            var input: BookInput?
            do {
                let book = try bookInput(inputs, readStandardInput: readStandardInput)
                input = book
                let conversion = try convert(book, options: invocation.options, output: output, write: write)
                if !invocation.quiet { reportWarnings(conversion.warnings, of: book, report: report) }
                // The document and its pages: left to the exit when the process ends next, else
                // freed off this thread (which `main` waits for before the process exits).
                if endsProcess {
                    ExitLeftovers.leave(conversion)
                } else {
                    BackgroundRelease.drop(conversion)
                }
                return ExitCode.success
            } catch {
                if case .warningsUnderStrict(_, let warnings) = error, let input, !invocation.quiet {
                    reportWarnings(warnings, of: input, report: report)
                }
                if case .limitExceeded = error {
                    report("book2pages: \(error) (see --limit in book2pages --help)")
                } else {
                    report("book2pages: \(error)")
                }
                return error.exitCode
            }
        }
    }

    /// Converts into the output file (whole or not at all; gzip when its name ends in `.gz`), or onto standard output as the pages
    /// are made (JSON Lines stream; a consumer knows it has everything at the `end` line).
    private static func convert(_ input: BookInput, options: ConversionOptions, output: String?,
                                write: @escaping @Sendable (Data) throws -> Void) throws(ConversionError) -> Conversion {
        guard let output else { return try Converter.convert(input, options: options, keepingPages: false, streamingTo: write) }
        var options = options
        options.outputPath = output
        let file = try OutputFile(path: output, gzip: OutputFile.namesGzip(output),
                                  replacementCheck: OtherBookCheck.make(for: input, options: options))
        // A FIFO or a device keeps no pages to protect: what goes into it is what standard output gets.
        if !file.isPutInPlace { options.outputPath = nil }
        do {
            let conversion = try Converter.convert(input, options: options, keepingPages: false,
                                                   streamingTo: { try file.append($0) })
            try file.commit()
            return conversion
        } catch {
            file.discard()
            throw error
        }
    }

    /// The HTML preview into `output` (or standard output), and with `png`, a PNG of each spread.
    /// Chromium is looked for first, so a missing browser fails before any work is done.
    private static func runPreview(_ inputs: [String], output: String?, png: String?, invocation: Invocation,
                                   readStandardInput: () throws -> Data, write: @escaping @Sendable (Data) throws -> Void,
                                   report: (String) -> Void) -> Int32 {
        do throws(ConversionError) {
            if png != nil, !PreviewCommand.browserInstalled {
                throw .toolUnavailable("--png: \(PreviewCommand.missingBrowser)")
            }
            let book = try bookInput(inputs, readStandardInput: readStandardInput)
            let preview = try Preview.html(of: book, options: invocation.options)
            if !invocation.quiet {
                reportWarnings(preview.conversion.warnings, of: book, report: report)
            }
            try PreviewCommand.write(preview, output: output, png: png, write: write)
            return ExitCode.success
        } catch {
            report("book2pages: \(error)")
            return error.exitCode
        }
    }

    /// Converts each input into its own file, `invocation.jobs` at a time; a failing book never
    /// stops the others. Exit 0 when every book converted (or was current), `someFailed` when
    /// some did not, and when none did for one reason, that reason's code.
    private static func runBatch(_ inputs: [String], into directory: String, invocation: Invocation,
                                 readStandardInput: () throws -> Data, report: (String) -> Void) -> Int32 {
        let listed: [String]
        do throws(ConversionError) {
            listed = try invocation.filesFrom?.read(readStandardInput: readStandardInput) ?? []
        } catch {
            report("book2pages: \(error)")
            return error.exitCode
        }
        // An empty list is a chunk of a job queue with nothing in it: nothing to do.
        if inputs.isEmpty, listed.isEmpty { return ExitCode.success }
        do throws(SystemError) {
            try FileSystem.createDirectory(directory)
        } catch {
            report("book2pages: \(directory): \(error)")
            return ExitCode.outputFailed
        }
        do throws(ConversionError) {
            let jobs = try BatchPlan.jobs(for: inputs, listed: listed, into: directory, format: invocation.options.outputFormat)
            // As a folder with no book in it is refused alone: the input is at fault, not the command line.
            guard !jobs.isEmpty else {
                throw .invalid(file: (inputs + listed).joined(separator: ", "), reason: "no books (.epub, .md) in it")
            }
            let bar = ProgressBar(total: jobs.count, enabled: !invocation.quiet && isatty(STDERR_FILENO) == 1,
                                  write: { StandardStreams.writeError($0) })
            let quiet = invocation.quiet
            let runner = BatchRunner(options: invocation.options, concurrentJobs: invocation.jobs,
                                     incremental: invocation.incremental)
            let log = invocation.report.map(ReportLog.init)
            let results = try runner.run(jobs) { result in
                log?.add(result)
                // The bar writes to standard error itself: its lines are escaped as `report`'s are.
                if case .failed(let error) = result.status {
                    bar.print(OneLine.escaping("book2pages: \(error)"))
                } else if !quiet {
                    let limited = result.warnings.limitedPerKind()
                    for warning in limited.shown {
                        bar.print(OneLine.escaping("book2pages: warning: \(result.job.name): \(warning)"))
                    }
                    for (kind, count) in limited.unshown {
                        bar.print(OneLine.escaping("book2pages: warning: \(result.job.name): \([Warning].unshownLine(kind: kind, count: count))"))
                    }
                }
                bar.finished(result)
            }
            bar.end()
            try log?.finish(results)
            let failures = results.compactMap { if case .failed(let error) = $0.status { error } else { nil } }
            let codes = Set(failures.map(\.exitCode))
            // Every book failed, and for one reason: its code, as one book alone would exit.
            if failures.count == results.count, codes.count == 1, let code = codes.first { return code }
            return failures.isEmpty ? ExitCode.success : ExitCode.someFailed
        } catch {
            report("book2pages: \(error)")
            return error.exitCode
        }
    }

    /// The first warnings of each kind, a line each, then a line counting the rest of each kind
    /// (one book can hold hundreds of thousands of like warnings).
    private static func reportWarnings(_ warnings: [Warning], of input: BookInput, report: (String) -> Void) {
        let limited = warnings.limitedPerKind()
        for warning in limited.shown { report("book2pages: warning: \(place(of: warning, in: input))") }
        for (kind, count) in limited.unshown {
            report("book2pages: warning: \(input.name): \([Warning].unshownLine(kind: kind, count: count))")
        }
    }

    /// `book.epub: OEBPS/ch3.xhtml:41: message`; a warning about the input file itself names it
    /// once (`book.md:12: message`).
    private static func place(of warning: Warning, in input: BookInput) -> String {
        if let entry = warning.entry, entry == input.name || entry == (input.name as NSString).lastPathComponent {
            var described = warning
            described.entry = input.name
            return described.description
        }
        return "\(input.name): \(warning)"
    }

    /// `-` is standard input, read whole (the readers need all of a book at once); its images
    /// are looked for in the current directory.
    private static func bookInput(_ inputs: [String],
                                  readStandardInput: () throws -> Data) throws(ConversionError) -> BookInput {
        guard inputs == ["-"] else { return .paths(inputs) }
        do {
            return .standardInput([UInt8](try readStandardInput()), folder: currentDirectory())
        } catch {
            throw .unreadable(file: "stdin", reason: SystemError.reason(for: error))
        }
    }

    /// The real process: standard output and error.
    public static func main() -> Int32 {
        // A closed pipe downstream should end in a write error we report, not a silent SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        StandardStreams.reserveClosedDescriptors()
        Interruption.removeUnfinishedOutputs()
        // What the conversion left to free on the side is done by now, most often.
        defer { BackgroundRelease.waitForPending() }
        // From the bytes: `CommandLine.arguments` replaces what is not UTF-8 in a file's name,
        // which could then never be opened (`FileName`).
        let arguments = (1..<Int(CommandLine.argc)).map { FileName.string(cString: CommandLine.unsafeArgv[$0]!) }
        return run(arguments,
                   // One byte past the readers' limit, so an endless pipe ends in a clear refusal.
                   readStandardInput: { try FileHandle.standardInput.read(upToCount: (256 << 20) + 1) ?? Data() },
                   write: { try StandardStreams.writeOutput($0) },
                   report: { StandardStreams.writeError($0 + "\n") }, endsProcess: true)
    }

    /// The working directory, by its bytes (`FileName`).
    private static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return FileManager.default.currentDirectoryPath }
        defer { free(path) }
        return FileName.string(cString: path)
    }

    private static func parse(_ arguments: [String]) throws(ConversionError) -> ParsedArguments {
        var parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments)
        } catch {
            throw .usage(error.description)
        }
        if let defaults = parsed.options["defaults"] {
            guard !defaults.isEmpty else { throw .usage("--defaults needs a file name") }
            try DefaultsFile.merge(defaults, into: &parsed)
        }
        return parsed
    }

    private static func emit(_ data: Data, write: @Sendable (Data) throws -> Void, report: (String) -> Void) -> Int32 {
        do {
            try write(data)
            return ExitCode.success
        } catch {
            report("book2pages: standard output: \(SystemError.reason(for: error))")
            return ExitCode.outputFailed
        }
    }
}
