import Layout

/// Everything a conversion can be asked to do differently.
public struct ConversionOptions: Sendable, Equatable {
    public var layout: LayoutOptions
    /// The collection view bounds the page size was derived from, reported in the output; nil when
    /// the page size was given directly.
    public var bounds: Size?
    /// The reader to use; nil picks one from the file's name and content.
    public var inputFormat: InputFormat?
    /// Indented JSON for people; compact for machines.
    public var pretty: Bool

    public init(layout: LayoutOptions = LayoutOptions(), bounds: Size? = LayoutOptions.defaultBounds,
                inputFormat: InputFormat? = nil, pretty: Bool = false) {
        self.layout = layout
        self.bounds = bounds
        self.inputFormat = inputFormat
        self.pretty = pretty
    }
}
