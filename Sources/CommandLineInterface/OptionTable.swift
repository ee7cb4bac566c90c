/// One command-line option. The table below is the single source for the parser and `--help`;
/// a test checks that the man page and the README name every option in it.
public struct OptionSpec: Sendable, Equatable {
    /// Without the leading dashes: `output` for `--output`.
    public let name: String
    public let short: Character?
    /// The placeholder for the option's value (`FILE`, `WxH`), or nil for a flag.
    public let valueName: String?
    public let help: String

    public var takesValue: Bool { valueName != nil }
}

public enum OptionTable {
    public static let all: [OptionSpec] = [
        OptionSpec(name: "output", short: "o", valueName: "FILE",
                   help: "Write the JSON to FILE instead of standard output (all or nothing)."),
        OptionSpec(name: "bounds", short: nil, valueName: "WxH",
                   help: "Collection view bounds in points; the page is (W/2 - 20) x (H - 50), as in BookLayout. Default 1024x768."),
        OptionSpec(name: "page-size", short: nil, valueName: "WxH",
                   help: "Page size in points, overriding --bounds."),
        OptionSpec(name: "margins", short: nil, valueName: "T[,R,B,L]",
                   help: "Page margins in points: one value for all sides, or top,right,bottom,left. Default 40."),
        OptionSpec(name: "font", short: nil, valueName: "FAMILY|FILE",
                   help: "Body font: a family name found through fontconfig, or a font file. Default \"Liberation Serif\" (Times New Roman on iOS)."),
        OptionSpec(name: "font-size", short: nil, valueName: "PT",
                   help: "Body text size in points. Default 17."),
        OptionSpec(name: "line-height", short: nil, valueName: "X",
                   help: "Distance between baselines as a multiple of the font size. Default 1.4."),
        OptionSpec(name: "from", short: nil, valueName: "FORMAT",
                   help: "Read the input as FORMAT (epub or xhtml) instead of guessing from its name and content."),
        OptionSpec(name: "pretty", short: nil, valueName: nil,
                   help: "Indent the JSON for reading."),
        OptionSpec(name: "quiet", short: "q", valueName: nil,
                   help: "Print no warnings."),
        OptionSpec(name: "help", short: "h", valueName: nil,
                   help: "Show this help and exit."),
        OptionSpec(name: "version", short: nil, valueName: nil,
                   help: "Show the version and exit."),
    ]

    static func named(_ name: String) -> OptionSpec? {
        all.first { $0.name == name }
    }

    static func short(_ letter: Character) -> OptionSpec? {
        all.first { $0.short == letter }
    }
}
