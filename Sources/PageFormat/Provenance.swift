/// What the pages were made from, so a later run can tell an output is still current
/// (`--incremental`): the tool, and digests of the input and of the options.
public struct Provenance: Codable, Sendable, Equatable {
    /// `book2pages 0.2.0`.
    public var tool: String
    /// `sha256:` and the hex digest of the input's bytes (every file of a Markdown folder, by path).
    public var input: String
    /// `sha256:` and the hex digest of the options that shape the output.
    public var options: String

    public init(tool: String, input: String, options: String) {
        self.tool = tool
        self.input = input
        self.options = options
    }
}
