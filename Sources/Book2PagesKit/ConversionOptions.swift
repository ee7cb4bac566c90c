import BookModel
import Layout
import PageFormat

/// Everything a conversion can be asked to do differently.
public struct ConversionOptions: Sendable, Equatable {
    public var layout: LayoutOptions
    /// The collection view bounds the page size was derived from, reported in the output; nil when
    /// the page size was given directly.
    public var bounds: Dimensions?
    /// The reader to use; nil picks one from the file's name and content.
    public var inputFormat: InputFormat?
    /// Indented JSON for people; compact for machines.
    public var pretty: Bool
    /// The system the pages are for. The page size in `layout` must already be the one it
    /// implies (`OutputTarget.pageSize(forBounds:doubleSided:)`).
    public var target: OutputTarget
    /// `pagecurl` only: two pages a screen, the spine in the middle.
    public var doubleSided: Bool
    public var outputFormat: OutputFormat
    /// Where to write the book's images (those on the pages, and the cover), each at its path in
    /// the book; nil writes none.
    public var assetsDirectory: String?
    /// In a batch, the book's own folder under `assetsDirectory` (`sub/book`): made by the run,
    /// through no symbolic link (`OutputFolders`).
    public var assetsSubfolder: String?

    /// How much of the input the readers take in before refusing it.
    public var limits: ReadLimits
    /// Fail on any warning instead of converting what could be recovered.
    public var strict: Bool

    public init(layout: LayoutOptions = LayoutOptions(), bounds: Dimensions? = LayoutOptions.defaultBounds,
                inputFormat: InputFormat? = nil, pretty: Bool = false, target: OutputTarget = .bookLayout,
                doubleSided: Bool = false, outputFormat: OutputFormat = .json, assetsDirectory: String? = nil,
                limits: ReadLimits = ReadLimits(), strict: Bool = false) {
        self.layout = layout
        self.bounds = bounds
        self.inputFormat = inputFormat
        self.pretty = pretty
        self.target = target
        self.doubleSided = doubleSided
        self.outputFormat = outputFormat
        self.assetsDirectory = assetsDirectory
        self.limits = limits
        self.strict = strict
    }
}
