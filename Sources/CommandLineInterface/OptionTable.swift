import Book2PagesKit
import BookModel
import Layout
import PageFormat
import Targets

/// One command-line option. The table below is the single source for the parser and `--help`;
/// a test checks that the man page and the README name every option in it.
struct OptionSpec: Sendable, Equatable {
    /// Without the leading dashes: `output` for `--output`.
    let name: String
    let short: Character?
    /// The placeholder for the option's value (`FILE`, `WxH`), or nil for a flag.
    let valueName: String?
    let help: String
    /// Given more than once, the values add up (joined by commas) instead of the last winning.
    var repeatable = false

    var takesValue: Bool { valueName != nil }
}

enum OptionTable {
    private static let defaults = ConversionOptions()

    static let all: [OptionSpec] = [
        OptionSpec(name: "output", short: "o", valueName: "FILE|DIR",
                   help: "Write the JSON to FILE instead of standard output (- is standard output); the file "
                       + "appears whole or not at all. A FILE that is not a regular file (/dev/null, a FIFO, "
                       + "/dev/stdout) is written into, never replaced. "
                       + "A directory (one that exists, or a name ending in /) converts every input as a book of "
                       + "its own into DIR/NAME.json: a batch."),
        OptionSpec(name: "jobs", short: "j", valueName: "N",
                   help: "In a batch, convert N books at once (default: the number of processors)."),
        OptionSpec(name: "report", short: nil, valueName: "FILE",
                   help: "In a batch, write one JSON line per input to FILE: its status, output, pages, seconds, "
                       + "warnings and any error; lines are added as books end, so a stopped batch leaves those "
                       + "of the books that finished."),
        OptionSpec(name: "incremental", short: nil, valueName: nil,
                   help: "In a batch, skip an input whose output already records the same input (by SHA-256) and "
                       + "options."),
        OptionSpec(name: "target", short: nil, valueName: "NAME",
                   help: "The system the pages are for: \(targetList). Each adds its grouping of the pages."),
        OptionSpec(name: "bounds", short: nil, valueName: "WxH",
                   help: "View bounds in points. For booklayout, pages are (W/2 - 20) x (H - 50), as in BookLayout; "
                       + "for pagecurl and reader, the page is the view (half of it with --double-sided). "
                       + "Default \(Invocation.format(defaults.bounds!)) (booklayout pages of \(Invocation.format(defaults.layout.geometry.pageSize)))."),
        OptionSpec(name: "page-size", short: nil, valueName: "WxH",
                   help: "Page size in points, overriding --bounds."),
        OptionSpec(name: "double-sided", short: nil, valueName: nil,
                   help: "With --target pagecurl: two pages a screen with the spine in the middle, each half the view."),
        OptionSpec(name: "margins", short: nil, valueName: "T[,R,B,L]",
                   help: "Margins in points: one value for every side, two for vertical and horizontal, "
                       + "or four for top, right, bottom, left. Default \(Invocation.format(defaults.layout.geometry.margins.top))."),
        OptionSpec(name: "font", short: nil, valueName: "FAMILY|FILE",
                   help: "Body font: a family name found through fontconfig, or a font file. "
                       + "Default \"\(defaults.layout.font)\" (Times New Roman on iOS)."),
        OptionSpec(name: "font-size", short: nil, valueName: "PT",
                   help: "Body text size in points, \(Invocation.describe(Invocation.fontSizes)). Default \(Invocation.format(defaults.layout.fontSize))."),
        OptionSpec(name: "line-height", short: nil, valueName: "X",
                   help: "Distance between baselines as a multiple of the font size, \(Invocation.describe(Invocation.lineHeights)). "
                       + "Default \(Invocation.format(defaults.layout.lineHeight))."),
        OptionSpec(name: "align", short: nil, valueName: LineAlignment.allCases.map(\.rawValue).joined(separator: "|"),
                   help: "How paragraphs fill their lines: justify (spaces stretch so that every line but a paragraph's "
                       + "last fills the width) or left (ragged right). Default \(defaults.layout.alignment.rawValue)."),
        OptionSpec(name: "from", short: nil, valueName: "FORMAT",
                   help: "Read the input as FORMAT (\(formatNames)) instead of guessing from its name and content."),
        OptionSpec(name: "format", short: nil, valueName: "FORMAT",
                   help: "json (one JSON object, the default) or ndjson (JSON Lines: a header line, one line a "
                       + "page, an end line with the chapters and the table of contents)."),
        OptionSpec(name: "png", short: nil, valueName: "DIR",
                   help: "With book2pages preview: also write a PNG of each spread (or page, for the single-page "
                       + "targets) into DIR, spread-0001.png and on, drawn by headless Chromium (exit status "
                       + "\(ExitCode.fontUnavailable) when it is not installed)."),
        OptionSpec(name: "assets", short: nil, valueName: "DIR",
                   help: "Also write the book's images (those on the pages, and the cover) into DIR, each at its "
                       + "path in the book, which is the path the output names it by. Nothing is written outside DIR."),
        OptionSpec(name: "limit", short: nil, valueName: "NAME=VALUE",
                   help: "Change a bound on what is read from the book (NAME=VALUE, comma-separated or repeated): "
                       + ReadLimits.Name.allCases.map { "\($0.rawValue) (\(Invocation.limitMeaning($0)), default \(Invocation.format(limit: $0, of: defaults.limits)))" }
                           .joined(separator: ", ")
                       + ". Sizes take K, M or G. A book past a limit is refused with exit status \(ExitCode.limitExceeded).",
                   repeatable: true),
        OptionSpec(name: "strict", short: nil, valueName: nil,
                   help: "Refuse a book that needed recovering (exit status \(ExitCode.warningsUnderStrict)): every warning fails the conversion."),
        OptionSpec(name: "pretty", short: nil, valueName: nil,
                   help: "Indent the JSON for reading."),
        OptionSpec(name: "quiet", short: "q", valueName: nil,
                   help: "Print no warnings."),
        OptionSpec(name: "help", short: "h", valueName: nil,
                   help: "Show this help and exit."),
        OptionSpec(name: "version", short: nil, valueName: nil,
                   help: "Show the version and exit."),
    ]

    /// `epub, xhtml or markdown`.
    /// `booklayout (…), swiftui-book (…) or reader (…)`: every target with its summary.
    private static var targetList: String {
        let named = PageTargets.all.map { "\($0.name.rawValue) (\($0.summary))" }
        return named.dropLast().joined(separator: ", ") + " or " + named.last!
    }

    private static var formatNames: String {
        let names = InputFormat.allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    static func named(_ name: String) -> OptionSpec? {
        all.first { $0.name == name }
    }

    static func short(_ letter: Character) -> OptionSpec? {
        all.first { $0.short == letter }
    }
}
