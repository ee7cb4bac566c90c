import Book2PagesKit
import BookModel
import Layout
import PageFormat
import Targets

/// What the command line said, each option as the value it stands for, read by the option
/// table's entries (`OptionSpec.set`): what `Invocation` makes the run from. An option's name
/// is written once, in its entry; nothing else looks an option up by name.
struct CommandLineValues: Sendable {
    var output: String?
    var jobs: Int?
    var report: String?
    var incremental = false
    var force = false
    var filesFrom: String?
    var nullSeparated = false
    var target: (any PageTarget.Type)?
    var bounds: Dimensions?
    var pageSize: Dimensions?
    var doubleSided = false
    var chapterStart: ChapterStart?
    var alignSpreads: Switch?
    var lines: LinesChoice?
    var margins: Margins?
    var font: String?
    var bookFonts: Switch?
    var mathFont: String?
    /// `--css`: each file's text, read as the option is.
    var stylesheets: [UserStylesheet]?
    var language: LanguageSetting?
    var metadata: MetadataOverrides?
    /// Read before the others, into them (`DefaultsFile`).
    var defaults: String?
    var fontSize: Double?
    var lineHeight: Double?
    var alignment: LineAlignment?
    /// `--glyph-scaling`, in percent.
    var glyphScaling: Double?
    var writingMode: WritingModeChoice?
    var inputFormat: InputFormat?
    var outputFormat: OutputFormat?
    var png: String?
    var assets: String?
    var limits: ReadLimits?
    var strict = false
    var pretty = false
    var quiet = false
    var help = false
    var version = false

    /// The values of `parsed`, each read by its option's entry, in the table's order (so that of
    /// several bad values the same one is named every time).
    init(_ parsed: ParsedArguments) throws(ConversionError) {
        for spec in OptionTable.all {
            if let raw = parsed.options[spec.name] { try spec.set(&self, raw) }
        }
    }

    /// The flags of `parsed` alone, which no value can make wrong.
    init(flagsOf parsed: ParsedArguments) {
        for spec in OptionTable.all where !spec.takesValue {
            if let raw = parsed.options[spec.name] { try? spec.set(&self, raw) }
        }
    }
}

/// An option that is on or off (`--book-fonts off`).
enum Switch: String, CaseIterable, Sendable {
    case on, off
}

/// `--lines`: whether content pages carry their lines.
enum LinesChoice: String, CaseIterable, Sendable {
    case all, none
}
