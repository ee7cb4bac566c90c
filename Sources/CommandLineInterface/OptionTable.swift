import Book2PagesKit
import BookModel
import Layout
import PageFormat
import Targets

/// One command-line option: its name, its value's placeholder, its help, and how its value is
/// read into the field it sets. The table below is the single source for the parser, `--help`
/// and the values `Invocation` reads; a test checks that the man page and the README name every
/// option in it.
struct OptionSpec: Sendable {
    /// Without the leading dashes: `output` for `--output`.
    let name: String
    let short: Character?
    /// The placeholder for the option's value (`FILE`, `WxH`), or nil for a flag.
    let valueName: String?
    let help: String
    /// Given more than once, the values add up (joined by commas) instead of the last winning.
    var repeatable = false
    /// A repeated option's values are kept apart, not joined by commas: a value may hold one
    /// (`--metadata title=War and Peace, Part One`).
    var keepsValuesApart = false
    /// The values it takes, when they are a fixed set: what shell completion offers.
    var choices: [String]?
    /// Reads the value as given (a flag's is empty) into its field, or says what is wrong with it.
    let set: @Sendable (inout CommandLineValues, String) throws(ConversionError) -> Void

    var takesValue: Bool { valueName != nil }

    /// A flag: `--strict`.
    static func flag(_ name: String, short: Character? = nil, help: String,
                     sets field: WritableKeyPath<CommandLineValues, Bool> & Sendable) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help) { values, _ in values[keyPath: field] = true }
    }

    /// An option whose value `read` turns into its field's value, or refuses.
    static func value<Value>(_ name: String, short: Character? = nil, valueName: String, help: String, repeatable: Bool = false,
                             sets field: WritableKeyPath<CommandLineValues, Value?> & Sendable,
                             read: @escaping @Sendable (String) throws(ConversionError) -> Value) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help, repeatable: repeatable) { values, raw throws(ConversionError) in
            values[keyPath: field] = try read(raw)
        }
    }

    /// A name or a path, refused empty with `empty` as the message.
    static func text(_ name: String, short: Character? = nil, valueName: String, help: String, empty: String,
                     sets field: WritableKeyPath<CommandLineValues, String?> & Sendable) -> OptionSpec {
        value(name, short: short, valueName: valueName, help: help, sets: field) { raw throws(ConversionError) in
            guard !raw.isEmpty else { throw .usage(empty) }
            return raw
        }
    }

    /// One of a set of names (`--align left`), in any case.
    static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
        _ name: String, valueName: String, help: String, what: String,
        sets field: WritableKeyPath<CommandLineValues, Choice?> & Sendable) -> OptionSpec where Choice.RawValue == String {
        var spec = value(name, valueName: valueName, help: help, sets: field) { raw throws(ConversionError) in
            guard let choice = Choice(rawValue: raw.lowercased()) else {
                throw .usage("--\(name) \(raw): unknown \(what) (known: \(Invocation.names(Choice.self)))")
            }
            return choice
        }
        spec.choices = Choice.allCases.map(\.rawValue)
        return spec
    }

    /// The same option, offering `choices` to shell completion.
    func offering(_ choices: [String]) -> OptionSpec {
        var spec = self
        spec.choices = choices
        return spec
    }

    /// Whether its value names a file or a folder (`FILE`, `DIR`, `FAMILY|FILE`).
    var takesPath: Bool {
        guard let valueName else { return false }
        return valueName.split(separator: "|").contains { $0.hasSuffix("FILE") || $0.hasSuffix("DIR") }
    }
}

enum OptionTable {
    private static let defaults = ConversionOptions()

    static let all: [OptionSpec] = [
        .text("output", short: "o", valueName: "FILE|DIR",
                   help: "Write the JSON to FILE instead of standard output (- is standard output); the file "
                       + "appears whole or not at all. A FILE that is not a regular file (/dev/null, a FIFO, "
                       + "/dev/stdout) is written into, never replaced. A FILE named .gz (book.json.gz) is "
                       + "gzip, compressed as the pages are written, in --format's format. "
                       + "A directory (one that exists, or a name ending in /) converts every input as a book of "
                       + "its own into DIR/NAME.json: a batch.",
              empty: "--output needs a file name", sets: \.output),
        .flag("force", short: "f",
              help: "Replace an output that holds the pages of another book (its provenance names another input, "
                  + "by its place from the output's folder, with other bytes); without it, such an output is left "
                  + "as it is and the book fails (exit status \(ExitCode.outputFailed)).",
              sets: \.force),
        .value("jobs", short: "j", valueName: "N",
               help: "In a batch, convert N books at once (default: the number of processors).", sets: \.jobs) { raw throws(ConversionError) in
            guard let jobs = Int(raw), (1...256).contains(jobs) else {
                throw .usage("--jobs \(raw): expected a number of books from 1 to 256")
            }
            return jobs
        },
        .text("report", valueName: "FILE",
                   help: "In a batch, write one JSON line per input to FILE: its status, output, pages, seconds, "
                       + "warnings and any error; lines are added as books end, so a stopped batch leaves those "
                       + "of the books that finished.",
              empty: "--report needs a file name", sets: \.report),
        .flag("incremental",
              help: "In a batch, skip an input whose output already records the same input (by SHA-256) and "
                  + "options.", sets: \.incremental),
        .text("files-from", valueName: "FILE",
              help: "In a batch, also convert the books listed in FILE, one path a line (- is standard input): "
                  + "a job engine hands one process many books, fonts and dictionaries loaded once. Each output "
                  + "keeps the path's folders, a/book.epub going to DIR/a/book.json (a leading / is dropped; a path "
                  + "with .. is refused). An empty list converts nothing.",
              empty: "--files-from needs a file name (- for standard input)", sets: \.filesFrom),
        .flag("null", short: "0", help: "With --files-from, the paths end with a NUL byte, not a new line (find -print0).",
              sets: \.nullSeparated),
        .value("target", valueName: "NAME",
               help: "The system the pages are for: \(targetList). Each adds its grouping of the pages.",
               sets: \.target) { raw throws(ConversionError) in
            guard let target = PageTargets.type(named: raw.lowercased()) else {
                throw .usage("--target \(raw): unknown target (known: \(Invocation.targetNames))")
            }
            return target
        }.offering(PageTargets.all.map { $0.name.rawValue }),
        .value("bounds", valueName: "WxH",
                   help: "View bounds in points. For booklayout, pages are (W/2 - 20) x (H - 50), as in BookLayout; "
                       + "for pagecurl and reader, the page is the view (half of it with --double-sided). "
                       + "Default \(PageTargets.format(defaults.bounds!)) (booklayout pages of \(PageTargets.format(defaults.layout.geometry.pageSize))).",
               sets: \.bounds) { raw throws(ConversionError) in try Invocation.size(raw, option: "bounds") },
        .value("page-size", valueName: "WxH", help: "Page size in points, overriding --bounds.",
               sets: \.pageSize) { raw throws(ConversionError) in try Invocation.size(raw, option: "page-size") },
        .flag("double-sided", help: "With --target pagecurl: two pages a screen with the spine in the middle, each half the view.",
              sets: \.doubleSided),
        .choice("chapter-start", valueName: ChapterStart.allCases.map(\.rawValue).joined(separator: "|"),
                help: "Where a chapter opens on a screen of two pages (booklayout, pagecurl --double-sided): right "
                    + "puts each chapter's first page on the right-hand page, a blank page before it when needed, "
                    + "as a printed book does; any lets it fall on either. Default any.",
                what: "side", sets: \.chapterStart),
        .choice("align-spreads", valueName: "on|off",
                help: "on: the two facing pages of each spread (booklayout, pagecurl --double-sided) end on the same "
                    + "line, as in a printed book: a line or two moves across the spread, or the space between blocks "
                    + "grows a little; a chapter's last spread is left as it falls. off: each page ends where it fills. "
                    + "Default on.",
                what: "setting", sets: \.alignSpreads),
        .value("margins", valueName: "T[,R,B,L]",
                   help: "Margins in points: one value for every side, two for vertical and horizontal, "
                       + "or four for top, right, bottom, left. Default \(PageTargets.format(defaults.layout.geometry.margins.top)).",
               sets: \.margins) { raw throws(ConversionError) in try Invocation.margins(raw) },
        .text("font", valueName: "FAMILY|FILE",
                   help: "Body font: a family name found through fontconfig, or a font file. "
                       + "Default \"\(defaults.layout.font)\" (Times New Roman on iOS).",
              empty: "--font needs a family name or a file", sets: \.font),
        .choice("book-fonts", valueName: "on|off",
                   help: "on: text the book's CSS sets in a font the book brings (@font-face) is set in it, and "
                       + "the output names its file in the book (sans-serif is set in Liberation Sans, Arial on iOS); "
                       + "off: every run in the body font (and the code font), as a reader's publisher-fonts switch "
                       + "does. With --font, the book's body text is set in that font either way. Default on.",
                what: "setting", sets: \.bookFonts),
        .text("math-font", valueName: "FAMILY|FILE",
                   help: "Face formulas (MathML) are set in: a family name found through fontconfig, or a font file, "
                       + "with an OpenType MATH table (Latin Modern Math, STIX Two Math). Default \"\(LayoutOptions.defaultMathFont)\" "
                       + "(Debian's fonts-texgyre-math), which matches the Times-metric body.",
              empty: "--math-font needs a family name or a file", sets: \.mathFont),
        {
            var spec = OptionSpec.value(
                "css", valueName: "FILE",
                help: "Add the stylesheet in FILE to the book's (repeat for more, applied in the order given), as "
                    + "calibre's extra CSS: it comes after the book's own, so its rules win over the book's of "
                    + "equal specificity. In a Markdown book it styles the blocks by element (p, h1, blockquote, "
                    + "li, pre). Its @font-face rules are not read.",
                repeatable: true, sets: \.stylesheets) { raw throws(ConversionError) in try Invocation.stylesheets(raw) }
            spec.keepsValuesApart = true
            return spec
        }(),
        .value("lang", valueName: "TAG[!]",
               help: "The language of the book's text, as a BCP 47 tag (en, en-GB, pt-BR), where the book names none: "
                   + "it is hyphenated in it, and the output's metadata names it, rather than a language guessed from "
                   + "the text. With a ! after it (en!), for all of the text, whatever the book's markup says.",
               sets: \.language) { raw throws(ConversionError) in try Invocation.language(raw) },
        {
            var spec = OptionSpec.value(
                "metadata", valueName: "KEY=VALUE",
                help: "Say this in the output's metadata instead of what the book says (repeat for more): "
                    + MetadataOverrides.Key.allCases.map(\.rawValue).joined(separator: ", ")
                    + ". author may be given more than once, for several authors; lang (a BCP 47 tag) sets the language "
                    + "of the text that names none of its own, and direction (ltr or rtl) the page progression and "
                    + "the direction of paragraphs that name none.",
                repeatable: true, sets: \.metadata) { raw throws(ConversionError) in try Invocation.metadata(raw) }
            spec.keepsValuesApart = true
            return spec
        }(),
        .value("font-size", valueName: "PT",
               help: "Body text size in points, \(Invocation.describe(Invocation.fontSizes)). Default \(PageTargets.format(defaults.layout.fontSize)).",
               sets: \.fontSize) { raw throws(ConversionError) in try Invocation.number(raw, option: "font-size", in: Invocation.fontSizes) },
        .value("line-height", valueName: "X",
                   help: "Distance between baselines as a multiple of the font size, \(Invocation.describe(Invocation.lineHeights)). "
                       + "Default \(PageTargets.format(defaults.layout.lineHeight)).",
               sets: \.lineHeight) { raw throws(ConversionError) in try Invocation.number(raw, option: "line-height", in: Invocation.lineHeights) },
        .choice("align", valueName: LineAlignment.allCases.map(\.rawValue).joined(separator: "|"),
                   help: "How paragraphs fill their lines: justify (spaces stretch so that every line but a paragraph's "
                       + "last fills the width) or left (ragged right). Default \(defaults.layout.alignment.rawValue).",
                what: "alignment", sets: \.alignment),
        .value("glyph-scaling", valueName: "PERCENT",
               help: "How much wider a justified line's text may be drawn than its natural width, so that its spaces "
                   + "stretch less (glyph scaling, as InDesign's and pdfTeX's font expansion), "
                   + "\(Invocation.describe(Invocation.glyphScalings)); the line's `expansion` says how much. 0 never scales. "
                   + "Default \(PageTargets.format(defaults.layout.glyphScaling * 100)).",
               sets: \.glyphScaling) { raw throws(ConversionError) in
                   try Invocation.number(raw, option: "glyph-scaling", in: Invocation.glyphScalings)
               },
        .choice("writing-mode", valueName: WritingModeChoice.allCases.map(\.rawValue).joined(separator: "|"),
                help: "How lines run: auto (vertically, in columns from the right, when the book's CSS, its package's "
                    + "primary-writing-mode or a right-to-left Chinese, Japanese or Korean book says so; else "
                    + "horizontally), horizontal, or vertical. Default \(defaults.layout.writingMode.rawValue).",
                what: "writing mode", sets: \.writingMode),
        .choice("from", valueName: "FORMAT",
                help: "Read the input as FORMAT (\(formatNames)) instead of guessing from its name and content.",
                what: "format", sets: \.inputFormat),
        .choice("format", valueName: "FORMAT",
                   help: "json (one JSON object, the default) or ndjson (JSON Lines: a header line, one line a "
                       + "page, an end line with the chapters and the table of contents).",
                what: "format", sets: \.outputFormat),
        .choice("lines", valueName: "all|none",
                help: "none: write content pages without their lines (positions, widths, runs), for an app that "
                    + "shows each page's text alone; the pages and where they break are the same. Default all.",
                what: "setting", sets: \.lines),
        .text("png", valueName: "DIR",
                   help: "With book2pages preview: also write a PNG of each spread (or page, for the single-page "
                       + "targets) into DIR, spread-0001.png and on, drawn by headless Chromium (exit status "
                       + "\(ExitCode.fontUnavailable) when it is not installed).",
              empty: "--png needs a directory", sets: \.png),
        .text("assets", valueName: "DIR",
                   help: "Also write the book's images (those on the pages, and the cover) and the fonts of its own "
                       + "the pages are set in into DIR, each at its "
                       + "path in the book, which is the path the output names it by; for a fixed-layout page, also "
                       + "its own document and the files it loads, for a web view. Nothing is written outside DIR.",
              empty: "--assets needs a directory", sets: \.assets),
        .value("limit", valueName: "NAME=VALUE",
                   help: "Change a bound on what is read from the book (NAME=VALUE, comma-separated or repeated): "
                       + ReadLimits.Name.allCases.map { "\($0.rawValue) (\(Invocation.limitMeaning($0)), default \(Invocation.format(limit: $0, of: defaults.limits)))" }
                           .joined(separator: ", ")
                       + ". Sizes take K, M or G. A book past a limit is refused with exit status \(ExitCode.limitExceeded).",
               repeatable: true, sets: \.limits) { raw throws(ConversionError) in try Invocation.limits(raw, changing: ReadLimits()) },
        .text("defaults", valueName: "FILE",
              help: "Read options from FILE, a YAML mapping of option names to values as on the command line "
                  + "(font-size: 18, double-sided: true, metadata: [title=Poems, author=Anna]), as pandoc's "
                  + "defaults files; an option also given on the command line is the command line's.",
              empty: "--defaults needs a file name", sets: \.defaults),
        .flag("strict", help: "Refuse a book that needed recovering (exit status \(ExitCode.warningsUnderStrict)): every warning fails the conversion.",
              sets: \.strict),
        .flag("pretty", help: "Indent the JSON for reading.", sets: \.pretty),
        .flag("quiet", short: "q", help: "Print no warnings.", sets: \.quiet),
        .flag("help", short: "h", help: "Show this help and exit.", sets: \.help),
        .flag("version", help: "Show the version and exit.", sets: \.version),
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
