import Foundation
import Book2PagesKit
import BookModel
import FileNames
import Layout
import PageFormat
import Targets

/// What the user asked for, with every value checked and converted.
struct Invocation: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        case help
        case version
        /// `inputs` make one book; `["-"]` is standard input.
        case convert(inputs: [String], output: String?)
        /// Each input is a book of its own, written into `directory`.
        case batch(inputs: [String], directory: String)
        /// `book2pages preview`: the HTML preview of one book into `output` (standard output
        /// when nil and no `png`), and with `png`, a picture of each spread in that directory.
        case preview(inputs: [String], output: String?, png: String?)
        /// `book2pages completions SHELL`: the completion script for that shell.
        case completions(ShellCompletion.Shell)
    }

    var action: Action
    var options: ConversionOptions
    var quiet: Bool
    /// Batches only: books converted at once, the report file, and whether to skip current outputs.
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var report: String?
    var incremental = false
    /// Batches only: the list of more books to convert (`--files-from`), `-` for standard input.
    var filesFrom: BookList?

    init(_ parsed: ParsedArguments) throws(ConversionError) {
        // `--help` and `--version` answer whatever else the line says.
        let flags = CommandLineValues(flagsOf: parsed)
        quiet = flags.quiet
        options = ConversionOptions()
        if flags.help {
            action = .help
            return
        }
        if flags.version {
            action = .version
            return
        }
        if parsed.operands.first == Self.completionsCommand {
            let shells = ShellCompletion.Shell.allCases.map(\.rawValue).joined(separator: ", ")
            guard parsed.operands.count == 2, let shell = ShellCompletion.Shell(rawValue: parsed.operands[1]) else {
                throw .usage("completions: name one shell (\(shells))")
            }
            guard parsed.options.isEmpty else { throw .usage("completions takes no options, only a shell (\(shells))") }
            action = .completions(shell)
            return
        }
        let values = try CommandLineValues(parsed)
        // `preview` as the first word is the command (a book of that name is `./preview`).
        let previewing = parsed.operands.first == Self.previewCommand
        let inputs = previewing ? Array(parsed.operands.dropFirst()) : parsed.operands
        if let list = values.filesFrom {
            filesFrom = BookList(path: list, nullSeparated: values.nullSeparated)
        } else if values.nullSeparated {
            throw .usage("-0 (--null) says how --files-from separates its paths: give --files-from")
        }
        guard !inputs.isEmpty || filesFrom != nil else { throw .usage(previewing ? "preview: no book given" : "no book given") }
        // A number where a book was expected is most often an option's second value given apart
        // (`--margins 40 40`): said so, rather than read as a book.
        if let stray = inputs.first(where: { Double($0) != nil && !FileSystem.exists($0) }) {
            throw .usage("\(stray): a number where a book was expected (an option's values go together: --margins 40,32)")
        }
        if inputs.contains("-"), inputs.count > 1 {
            throw .usage("- (standard input) can't be combined with other inputs")
        }
        // `-o -` is standard output, as `-` is standard input: not a file named `-`.
        let output = values.output == "-" ? nil : values.output
        if values.png != nil, !previewing { throw .usage("--png is for book2pages preview") }
        if previewing {
            if let output, Self.namesDirectory(output) {
                throw .usage("preview writes one HTML file: give -o a file name, such as book.html")
            }
            if values.outputFormat != nil { throw .usage("--format is for the JSON output: preview writes HTML") }
            action = .preview(inputs: inputs, output: output, png: values.png)
        } else if let output, Self.namesDirectory(output) {
            if inputs.contains("-") { throw .usage("a batch reads files, not standard input") }
            action = .batch(inputs: inputs, directory: output)
        } else {
            action = .convert(inputs: inputs, output: output)
        }
        if filesFrom != nil, !Self.isBatch(action) {
            throw .usage("--files-from is for a batch: give -o a directory")
        }
        if let jobs = values.jobs { self.jobs = jobs }
        report = values.report
        incremental = values.incremental
        if !Self.isBatch(action), values.jobs != nil || report != nil || incremental {
            throw .usage("--jobs, --report and --incremental are for a batch: give -o a directory")
        }

        let request = TargetRequest(bounds: values.bounds, pageSize: values.pageSize, doubleSided: values.doubleSided,
                                    chapterStart: values.chapterStart ?? .any, alignSpreads: values.alignSpreads != .off)
        do {
            options.target = try (values.target ?? BookLayoutTarget.self).init(request)
        } catch {
            throw .usage(error.description)
        }
        var layout = options.layout
        if let margins = values.margins { layout.geometry.margins = margins }
        let content = layout.geometry.contentSize
        guard content.width >= 20, content.height >= 20 else {
            throw .usage("the margins leave no room for text on a \(PageTargets.format(layout.geometry.pageSize)) page")
        }
        if let font = values.font {
            layout.font = font
            layout.bodyFontChosen = true
        }
        if let bookFonts = values.bookFonts { layout.usesBookFonts = bookFonts == .on }
        if let mathFont = values.mathFont { layout.mathFont = mathFont }
        layout.language = values.language
        if let metadata = values.metadata { layout.metadata = metadata }
        if let fontSize = values.fontSize { layout.fontSize = fontSize }
        if let lineHeight = values.lineHeight { layout.lineHeight = lineHeight }
        if let alignment = values.alignment { layout.alignment = alignment }
        if let glyphScaling = values.glyphScaling { layout.glyphScaling = glyphScaling / 100 }
        if let writingMode = values.writingMode { layout.writingMode = writingMode }
        options.layout = layout
        if let format = values.inputFormat {
            options.inputFormat = format
            if format == .epub, inputs == ["-"] {
                throw .usage("an EPUB can't be read from standard input: name its file")
            }
        }
        options.assetsDirectory = values.assets
        options.pretty = values.pretty
        if let format = values.outputFormat {
            options.outputFormat = format
            if format == .ndjson, options.pretty {
                throw .usage("--pretty indents one JSON object; JSON Lines keep each record on one line")
            }
        }
        options.strict = values.strict
        options.keepsLines = values.lines != LinesChoice.none
        options.replacesOtherBooks = values.force
        options.stylesheets = values.stylesheets ?? []
        if let limits = values.limits { options.limits = limits }
    }

    /// The word that makes the command line a preview.
    static let previewCommand = "preview"
    /// The word that asks for a shell's completion script (a book of that name is `./completions`).
    static let completionsCommand = "completions"

    static func isBatch(_ action: Action) -> Bool {
        if case .batch = action { return true }
        return false
    }

    /// An existing directory, or a name ending in `/` (made if missing).
    static func namesDirectory(_ path: String) -> Bool {
        if path.hasSuffix("/") { return true }
        return FileSystem.isDirectory(path)
    }

    /// `booklayout, swiftui-book, …`: the targets `--target` takes.
    static var targetNames: String { PageTargets.all.map { $0.name.rawValue }.joined(separator: ", ") }

    /// `a, b, c`: the values a choice accepts.
    static func names<Choice: CaseIterable & RawRepresentable>(_: Choice.Type) -> String where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// `WxH` (or `W×H`) in points, each between 1 and 100 000.
    static func size(_ text: String, option: String) throws(ConversionError) -> Dimensions {
        let parts = text.lowercased().split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              (1...100_000).contains(width), (1...100_000).contains(height) else {
            throw .usage("--\(option) \(text): expected WIDTHxHEIGHT in points, such as 1024x768")
        }
        return Dimensions(width: width, height: height)
    }

    /// One value for every side, two for vertical and horizontal, or four: top, right, bottom, left.
    static func margins(_ text: String) throws(ConversionError) -> Margins {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.allSatisfy({ $0 != nil && $0! >= 0 && $0! <= 10_000 }) else {
            throw .usage("--margins \(text): expected points such as 40 or 40,32,40,32")
        }
        let v = values.map { $0! }
        switch v.count {
        case 1: return Margins(top: v[0], right: v[0], bottom: v[0], left: v[0])
        case 2: return Margins(top: v[0], right: v[1], bottom: v[0], left: v[1])
        case 4: return Margins(top: v[0], right: v[1], bottom: v[2], left: v[3])
        default: throw .usage("--margins \(text): give 1, 2 or 4 values")
        }
    }

    /// A BCP 47 language tag (`en`, `en-GB`, `zh-Hant-TW`): a primary subtag of 2 to 8 letters,
    /// then subtags of 1 to 8 letters or digits; `!` after it overrides the book's own.
    static func language(_ text: String) throws(ConversionError) -> LanguageSetting {
        let overrides = text.hasSuffix("!")
        let tag = overrides ? String(text.dropLast()) : text
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isLetter: (Character) -> Bool = { $0.isASCII && $0.isLetter }
        guard let primary = subtags.first, (2...8).contains(primary.count), primary.allSatisfy(isLetter),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
            throw .usage("--lang \(text): expected a language tag such as en, en-GB or pt-BR, with ! after it to override the book's")
        }
        return overrides ? .override(tag) : .fallback(tag)
    }

    /// `title=…`, `author=…` (again for each author), `lang=…`, `direction=ltr|rtl`,
    /// `identifier=…`, `date=…`, the values of every `--metadata`, kept apart.
    static func metadata(_ text: String) throws(ConversionError) -> MetadataOverrides {
        var overrides = MetadataOverrides()
        let known = MetadataOverrides.Key.allCases.map(\.rawValue).joined(separator: ", ")
        for setting in text.components(separatedBy: ParsedArguments.valueSeparator) {
            let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let key = MetadataOverrides.Key(rawValue: String(parts[0])) else {
                throw .usage("--metadata \(setting): expected KEY=VALUE, where KEY is one of \(known)")
            }
            let value = String(parts[1])
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw .usage("--metadata \(setting): no value given") }
            switch key {
            case .title: overrides.title = value
            case .author: overrides.authors = (overrides.authors ?? []) + [value]
            case .identifier: overrides.identifier = value
            case .date: overrides.date = value
            case .lang:
                guard case .fallback(let tag) = try? language(value) else {
                    throw .usage("--metadata \(setting): expected a language tag such as en, en-GB or pt-BR")
                }
                overrides.language = tag
            case .direction:
                switch value.lowercased() {
                case "ltr": overrides.direction = .leftToRight
                case "rtl": overrides.direction = .rightToLeft
                default: throw .usage("--metadata \(setting): expected direction=ltr or direction=rtl")
                }
            }
        }
        return overrides
    }

    /// The files of every `--css`, kept apart, read in the order given: a missing or unreadable
    /// one is refused before any book is opened or output written. Their text is what counts
    /// (bytes that are not UTF-8 read as U+FFFD); what does not parse as CSS is skipped later.
    static func stylesheets(_ text: String) throws(ConversionError) -> [UserStylesheet] {
        try text.components(separatedBy: ParsedArguments.valueSeparator).map { path throws(ConversionError) in
            guard !path.isEmpty else { throw .usage("--css needs a file name") }
            switch FileSystem.kind(of: path) {
            case nil: throw .unreadable(file: path, reason: "the --css stylesheet does not exist")
            case .directory: throw .unreadable(file: path, reason: "the --css stylesheet is a directory")
            case .other: throw .unreadable(file: path, reason: "the --css stylesheet is not a regular file")
            case .regular: break
            }
            do throws(SystemError) {
                let bytes = try FileSystem.contents(ofFile: path, limit: Self.optionFileLimit)
                return UserStylesheet(name: path, text: String(decoding: bytes, as: UTF8.self))
            } catch {
                throw .unreadable(file: path, reason: "the --css stylesheet can't be read (\(error))")
            }
        }
    }

    /// The most bytes read of a file an option names (a stylesheet, a defaults file).
    static let optionFileLimit = 16 << 20

    static func number(_ text: String, option: String, in range: ClosedRange<Double>) throws(ConversionError) -> Double {
        guard let value = Double(text), range.contains(value) else {
            throw .usage("--\(option) \(text): expected a number \(describe(range))")
        }
        return value
    }

    /// What `--font-size` and `--line-height` accept; `--help` says the same.
    static let fontSizes: ClosedRange<Double> = 4...200
    static let lineHeights: ClosedRange<Double> = 0.8...4
    /// What `--glyph-scaling` accepts, in percent: past 5 % a reader sees letters widen.
    static let glyphScalings: ClosedRange<Double> = 0...5

    /// `from 4 to 200`.
    static func describe(_ range: ClosedRange<Double>) -> String {
        "from \(PageTargets.format(range.lowerBound)) to \(PageTargets.format(range.upperBound))"
    }

}
