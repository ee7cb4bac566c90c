import BookModel
import Layout
import PageFormat
import Targets

/// Everything a conversion can be asked to do differently.
public struct ConversionOptions: Sendable, Equatable {
    /// How the book is laid out. Its page size is the target's: setting `target` sets it.
    public var layout: LayoutOptions
    /// The system the pages are for, which decides their size and how its screens group them.
    public var target: any PageTarget {
        didSet { layout.geometry.pageSize = target.pageSize }
    }
    /// The reader to use; nil picks one from the file's name and content.
    public var inputFormat: InputFormat?
    /// Indented JSON for people; compact for machines.
    public var pretty: Bool
    public var outputFormat: OutputFormat
    /// Where to write the book's images (those on the pages, and the cover), each at its path in
    /// the book; nil writes none.
    public var assetsDirectory: String?
    /// In a batch, the book's own folder under `assetsDirectory` (`sub/book`): made by the run,
    /// through no symbolic link (`OutputFolders`).
    public var assetsSubfolder: String?

    /// `--lines none` makes it false: content pages are written without their lines, for an app
    /// that shows each page's `text` alone (`ChapterPage.linesLeftOut`).
    public var keepsLines = true
    /// The user's stylesheets (`--css`), in the order given: each cascades after the book's own
    /// and the one before it. Their text, read by the command before any book is opened.
    public var stylesheets: [UserStylesheet] = []

    /// The file the pages go to, when they go to one: its provenance records the way from its
    /// folder to the input (`Provenance.inputPaths`).
    public var outputPath: String?
    /// `--force`: an output that holds another book's pages is replaced all the same
    /// (`OtherBookCheck`).
    public var replacesOtherBooks = false

    /// How much of the input the readers take in before refusing it.
    public var limits: ReadLimits
    /// Fail on any warning instead of converting what could be recovered.
    public var strict: Bool

    /// `target`: nil for BookLayout's at the default bounds. `layout`'s page size is replaced by
    /// the target's.
    public init(layout: LayoutOptions = LayoutOptions(), target: (any PageTarget)? = nil,
                inputFormat: InputFormat? = nil, pretty: Bool = false, outputFormat: OutputFormat = .json,
                assetsDirectory: String? = nil, limits: ReadLimits = ReadLimits(), strict: Bool = false) {
        let target = target ?? ConversionOptions.defaultTarget
        var layout = layout
        layout.geometry.pageSize = target.pageSize
        self.layout = layout
        self.target = target
        self.inputFormat = inputFormat
        self.pretty = pretty
        self.outputFormat = outputFormat
        self.assetsDirectory = assetsDirectory
        self.limits = limits
        self.strict = strict
    }

    /// BookLayout's pages for the default bounds.
    public static var defaultTarget: any PageTarget {
        // The default request is one every target takes.
        try! BookLayoutTarget(TargetRequest())
    }

    /// The collection view bounds the page size was derived from, reported in the output; nil
    /// when the page size was given directly or is the target's own.
    public var bounds: Dimensions? { target.bounds }

    public static func == (lhs: ConversionOptions, rhs: ConversionOptions) -> Bool {
        lhs.layout == rhs.layout && lhs.target.name == rhs.target.name && lhs.target.pageSize == rhs.target.pageSize
            && lhs.target.bounds == rhs.target.bounds && lhs.target.doubleSided == rhs.target.doubleSided
            && lhs.target.chapterStart == rhs.target.chapterStart && lhs.target.alignsSpreads == rhs.target.alignsSpreads
            && lhs.inputFormat == rhs.inputFormat && lhs.pretty == rhs.pretty && lhs.outputFormat == rhs.outputFormat
            && lhs.assetsDirectory == rhs.assetsDirectory && lhs.assetsSubfolder == rhs.assetsSubfolder
            && lhs.outputPath == rhs.outputPath && lhs.replacesOtherBooks == rhs.replacesOtherBooks
            && lhs.keepsLines == rhs.keepsLines && lhs.stylesheets == rhs.stylesheets && lhs.limits == rhs.limits && lhs.strict == rhs.strict
    }
}

/// How the document is written.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One JSON object (compact, or indented with `pretty`).
    case json
    /// JSON Lines: a header, one page a line, an end line.
    case ndjson
}
